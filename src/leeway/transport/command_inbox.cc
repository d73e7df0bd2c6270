#include "leeway/transport/command_inbox.h"

#include <utility>

#include "leeway/propulsion/actuator.h"

namespace leeway {

CommandInbox::CommandInbox(const Model& model)
    : model_(model),
      pending_(model.actuators.size()),
      once_(model.bodies.size()),
      persistent_(model.bodies.size()),
      pingers_(model.sensors.size()) {}

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

void CommandInbox::offer_wrench(std::size_t body, const std::string& topic,
                                const WorldWrench& wrench, bool persistent) {
  if (!wrench.finite()) {
    log_.tell(topic, "dropped", "dropped: a wrench that is not finite");
    return;
  }
  std::lock_guard lock(mutex_);
  (persistent ? persistent_ : once_)[body].push_back(wrench);
  any_wrench_ = true;
}

void CommandInbox::clear_wrenches(std::size_t body) {
  std::lock_guard lock(mutex_);
  persistent_[body].clear();
}

void CommandInbox::move_pinger(std::size_t sensor, const std::string& topic, const Vec3& p_W) {
  if (!p_W.allFinite()) {
    log_.tell(topic, "dropped", "dropped: a pinger position that is not finite");
    return;
  }
  std::lock_guard lock(mutex_);
  pingers_[sensor] = p_W;
  any_pinger_ = true;
}

void CommandInbox::take_inputs(const Simulation& sim, Inputs& inputs) {
  std::lock_guard lock(mutex_);
  if (any_pending_) {
    inputs.commands.resize(pending_.size());
    for (std::size_t i = 0; i < pending_.size(); ++i) {
      if (pending_[i]) inputs.commands[i] = std::exchange(pending_[i], std::nullopt);
    }
    any_pending_ = false;
  }
  if (any_pinger_) {
    inputs.pinger_W.resize(pingers_.size());
    for (std::size_t i = 0; i < pingers_.size(); ++i) {
      if (pingers_[i]) inputs.pinger_W[i] = std::exchange(pingers_[i], std::nullopt);
    }
    any_pinger_ = false;
  }
  if (!any_wrench_) return;
  any_wrench_ = false;
  inputs.F_ext_Bo_B.resize(model_.bodies.size(), Vec6::Zero());
  for (std::size_t b = 0; b < model_.bodies.size(); ++b) {
    const Quat& q_WB = sim.state().bodies[b].q_WB;
    for (const WorldWrench& w : once_[b])
      inputs.F_ext_Bo_B[b] += wrench_about_Bo_in_B(w, q_WB);
    for (const WorldWrench& w : persistent_[b])
      inputs.F_ext_Bo_B[b] += wrench_about_Bo_in_B(w, q_WB);
    once_[b].clear();
    any_wrench_ = any_wrench_ || !persistent_[b].empty();
  }
}

}  // namespace leeway
