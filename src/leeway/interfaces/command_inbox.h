// Actuator commands that arrive on a transport's threads, held for the stepping thread: each is
// checked as the step will check it (check_command) when it arrives, so that a bad one is told
// about once, on the topic it came on; the step then takes the latest of each actuator.
//
// It is the run's InputSource (RunOptions::input_source): every transport a run is served over
// (gz_server.h, dds_server.h) offers its commands to the same inbox.
//
// A non-finite or refused command is dropped and a clamped one kept, each with a line on stderr,
// at most one a second per topic (with the count held back since): a client flooding bad
// commands cannot flood the log.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "leeway/sim/simulation.h"

namespace leeway {

class CommandInbox final : public InputSource {
 public:
  explicit CommandInbox(const Model& model);

  /// A command for model.actuators[i], arrived on `topic`. Any thread.
  void offer(std::size_t i, const std::string& topic, double value);

  /// Moves the commands that arrived since the last call into inputs.commands.
  void take_inputs(const Simulation& sim, Inputs& inputs) override;

 private:
  using WallClock = std::chrono::steady_clock;
  struct Complaints {
    WallClock::time_point last;
    std::uint64_t held_back = 0;
  };
  const Model& model_;
  std::mutex mutex_;
  std::vector<std::optional<double>> pending_;  ///< one per Model::actuators entry
  bool any_pending_ = false;
  std::map<std::string, Complaints> complaints_;
};

}  // namespace leeway
