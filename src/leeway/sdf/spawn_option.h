// `--spawn NAME=URI[@X,Y,Z[,ROLL,PITCH,YAW]]`: a model added to the world as it loads, as
// gz-sim's `create` service and VRX's launch add the WAM-V (load_world.h's Spawn).
#pragma once

#include <string>

#include "leeway/sdf/load_world.h"

namespace leeway {

/// Parses one --spawn option. NAME= may be left out (the model keeps its own name); the pose is
/// in the world, metres and radians, zero when left out. Throws std::runtime_error naming the
/// option and what was expected.
Spawn parse_spawn(const std::string& option);

}  // namespace leeway
