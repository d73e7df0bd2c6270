#include "leeway/multibody/articulated_integrator.h"

#include "leeway/multibody/aba.h"
#include "leeway/multibody/kinematics.h"

namespace leeway {
namespace {

struct TreeStateRate {
  Eigen::VectorXd q_dot, v_dot;
};

TreeStateRate tree_state_rate(const ArticulatedModel& model, ArticulatedData& data,
                              const ArticulatedState& state, double t,
                              const ArticulatedLoads& loads) {
  forward_kinematics(model, state, data);
  loads(t, state, data);
  forward_dynamics(model, data);
  return {position_rate(model, state), data.v_dot};
}

ArticulatedState advanced_tree_state(const ArticulatedState& s, const TreeStateRate& k, double h) {
  return {s.q + h * k.q_dot, s.v + h * k.v_dot};
}

void normalise_quaternions(const ArticulatedModel& model, Eigen::VectorXd& q) {
  for (const ArticulatedLink& link : model.links) {
    if (link.joint != JointKind::kBall && link.joint != JointKind::kFree) continue;
    auto quaternion = q.segment<4>(link.q_start + link.nq - 4);
    quaternion.normalize();
  }
}

}  // namespace

Eigen::VectorXd position_rate(const ArticulatedModel& model, const ArticulatedState& state) {
  Eigen::VectorXd q_dot(model.nq);
  for (const ArticulatedLink& link : model.links)
    joint_position_rate(link.joint, state.q.data() + link.q_start, state.v.data() + link.v_start,
                        q_dot.data() + link.q_start);
  return q_dot;
}

void integrate_articulated(const ArticulatedModel& model, ArticulatedData& data,
                           ArticulatedState& state, double t, double dt,
                           const ArticulatedLoads& loads) {
  const TreeStateRate k1 = tree_state_rate(model, data, state, t, loads);
  const TreeStateRate k2 =
      tree_state_rate(model, data, advanced_tree_state(state, k1, dt / 2), t + dt / 2, loads);
  const TreeStateRate k3 =
      tree_state_rate(model, data, advanced_tree_state(state, k2, dt / 2), t + dt / 2, loads);
  const TreeStateRate k4 =
      tree_state_rate(model, data, advanced_tree_state(state, k3, dt), t + dt, loads);
  const double h6 = dt / 6.0;
  state.q += h6 * (k1.q_dot + 2.0 * k2.q_dot + 2.0 * k3.q_dot + k4.q_dot);
  state.v += h6 * (k1.v_dot + 2.0 * k2.v_dot + 2.0 * k3.v_dot + k4.v_dot);
  normalise_quaternions(model, state.q);
}

}  // namespace leeway
