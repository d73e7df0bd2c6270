// Leeway's reference autonomy: the controllers a world attaches to its vehicles (controller.h),
// run before each step with the contract an external client has. They read the navigation
// solution of their vehicle (navigation.h) and write commands into the step's Inputs; the physics
// (world/step.h) neither knows nor calls them.
//
//   run_controllers(controllers, states, navigation, model, state, commands):
//     for each controller due at state.step_count (every `interval` steps), in order:
//       its commands from its vehicle's navigation solution at the step's start (the truth, or
//       its navigator's estimate), over the
//       period interval * dt, each held within its actuator's [command_min, command_max]
//       each written where `commands` holds none: a command the caller gave wins
//
// Simulation (sim/simulation.h) calls it before each step and puts the controllers back,
// with the State, when the step is refused; after each step it gives the navigators the step's
// sensor samples (update_navigation).
#pragma once

#include <optional>
#include <vector>

#include "leeway/gnc/controller.h"
#include "leeway/world/model.h"
#include "leeway/world/state.h"
#include "leeway/world/step_data.h"

namespace leeway {

/// One state per controller, each at its start.
std::vector<ControllerState> initial_controller_states(
    const std::vector<ControllerModel>& controllers);

/// One navigator state per controller, each at the start of a run from `state` (a controller on
/// the truth has one it does not use).
std::vector<NavigationFilterState> initial_navigation_states(
    const std::vector<ControllerModel>& controllers, const Model& model, const State& state);

/// Gives each controller's navigator the samples of the step that produced `data`.
void update_navigation(const std::vector<ControllerModel>& controllers,
                       std::vector<NavigationFilterState>& navigation, const StepData& data);

/// Runs the controllers due at the start of the step from `state` (above). `commands` holds the
/// caller's commands (one per actuator, or empty for none) and, on return, the controllers' where
/// the caller gave none; it is then one per actuator if any controller ran. `scratch` is one
/// controller's commands, reused between calls so that a run allocates nothing.
void run_controllers(const std::vector<ControllerModel>& controllers,
                     std::vector<ControllerState>& states,
                     const std::vector<NavigationFilterState>& navigation, const Model& model,
                     const State& state, std::vector<std::optional<double>>& commands,
                     std::vector<std::optional<double>>& scratch);

}  // namespace leeway
