// Advancing a world by one fixed step.
//
//   step(model, state, inputs):
//     0. each controller due at this step (every `interval` steps, gnc/controller.h) computes
//        its commands from the state at the step's start, held within each actuator's command
//        range; a command given in `inputs` for the same actuator wins
//     1. check the inputs (one finite external wrench per body, or none; new actuator commands
//        against each actuator's range and policy, propulsion/actuator.h) and latch the commands
//     2. solve each actuator's state at the step's middle and end under its command (zero past
//        its watchdog); their dynamics do not depend on the bodies' motion
//     3. for each body: if it has a hull mesh and an update is due (every step, or every
//        round(update_period / dt) steps), integrate the pressure over the mesh at the step's
//        start (body/hull_sample.h); then integrate its equations of motion over dt
//        (body/integrator.h), the force models evaluated at every integrator stage
//        (body/dynamics.h), the mesh's wrench carried to each stage's pose, the actuators at
//        the stage's time
//     4. check that every body state is finite; if not, restore the state to the start of the
//        step (commands included) and report which model, body, time and force term went wrong
//     5. advance the actuators' states and the environment's random processes (gusts,
//        Gauss-Markov current) over dt; the latter are held within a step, while waves and tides
//        are evaluated at each stage's time
//     6. advance the clock: step_count += 1, t = step_count * dt
//     7. bring each task to the new time (task/vrx_task.h): a vehicle in its task's initial
//        phase is put back at its spawn pose, at rest (VRX holds it on its platform); then the
//        step is scored
//
// Later stages (environment sampling, sensors, recorders) slot into this order as the modules
// that own them arrive.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "leeway/world/model.h"
#include "leeway/world/state.h"

namespace leeway {

struct Inputs {
  /// External wrench on each body about Bo, in B [N, N m]; empty means none.
  std::vector<Vec6> F_ext_Bo_B;
  /// New commands, one per Model::actuators entry, in the actuator's unit; nullopt keeps the
  /// last one. Empty means no new command.
  std::vector<std::optional<double>> commands;
};

struct StepResult {
  bool ok = true;
  std::string error;  ///< when !ok: model, body, time and the offending force term or command
  std::vector<std::string> warnings;  ///< commands clamped by their actuator's policy
};

StepResult step(const Model& model, State& state, const Inputs& inputs = {});

}  // namespace leeway
