// Advancing a world by one fixed step.
//
//   step(model, state, inputs):
//     1. check the inputs (one finite external wrench per body, or none)
//     2. for each body: if it has a hull mesh and an update is due (every step, or every
//        round(update_period / dt) steps), integrate the pressure over the mesh at the step's
//        start (body/hull_sample.h); then integrate its equations of motion over dt
//        (body/integrator.h), the force models evaluated at every integrator stage
//        (body/dynamics.h), the mesh's wrench carried to each stage's pose
//     3. check that every body state is finite; if not, restore the state to the start of the
//        step and report which model, body, time and force term went wrong
//   4. advance the environment's random processes (gusts, Gauss-Markov current) over dt; they
//      are held within a step, while waves and tides are evaluated at each stage's time
//   5. advance the clock: step_count += 1, t = step_count * dt
//
// Later stages (actuator setpoints, environment sampling, sensors, recorders, tasks) slot into
// this order as the modules that own them arrive.
#pragma once

#include <string>
#include <vector>

#include "leeway/world/model.h"
#include "leeway/world/state.h"

namespace leeway {

struct Inputs {
  /// External wrench on each body about Bo, in B [N, N m]; empty means none.
  std::vector<Vec6> F_ext_Bo_B;
};

struct StepResult {
  bool ok = true;
  std::string error;  ///< when !ok: model, body, time and the offending force term
};

StepResult step(const Model& model, State& state, const Inputs& inputs = {});

}  // namespace leeway
