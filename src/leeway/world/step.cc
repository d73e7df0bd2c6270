#include "leeway/world/step.h"

#include "leeway/world/stages.h"

namespace leeway {
namespace {

StepResult refused(const Model& model, const Event& e, StepData* data) {
  record(data, e);
  return {false, e, describe(model, e)};
}

}  // namespace

StepResult step(const Model& model, State& state, const Inputs& inputs, Workspace& ws,
                StepData* data) {
  if (data) {
    data->t_start = state.t;
    data->events.clear();
  }
  if (const auto e = stages::check_inputs(model, state, inputs)) return refused(model, *e, data);
  if (const auto e = stages::apply_commands(model, state, inputs, ws, data))
    return refused(model, *e, data);
  stages::advance_actuators(model, state, ws, data);
  if (const auto e = stages::integrate_bodies(model, state, inputs, ws, data))
    return refused(model, *e, data);
  stages::move_pingers(state, inputs);
  stages::sample_sensors(model, state, ws, data);
  stages::advance_clock(model, state, ws);
  if (data) stages::compute_outputs(model, state, *data);
  return {};
}

StepResult step(const Model& model, State& state, const Inputs& inputs) {
  Workspace ws;
  return step(model, state, inputs, ws);
}

}  // namespace leeway
