#include "leeway/transport/command_inbox.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <utility>

#include "leeway/propulsion/actuator.h"

namespace leeway {

CommandInbox::CommandInbox(const Model& model, const std::vector<ControllerModel>& controllers)
    : model_(model),
      pending_(model.actuators.size()),
      overridden_by_(model.actuators.size()),
      told_overridden_(model.actuators.size(), 0),
      once_(model.bodies.size()),
      persistent_(model.bodies.size()),
      once_sum_(model.bodies.size()),
      persistent_sum_(model.bodies.size()),
      pingers_(model.sensors.size()) {
  for (const BodyModel& body : model.bodies)
    limits_.push_back(external_wrench_limit(body, model.client_limits));
  for (const ControllerModel& c : controllers) {
    for (const int a : driven_actuators(c)) {
      overridden_by_[static_cast<std::size_t>(a)] = fmt::format(
          "the {} of model '{}' drives actuator '{}' too, every {:g} s", controller_kind(c),
          c.model_name, model.actuators[static_cast<std::size_t>(a)].full_name(),
          static_cast<double>(c.interval) * model.dt);
    }
  }
}

void CommandInbox::offer(std::size_t i, const std::string& topic, double value) {
  const CheckedCommand c = check_command(model_.actuators[i], value);
  if (!c.problem.empty()) {
    const char* kind = c.rejected ? "dropped" : "clamped";
    log_.tell(topic, kind, std::string(kind) + ": " + c.problem);
  }
  if (c.rejected) return;
  bool tell_overridden = false;
  {
    std::lock_guard lock(mutex_);
    pending_[i] = c.value;
    any_pending_ = true;
    tell_overridden = !overridden_by_[i].empty() && !told_overridden_[i];
    if (tell_overridden) told_overridden_[i] = 1;
  }
  if (tell_overridden) {
    fmt::print(stderr,
               "leeway: {}: {}: a command lasts until its next update; run with "
               "--no-controllers to drive it alone (said once)\n",
               topic, overridden_by_[i]);
  }
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
  const double force = wrench.force_W.norm();
  const double torque = wrench.torque_W.norm() + wrench.p_BoP_B.norm() * force;
  const WrenchLimit& limit = limits_[body];
  std::unique_lock lock(mutex_);
  const double held_force = once_sum_[body].force + persistent_sum_[body].force;
  const double held_torque = once_sum_[body].torque + persistent_sum_[body].torque;
  if (held_force + force > limit.force || held_torque + torque > limit.torque) {
    lock.unlock();
    const BodyModel& b = model_.bodies[body];
    const std::string why =
        limit.stated ? std::string("as the world's ClientLimits state for it")
                     : fmt::format("{:g} g x its mass of {:.3g} kg, at its length of {:.3g} m",
                                   model_.client_limits.wrench_g, b.mass, limit.length);
    log_.tell(topic, "refused",
              fmt::format("refused: a wrench of {:.3g} N and {:.3g} N m about the body's origin; "
                          "model '{}' takes at most {:.3g} N and {:.3g} N m of external wrenches "
                          "at once ({}), and holds {:.3g} N and {:.3g} N m",
                          force, torque, b.model_name, limit.force, limit.torque, why, held_force,
                          held_torque));
    return;
  }
  (persistent ? persistent_ : once_)[body].push_back(wrench);
  WrenchLimit& sum = (persistent ? persistent_sum_ : once_sum_)[body];
  sum.force += force;
  sum.torque += torque;
  any_wrench_ = true;
}

void CommandInbox::clear_wrenches(std::size_t body) {
  std::lock_guard lock(mutex_);
  persistent_[body].clear();
  persistent_sum_[body] = {};
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
    once_sum_[b] = {};
    any_wrench_ = any_wrench_ || !persistent_[b].empty();
  }
}

void CommandInbox::on_refused_step(const Simulation& sim, const std::string& error) {
  std::string held;
  {
    std::lock_guard lock(mutex_);
    for (std::size_t b = 0; b < model_.bodies.size(); ++b) {
      if (persistent_[b].empty()) continue;
      held += fmt::format(
          "; model '{0}' holds {1} persistent external wrench{2}, which outlast a reset "
          "(/model/{0}/wrench/clear removes them)",
          model_.bodies[b].model_name, persistent_[b].size(),
          persistent_[b].size() == 1 ? "" : "es");
    }
  }
  fmt::print(stderr,
             "leeway: t = {:.3f} s: a step was refused: {}{}. The run is paused at the step's "
             "start: a reset of the world (/world/{}/control, reset.all) starts it again, a stop "
             "ends it\n",
             sim.state().t, error, held, model_.world_name);
}

}  // namespace leeway
