#include "leeway/core/rotation.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace leeway {
namespace {

RC_GTEST_PROP(Rotation, EulerRoundTrip, ()) {
  const double roll = *rc::gen::inRange(-3140, 3140) * 1e-3;
  const double pitch = *rc::gen::inRange(-1560, 1560) * 1e-3;
  const double yaw = *rc::gen::inRange(-3140, 3140) * 1e-3;
  const Vec3 rpy = euler_zyx(quat_from_euler_zyx(roll, pitch, yaw));
  RC_ASSERT(std::abs(rpy.x() - roll) < 1e-9);
  RC_ASSERT(std::abs(rpy.y() - pitch) < 1e-9);
  RC_ASSERT(std::abs(rpy.z() - yaw) < 1e-9);
}

TEST(Rotation, EulerOrderIsZYX) {
  // Yaw 90 deg then pitch 90 deg (about the new y): the nose points straight down.
  const Quat q = quat_from_euler_zyx(0.0, M_PI / 2, M_PI / 2);
  EXPECT_TRUE((q * Vec3::UnitX()).isApprox(Vec3(0, 0, -1), 1e-15));
}

TEST(Rotation, QuatExpMatchesAngleAxis) {
  const Vec3 theta(0.3, -1.2, 2.0);
  const Quat expected(Eigen::AngleAxisd(theta.norm(), theta.normalized()));
  EXPECT_NEAR(std::abs(quat_exp(theta).dot(expected)), 1.0, 1e-15);
  EXPECT_NEAR(quat_exp(Vec3(1e-12, 0, 0)).x(), 0.5e-12, 1e-27);
}

TEST(Rotation, QuatDerivativeIsHalfQTimesOmega) {
  // For a constant body rate, q(t) = q0 exp(w t); compare with a central difference.
  const Quat q0 = quat_from_euler_zyx(0.2, 0.1, -0.7);
  const Vec3 w(0.4, -0.3, 0.9);
  const double h = 1e-6;
  const Eigen::Vector4d numeric =
      ((q0 * quat_exp(w * h)).coeffs() - (q0 * quat_exp(-w * h)).coeffs()) / (2 * h);
  EXPECT_TRUE(quat_derivative(q0, w).isApprox(numeric, 1e-8));
}

}  // namespace
}  // namespace leeway
