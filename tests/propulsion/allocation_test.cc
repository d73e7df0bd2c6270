// Thrust allocation against UUV Simulator's allocator test and RexROV's allocation matrix
// (research/uuv.md section 6), and the bounded solve's optimality against an independent method.
#include "leeway/propulsion/allocation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "leeway/core/rotation.h"

namespace leeway {
namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

/// The x axis of a frame at roll, pitch, yaw (UUV Simulator's thrusters push along their x).
Vec3 x_axis(double roll, double pitch, double yaw) {
  return quat_from_euler_zyx(roll, pitch, yaw) * Vec3::UnitX();
}

TEST(Allocation, ColumnsMatchUuvSimulatorsAllocatorTest) {
  const Vec6 c0 = allocation_column(Vec3(-1, 0, 0), x_axis(0.5, 0, 0));
  const Vec6 c1 = allocation_column(Vec3(1, -1, 0), x_axis(0, 0.5, 0));
  const Vec6 c2 = allocation_column(Vec3(0, 1, 1), x_axis(0, 0, 0.5));
  Vec6 e0, e1, e2;
  e0 << 1, 0, 0, 0, 0, 0;
  e1 << 0.87758256, 0, -0.47942554, 0.47942554, 0.47942554, 0.87758256;
  e2 << 0.87758256, 0.47942554, 0, -0.47942554, 0.87758256, -0.87758256;
  EXPECT_LT((c0 - e0).norm(), 1e-8);
  EXPECT_LT((c1 - e1).norm(), 1e-8);
  EXPECT_LT((c2 - e2).norm(), 1e-8);
}

/// RexROV's eight thrusters (research/uuv.md 2.1), each limited to +-2000 N.
std::vector<AllocatorThruster> rexrov() {
  struct Pose {
    double x, y, z, roll, pitch, yaw;  // m, deg
  };
  const Pose poses[] = {{-0.890895, 0.334385, 0.528822, 0, -74.53, -53.21},
                        {-0.890895, -0.334385, 0.528822, 0, -74.53, 53.21},
                        {0.890895, 0.334385, 0.528822, 0, -105.47, 53.21},
                        {0.890895, -0.334385, 0.528822, 0, -105.47, -53.21},
                        {-0.412125, 0.505415, 0.129, 0, 0, 45},
                        {-0.412125, -0.505415, 0.129, 0, 0, -45},
                        {0.412125, 0.505415, 0.129, 0, 0, 135},
                        {0.412125, -0.505415, 0.129, 0, 0, -135}};
  std::vector<AllocatorThruster> out;
  for (const Pose& p : poses) {
    AllocatorThruster t;
    t.p_BoT_B = Vec3(p.x, p.y, p.z);
    t.axis_B = x_axis(p.roll * kDeg, p.pitch * kDeg, p.yaw * kDeg);
    t.t_min = -2000.0;
    t.t_max = 2000.0;
    out.push_back(t);
  }
  return out;
}

TEST(Allocation, RexRovMatrixRowXMatchesItsTamFile) {
  const Allocator a = make_allocator(rexrov());
  const double expected[] = {0.1597, 0.1597, -0.1597, -0.1597, 0.7071, 0.7071, -0.7071, -0.7071};
  for (int i = 0; i < 8; ++i)
    EXPECT_NEAR(a.B(0, i), expected[i], 1e-4) << i;
}

TEST(Allocation, FeasibleWrenchesAreReproduced) {
  const Allocator a = make_allocator(rexrov());
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int k = 0; k < 200; ++k) {
    Vec6 tau;
    for (int i = 0; i < 6; ++i)
      tau[i] = 800.0 * u(rng);
    const Allocation r = allocate(a, tau);
    EXPECT_LT((r.achieved - tau).norm(), 1e-6 * tau.norm()) << k;
    for (double t : r.thrust)
      EXPECT_LE(std::abs(t), 2000.0);
  }
}

TEST(Allocation, LimitsShareAFeasibleWrenchTheLeastNormWouldNot) {
  // Two parallel thrusters limited to 10 N and 100 N: 50 N is feasible (10 + 40), though the
  // least-norm split (25 + 25) breaks the first limit.
  AllocatorThruster small, large;
  small.t_min = -10;
  small.t_max = 10;
  large.t_min = -100;
  large.t_max = 100;
  const Allocator a = make_allocator({small, large});
  Vec6 tau = Vec6::Zero();
  tau[0] = 50.0;
  const Allocation r = allocate(a, tau);
  EXPECT_NEAR(r.thrust[0], 10.0, 1e-9);
  EXPECT_NEAR(r.thrust[1], 40.0, 1e-6);
  EXPECT_NEAR(r.achieved[0], 50.0, 1e-6);
}

/// Projected gradient descent on the same problem, min |D (B t - tau)|^2 with D the per-axis
/// weights 1 / |row of B|: slow, simple and independent.
Eigen::VectorXd projected_gradient(const Allocator& a, const Vec6& tau, double limit) {
  Vec6 d;
  for (int k = 0; k < 6; ++k)
    d[k] = 1.0 / a.B.row(k).norm();
  const Eigen::MatrixXd DB = d.asDiagonal() * a.B;
  const Eigen::MatrixXd H = DB.transpose() * DB;
  const Eigen::VectorXd c = DB.transpose() * d.cwiseProduct(tau);
  const double step = 1.0 / H.eigenvalues().real().maxCoeff();
  Eigen::VectorXd t = Eigen::VectorXd::Zero(a.B.cols());
  for (int i = 0; i < 200000; ++i)
    t = (t - step * (H * t - c)).cwiseMax(-limit).cwiseMin(limit);
  return t;
}

