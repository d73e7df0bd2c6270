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

std::vector<NavigationFilterState> initial_navigation_states(
    const std::vector<ControllerModel>& controllers, const Model& model, const State& state) {
  std::vector<NavigationFilterState> navigation(controllers.size());
  for (std::size_t k = 0; k < controllers.size(); ++k) {
    if (controllers[k].navigator)
      navigation[k] = initial_navigator_state(*controllers[k].navigator, model, state);
  }
  return navigation;
}

void update_navigation(const std::vector<ControllerModel>& controllers,
                       std::vector<NavigationFilterState>& navigation, const StepData& data) {
  for (std::size_t k = 0; k < controllers.size(); ++k) {
    if (controllers[k].navigator) navigator_update(*controllers[k].navigator, navigation[k], data);
  }
}

void run_controllers(const std::vector<ControllerModel>& controllers,
                     std::vector<ControllerState>& states,
                     const std::vector<NavigationFilterState>& navigation, const Model& model,
                     const State& state, std::vector<std::optional<double>>& commands,
                     std::vector<std::optional<double>>& scratch) {
  for (std::size_t k = 0; k < controllers.size(); ++k) {
    const ControllerModel& c = controllers[k];
    if (state.step_count % c.interval != 0) continue;
    scratch.assign(model.actuators.size(), std::nullopt);
    const NavigationSolution solution =
        c.navigator ? navigator_solution(*c.navigator, navigation[k], state.t)
                    : true_navigation(state.bodies[static_cast<std::size_t>(c.body)], state.t);
    controller_update(c, states[k], solution, static_cast<double>(c.interval) * model.dt, scratch);
    commands.resize(model.actuators.size());
    for (std::size_t i = 0; i < scratch.size(); ++i) {
      const ActuatorModel& a = model.actuators[i];
      if (scratch[i] && !commands[i])
        commands[i] = std::clamp(*scratch[i], a.command_min, a.command_max);
    }
  }
}

}  // namespace leeway
