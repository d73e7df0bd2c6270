// The static models' mesh and plane collisions, as sdf/ray_scene_loader.h reads them: what rays
// meet of a static model that has no visuals (world/visual_scene.h gathers them with the rest).
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
  std::vector<TriangleScene::Mesh> meshes;  ///< the static models' mesh collisions, in W
  std::vector<std::string> mesh_names;      ///< "model::link::collision", one per mesh
  std::vector<StaticPlane> planes;
};

}  // namespace leeway
