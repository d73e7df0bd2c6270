#include "leeway/interfaces/command_inbox.h"

#include <fmt/format.h>

#include <utility>

#include "leeway/propulsion/actuator.h"

namespace leeway {

CommandInbox::CommandInbox(const Model& model) : model_(model), pending_(model.actuators.size()) {}

void CommandInbox::offer(std::size_t i, const std::string& topic, double value) {
  const CheckedCommand c = check_command(model_.actuators[i], value);
  std::lock_guard lock(mutex_);
  if (!c.problem.empty()) {
    const WallClock::time_point now = WallClock::now();
    auto [it, first] = complaints_.try_emplace(topic, Complaints{now, 0});
    Complaints& k = it->second;
    if (first || now - k.last >= std::chrono::seconds(1)) {
      fmt::print(stderr, "leeway: {} {}: {}{}\n", topic, c.rejected ? "dropped" : "clamped",
                 c.problem,
                 k.held_back > 0 ? fmt::format(" ({} more since the last line)", k.held_back)
                                 : std::string());
      k = {now, 0};
    } else {
      ++k.held_back;
    }
  }
  if (c.rejected) return;
  pending_[i] = c.value;
  any_pending_ = true;
}

void CommandInbox::take_inputs(const Simulation& /*sim*/, Inputs& inputs) {
  std::lock_guard lock(mutex_);
  if (!any_pending_) return;
  inputs.commands.resize(pending_.size());
  for (std::size_t i = 0; i < pending_.size(); ++i) {
    if (pending_[i]) inputs.commands[i] = std::exchange(pending_[i], std::nullopt);
  }
  any_pending_ = false;
}

}  // namespace leeway
