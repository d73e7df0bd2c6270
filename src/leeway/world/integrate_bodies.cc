// Stages 3 and 4: each body's hull sample when due, its integration over the step (a body alone
// by body/integrator.h, the links of an articulated tree together by
// multibody/articulated_integrator.h), the check that every body stayed finite, the joints to
// the world (free or driven) and the kinematic holds.
#include "leeway/body/integrator.h"
#include "leeway/multibody/articulated_integrator.h"
#include "leeway/multibody/kinematics.h"
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

/// Freezes tree `k` where the step started if a hold covers the step ending at `t_end` and its
/// base's body: the base at the hold's pose, every joint where it was, all at rest (VRX's
/// vehicle held on its platform holds its engines and arms too).
void hold_tree(const Model& model, State& state, std::size_t k, double t_end, Workspace& ws) {
  const ArticulatedTree& tree = model.trees[k];
  for (const KinematicHold& h : state.holds) {
    if (h.body != tree.link_body[0] || !(t_end < h.until)) continue;
    ArticulatedState& joints = state.trees[k];
    joints = ws.trees_at_start[k];
    place_free_base(tree, h.pose.p_WB, h.pose.q_WB, joints);
    joints.v.setZero();
    forward_kinematics(tree.kernel, joints, ws.trees[k]);
    place_link_bodies(tree, ws.trees[k], state.bodies);
    for (int body : tree.link_body) {
      if (body >= 0) ws.nu_dot_start[static_cast<std::size_t>(body)].setZero();
    }
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

/// Body `i`'s hull sample, taken again if due; null without a hull mesh.
const HullSample* hull_sample(const Model& model, State& state, std::size_t i, Workspace& ws) {
  const BodyModel& body = model.bodies[i];
  if (!body.mesh_hydrostatics) return nullptr;
  HullSample& hull = state.hulls[i];
  if (!hull.valid ||
      state.step_count % hull_update_interval(*body.mesh_hydrostatics, model.dt) == 0) {
    const BodyState& s = state.bodies[i];
    hull = sample_hull(*body.mesh_hydrostatics, model.environment, state.t, s.p_WB,
                       s.q_WB.toRotationMatrix(), body.gravity, &ws.hull);
  }
  return &hull;
}

/// What body `i` holds over the step besides its actuators: the client's wrench, its hull.
HeldLoads held_loads(const Model& model, State& state, const Inputs& inputs, std::size_t i,
                     Workspace& ws) {
  HeldLoads held;
  held.actuators = {ws.x_start, ws.x_mid, ws.x_end};
  held.scratch = &ws.scratch;
  if (!inputs.F_ext_Bo_B.empty()) held.F_ext_Bo_B = inputs.F_ext_Bo_B[i];
  held.hull = hull_sample(model, state, i, ws);
  return held;
}

/// A tree's loads at each stage (integrate_tree): its links' force models with what they hold,
/// and its joint efforts, the actuators on the quadratic through the step's start, middle and
/// end.
struct TreeLoads {
  const Model& model;
  const ArticulatedTree& tree;
  const State& state;
  Workspace& ws;
  const HeldLoads& step_actuators;
  double t_start;

  void operator()(double t, const ArticulatedState&, ArticulatedData& d) const {
    actuators_at(step_actuators, (t - t_start) / model.dt, ws.x_tree);
    for (LinkForces& link : ws.link_forces)
      link.held.actuators = {ws.x_tree, ws.x_tree, ws.x_tree};
    compute_link_loads(ws.link_forces, model.environment, state.environment, t, Stage::kStart, d);
    // The outputs are the first stage's: later stages keep nothing.
    for (LinkForces& link : ws.link_forces) {
      link.wrenches = nullptr;
      link.report = nullptr;
    }
    d.tau.setZero();
    for (const JointEffort& e : tree.efforts)
      d.tau[tree.kernel.links[static_cast<std::size_t>(e.link)].v_start] +=
          ws.x_tree[static_cast<std::size_t>(e.actuator)];
  }
};

/// Advances tree `k` over the step: each link's loads are its body's force models
/// (multibody/link_loads.h) with the loads that body holds, the actuators at each stage's time
/// on the quadratic through their states at the step's start, middle and end (as a single body's
/// substeps take them); then each link body takes the placement and twist the tree gives it.
/// The outputs are those of the step's first stage, as a single body's. Returns the first link
/// body that became non-finite, or -1.
int integrate_tree(const Model& model, State& state, const Inputs& inputs, std::size_t k,
                   Workspace& ws, StepData* data) {
  const ArticulatedTree& tree = model.trees[k];
  ArticulatedData& joints_data = ws.trees[k];
  const std::size_t n = tree.link_body.size();
  ws.link_forces.assign(n, LinkForces{});
  ws.link_reports.assign(data ? n : 0, ForceReport{});
  HeldLoads step_actuators;
  step_actuators.actuators = {ws.x_start, ws.x_mid, ws.x_end};
  for (std::size_t i = 0; i < n; ++i) {
    if (tree.link_body[i] < 0) continue;
    const auto body = static_cast<std::size_t>(tree.link_body[i]);
    LinkForces& link = ws.link_forces[i];
    link.model = &model.bodies[body];
    link.held = held_loads(model, state, inputs, body, ws);
    if (data) {
      link.wrenches = &data->bodies[body].wrenches;
      link.report = &ws.link_reports[i];
      link.report->actuators = data->actuator_loads;
    }
  }
  TreeLoads tree_loads{model, tree, state, ws, step_actuators, state.t};
  // One pointer captured: std::function keeps it in place, allocating nothing per step.
  const ArticulatedLoads loads = [&tree_loads](double t, const ArticulatedState& joints,
                                               ArticulatedData& d) { tree_loads(t, joints, d); };
  ArticulatedState& joints = state.trees[k];
  integrate_articulated(tree.kernel, joints_data, joints, state.t, model.dt, loads);
  forward_kinematics(tree.kernel, joints, joints_data);
  place_link_bodies(tree, joints_data, state.bodies);
  int failed = -1;
  for (std::size_t i = 0; i < n; ++i) {
    if (tree.link_body[i] < 0) continue;
    const auto body = static_cast<std::size_t>(tree.link_body[i]);
    ws.nu_dot_start[body] = joints_data.A_L_start[i];
    if (failed < 0 && !finite(state.bodies[body])) failed = tree.link_body[i];
    if (data) {
      data->bodies[body].V_WrB_B = ws.link_reports[i].V_WrB_B;
      data->bodies[body].v_air_B = ws.link_reports[i].v_air_B;
    }
  }
  return failed;
}

}  // namespace

std::optional<Event> integrate_bodies(const Model& model, State& state, const Inputs& inputs,
                                      Workspace& ws, StepData* data) {
  // Restored whole if any body fails. The hull samples need no restoring: one taken in this
  // step is of the start state at the start time, which is what the bodies return to.
  ws.bodies_at_start = state.bodies;
  ws.trees_at_start = state.trees;
  ws.nu_dot_start.resize(model.bodies.size());
  if (ws.trees.size() != model.trees.size()) {
    ws.trees.clear();
    for (const ArticulatedTree& tree : model.trees)
      ws.trees.push_back(make_articulated_data(tree.kernel));
  }
  const double t_end = static_cast<double>(state.step_count + 1) * model.dt;
  ForceReport report;
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const BodyModel& body = model.bodies[i];
    if (body.tree >= 0) continue;  // its tree moves it, below
    const HeldLoads held = held_loads(model, state, inputs, i, ws);
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
      state.trees = ws.trees_at_start;
      return e;
    }
    if (data) {
      data->bodies[i].V_WrB_B = report.V_WrB_B;
      data->bodies[i].v_air_B = report.v_air_B;
    }
    hold(state, i, t_end, ws);
    if (data) data->bodies[i].nu_dot = ws.nu_dot_start[i];
  }
  for (std::size_t k = 0; k < model.trees.size(); ++k) {
    if (const int failed = integrate_tree(model, state, inputs, k, ws, data); failed >= 0) {
      state.bodies = ws.bodies_at_start;
      state.trees = ws.trees_at_start;
      const auto i = static_cast<std::size_t>(failed);
      return diagnose(model, state, failed, state.bodies[i],
                      held_loads(model, state, inputs, i, ws));
    }
    hold_tree(model, state, k, t_end, ws);
    if (!data) continue;
    for (int body : model.trees[k].link_body) {
      if (body >= 0) data->bodies[body].nu_dot = ws.nu_dot_start[static_cast<std::size_t>(body)];
    }
  }
  return std::nullopt;
}

}  // namespace leeway::stages
