#include "leeway/gnc/autonomy.h"

#include <algorithm>

namespace leeway {

std::vector<ControllerState> initial_controller_states(
    const std::vector<ControllerModel>& controllers) {
  std::vector<ControllerState> states;
  states.reserve(controllers.size());
  for (const ControllerModel& c : controllers)
    states.push_back(initial_controller_state(c));
  return states;
}

void run_controllers(const std::vector<ControllerModel>& controllers,
                     std::vector<ControllerState>& states, const Model& model, const State& state,
                     std::vector<std::optional<double>>& commands,
                     std::vector<std::optional<double>>& scratch) {
  for (std::size_t k = 0; k < controllers.size(); ++k) {
    const ControllerModel& c = controllers[k];
    if (state.step_count % c.interval != 0) continue;
    scratch.assign(model.actuators.size(), std::nullopt);
    const NavigationSolution navigation =
        true_navigation(state.bodies[static_cast<std::size_t>(c.body)], state.t);
    controller_update(c, states[k], navigation, static_cast<double>(c.interval) * model.dt,
                      scratch);
    commands.resize(model.actuators.size());
    for (std::size_t i = 0; i < scratch.size(); ++i) {
      const ActuatorModel& a = model.actuators[i];
      if (scratch[i] && !commands[i])
        commands[i] = std::clamp(*scratch[i], a.command_min, a.command_max);
    }
  }
}

}  // namespace leeway
