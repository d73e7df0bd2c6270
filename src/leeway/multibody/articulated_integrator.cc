#include "leeway/multibody/articulated_integrator.h"

#include <algorithm>
#include <cmath>

#include "leeway/multibody/aba.h"
#include "leeway/multibody/joint_constraints.h"
#include "leeway/multibody/kinematics.h"

namespace leeway {
namespace {

/// One stage: data.q_dot and data.v_dot at `state` and time t.
void evaluate_tree_rates(const ArticulatedModel& model, ArticulatedData& data,
                         const ArticulatedState& state, double t, const ArticulatedLoads& loads) {
  forward_kinematics(model, state, data);
  loads(t, state, data);
  add_joint_passive_forces(model, state, data.tau);
  forward_dynamics(model, data);
  position_rate(model, state, data.q_dot);
}

void normalise_quaternions(const ArticulatedModel& model, Eigen::VectorXd& q) {
  for (const ArticulatedLink& link : model.links) {
    if (link.joint != JointKind::kBall && link.joint != JointKind::kFree) continue;
    auto quaternion = q.segment<4>(link.q_start + link.nq - 4);
    quaternion.normalize();
  }
}

/// One RK4 step of h from t; `first`: the step's first substep, whose first stage is kept.
void rk4_tree_step(const ArticulatedModel& model, ArticulatedData& data, ArticulatedState& state,
                   double t, double h, const ArticulatedLoads& loads, bool first) {
  ArticulatedState& stage = data.stage;
  // k1 at the start; k2 and k3 at the middle, from the start along k1 and k2; k4 at the end.
  evaluate_tree_rates(model, data, state, t, loads);
  if (first) data.A_L_start = data.A_L;
  data.q_dot_sum = data.q_dot;
  data.v_dot_sum = data.v_dot;
  stage.q = state.q + (h / 2) * data.q_dot;
  stage.v = state.v + (h / 2) * data.v_dot;
  evaluate_tree_rates(model, data, stage, t + h / 2, loads);
  data.q_dot_sum += 2.0 * data.q_dot;
  data.v_dot_sum += 2.0 * data.v_dot;
  stage.q = state.q + (h / 2) * data.q_dot;
  stage.v = state.v + (h / 2) * data.v_dot;
  evaluate_tree_rates(model, data, stage, t + h / 2, loads);
  data.q_dot_sum += 2.0 * data.q_dot;
  data.v_dot_sum += 2.0 * data.v_dot;
  stage.q = state.q + h * data.q_dot;
  stage.v = state.v + h * data.v_dot;
  evaluate_tree_rates(model, data, stage, t + h, loads);
  data.q_dot_sum += data.q_dot;
  data.v_dot_sum += data.v_dot;
  state.q += (h / 6.0) * data.q_dot_sum;
  state.v += (h / 6.0) * data.v_dot_sum;
  normalise_quaternions(model, state.q);
}

}  // namespace

void position_rate(const ArticulatedModel& model, const ArticulatedState& state,
                   Eigen::VectorXd& q_dot) {
  for (const ArticulatedLink& link : model.links)
    joint_position_rate(link.joint, state.q.data() + link.q_start, state.v.data() + link.v_start,
                        q_dot.data() + link.q_start);
}

int articulated_substeps(const ArticulatedModel& model, double dt) {
  const double needed = std::ceil(model.joint_rate * dt / 2.0);
  return needed > 1.0 ? static_cast<int>(std::min(needed, 1e6)) : 1;
}

void add_joint_passive_forces(const ArticulatedModel& model, const ArticulatedState& state,
                              Eigen::VectorXd& tau) {
  for (const ArticulatedLink& link : model.links) {
    const JointDynamics& d = link.dynamics;
    if (d.damping == 0.0 && d.spring_stiffness == 0.0) continue;
    tau[link.v_start] -= d.spring_stiffness * (state.q[link.q_start] - d.spring_reference) +
                         d.damping * state.v[link.v_start];
  }
}

void integrate_articulated(const ArticulatedModel& model, ArticulatedData& data,
                           ArticulatedState& state, double t, double dt,
                           const ArticulatedLoads& loads) {
  const int substeps = articulated_substeps(model, dt);
  const double h = dt / substeps;
  for (const ArticulatedLink& link : model.links) {
    if (link.nv != 1) continue;
    const double d = link.dynamics.damping;
    data.armature[link.v_start] = d * h > 2.0 * link.own_joint_inertia ? h * d : 0.0;
  }
  for (int k = 0; k < substeps; ++k) {
    data.q_before = state.q;
    rk4_tree_step(model, data, state, t + k * h, h, loads, k == 0);
    apply_joint_constraints(model, data, state, data.q_before, h);
  }
}

}  // namespace leeway
