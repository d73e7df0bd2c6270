#include "leeway/multibody/articulated_integrator.h"

#include "leeway/multibody/aba.h"
#include "leeway/multibody/kinematics.h"

namespace leeway {
namespace {

/// One stage: data.q_dot and data.v_dot at `state` and time t.
void evaluate_tree_rates(const ArticulatedModel& model, ArticulatedData& data,
                         const ArticulatedState& state, double t, const ArticulatedLoads& loads) {
  forward_kinematics(model, state, data);
  loads(t, state, data);
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

}  // namespace

void position_rate(const ArticulatedModel& model, const ArticulatedState& state,
                   Eigen::VectorXd& q_dot) {
  for (const ArticulatedLink& link : model.links)
    joint_position_rate(link.joint, state.q.data() + link.q_start, state.v.data() + link.v_start,
                        q_dot.data() + link.q_start);
}

void integrate_articulated(const ArticulatedModel& model, ArticulatedData& data,
                           ArticulatedState& state, double t, double dt,
                           const ArticulatedLoads& loads) {
  ArticulatedState& stage = data.stage;
  // k1 at the start; k2 and k3 at the middle, from the start along k1 and k2; k4 at the end.
  evaluate_tree_rates(model, data, state, t, loads);
  data.q_dot_sum = data.q_dot;
  data.v_dot_sum = data.v_dot;
  stage.q = state.q + (dt / 2) * data.q_dot;
  stage.v = state.v + (dt / 2) * data.v_dot;
  evaluate_tree_rates(model, data, stage, t + dt / 2, loads);
  data.q_dot_sum += 2.0 * data.q_dot;
  data.v_dot_sum += 2.0 * data.v_dot;
  stage.q = state.q + (dt / 2) * data.q_dot;
  stage.v = state.v + (dt / 2) * data.v_dot;
  evaluate_tree_rates(model, data, stage, t + dt / 2, loads);
  data.q_dot_sum += 2.0 * data.q_dot;
  data.v_dot_sum += 2.0 * data.v_dot;
  stage.q = state.q + dt * data.q_dot;
  stage.v = state.v + dt * data.v_dot;
  evaluate_tree_rates(model, data, stage, t + dt, loads);
  data.q_dot_sum += data.q_dot;
  data.v_dot_sum += data.v_dot;
  state.q += (dt / 6.0) * data.q_dot_sum;
  state.v += (dt / 6.0) * data.v_dot_sum;
  normalise_quaternions(model, state.q);
}

}  // namespace leeway
