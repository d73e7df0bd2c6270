#include "leeway/multibody/joint.h"

#include <Eigen/Geometry>

#include "leeway/core/rotation.h"

namespace leeway {
namespace {

Quat quaternion_at(const double* q) {
  return Quat(q[3], q[0], q[1], q[2]).normalized();  // stored (x, y, z, w)
}

void store_quaternion_rate(const double* q, const Vec3& w_FM_M, double* q_dot) {
  const Eigen::Vector4d rate = quat_derivative(Quat(q[3], q[0], q[1], q[2]), w_FM_M);
  for (int i = 0; i < 4; ++i)
    q_dot[i] = rate[i];
}

}  // namespace

int joint_nq(JointKind kind) {
  switch (kind) {
    case JointKind::kBall:
      return 4;
    case JointKind::kFree:
      return 7;
    default:
      return 1;
  }
}

int joint_nv(JointKind kind) {
  switch (kind) {
    case JointKind::kBall:
      return 3;
    case JointKind::kFree:
      return 6;
    default:
      return 1;
  }
}

MotionSubspace joint_motion_subspace(JointKind kind, const Vec3& axis) {
  MotionSubspace S = MotionSubspace::Zero(6, joint_nv(kind));
  switch (kind) {
    case JointKind::kRevolute:
    case JointKind::kContinuous:
      S.block<3, 1>(dof::kAngular, 0) = axis;
      break;
    case JointKind::kPrismatic:
      S.block<3, 1>(dof::kLinear, 0) = axis;
      break;
    case JointKind::kBall:
      S.block<3, 3>(dof::kAngular, 0) = Mat3::Identity();
      break;
    case JointKind::kFree:
      S.setIdentity();
      break;
  }
  return S;
}

Pose joint_displacement(JointKind kind, const Vec3& axis, const double* q) {
  switch (kind) {
    case JointKind::kRevolute:
    case JointKind::kContinuous:
      return Pose(Vec3::Zero(), Quat(Eigen::AngleAxisd(q[0], axis)));
    case JointKind::kPrismatic:
      return Pose(q[0] * axis, Quat::Identity());
    case JointKind::kBall:
      return Pose(Vec3::Zero(), quaternion_at(q));
    case JointKind::kFree:
      return Pose(Vec3(q[0], q[1], q[2]), quaternion_at(q + 3));
  }
  return Pose();
}

void joint_position_rate(JointKind kind, const double* q, const double* v, double* q_dot) {
  switch (kind) {
    case JointKind::kBall:
      store_quaternion_rate(q, Vec3(v[0], v[1], v[2]), q_dot);
      return;
    case JointKind::kFree: {
      const Vec3 p_dot_F = quaternion_at(q + 3) * Vec3(v[0], v[1], v[2]);
      for (int i = 0; i < 3; ++i)
        q_dot[i] = p_dot_F[i];
      store_quaternion_rate(q + 3, Vec3(v[3], v[4], v[5]), q_dot + 3);
      return;
    }
    default:
      q_dot[0] = v[0];
  }
}

void joint_neutral_position(JointKind kind, double* q) {
  for (int i = 0; i < joint_nq(kind); ++i)
    q[i] = 0.0;
  if (kind == JointKind::kBall) q[3] = 1.0;
  if (kind == JointKind::kFree) q[6] = 1.0;
}

}  // namespace leeway
