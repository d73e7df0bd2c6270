#include "leeway/body/world_joint.h"

#include <algorithm>

#include "leeway/core/rotation.h"

namespace leeway {

Vec6 motion_subspace(const WorldJoint& joint) {
  Vec6 s;
  if (joint.type == WorldJoint::Type::kRevolute) {
    s << joint.p_BoJo_B.cross(joint.axis_B), joint.axis_B;
  } else {
    s << joint.axis_B, Vec3::Zero();
  }
  return s;
}

Mat6 constrained_inverse_mass(const WorldJoint& joint, const Mat6& M) {
  const Vec6 s = motion_subspace(joint);
  return s * s.transpose() / s.dot(M * s);
}

double joint_position(const WorldJoint& joint, const BodyState& state) {
  if (joint.type == WorldJoint::Type::kPrismatic) {
    return (joint.q_WB_zero * joint.axis_B).dot(state.p_WB - joint.p_WB_zero);
  }
  // The rotation from the zero pose, about a (in B, which a is fixed in).
  const Quat q_rel = joint.q_WB_zero.conjugate() * state.q_WB.normalized();
  return wrap_angle(2.0 * std::atan2(q_rel.vec().dot(joint.axis_B), q_rel.w()));
}

void place_on_joint(const WorldJoint& joint, double q, double q_dot, BodyState& state) {
  if (q < joint.lower || q > joint.upper) {
    q = std::clamp(q, joint.lower, joint.upper);
    if ((q == joint.lower && q_dot < 0.0) || (q == joint.upper && q_dot > 0.0)) q_dot = 0.0;
  }
  if (joint.type == WorldJoint::Type::kRevolute) {
    state.q_WB = joint.q_WB_zero * Quat(Eigen::AngleAxisd(q, joint.axis_B));
    // The axis' point stays where it was at q = 0.
    state.p_WB = joint.p_WB_zero + joint.q_WB_zero * joint.p_BoJo_B - state.q_WB * joint.p_BoJo_B;
  } else {
    state.q_WB = joint.q_WB_zero;
    state.p_WB = joint.p_WB_zero + q * (joint.q_WB_zero * joint.axis_B);
  }
  state.V_WB_B = motion_subspace(joint) * q_dot;
}

void keep_on_joint(const WorldJoint& joint, BodyState& state) {
  const bool revolute = joint.type == WorldJoint::Type::kRevolute;
  // a . omega or a . v: the joint velocity of the twist's part along s.
  const double q_dot = joint.axis_B.dot(revolute ? angular(state.V_WB_B) : linear(state.V_WB_B));
  place_on_joint(joint, joint_position(joint, state), q_dot, state);
}

void drive_joint(const WorldJoint& joint, const BodyState& start, double x0, double x_mid,
                 double x1, double dt, BodyState& state) {
  if (joint.drive == WorldJoint::Drive::kPosition) {
    place_on_joint(joint, x1, (x1 - x0) / dt, state);
  } else {
    const double q0 = joint_position(joint, start);
    place_on_joint(joint, q0 + dt * (x0 + 4.0 * x_mid + x1) / 6.0, x1, state);
  }
}

}  // namespace leeway
