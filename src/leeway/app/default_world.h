#pragma once

#include <string_view>

namespace leeway {

/// The SDF text of worlds/default.sdf, embedded at build time: what `leeway run` runs without a
/// WORLD argument.
std::string_view default_world_sdf();

inline constexpr std::string_view kDefaultWorldName = "<embedded default world>";

}  // namespace leeway
