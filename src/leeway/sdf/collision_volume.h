// Volume and centroid of SDF collision shapes, for gz-sim's buoyancy system (which takes a body's
// displaced volume from its collision geometry).
//   box a x b x c: abc;  sphere r: 4/3 pi r^3;  cylinder r, L: pi r^2 L;
//   ellipsoid a, b, c: 4/3 pi abc;  capsule r, L: pi r^2 L + 4/3 pi r^3.
// Every shape here is symmetric about its own origin, so its centroid is the collision origin.
#pragma once

#include <optional>
#include <sdf/Geometry.hh>

#include "leeway/core/spatial.h"

namespace leeway::sdfio {

/// Volume [m^3] of a primitive; nullopt for shapes without one (plane, mesh, heightmap).
std::optional<double> primitive_volume(const sdf::Geometry& geometry);

}  // namespace leeway::sdfio
