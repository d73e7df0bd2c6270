// Stage 0: the reference controllers due at this step, each on its vehicle's navigation solution
// (gnc/navigation.h: the true state at the step's start until Leeway has sensors).
#include <algorithm>

#include "leeway/world/stages.h"
#include "leeway/world/step.h"

namespace leeway::stages {

void run_controllers(const Model& model, State& state, const Inputs& inputs, Workspace& ws) {
  ws.given.assign(inputs.commands.begin(), inputs.commands.end());
  ws.controllers_at_start = state.controllers;
  for (std::size_t k = 0; k < model.controllers.size(); ++k) {
    const ControllerModel& c = model.controllers[k];
    if (state.step_count % c.interval != 0) continue;
    ws.controller_commands.assign(model.actuators.size(), std::nullopt);
    const NavigationSolution navigation =
        true_navigation(state.bodies[static_cast<std::size_t>(c.body)], state.t);
    controller_update(c, state.controllers[k], navigation,
                      static_cast<double>(c.interval) * model.dt, ws.controller_commands);
    ws.given.resize(model.actuators.size());
    for (std::size_t i = 0; i < ws.controller_commands.size(); ++i) {
      const ActuatorModel& a = model.actuators[i];
      const std::optional<double>& own = ws.controller_commands[i];
      if (own && !ws.given[i]) ws.given[i] = std::clamp(*own, a.command_min, a.command_max);
    }
  }
}

}  // namespace leeway::stages
