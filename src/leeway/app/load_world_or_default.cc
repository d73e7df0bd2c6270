#include <fmt/format.h>

#include "leeway/app/load_world_or_default.h"
#include "leeway/sdf/load_world.h"
#include "leeway/sdf/spawn_option.h"

namespace leeway {

std::optional<Scenario> load_world_or_default(const std::string& path, std::uint64_t seed,
                                              Diagnostics& diagnostics,
                                              const std::vector<std::string>& spawn_options) {
  std::vector<Spawn> spawns;
  try {
    for (const std::string& option : spawn_options)
      spawns.push_back(parse_spawn(option));
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return std::nullopt;
  }
  std::optional<Scenario> scenario;
  try {
    if (path.empty() && !spawns.empty()) {
      throw LoadError({"--spawn", 0, ""},
                      "the embedded default world resolves no URIs; expected a WORLD file to "
                      "spawn into");
    }
    scenario = path.empty()
                   ? load_scenario_string(std::string(default_world_sdf()),
                                          std::string(kDefaultWorldName), diagnostics, seed)
                   : load_scenario_file(path, diagnostics, seed, spawns);
  } catch (const LoadError& e) {
    for (const Diagnostic& d : diagnostics.warnings())
      fmt::print(stderr, "warning: {}\n", d.str());
    fmt::print(stderr, "error: {}\n", e.what());
    return std::nullopt;
  }
  for (const Diagnostic& d : diagnostics.warnings())
    fmt::print(stderr, "warning: {}\n", d.str());
  return scenario;
}

}  // namespace leeway
