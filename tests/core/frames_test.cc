#include "leeway/core/frames.h"

#include <gtest/gtest.h>

#include "leeway/core/rotation.h"

namespace leeway {
namespace {

TEST(Frames, EnuNedRoundTrip) {
  const Vec3 p_enu(3.0, 4.0, -5.0);  // 3 m East, 4 m North, 5 m deep
  const Vec3 p_ned = enu_to_ned(p_enu);
  EXPECT_EQ(p_ned, Vec3(4.0, 3.0, 5.0));
  EXPECT_EQ(ned_to_enu(p_ned), p_enu);
  EXPECT_TRUE((ned_from_enu() * ned_from_enu()).isIdentity(0.0));
}

TEST(Frames, FluFrdFlipsSwayHeavePitchYaw) {
  Vec6 nu;
  nu << 1, 2, 3, 4, 5, 6;
  Vec6 expected;
  expected << 1, -2, -3, 4, -5, -6;
  EXPECT_EQ(flip_flu_frd(nu), expected);
  EXPECT_EQ(flip_flu_frd(flip_flu_frd(nu)), nu);
}

TEST(Frames, MatrixConversionFlipsOnlyUPCouplingsWithTheRest) {
  Mat6 M = Mat6::Ones();
  const Mat6 F = flip_flu_frd(M);
  const Vec6 t = flu_frd_signs();
  for (int i = 0; i < 6; ++i) {
    for (int j = 0; j < 6; ++j)
      EXPECT_EQ(F(i, j), t[i] * t[j]);
  }
  EXPECT_EQ(F(dof::u, dof::p), 1.0);   // {u, p} with {u, p}: unchanged
  EXPECT_EQ(F(dof::u, dof::w), -1.0);  // {u, p} with {v, w, q, r}: sign change
  EXPECT_EQ(F(dof::w, dof::q), 1.0);   // within {v, w, q, r}: unchanged
}

TEST(Frames, HeadingNorthInEnuIsYawZeroInNed) {
  // A level boat pointing North: yaw pi/2 in ENU/FLU, yaw 0 in NED/FRD.
  const Quat q_enu = quat_from_euler_zyx(0.0, 0.0, kPi / 2);
  const Vec3 rpy_ned = euler_zyx(ned_frd_from_enu_flu(q_enu));
  EXPECT_NEAR(rpy_ned.x(), 0.0, 1e-15);
  EXPECT_NEAR(rpy_ned.y(), 0.0, 1e-15);
  EXPECT_NEAR(rpy_ned.z(), 0.0, 1e-15);
}

TEST(Frames, BowUpIsPositivePitchInNedAndNegativeInEnu) {
  const Quat q_enu = quat_from_euler_zyx(0.0, -0.2, 0.0);  // FLU: negative pitch raises the bow
  EXPECT_GT((q_enu * Vec3::UnitX()).z(), 0.0);
  const Vec3 rpy_ned = euler_zyx(ned_frd_from_enu_flu(q_enu));
  EXPECT_NEAR(rpy_ned.y(), 0.2, 1e-15);
}

TEST(Frames, AttitudeRoundTrip) {
  const Quat q = quat_from_euler_zyx(0.3, -0.4, 2.5);
  const Quat back = enu_flu_from_ned_frd(ned_frd_from_enu_flu(q));
  EXPECT_NEAR(std::abs(back.dot(q)), 1.0, 1e-15);
}

}  // namespace
}  // namespace leeway
