// A frame's pose in another, kept as a translation and a unit quaternion.
#pragma once

#include "leeway/core/spatial.h"

namespace leeway {

/// The pose X_AB of frame B in frame A: B's origin p (in A) and B's orientation q in A. Kept as
/// a quaternion, as MuJoCo keeps a site's frame, because the sensors on a body compose it with
/// the body's quaternion at every sample: converting a matrix to a quaternion there costs a
/// square root and a division on the critical path. It reads like an Eigen::Isometry3d.
struct Pose {
  Vec3 p = Vec3::Zero();
  Quat q = Quat::Identity();

  Pose() = default;
  Pose(const Vec3& p_AB, const Quat& q_AB) : p(p_AB), q(q_AB.normalized()) {}
  /// From a rigid transform; implicit, so that a loader's composed transforms assign to it.
  Pose(const Eigen::Isometry3d& X_AB)  // NOLINT(google-explicit-constructor)
      : p(X_AB.translation()), q(Quat(X_AB.linear()).normalized()) {}

  const Vec3& translation() const { return p; }
  Mat3 linear() const { return q.toRotationMatrix(); }
  Mat3 rotation() const { return linear(); }
  Eigen::Isometry3d isometry() const {
    Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
    X.linear() = linear();
    X.translation() = p;
    return X;
  }
};

}  // namespace leeway
