// Stages 5 and 6: the step is taken. The actuators' states and latched commands enter the State,
// the environment's random processes (gusts, Gauss-Markov currents) advance over dt (they are held
// within a step, while waves and tides are evaluated at each stage's time), and the clock moves.
#include <utility>

#include "leeway/world/stages.h"

namespace leeway::stages {

void advance_clock(const Model& model, State& state, Workspace& ws) {
  std::swap(state.actuators, ws.x_end);
  std::swap(state.commands, ws.commands);
  std::swap(state.command_times, ws.command_times);
  advance_environment(model.environment, state.environment, model.dt);
  ++state.step_count;
  state.t = static_cast<double>(state.step_count) * model.dt;
}

}  // namespace leeway::stages
