// How much of a propeller's disc is in its own fluid: thrust and torque scale with that share of
// the disc's area, so a water propeller that rises out of a wave crest loses thrust as it breaks
// the surface (ventilation's first-order effect) and an airboat's fan pushes only while it is
// clear of the water. One model serves both: the share in air is one minus the share in water.
//
// A disc of radius R whose axis a is tilted from the vertical reaches R_v = R sqrt(1 - a_z^2)
// above and below its centre. With its centre a depth d under the local free surface (negative
// above it) and c = clamp(d / R_v, -1, 1), the area below the surface is the circle minus the
// segment above the chord at height d:
//   share in water = 1 - (acos c - c sqrt(1 - c^2)) / pi
// 1/2 when the surface passes through the centre, 1 fully under, 0 fully above. A disc lying flat
// (R_v = 0) is all in or all out.
//
// Left out: the extra loss of a ventilating propeller still fully under (air drawn down the
// blades, Minsaas et al. 1983) and the in-and-out-of-water hysteresis; both need per-propeller
// data this model does not ask for.
#pragma once

#include "leeway/core/fluid.h"
#include "leeway/core/spatial.h"

namespace leeway {

/// Share [0, 1] of the area of a disc of radius `radius` [m] with unit axis `axis_W` (world) and
/// its centre `depth` [m] under the free surface that lies in `fluid`.
double disc_share_in(Fluid fluid, double depth, double radius, const Vec3& axis_W);

}  // namespace leeway
