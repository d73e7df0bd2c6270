#include "leeway/core/rotation.h"

#include <algorithm>
#include <cmath>

namespace leeway {

namespace {

/// euler_zyx's roll and pitch, and its yaw if asked for (0 otherwise).
Vec3 euler_angles(const Quat& q_in, bool yaw_too) {
  const Quat q = q_in.normalized();
  const double w = q.w(), x = q.x(), y = q.y(), z = q.z();
  const double roll = std::atan2(2.0 * (w * x + y * z), 1.0 - 2.0 * (x * x + y * y));
  const double sin_pitch = std::clamp(2.0 * (w * y - z * x), -1.0, 1.0);  // rounding only
  const double pitch = std::asin(sin_pitch);
  const double yaw = yaw_too ? std::atan2(2.0 * (w * z + x * y), 1.0 - 2.0 * (y * y + z * z)) : 0.0;
  return {roll, pitch, yaw};
}

}  // namespace

Vec3 euler_zyx(const Quat& q) {
  return euler_angles(q, true);
}

Vec3 euler_zyx_without_yaw(const Quat& q) {
  return euler_angles(q, false);
}

Quat quat_from_euler_zyx(double roll, double pitch, double yaw) {
  return Quat(Eigen::AngleAxisd(yaw, Vec3::UnitZ()) * Eigen::AngleAxisd(pitch, Vec3::UnitY()) *
              Eigen::AngleAxisd(roll, Vec3::UnitX()));
}

Quat quat_exp(const Vec3& theta) {
  const double angle = theta.norm();
  const double half = 0.5 * angle;
  // sin(half)/angle -> 1/2 - angle^2/48 as angle -> 0; the series avoids 0/0.
  const double k = angle < 1e-8 ? 0.5 - angle * angle / 48.0 : std::sin(half) / angle;
  return Quat(std::cos(half), k * theta.x(), k * theta.y(), k * theta.z());
}

}  // namespace leeway
