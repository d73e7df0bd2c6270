#include "leeway/world/step.h"

#include "leeway/world/stages.h"

namespace leeway {
namespace {

StepResult refused(const Model& model, const Event& e, StepData* data) {
  record(data, e);
  return {false, e, describe(model, e)};
}

/// Refused after the controllers ran: they go back to the step's start too.
StepResult undone(const Model& model, State& state, const Workspace& ws, const Event& e,
                  StepData* data) {
  state.controllers = ws.controllers_at_start;
  return refused(model, e, data);
}

}  // namespace

StepResult step(const Model& model, State& state, const Inputs& inputs, Workspace& ws,
                StepData* data) {
  if (data) {
    data->t_start = state.t;
    data->events.clear();
  }
  if (const auto e = stages::check_inputs(model, state, inputs)) return refused(model, *e, data);
  stages::run_controllers(model, state, inputs, ws);
  if (const auto e = stages::apply_commands(model, state, ws, data))
    return undone(model, state, ws, *e, data);
  stages::advance_actuators(model, state, ws, data);
  if (const auto e = stages::integrate_bodies(model, state, inputs, ws, data))
    return undone(model, state, ws, *e, data);
  stages::advance_clock(model, state, ws);
  if (data) stages::compute_outputs(model, state, *data);
  stages::update_tasks(model, state);
  return {};
}

StepResult step(const Model& model, State& state, const Inputs& inputs) {
  Workspace ws;
  return step(model, state, inputs, ws);
}

}  // namespace leeway
