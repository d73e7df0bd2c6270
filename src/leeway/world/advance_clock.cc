// Stages 5 and 6: the step is taken. The batteries drain by what was drawn over the step; the
// actuators' states and latched commands enter the State,
// the environment's random processes (gusts, Gauss-Markov currents) advance over dt (they are held
// within a step, while waves and tides are evaluated at each stage's time), and the clock moves.
#include <utility>

#include "leeway/world/stages.h"

namespace leeway::stages {

namespace {

/// Each battery drains over the step (linear_battery.h) once its model has been commanded to
/// move: by its own load and its actuators'.
void drain_batteries(const Model& model, State& state, const Workspace& ws) {
  for (std::size_t b = 0; b < model.batteries.size(); ++b) {
    const LinearBattery& battery = model.batteries[b];
    BatteryState& s = state.batteries[b];
    double power = battery.power_load;
    for (std::size_t i = 0; i < model.actuators.size(); ++i) {
      const ActuatorModel& a = model.actuators[i];
      if (a.body != battery.body) continue;
      s.draining = s.draining || (battery.drains_on_command && ws.commands[i] != 0.0);
      if (a.battery == static_cast<int>(b)) power += a.power_load;
    }
    if (s.draining) drain_battery(battery, s, power, model.dt);
  }
}

}  // namespace

void advance_clock(const Model& model, State& state, Workspace& ws) {
  drain_batteries(model, state, ws);
  std::swap(state.actuators, ws.x_end);
  std::swap(state.commands, ws.commands);
  std::swap(state.command_times, ws.command_times);
  advance_environment(model.environment, state.environment, model.dt);
  ++state.step_count;
  state.t = static_cast<double>(state.step_count) * model.dt;
}

}  // namespace leeway::stages
