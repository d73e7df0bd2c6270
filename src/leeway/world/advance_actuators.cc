// Stage 2: the actuators' states at the step's start, middle and end. Their dynamics do not
// depend on the bodies' motion, so they are solved before the bodies, exactly (rotor_dynamics.h).
// An instantaneous actuator (zero-order, no rate limit) is at its command from the step's start:
// a command given for this step acts over all of it, the first step's included (were the start
// value the previous state, RK4's first stage would lose 1/6 of the step's impulse). An actuator
// whose battery is flat is at rest.
#include <algorithm>
#include <cmath>
#include <variant>

#include "leeway/world/stages.h"

namespace leeway::stages {

void advance_actuators(const Model& model, const State& state, Workspace& ws, StepData* data) {
  const std::size_t n = model.actuators.size();
  ws.x_start.resize(n);
  ws.x_mid.resize(n);
  ws.x_end.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const ActuatorModel& a = model.actuators[i];
    if (a.battery >= 0) {
      const auto b = static_cast<std::size_t>(a.battery);
      if (state.batteries[b].flat(model.batteries[b])) {  // stopped, as gz-sim's Thruster stops
        const double rest = std::clamp(0.0, a.dynamics.x_min, a.dynamics.x_max);
        ws.x_start[i] = ws.x_mid[i] = ws.x_end[i] = rest;
        if (data) data->actuator_commands[i] = 0.0;
        continue;
      }
    }
    const double u = effective_command(a, ws.commands[i], state.t - ws.command_times[i]);
    ws.x_mid[i] = advance_rotor(a.dynamics, state.actuators[i], u, model.dt / 2);
    ws.x_end[i] = advance_rotor(a.dynamics, state.actuators[i], u, model.dt);
    const bool instantaneous = std::holds_alternative<ZeroOrderRotor>(a.dynamics.dynamics) &&
                               std::isinf(a.dynamics.max_rate);
    ws.x_start[i] = instantaneous ? ws.x_end[i] : state.actuators[i];
    if (data) data->actuator_commands[i] = u;
  }
}

}  // namespace leeway::stages
