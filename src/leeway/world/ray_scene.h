// The fixed surfaces that sensors' rays meet beyond the collision primitives (world/contacts.h)
// and the seabed of the world's bathymetry: the static models' mesh and plane collisions.
// world/ray_cast.h casts rays into all of them together.
#pragma once

#include <string>
#include <vector>

#include "leeway/geometry/triangle_scene.h"

namespace leeway {

/// A static <plane> collision: the points x with n_W . x = c, seen from the side n_W points to.
struct StaticPlane {
  std::string name;  ///< "model::link::collision"
  Vec3 n_W = Vec3::UnitZ();
  double c = 0.0;  ///< [m]
};

struct RayScene {
  TriangleScene meshes;                 ///< the static models' mesh collisions, in W
  std::vector<std::string> mesh_names;  ///< "model::link::collision", one per mesh
  std::vector<StaticPlane> planes;
};

}  // namespace leeway
