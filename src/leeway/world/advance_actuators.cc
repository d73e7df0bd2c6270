// Stage 2: the actuators' states at the step's middle and end. Their dynamics do not depend on
// the bodies' motion, so they are solved before the bodies, exactly (rotor_dynamics.h).
#include "leeway/world/stages.h"

namespace leeway::stages {

void advance_actuators(const Model& model, const State& state, Workspace& ws, StepData* data) {
  const std::size_t n = model.actuators.size();
  ws.x_mid.resize(n);
  ws.x_end.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const ActuatorModel& a = model.actuators[i];
    const double u = effective_command(a, ws.commands[i], state.t - ws.command_times[i]);
    ws.x_mid[i] = advance_rotor(a.dynamics, state.actuators[i], u, model.dt / 2);
    ws.x_end[i] = advance_rotor(a.dynamics, state.actuators[i], u, model.dt);
    if (data) data->actuator_commands[i] = u;
  }
}

}  // namespace leeway::stages
