// VRX's demi-hull buoyancy (the `Surface` plugin, research/vrx.md 2.2): each hull is a horizontal
// cylinder of radius r and length L, represented by N points in the link frame. At each point P
// with surface height eta_P above it (W):
//   dz  = clamp(eta_P - z_P, 0, r)                       (0 .. 2 r with `full_circle`)
//   A   = r^2 acos((r - dz) / r) - (r - dz) sqrt(2 r dz - dz^2)   the circle segment under water
//   F_P = rho g A (L / N)  upwards (+z in W), applied at P
// VRX caps dz at r: a hull can never displace more than half its cylinder (the WAM-V's 2 x 3.4 kN
// at most), so a pushed-down hull feels no more buoyancy than a half-sunk one. `full_circle`
// lifts that cap. VRX computes in float; Leeway in double (the two agree to about 1e-7).
// Leeway's `strips` option splits each point's share of the hull into that many points spread
// over its length L / N along the body's x axis, so the force follows the surface along the hull.
#pragma once

#include <span>
#include <vector>

#include "leeway/core/spatial.h"

namespace leeway {

struct StripHull {
  double hull_length = 0.0;         ///< L [m]
  double hull_radius = 0.0;         ///< r [m]
  double fluid_level = 0.0;         ///< calm surface height in W the plugin assumes [m]
  double fluid_density = 997.7735;  ///< [kg/m^3] (VRX's code default)
  double strip_length = 0.0;        ///< hull length each point carries: L / N, over `strips` [m]
  bool full_circle = false;
  std::vector<Vec3> p_BoP;  ///< the points (after any `strips` split) [m], in B
};

/// Area of the circle segment of radius r below a chord at height dz above its bottom [m^2].
double circle_segment_area(double r, double dz);

/// Splits each of `points` (in B) into `strips` points spread over `length_per_point` along x.
std::vector<Vec3> split_into_strips(const std::vector<Vec3>& points, double length_per_point,
                                    int strips);

/// The buoyancy wrench about Bo, in B [N, N m]. `surface_z[i]` is the surface height in W above
/// point i, `gravity` the magnitude of g [m/s^2].
Vec6 strip_buoyancy_wrench(const StripHull& hull, const Vec3& p_WB, const Mat3& R_WB,
                           std::span<const double> surface_z, double gravity);

}  // namespace leeway
