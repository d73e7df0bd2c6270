// Quaternion and Euler-angle helpers.
//
// Euler angles are ZYX (yaw psi about z, then pitch theta about the new y, then roll phi about
// the new x): R = Rz(psi) Ry(theta) Rx(phi), the convention of SDF's <pose>, ROS and Fossen.
// The same formulas hold in ENU/FLU and in NED/FRD; the angles differ because the axes do.
#pragma once

#include <cmath>
#include <numbers>

#include "leeway/core/spatial.h"

namespace leeway {

/// The angle [rad] brought into [-pi, pi] by whole turns (the shorter way round).
inline double wrap_angle(double angle) {
  return std::remainder(angle, 2.0 * std::numbers::pi);
}

/// Roll, pitch, yaw [rad] of q, with roll, yaw in (-pi, pi] and pitch in [-pi/2, pi/2].
Vec3 euler_zyx(const Quat& q);
/// The same roll and pitch, bit for bit, and a yaw of 0: for a caller that does not read the
/// yaw, an atan2 the fewer.
Vec3 euler_zyx_without_yaw(const Quat& q);

/// Unit quaternion of R = Rz(yaw) Ry(pitch) Rx(roll).
Quat quat_from_euler_zyx(double roll, double pitch, double yaw);

/// Quaternion of the rotation vector theta (axis times angle [rad]); exact for any angle.
Quat quat_exp(const Vec3& theta);

/// Time derivative of q_WB (as the 4 coefficients x, y, z, w) for the body angular velocity
/// w_WB_B [rad/s]: dq/dt = 1/2 q (x) [0, w]. Inline: every RK4 stage of every body calls it.
inline Eigen::Vector4d quat_derivative(const Quat& q_WB, const Vec3& w_WB_B) {
  const Quat dq = q_WB * Quat(0.0, w_WB_B.x(), w_WB_B.y(), w_WB_B.z());
  return 0.5 * dq.coeffs();
}

}  // namespace leeway