TEST(Allocation, InfeasibleWrenchesGetTheClosestWithinTheLimits) {
  const Allocator a = make_allocator(rexrov());
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int k = 0; k < 20; ++k) {
    Vec6 tau;
    for (int i = 0; i < 6; ++i)
      tau[i] = 20000.0 * u(rng);
    const Allocation r = allocate(a, tau);
    for (double t : r.thrust) {
      EXPECT_LE(t, 2000.0);
      EXPECT_GE(t, -2000.0);
    }
    const Eigen::VectorXd reference = projected_gradient(a, tau, 2000.0);
    // Each axis's error over what a newton of every thruster does on it (allocation.h).
    const double ours = (r.achieved - tau).cwiseProduct(a.axis_scale).squaredNorm();
    const double theirs = (a.B * reference - tau).cwiseProduct(a.axis_scale).squaredNorm();
    EXPECT_LE(ours, theirs * (1.0 + 1e-6)) << k;
  }
}

TEST(Allocation, AzimuthThrustersTurnAndReverse) {
  AllocatorThruster pod;
  pod.azimuth = true;
  pod.t_max = 100.0;
  pod.max_angle = std::numbers::pi / 2;  // VRX's engines turn +-90 deg
  const Allocator a = make_allocator({pod});
  Vec6 tau = Vec6::Zero();
  tau.head<2>() = Eigen::Vector2d(3.0, 4.0);
  Allocation r = allocate(a, tau);
  EXPECT_NEAR(r.angle[0], std::atan2(4.0, 3.0), 1e-12);
  EXPECT_NEAR(r.thrust[0], 5.0, 1e-9);
  tau.head<2>() = Eigen::Vector2d(-3.0, -4.0);  // behind: turn to the front and reverse
  r = allocate(a, tau);
  EXPECT_NEAR(r.angle[0], std::atan2(4.0, 3.0), 1e-12);
  EXPECT_NEAR(r.thrust[0], -5.0, 1e-9);
  EXPECT_LT((r.achieved - tau).norm(), 1e-9);
  tau.head<2>() = Eigen::Vector2d(300.0, 400.0);  // beyond the limit: full thrust that way
  r = allocate(a, tau);
  EXPECT_NEAR(r.thrust[0], 100.0, 1e-9);
  EXPECT_NEAR(r.angle[0], std::atan2(4.0, 3.0), 1e-9);
}

/// A WAM-V outboard alone: +-180 deg of steering, 250 N ahead and 100 N astern.
Allocator outboard() {
  AllocatorThruster pod;
  pod.azimuth = true;
  pod.t_max = 250.0;
  pod.t_min = -100.0;
  return make_allocator({pod});
}

TEST(Allocation, AReversibleAzimuthStaysNearTheAngleItWasGiven) {
  const Allocator a = outboard();
  Vec6 tau = Vec6::Zero();
  tau.head<2>() = Eigen::Vector2d(-30.0, 1.0);  // wanted: astern, a little to port
  // Pointing nearly ahead, it reverses rather than swinging round; pointing nearly astern, it
  // pushes; with no angle before, it pushes.
  Allocation r = allocate(a, tau, {0.1});
  EXPECT_NEAR(r.angle[0], std::atan2(-1.0, 30.0), 1e-12);
  EXPECT_NEAR(r.thrust[0], -std::hypot(30.0, 1.0), 1e-9);
  r = allocate(a, tau, {3.0});
  EXPECT_NEAR(r.angle[0], std::atan2(1.0, -30.0), 1e-12);
  EXPECT_NEAR(r.thrust[0], std::hypot(30.0, 1.0), 1e-9);
  EXPECT_NEAR(allocate(a, tau).thrust[0], std::hypot(30.0, 1.0), 1e-9);
  // No force wanted: it keeps its angle.
  r = allocate(a, Vec6::Zero(), {0.7});
  EXPECT_EQ(r.angle[0], 0.7);
  EXPECT_EQ(r.thrust[0], 0.0);
  // Reversing is weaker: asked for 300 N astern it gives its 100 N.
  tau.head<2>() = Eigen::Vector2d(-300.0, 0.0);
  r = allocate(a, tau, {0.0});
  EXPECT_NEAR(r.angle[0], 0.0, 1e-12);
  EXPECT_NEAR(r.thrust[0], -100.0, 1e-9);
  EXPECT_NEAR(r.achieved[0], -100.0, 1e-9);
}

TEST(Allocation, AnAzimuthAskedForLittleTurnsInProportion) {
  // 0.05 rad per allocation at full rate, from 50 N up: asked for 20 N abeam, it turns 0.02 rad
  // and gives the demand's share along that angle, 20 sin(0.02) N; asked for 100 N, 0.05 rad.
  const Allocator a = outboard();
  Vec6 tau = Vec6::Zero();
  tau[1] = 20.0;
  Allocation r = allocate(a, tau, {0.0}, 0.05, 50.0);
  EXPECT_NEAR(r.angle[0], 0.02, 1e-12);
  EXPECT_NEAR(r.thrust[0], 20.0 * std::sin(0.02), 1e-9);
  EXPECT_NEAR(r.achieved[1], 20.0 * std::sin(0.02) * std::sin(0.02), 1e-9);
  tau[1] = 100.0;
  r = allocate(a, tau, {0.0}, 0.05, 50.0);
  EXPECT_NEAR(r.angle[0], 0.05, 1e-12);
  // Without the scaling (full_turn_thrust 0), 20 N turns it the whole 0.05 rad.
  tau[1] = 20.0;
  EXPECT_NEAR(allocate(a, tau, {0.0}, 0.05).angle[0], 0.05, 1e-12);
}

}  // namespace
}  // namespace leeway
