#include "leeway/interfaces/command_inbox.h"

#include <utility>

#include "leeway/propulsion/actuator.h"

namespace leeway {

CommandInbox::CommandInbox(const Model& model) : model_(model), pending_(model.actuators.size()) {}

void CommandInbox::offer(std::size_t i, const std::string& topic, double value) {
  const CheckedCommand c = check_command(model_.actuators[i], value);
  if (!c.problem.empty()) {
    const char* kind = c.rejected ? "dropped" : "clamped";
    log_.tell(topic, kind, std::string(kind) + ": " + c.problem);
  }
  if (c.rejected) return;
  std::lock_guard lock(mutex_);
  pending_[i] = c.value;
  any_pending_ = true;
}

void CommandInbox::refuse(const std::string& topic, const std::string& kind,
                          const std::string& why) {
  log_.tell(topic, kind, why);
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
