#include "leeway/app/topics_command.h"

#include <fmt/format.h>

#include "leeway/app/load_world_or_default.h"
#include "leeway/transport/topic_table.h"

namespace leeway {

int topics_command(const TopicsCommandOptions& o) {
  Diagnostics diagnostics;
  const std::optional<Scenario> scenario =
      load_world_or_default(o.world_path, 0, diagnostics, o.spawns, o.verbosity);
  if (!scenario) return 1;
  try {
    TopicTableRates rates;
    rates.clock_rate_hz = o.clock_rate;
    fmt::print("{}", topic_table(*scenario, make_served_plans(*scenario), rates));
  } catch (const LoadError& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace leeway
