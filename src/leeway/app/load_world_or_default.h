// What every command does first: the world it is given, or the embedded default one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "leeway/core/error.h"
#include "leeway/sdf/default_world.h"
#include "leeway/sdf/load_world.h"
#include "leeway/sim/scenario.h"

namespace leeway {

/// Loads the world at `path`, or the default world when `path` is empty, with `seed` and the
/// models of `spawn_options` (--spawn's NAME=URI@POSE, sdf/spawn_option.h); prints its warnings
/// (all kept in `diagnostics`) at `verbosity` (warning_lines) and, if an option does not parse or
/// the world does not load, the error to standard error, and then returns nothing.
std::optional<Scenario> load_world_or_default(const std::string& path, std::uint64_t seed,
                                              Diagnostics& diagnostics,
                                              const std::vector<std::string>& spawn_options = {},
                                              Verbosity verbosity = Verbosity::kNormal);

}  // namespace leeway
