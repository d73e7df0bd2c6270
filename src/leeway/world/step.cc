#include "leeway/world/step.h"

#include <fmt/format.h>
#include <algorithm>

#include "leeway/body/dynamics.h"
#include "leeway/body/integrator.h"

namespace leeway {
namespace {

StepResult failed(std::string error, std::vector<std::string> warnings = {}) {
  return {false, std::move(error), std::move(warnings)};
}

bool finite(const BodyState& s) {
  return s.p_WB.allFinite() && s.q_WB.coeffs().allFinite() && s.V_WB_B.allFinite();
}

/// Names the force term that is non-finite at the start of the step, or, if all are finite, the
/// largest one (the integration then diverged within the step).
std::string diagnose(const BodyModel& body, const Environment& env,
                     const EnvironmentState& env_state, double t, const BodyState& start,
                     const HeldLoads& held) {
  const BodyWrenches w = compute_body_wrenches(body, env, env_state, t, start, held);
  int largest = 0;
  for (int i = 0; i < BodyWrenches::kCount; ++i) {
    if (!w.terms[i].allFinite()) {
      return fmt::format("the {} wrench is not finite", BodyWrenches::name(i));
    }
    if (w.terms[i].norm() > w.terms[largest].norm()) largest = i;
  }
  return fmt::format(
      "the integration diverged within one step (largest term: {} wrench, norm {:.3g}); "
      "a smaller <max_step_size> may help",
      BodyWrenches::name(largest), w.terms[largest].norm());
}

}  // namespace

StepResult step(const Model& model, State& state, const Inputs& inputs) {
  const std::size_t n = model.bodies.size();
  if (!inputs.F_ext_Bo_B.empty() && inputs.F_ext_Bo_B.size() != n) {
    return failed(
        fmt::format("inputs hold {} external wrenches for {} bodies", inputs.F_ext_Bo_B.size(), n));
  }
  for (std::size_t i = 0; i < inputs.F_ext_Bo_B.size(); ++i) {
    if (!inputs.F_ext_Bo_B[i].allFinite()) {
      return failed(
          fmt::format("model '{}', link '{}', t = {} s: the external wrench is not "
                      "finite; the step was not taken",
                      model.bodies[i].model_name, model.bodies[i].link_name, state.t));
    }
  }
  if (!inputs.commands.empty() && inputs.commands.size() != model.actuators.size()) {
    return failed(fmt::format("inputs hold {} commands for {} actuators", inputs.commands.size(),
                              model.actuators.size()));
  }
  StepResult result;
  std::vector<double> commands = state.commands, command_times = state.command_times;
  std::vector<ControllerState> controllers = state.controllers;
  std::vector<std::optional<double>> given = inputs.commands;
  for (std::size_t k = 0; k < model.controllers.size(); ++k) {
    const ControllerModel& c = model.controllers[k];
    if (state.step_count % c.interval != 0) continue;
    std::vector<std::optional<double>> own(model.actuators.size());
    controller_update(c, controllers[k], state.bodies[static_cast<std::size_t>(c.body)], state.t,
                      static_cast<double>(c.interval) * model.dt, own);
    given.resize(model.actuators.size());
    for (std::size_t i = 0; i < own.size(); ++i) {
      const ActuatorModel& a = model.actuators[i];
      if (own[i] && !given[i]) given[i] = std::clamp(*own[i], a.command_min, a.command_max);
    }
  }
  for (std::size_t i = 0; i < given.size(); ++i) {
    if (!given[i]) continue;
    const CheckedCommand c = check_command(model.actuators[i], *given[i]);
    if (c.rejected) {
      return failed(fmt::format("t = {} s: {}; the step was not taken", state.t, c.problem));
    }
    if (!c.problem.empty()) result.warnings.push_back(c.problem);
    commands[i] = c.value;
    command_times[i] = state.t;
  }
  const std::size_t n_act = model.actuators.size();
  std::vector<double> x_mid(n_act), x_end(n_act);
  for (std::size_t i = 0; i < n_act; ++i) {
    const ActuatorModel& a = model.actuators[i];
    const double u = effective_command(a, commands[i], state.t - command_times[i]);
    x_mid[i] = advance_rotor(a.dynamics, state.actuators[i], u, model.dt / 2);
    x_end[i] = advance_rotor(a.dynamics, state.actuators[i], u, model.dt);
  }
  // Restored whole if any body fails. The hull samples need no restoring: one taken in this
  // step is of the start state at the start time, which is what the bodies return to.
  std::vector<BodyState> start = state.bodies;
  for (std::size_t i = 0; i < n; ++i) {
    const BodyModel& body = model.bodies[i];
    HeldLoads held;
    held.actuators = {state.actuators, x_mid, x_end};
    if (!inputs.F_ext_Bo_B.empty()) held.F_ext_Bo_B = inputs.F_ext_Bo_B[i];
    if (body.mesh_hydrostatics) {
      HullSample& hull = state.hulls[i];
      if (!hull.valid ||
          state.step_count % hull_update_interval(*body.mesh_hydrostatics, model.dt) == 0) {
        const BodyState& s = state.bodies[i];
        hull = sample_hull(*body.mesh_hydrostatics, model.environment, state.t, s.p_WB,
                           s.q_WB.toRotationMatrix(), body.gravity);
      }
      held.hull = &hull;
    }
    integrate_body(body, model.environment, state.environment, state.t, state.bodies[i], held,
                   model.dt);
    if (!finite(state.bodies[i])) {
      std::string error = fmt::format(
          "model '{}', link '{}', t = {} s: the state became non-finite: {}", body.model_name,
          body.link_name, state.t,
          diagnose(body, model.environment, state.environment, state.t, start[i], held));
      state.bodies = std::move(start);
      return failed(std::move(error), std::move(result.warnings));
    }
  }
  state.actuators = std::move(x_end);
  state.commands = std::move(commands);
  state.command_times = std::move(command_times);
  advance_environment(model.environment, state.environment, model.dt);
  ++state.step_count;
  state.t = static_cast<double>(state.step_count) * model.dt;
  state.controllers = std::move(controllers);
  for (std::size_t k = 0; k < model.tasks.size(); ++k) {
    const TaskModel& task = model.tasks[k];
    const auto v = static_cast<std::size_t>(task.vehicle);
    if (task_phase(task, state.t) == TaskPhase::kInitial) {
      const BodyModel& b = model.bodies[v];
      state.bodies[v] = {b.p_WB0, b.q_WB0, Vec6::Zero()};
    }
    std::optional<Contact> contact;
    if (task.collider >= 0) {
      contact = first_contact(model.colliders, task.collider, task.counted_shapes, state.bodies);
    }
    update_task(task, state.tasks[k], state.t, state.bodies[v], contact);
  }
  return result;
}

}  // namespace leeway
