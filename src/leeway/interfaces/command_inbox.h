// Actuator commands that arrive on a transport's threads, held for the stepping thread: each is
// checked as the step will check it (check_command) when it arrives, so that a bad one is told
// about once, on the topic it came on; the step then takes the latest of each actuator.
//
// It is the run's InputSource (RunOptions::input_source): every transport a run is served over
// (gz_server.h, dds_server.h) offers its commands to the same inbox.
//
// A non-finite or refused command is dropped and a clamped one kept, each with a line on stderr,
// at most one a second per topic and kind (rate_limited_log.h): a client flooding bad commands
// cannot flood the log. So is a message that never becomes a command (a malformed one, one of
// another type, a refused request): the transport tells the inbox with refuse().
#pragma once

#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "leeway/interfaces/rate_limited_log.h"
#include "leeway/sim/simulation.h"

namespace leeway {

class CommandInbox final : public InputSource {
 public:
  explicit CommandInbox(const Model& model);

  /// A command for model.actuators[i], arrived on `topic`. Any thread.
  void offer(std::size_t i, const std::string& topic, double value);

  /// A message on `topic` (or a request to a service) that carries no command: its `kind` (for
  /// the rate limit: rate_limited_log.h) and why. Any thread.
  void refuse(const std::string& topic, const std::string& kind, const std::string& why);

  /// Moves the commands that arrived since the last call into inputs.commands.
  void take_inputs(const Simulation& sim, Inputs& inputs) override;

 private:
  const Model& model_;
  std::mutex mutex_;
  std::vector<std::optional<double>> pending_;  ///< one per Model::actuators entry
  bool any_pending_ = false;
  RateLimitedLog log_;
};

}  // namespace leeway
