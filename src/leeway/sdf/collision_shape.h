// The convex primitive an SDF <geometry> describes, in the geometry's own frame (SDF centres
// every primitive on it; cylinders and capsules lie along its z axis):
//   <box><size>       -> Box, half of each edge
//   <sphere><radius>  -> Sphere
//   <cylinder>        -> Cylinder, <radius> and half the <length>
//   <capsule>         -> Capsule, <radius> and half the <length> (caps excluded, as SDF)
//   <ellipsoid><radii> -> Ellipsoid
// Planes, meshes, heightmaps and polylines are not convex primitives: nullopt.
#pragma once

#include <optional>
#include <sdf/Geometry.hh>

#include "leeway/geometry/convex_shape.h"

namespace leeway::sdfio {

std::optional<ConvexShape> convex_shape(const sdf::Geometry& geometry);

}  // namespace leeway::sdfio
