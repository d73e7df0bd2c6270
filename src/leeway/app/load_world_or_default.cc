#include <fmt/format.h>

#include "leeway/app/load_world_or_default.h"
#include "leeway/sdf/load_world.h"
#include "leeway/sdf/spawn_option.h"

namespace leeway {
namespace {

void print_warnings(const Diagnostics& diagnostics, Verbosity verbosity) {
  for (const std::string& line : warning_lines(diagnostics.warnings(), verbosity))
    fmt::print(stderr, "warning: {}\n", line);
  if (verbosity == Verbosity::kVerbose) {
    for (const Diagnostic& d : diagnostics.notes())
      fmt::print(stderr, "note: {}\n", d.str());
  }
}

}  // namespace

std::optional<Scenario> load_world_or_default(const std::string& path, std::uint64_t seed,
                                              Diagnostics& diagnostics,
                                              const std::vector<std::string>& spawn_options,
                                              Verbosity verbosity) {
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
                      "the embedded default world takes no spawned models; expected a WORLD "
                      "file to spawn into");
    }
    scenario = path.empty()
                   ? load_scenario_string(std::string(default_world_sdf()),
                                          std::string(kDefaultWorldName), diagnostics, seed)
                   : load_scenario_file(path, diagnostics, seed, spawns);
  } catch (const LoadError& e) {
    print_warnings(diagnostics, verbosity);
    fmt::print(stderr, "error: {}\n", e.what());
    return std::nullopt;
  }
  print_warnings(diagnostics, verbosity);
  return scenario;
}

}  // namespace leeway
