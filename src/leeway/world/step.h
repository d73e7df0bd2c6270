// Advancing a world by one fixed step.
//
//   step(model, state, inputs, workspace, data):
//     check_inputs       one finite external wrench per body, or none; one command slot per
//                        actuator, or none                                   (apply_commands.cc)
//     apply_commands     each new command checked against its actuator's range and policy
//                        (propulsion/actuator.h) and latched                 (apply_commands.cc)
//     advance_actuators  each actuator's state at the step's middle and end under its command
//                        (zero past its watchdog); their dynamics do not depend on the bodies'
//                        motion                                           (advance_actuators.cc)
//     integrate_bodies   for each body: its hull mesh's pressure integrated if an update is due
//                        (every step, or every round(update_period / dt) steps;
//                        body/hull_sample.h); its equations of motion integrated over dt
//                        (body/integrator.h), the force models evaluated at every RK4 stage
//                        (body/dynamics.h), the mesh's wrench carried to each stage's pose, the
//                        actuators at the stage's time; then every body state checked finite: if
//                        one is not, the state is restored to the start of the step (commands
//                        included) and the step reports which model, body, time and
//                        force term went wrong; a body under a kinematic hold (State::holds,
//                        body/body_state.h) is then put back at its pose, at rest
//                                                                          (integrate_bodies.cc)
//     sample_sensors     each sensor due at the step's start measures the state the step
//                        started from, with its noise (sensors/sensor.h); it samples whether
//                        or not outputs are kept                           (sample_sensors.cc)
//     advance_clock      the actuators' states and commands taken; the environment's random
//                        processes (gusts, Gauss-Markov current) advanced over dt (held within a
//                        step; waves and tides are evaluated at each stage's time); step_count
//                        += 1, t = step_count * dt                             (advance_clock.cc)
//     compute_outputs    with outputs asked for: the contacts at the step's end
//                                                                           (compute_outputs.cc)
//
// The step is the physics alone. Whatever decides the commands (a user's autonomy over a bridge,
// or Leeway's reference controllers, gnc/autonomy.h) runs before it and gives them in `inputs`;
// whatever judges the motion (VRX's tasks, task/task_scoring.h, a recorder) reads the State and
// StepData after it. sim/simulation.h runs all three in that order.
//
// The outputs (step_data.h) are written only when asked for, and never change the State's bits.
// A step works in a Workspace owned by the caller and allocates nothing once it has been sized by
// a first step; the two-argument step() makes a Workspace of its own each call, for tests and
// one-off use.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "leeway/world/model.h"
#include "leeway/world/state.h"
#include "leeway/world/step_data.h"
#include "leeway/world/workspace.h"

namespace leeway {

struct Inputs {
  /// External wrench on each body about Bo, in B [N, N m]; empty means none.
  std::vector<Vec6> F_ext_Bo_B;
  /// New commands, one per Model::actuators entry, in the actuator's unit; nullopt keeps the
  /// last one. Empty means no new command.
  std::vector<std::optional<double>> commands;
  /// New pinger positions for the range-bearing receivers [m, in W], one per Model::sensors
  /// entry (SensorState::pinger_W, from this step's samples on); nullopt keeps where it is.
  /// Empty means none moves (VRX's set_pinger_position).
  std::vector<std::optional<Vec3>> pinger_W;
};

struct StepResult {
  bool ok = true;
  /// When !ok, the event that refused or undid the step, and what describe() says of it: model,
  /// body or actuator, time, and the offending force term or command.
  std::optional<Event> stop;
  std::string error;
};

/// One step, in `workspace`; with `data`, its outputs and events are kept there.
StepResult step(const Model& model, State& state, const Inputs& inputs, Workspace& workspace,
                StepData* data = nullptr);

/// One step in a workspace of its own (allocates; for tests and one-off use).
StepResult step(const Model& model, State& state, const Inputs& inputs = {});

}  // namespace leeway
