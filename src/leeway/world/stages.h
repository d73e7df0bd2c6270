// The stages of a step, each in its own file under world/, in the order step() calls them
// (step.h gives the whole as pseudocode). Each reads the Model, advances its part of the State,
// works in the Workspace and, when the caller asked for outputs, writes its part of StepData.
// A stage that refuses the step returns the event that says why; the State is then as it was.
#pragma once

#include <optional>

#include "leeway/world/events.h"
#include "leeway/world/model.h"
#include "leeway/world/state.h"
#include "leeway/world/step_data.h"
#include "leeway/world/workspace.h"

namespace leeway {

struct Inputs;

namespace stages {

/// Refuses inputs of the wrong shape or with a non-finite external wrench (apply_commands.cc).
std::optional<Event> check_inputs(const Model& model, const State& state, const Inputs& inputs);

/// Puts each pinger the inputs move where they say (apply_commands.cc).
void move_pingers(State& state, const Inputs& inputs);

/// Checks each new command in `inputs` against its actuator's range and policy and latches it
/// into ws.commands (apply_commands.cc).
std::optional<Event> apply_commands(const Model& model, const State& state, const Inputs& inputs,
                                    Workspace& ws, StepData* data);

/// Solves each actuator's state at the step's middle and end (advance_actuators.cc).
void advance_actuators(const Model& model, const State& state, Workspace& ws, StepData* data);

/// Updates the hull samples due and integrates every body over dt; restores the bodies if one
/// becomes non-finite; puts the held bodies back at their poses (integrate_bodies.cc).
std::optional<Event> integrate_bodies(const Model& model, State& state, const Inputs& inputs,
                                      Workspace& ws, StepData* data);

/// Each sensor due at the step's start samples the state the step started from
/// (sample_sensors.cc).
void sample_sensors(const Model& model, State& state, const Workspace& ws, StepData* data);

/// Drains the batteries, takes the actuators' states and commands into the State, advances the
/// environment's random processes and the clock (advance_clock.cc).
void advance_clock(const Model& model, State& state, Workspace& ws);

/// The outputs that need the step's end state: contacts (compute_outputs.cc).
void compute_outputs(const Model& model, const State& state, StepData& data);

}  // namespace stages
}  // namespace leeway
