// Stages 3 and 4: each body's hull sample when due, its integration over the step, and the check
// that every body stayed finite.
#include "leeway/body/integrator.h"
#include "leeway/world/stages.h"
#include "leeway/world/step.h"

namespace leeway::stages {
namespace {

bool finite(const BodyState& s) {
  return s.p_WB.allFinite() && s.q_WB.coeffs().allFinite() && s.V_WB_B.allFinite();
}

/// The force term that is non-finite at the start of the step or, if all are finite, the
/// largest one (the integration then diverged within the step).
Event diagnose(const Model& model, const State& state, int body, const BodyState& start,
               const HeldLoads& held) {
  const BodyWrenches w =
      compute_body_wrenches(model.bodies[static_cast<std::size_t>(body)], model.environment,
                            state.environment, state.t, start, held);
  int largest = 0;
  for (int i = 0; i < BodyWrenches::kCount; ++i) {
    if (!w.terms[i].allFinite()) return {EventKind::kForceNotFinite, body, i, 0.0, state.t};
    if (w.terms[i].norm() > w.terms[largest].norm()) largest = i;
  }
  return {EventKind::kIntegrationDiverged, body, largest, w.terms[largest].norm(), state.t};
}

}  // namespace

std::optional<Event> integrate_bodies(const Model& model, State& state, const Inputs& inputs,
                                      Workspace& ws, StepData* data) {
  // Restored whole if any body fails. The hull samples need no restoring: one taken in this
  // step is of the start state at the start time, which is what the bodies return to.
  ws.bodies_at_start = state.bodies;
  ForceReport report;
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const BodyModel& body = model.bodies[i];
    HeldLoads held;
    held.actuators = {state.actuators, ws.x_mid, ws.x_end};
    held.scratch = &ws.scratch;
    if (!inputs.F_ext_Bo_B.empty()) held.F_ext_Bo_B = inputs.F_ext_Bo_B[i];
    if (body.mesh_hydrostatics) {
      HullSample& hull = state.hulls[i];
      if (!hull.valid ||
          state.step_count % hull_update_interval(*body.mesh_hydrostatics, model.dt) == 0) {
        const BodyState& s = state.bodies[i];
        hull = sample_hull(*body.mesh_hydrostatics, model.environment, state.t, s.p_WB,
                           s.q_WB.toRotationMatrix(), body.gravity, &ws.hull);
      }
      held.hull = &hull;
    }
    StartOfStep start{nullptr, nullptr, &report};
    if (data) {
      report.actuators = data->actuator_loads;
      start.wrenches = &data->bodies[i].wrenches;
      start.nu_dot = &data->bodies[i].nu_dot;
    }
    integrate_body(body, model.environment, state.environment, state.t, state.bodies[i], held,
                   model.dt, data ? &start : nullptr);
    if (!finite(state.bodies[i])) {
      const Event e = diagnose(model, state, static_cast<int>(i), ws.bodies_at_start[i], held);
      state.bodies = ws.bodies_at_start;
      return e;
    }
    if (data) {
      data->bodies[i].V_WrB_B = report.V_WrB_B;
      data->bodies[i].v_air_B = report.v_air_B;
    }
  }
  return std::nullopt;
}

}  // namespace leeway::stages
