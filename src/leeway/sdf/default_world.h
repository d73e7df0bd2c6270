// The default world (worlds/default.sdf), embedded in the library at build time: what `leeway
// run` runs without a WORLD argument and what Python's Simulation() loads.
#pragma once

#include <string_view>

namespace leeway {

/// The SDF text of worlds/default.sdf.
std::string_view default_world_sdf();

/// Its name in messages, where a file's path would be.
inline constexpr std::string_view kDefaultWorldName = "<embedded default world>";

}  // namespace leeway
