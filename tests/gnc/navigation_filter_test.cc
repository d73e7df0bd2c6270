// The navigation filter's kernel (gnc/navigation_filter.h) against closed forms: the strapdown
// navigator on a steady turn with exact readings, and each measurement's Jacobian, by a perfect
// measurement correcting a small error in the one part of the state it observes to second order.
#include <gtest/gtest.h>

#include <cmath>

#include "leeway/core/rotation.h"
#include "leeway/core/spatial.h"
#include "leeway/gnc/navigation_filter.h"

namespace leeway {
namespace {

/// An IMU 0.5 m forward, 0.2 m to port and 0.3 m up, mounted upside down (x forward, z down).
NavigationFilterModel offset_imu() {
  NavigationFilterModel m;
  m.imu.p_BI = Vec3(0.5, 0.2, 0.3);
  m.imu.R_BI = quat_exp(Vec3(kPi, 0.0, 0.0)).toRotationMatrix();
  m.unsampled_acceleration = 0.0;
  return m;
}

/// What an exact IMU at I reads on a body moving with twist (v_B, omega_B) held constant in B.
void steady_reading(const NavigationFilterModel& m, const BodyState& b, Vec3& omega_I, Vec3& f_I) {
  const Vec3 v = linear(b.V_WB_B), w = angular(b.V_WB_B), r = m.imu.p_BI;
  const Vec3 a_B = w.cross(v) + w.cross(w.cross(r));  // the point's acceleration, in B
  const Vec3 f_B = a_B - b.q_WB.conjugate() * m.g_W;
  omega_I = m.imu.R_BI.transpose() * w;
  f_I = m.imu.R_BI.transpose() * f_B;
}

TEST(NavigationFilter, StrapdownFollowsASteadyClimbingTurnWithExactReadings) {
  // Surge U, heave w_up along B's z, yaw rate r: a helix. Bo's position at time t, from Bo
  // at the origin heading east: (U / r) (sin rt, 1 - cos rt), climbing w_up t.
  const NavigationFilterModel m = offset_imu();
  const double U = 2.0, w_up = 0.1, r = 0.2, dt = 0.01, T = 60.0;
  BodyState truth;
  truth.V_WB_B << U, 0.0, w_up, 0.0, 0.0, r;
  NavigationFilterState s = initial_filter_state(m, truth, 0.0);
  Vec3 omega_I, f_I;
  steady_reading(m, truth, omega_I, f_I);  // the same at every sample
  propagate_to_reading(m, s, 0.0, omega_I, f_I);
  for (int k = 1; k <= static_cast<int>(T / dt); ++k)
    propagate_to_reading(m, s, k * dt, omega_I, f_I);
  const double psi = r * T;
  const BodyState e = estimated_body(m, s, T);
  // The trapezoid leaves dt^3 r^2 U / 12 of the position a step (T / dt of them: 4e-5 m), the
  // midpoint rotation dt^3 r^2 |f| / 24 of the velocity (4e-6 m/s); the attitude is exact.
  EXPECT_NEAR(e.p_WB.x(), U / r * std::sin(psi), 1e-4);
  EXPECT_NEAR(e.p_WB.y(), U / r * (1.0 - std::cos(psi)), 1e-4);
  EXPECT_NEAR(e.p_WB.z(), w_up * T, 1e-9);
  EXPECT_NEAR(euler_zyx(e.q_WB).z(), wrap_angle(psi), 1e-12);
  EXPECT_LT((e.V_WB_B - truth.V_WB_B).norm(), 1e-6);
  // Carried 50 ms ahead by the held reading, without new samples: the same helix.
  const BodyState ahead = estimated_body(m, s, T + 0.05);
  EXPECT_NEAR(ahead.p_WB.x(), U / r * std::sin(r * (T + 0.05)), 1e-4);
  EXPECT_NEAR(euler_zyx(ahead.q_WB).z(), wrap_angle(r * (T + 0.05)), 1e-12);
}

/// A body turning and climbing, rolled and pitched, and a filter state at its truth whose
/// covariance lets only the block at `first` (3 wide) move, with deviation sigma.
/// attitude_along() narrows the attitude's to one axis (what a measurement of fewer dimensions
/// than the block can correct).
struct Fixture {
  NavigationFilterModel m = offset_imu();
  BodyState truth;
  NavigationFilterState s;
  Fixture(int first, double sigma) {
    truth.p_WB = Vec3(10.0, -4.0, -2.0);
    truth.q_WB = quat_from_euler_zyx(0.1, -0.05, 0.7);
    truth.V_WB_B << 1.5, 0.2, -0.1, 0.05, -0.02, 0.3;
    s = initial_filter_state(m, truth, 0.0);
    Vec3 omega_I, f_I;
    steady_reading(m, truth, omega_I, f_I);
    propagate_to_reading(m, s, 0.0, omega_I, f_I);
    s.P.setZero();
    s.P.block<3, 3>(first, first) = Mat3::Identity() * sigma * sigma;
  }
  Vec3 point_W(const Vec3& r_BP) const { return truth.p_WB + truth.q_WB * r_BP; }
  Vec3 point_velocity_B(const Vec3& r_BP) const {
    return linear(truth.V_WB_B) + angular(truth.V_WB_B).cross(r_BP);
  }
  void attitude_along(const Vec3& axis_W, double sigma) {
    s.P.block<3, 3>(kAttitudeError, kAttitudeError) = sigma * sigma * axis_W * axis_W.transpose();
  }
  double yaw_error() const { return wrap_angle(euler_zyx(truth.q_WB).z() - euler_zyx(s.q_WB).z()); }
};

constexpr double kTiny = 1e-10;  // a perfect measurement's variance: 1e-5 m

TEST(NavigationFilter, APositionFixOnALeverArmCorrectsTheHeadingToSecondOrder) {
  Fixture f(kAttitudeError, 0.1);
  f.s.q_WB = quat_exp(Vec3(0.0, 0.0, -0.01)) * f.s.q_WB;  // 0.01 rad short in yaw
  f.attitude_along(Vec3::UnitZ(), 0.1);
  const Vec3 r_BP(-3.0, 1.0, 1.5);  // an antenna aft
  update_position(f.m, f.s, r_BP, f.point_W(r_BP), Mat3::Identity() * kTiny);
  EXPECT_LT(std::abs(f.yaw_error()), 1e-4);  // from 1e-2: (1e-2)^2
}

TEST(NavigationFilter, AVelocityFixOnATurningLeverArmCorrectsTheGyroBias) {
  // The held reading carries a gyro bias b the estimate misses by 0.01 rad/s about I's z: the
  // turn it gives the lever arm shows it.
  Fixture f(kGyroBiasError, 0.05);
  const Vec3 bias_I(0.0, 0.0, 0.01);
  f.s.omega_I += bias_I;
  const Vec3 r_BP(-3.0, 1.0, 1.5);
  const Vec3 v_WP = f.truth.q_WB * f.point_velocity_B(r_BP);
  update_velocity_W(f.m, f.s, r_BP, v_WP, Mat3::Identity() * kTiny);
  // The bias along the lever arm (in I) is unseen; across it, corrected exactly (it is linear).
  const Vec3 lever_I = f.m.imu.R_BI.transpose() * (r_BP - f.m.imu.p_BI).normalized();
  const Vec3 left = bias_I - f.s.b_g;
  EXPECT_LT((left - left.dot(lever_I) * lever_I).norm(), 1e-9);
}

TEST(NavigationFilter, ADvlVelocityInItsOwnFrameCorrectsTheHeadingToSecondOrder) {
  Fixture f(kAttitudeError, 0.1);
  f.s.q_WB = quat_exp(Vec3(0.0, 0.0, 0.01)) * f.s.q_WB;
  f.s.v_WI = f.truth.q_WB * f.point_velocity_B(f.m.imu.p_BI);  // the true velocity, in W
  const Vec3 r_BP(0.8, 0.0, -0.6);
  const Mat3 R_BM = quat_exp(Vec3(0.0, 0.0, kPi / 4)).toRotationMatrix();  // beams 45 deg off
  const Vec3 v_M = R_BM.transpose() * f.point_velocity_B(r_BP);
  update_velocity_in(f.m, f.s, r_BP, R_BM, v_M, Mat3::Identity() * kTiny);
  EXPECT_LT(std::abs(f.yaw_error()), 2e-4);
}

TEST(NavigationFilter, ADepthOnALeverArmCorrectsTheHeightExactlyAndTheRollToSecondOrder) {
  {
    Fixture f(kPositionError, 1.0);
    f.s.p_WI.z() += 0.3;
    const Vec3 r_BP(-1.0, 0.0, -0.5);
    update_height(f.m, f.s, r_BP, f.point_W(r_BP).z(), kTiny);
    EXPECT_NEAR(f.s.p_WI.z(), (f.truth.p_WB + f.truth.q_WB * f.m.imu.p_BI).z(), 1e-9);
  }
  Fixture f(kAttitudeError, 0.1);
  const Vec3 axis_W = f.truth.q_WB * Vec3::UnitX();  // roll about the body's x axis
  f.s.q_WB = quat_exp(0.01 * axis_W) * f.s.q_WB;
  f.attitude_along(axis_W, 0.1);
  const Vec3 r_BP(0.0, 2.0, 0.0);  // 2 m to port: a roll moves it up or down
  update_height(f.m, f.s, r_BP, f.point_W(r_BP).z(), kTiny);
  const Eigen::AngleAxisd left(f.truth.q_WB * f.s.q_WB.conjugate());
  EXPECT_LT(std::abs(left.angle() * left.axis().dot(axis_W)), 2e-4);
}

TEST(NavigationFilter, ACompassBearingCorrectsTheHeadingToSecondOrder) {
  Fixture f(kAttitudeError, 0.1);
  f.s.q_WB = quat_exp(Vec3(0.0, 0.0, 0.02)) * f.s.q_WB;
  const Vec3 a_B = quat_exp(Vec3(0.0, 0.0, 0.3)).toRotationMatrix().col(0);  // a compass's x axis
  const Vec3 a_W = f.truth.q_WB * a_B;
  update_bearing(f.m, f.s, a_B, std::atan2(a_W.x(), a_W.y()), kTiny);
  EXPECT_LT(std::abs(f.yaw_error()), 4e-4);  // from 2e-2
}

TEST(NavigationFilter, TheCovarianceIsCarriedByTheTransitionTheHeaderWrites) {
  // Phi P Phi^T + Q with Phi = I + F dt + (F dt)^2 / 2 and F as navigation_filter.h gives it,
  // as full 15 x 15 products, against the filter's block by block ones.
  NavigationFilterModel m = offset_imu();
  m.imu.gyro_white = Vec3(1e-4, 2e-4, 3e-4);
  m.imu.accel_white = Vec3(4e-4, 5e-4, 6e-4);
  m.imu.gyro_bias_drift = Vec3::Constant(1e-8);
  m.imu.accel_bias_drift = Vec3::Constant(1e-6);
  m.unsampled_acceleration = 0.02;
  BodyState body;
  body.q_WB = quat_from_euler_zyx(0.2, -0.1, 1.0);
  NavigationFilterState s = initial_filter_state(m, body, 0.0);
  const Mat15 L = Mat15::Random();
  s.P = L * L.transpose();
  s.b_a = Vec3(0.01, -0.02, 0.03);
  const Vec3 f_I(0.5, -0.3, 9.7);
  propagate_to_reading(m, s, 0.0, Vec3(0.01, 0.02, -0.05), f_I);
  const double dt = 0.02;
  const Mat3 C = s.q_WB.toRotationMatrix() * m.imu.R_BI;
  Mat15 F = Mat15::Zero();
  F.block<3, 3>(kPositionError, kVelocityError) = Mat3::Identity();
  F.block<3, 3>(kVelocityError, kAttitudeError) = -skew(C * (f_I - s.b_a));
  F.block<3, 3>(kVelocityError, kAccelBiasError) = -C;
  F.block<3, 3>(kAttitudeError, kGyroBiasError) = -C;
  const Mat15 Phi = Mat15::Identity() + F * dt + 0.5 * F * F * dt * dt;
  Mat15 Q = Mat15::Zero();
  Q.block<3, 3>(kVelocityError, kVelocityError) =
      C * m.imu.accel_white.asDiagonal() * C.transpose() * dt * dt +
      Mat3::Identity() * 0.02 * 0.02 * dt;
  Q.block<3, 3>(kAttitudeError, kAttitudeError) =
      C * m.imu.gyro_white.asDiagonal() * C.transpose() * dt * dt;
  Q.diagonal().segment<3>(kGyroBiasError) = m.imu.gyro_bias_drift * dt;
  Q.diagonal().segment<3>(kAccelBiasError) = m.imu.accel_bias_drift * dt;
  const Mat15 expected = Phi * s.P * Phi.transpose() + Q;
  propagate(m, s, dt);
  EXPECT_LT((s.P - expected).cwiseAbs().maxCoeff(), 1e-12 * expected.cwiseAbs().maxCoeff());
}

TEST(NavigationFilter, TheCovarianceGrowsByTheImuNoiseAndShrinksByAFix) {
  // At rest, level: the velocity's variance grows by the accelerometer's white noise, S dt^2 per
  // reading, and the attitude's by the gyro's; a position fix of variance R on a position of
  // variance P leaves P R / (P + R).
  NavigationFilterModel m;
  m.imu.accel_white = Vec3::Constant(0.02 * 0.02);
  m.imu.gyro_white = Vec3::Constant(0.001 * 0.001);
  m.position_sigma = Vec3::Constant(2.0);
  m.velocity_sigma = Vec3::Zero();
  m.attitude_sigma = Vec3::Zero();
  m.unsampled_acceleration = 0.0;
  NavigationFilterState s = initial_filter_state(m, BodyState{}, 0.0);
  const Vec3 omega_I = Vec3::Zero(), f_I = -m.g_W;
  const double dt = 0.01;
  propagate_to_reading(m, s, 0.0, omega_I, f_I);
  for (int k = 1; k <= 100; ++k)
    propagate_to_reading(m, s, k * dt, omega_I, f_I);
  EXPECT_NEAR(s.P(kVelocityError + 2, kVelocityError + 2), 100 * 0.02 * 0.02 * dt * dt, 1e-15);
  EXPECT_NEAR(s.P(kAttitudeError + 2, kAttitudeError + 2), 100 * 1e-6 * dt * dt, 1e-18);
  const double P = s.P(kPositionError, kPositionError), R = 0.5 * 0.5;
  update_position(m, s, Vec3::Zero(), s.p_WI, Mat3::Identity() * R);
  EXPECT_NEAR(s.P(kPositionError, kPositionError), P * R / (P + R), 1e-12);
}

}  // namespace
}  // namespace leeway
