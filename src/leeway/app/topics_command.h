// `leeway topics [WORLD]`: every topic and service a served run of the world publishes and takes,
// on gz-transport, on ROS 2 and in the viewer, with its message type and rate
// (transport/topic_table.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "leeway/core/error.h"

namespace leeway {

struct TopicsCommandOptions {
  std::string world_path;                    ///< empty: the embedded default world
  Verbosity verbosity = Verbosity::kNormal;  ///< of the world's warnings (core/error.h)
  std::vector<std::string> spawns;
  double clock_rate = 0.0;  ///< as `leeway run --clock-rate`
};

/// Returns the exit code: 0, or 1 for a world that does not load or whose plan does not hold.
int topics_command(const TopicsCommandOptions& options);

}  // namespace leeway
