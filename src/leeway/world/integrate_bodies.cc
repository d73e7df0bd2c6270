// Stages 3 and 4: each body's hull sample when due, its integration over the step, the check
// that every body stayed finite, the joints to the world (free or driven) and the kinematic
// holds.
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

/// Puts `body` back at its pose, at rest, if a hold covers the step ending at `t_end`: its loads
/// were evaluated, its motion is prescribed (so its acceleration is zero).
void hold(State& state, std::size_t body, double t_end, Workspace& ws) {
  for (const KinematicHold& h : state.holds) {
    if (static_cast<std::size_t>(h.body) != body || !(t_end < h.until)) continue;
    state.bodies[body] = h.pose;
    ws.nu_dot_start[body].setZero();
  }
}

/// Puts body `i` back on its joint to the world after its integration, or, if an actuator drives
/// the joint, where the actuator puts it (its acceleration is then the step's mean).
void move_on_joint(const WorldJoint& joint, Workspace& ws, std::size_t i, double dt, State& state) {
  if (joint.drive == WorldJoint::Drive::kFree) {
    keep_on_joint(joint, state.bodies[i]);
    return;
  }
  const auto a = static_cast<std::size_t>(joint.driver);
  drive_joint(joint, ws.bodies_at_start[i], ws.x_start[a], ws.x_mid[a], ws.x_end[a], dt,
              state.bodies[i]);
  ws.nu_dot_start[i] = (state.bodies[i].V_WB_B - ws.bodies_at_start[i].V_WB_B) / dt;
}

/// The actuator states at fraction s of the step: the quadratic through those at its start,
/// middle and end (which is how RK4 samples them over the whole step).
void actuators_at(const HeldLoads& step, double s, std::vector<double>& out) {
  const double l0 = (2.0 * s - 1.0) * (s - 1.0), l1 = 4.0 * s * (1.0 - s), l2 = s * (2.0 * s - 1.0);
  const auto& x = step.actuators;
  out.resize(x[0].size());
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = l0 * x[0][i] + l1 * x[1][i] + l2 * x[2][i];
}

/// integrate_body() over the step in `n` equal substeps (substeps_for), the actuators
/// interpolated between their states at the step's start, middle and end.
void integrate_in_substeps(const Model& model, const State& state, std::size_t i, int n,
                           const HeldLoads& held, const StartOfStep* start, Workspace& ws,
                           BodyState& body_state) {
  const double h = model.dt / n;
  HeldLoads sub = held;
  for (int k = 0; k < n; ++k) {
    for (int j = 0; j < 3; ++j)
      actuators_at(held, (k + 0.5 * j) / n, ws.x_sub[j]);
    sub.actuators = {ws.x_sub[0], ws.x_sub[1], ws.x_sub[2]};
    integrate_body(model.bodies[i], model.environment, state.environment, state.t + k * h,
                   body_state, sub, h, k == 0 ? start : nullptr);
  }
}

}  // namespace

std::optional<Event> integrate_bodies(const Model& model, State& state, const Inputs& inputs,
                                      Workspace& ws, StepData* data) {
  // Restored whole if any body fails. The hull samples need no restoring: one taken in this
  // step is of the start state at the start time, which is what the bodies return to.
  ws.bodies_at_start = state.bodies;
  ws.nu_dot_start.resize(model.bodies.size());
  const double t_end = static_cast<double>(state.step_count + 1) * model.dt;
  ForceReport report;
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const BodyModel& body = model.bodies[i];
    HeldLoads held;
    held.actuators = {ws.x_start, ws.x_mid, ws.x_end};
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
    // The acceleration at the start is kept for the sensors; the force terms when asked for.
    StartOfStep start{nullptr, &ws.nu_dot_start[i], &report};
    if (data) {
      report.actuators = data->actuator_loads;
      start.wrenches = &data->bodies[i].wrenches;
    }
    if (const int n = substeps_for(body, model.dt); n > 1) {
      integrate_in_substeps(model, state, i, n, held, &start, ws, state.bodies[i]);
    } else {
      integrate_body(body, model.environment, state.environment, state.t, state.bodies[i], held,
                     model.dt, &start);
    }
    if (body.world_joint) move_on_joint(*body.world_joint, ws, i, model.dt, state);
    if (!finite(state.bodies[i])) {
      const Event e = diagnose(model, state, static_cast<int>(i), ws.bodies_at_start[i], held);
      state.bodies = ws.bodies_at_start;
      return e;
    }
    if (data) {
      data->bodies[i].V_WrB_B = report.V_WrB_B;
      data->bodies[i].v_air_B = report.v_air_B;
    }
    hold(state, i, t_end, ws);
    if (data) data->bodies[i].nu_dot = ws.nu_dot_start[i];
  }
  return std::nullopt;
}

}  // namespace leeway::stages
