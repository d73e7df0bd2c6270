// What drives each actuator of a run, said before it starts: the world's controllers
// (gnc/controller.h), --command, or nobody. A vehicle whose actuators nobody commands sits still
// (a VRX task world with a WAM-V spawned, a world whose controllers were left out), and a client's
// command for an actuator a controller drives lasts until the controller's next update: both
// are what a newcomer sees and cannot explain without these lines.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "leeway/sim/scenario.h"

namespace leeway {

/// Prints, for each controller, the actuators it drives, and for each model, the actuators that
/// nothing in `scenario` or `commands` (--command's, one per Model::actuators entry, or empty)
/// commands, with the ways to command them. `served`: clients can (the run is served).
/// `topics_arguments`: what `leeway topics` takes to list this world's topics (the world's
/// path and its --spawn options; empty for the default world).
void print_actuator_drivers(const Scenario& scenario,
                            const std::vector<std::optional<double>>& commands, bool served,
                            const std::string& topics_arguments);

}  // namespace leeway
