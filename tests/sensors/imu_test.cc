// The IMU's exact kinematics (sensors/imu.h) against closed forms: +g up at rest, nothing in free
// fall, the centripetal and Euler terms of a sensor off the centre of rotation, and the
// transport term of a body frame that turns while it moves.
#include <gtest/gtest.h>

#include "leeway/sensors/imu.h"

namespace leeway {
namespace {

const Vec3 g_W(0.0, 0.0, -9.81);

Eigen::Isometry3d frame(const Vec3& p, const Quat& q) {
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.translation() = p;
  X.linear() = q.toRotationMatrix();
  return X;
}

TEST(Imu, ALevelImuAtRestReadsGravityUpAndATiltedOneItsComponents) {
  BodyState body{Vec3(1, 2, 3), Quat::Identity(), Vec6::Zero()};
  const ImuTruth level = imu_truth(Eigen::Isometry3d::Identity(), body, Vec6::Zero(), g_W);
  EXPECT_LT((level.f_S - Vec3(0, 0, 9.81)).norm(), 1e-15);
  EXPECT_EQ(level.omega_S, Vec3::Zero());
  // The body rolled by 0.3 rad, the sensor mounted turned 90 degrees about its z: gravity's
  // reaction seen along the sensor's axes.
  body.q_WB = Quat(Eigen::AngleAxisd(0.3, Vec3::UnitX()));
  const Quat q_BS(Eigen::AngleAxisd(M_PI / 2, Vec3::UnitZ()));
  const ImuTruth tilted = imu_truth(frame(Vec3(0.3, -0.2, 1.3), q_BS), body, Vec6::Zero(), g_W);
  const Vec3 expected = (body.q_WB * q_BS).conjugate() * Vec3(0, 0, 9.81);
  EXPECT_LT((tilted.f_S - expected).norm(), 1e-14);
  EXPECT_LT(tilted.q_WS.angularDistance(body.q_WB * q_BS), 1e-15);
}

TEST(Imu, AnImuInFreeFallReadsNothing) {
  // Falling, turning: the acceleration of its origin is gravity's, so the specific force is 0.
  BodyState body{Vec3::Zero(), Quat(Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized())),
                 Vec6::Zero()};
  Vec6 nu_dot = Vec6::Zero();
  nu_dot.head<3>() = body.q_WB.conjugate() * g_W;  // v = 0, omega = 0
  EXPECT_LT(imu_truth(Eigen::Isometry3d::Identity(), body, nu_dot, g_W).f_S.norm(), 1e-15);
}

TEST(Imu, AnOffsetImuFeelsTheCentripetalAndEulerTerms) {
  // The body spins about its z at omega and spins up at alpha, at rest otherwise, in no gravity.
  // A sensor r = 2 m along x feels -omega^2 r (towards the axis) and alpha r along y.
  const double omega = 0.5, alpha = 0.2, r = 2.0;
  BodyState body{Vec3::Zero(), Quat::Identity(), Vec6::Zero()};
  body.V_WB_B[5] = omega;
  Vec6 nu_dot = Vec6::Zero();
  nu_dot[5] = alpha;
  const ImuTruth t = imu_truth(frame(Vec3(r, 0, 0), Quat::Identity()), body, nu_dot, Vec3::Zero());
  EXPECT_LT((t.f_S - Vec3(-omega * omega * r, alpha * r, 0)).norm(), 1e-15);
  EXPECT_LT((t.omega_S - Vec3(0, 0, omega)).norm(), 1e-15);
}

TEST(Imu, ABodyTurningWhileItMovesAddsOmegaCrossV) {
  // On a circle of radius R at speed V, the body frame turns at V / R: with v = (V, 0, 0) and
  // omega = (0, 0, V / R) constant in B (nu_dot = 0), the acceleration is V^2 / R towards the
  // centre (+y, to the left).
  const double V = 3.0, R = 10.0;
  BodyState body{Vec3::Zero(), Quat::Identity(), Vec6::Zero()};
  body.V_WB_B[0] = V;
  body.V_WB_B[5] = V / R;
  const ImuTruth t = imu_truth(Eigen::Isometry3d::Identity(), body, Vec6::Zero(), Vec3::Zero());
  EXPECT_LT((t.f_S - Vec3(0, V * V / R, 0)).norm(), 1e-15);
}

}  // namespace
}  // namespace leeway
