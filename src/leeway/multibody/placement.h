// X_AB: where frame B is in frame A, as a rotation matrix and a translation, the form the
// articulated-body algorithm composes and applies to vectors many times a step (a Pose's
// quaternion would be turned into a matrix at each use). Convert to a Pose for the outputs.
#pragma once

#include "leeway/core/pose.h"
#include "leeway/core/spatial.h"

namespace leeway {

struct Placement {
  Mat3 R = Mat3::Identity();  ///< R_AB: v_A = R_AB v_B
  Vec3 p = Vec3::Zero();      ///< p_AoBo, in A [m]

  /// X_AB X_BC = X_AC.
  Placement operator*(const Placement& X_BC) const { return {R * X_BC.R, p + R * X_BC.p}; }
  /// A point given in B, in A.
  Vec3 operator*(const Vec3& p_BoQ_B) const { return p + R * p_BoQ_B; }
  Pose pose() const { return Pose(p, Quat(R)); }
};

}  // namespace leeway
