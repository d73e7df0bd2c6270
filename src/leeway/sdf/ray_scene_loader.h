// The ray scene of a world (world/ray_scene.h): the <mesh> and <plane> collisions of its static
// models (and of models fixed to the world), where rays cast by sensors find a seabed, a wreck or
// a pier. A collision <heightmap> is warned about once: rays do not see it yet.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "leeway/core/error.h"
#include "leeway/sdf/model_tree.h"
#include "leeway/world/ray_scene.h"

namespace leeway::sdfio {

/// `body_of[i]`: models[i]'s body, or -1 for a static model (whose collisions are read, but for
/// `moving_links[i]`: the links of an arm on a fixed base, which move).
RayScene load_ray_scene(const std::vector<PlacedModel>& models, const std::vector<int>& body_of,
                        const std::vector<std::set<std::string>>& moving_links,
                        Diagnostics& diagnostics);

}  // namespace leeway::sdfio
