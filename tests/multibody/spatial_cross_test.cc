// The spatial cross products (multibody/spatial_cross.h) against Featherstone's angular-first
// definitions with the blocks swapped, their duality, Fossen's Coriolis wrench, and the time
// derivative of a vector fixed in a moving frame.
#include "leeway/multibody/spatial_cross.h"

#include <gtest/gtest.h>

#include <random>

#include "leeway/hydro/coriolis.h"
#include "multibody/tree_fixtures.h"

namespace leeway {
namespace {

using testing::random_vec6;

/// A random symmetric positive definite 6x6 (a body's mass matrix with added mass).
Mat6 random_spd(std::mt19937& rng) {
  Mat6 A;
  for (int j = 0; j < 6; ++j)
    A.col(j) = random_vec6(rng);
  return A * A.transpose() + Mat6::Identity();
}

/// P swaps the linear and angular halves: linear-first <-> angular-first.
Mat6 swap_halves() {
  Mat6 P = Mat6::Zero();
  P.block<3, 3>(0, 3) = Mat3::Identity();
  P.block<3, 3>(3, 0) = Mat3::Identity();
  return P;
}

TEST(SpatialCross, TheMatricesAreFeatherstonesWithTheBlocksSwappedAndDual) {
  std::mt19937 rng(7);
  const Mat6 P = swap_halves();
  for (int k = 0; k < 20; ++k) {
    const Vec6 V = random_vec6(rng), m = random_vec6(rng), f = random_vec6(rng);
    // Featherstone (RBDA eq. 2.31): for V = [w; v] angular-first, crm = [S(w) 0; S(v) S(w)].
    Mat6 crm_af = Mat6::Zero();
    crm_af.block<3, 3>(0, 0) = skew(angular(V));
    crm_af.block<3, 3>(3, 0) = skew(linear(V));
    crm_af.block<3, 3>(3, 3) = skew(angular(V));
    EXPECT_LT((P * crm_af * P - motion_cross_matrix(V)).norm(), 1e-14);
    // eq. 2.32: crf = -crm^T, in either order.
    EXPECT_LT((force_cross_matrix(V) + motion_cross_matrix(V).transpose()).norm(), 1e-14);
    EXPECT_LT((motion_cross(V, m) - motion_cross_matrix(V) * m).norm(), 1e-13);
    EXPECT_LT((force_cross(V, f) - force_cross_matrix(V) * f).norm(), 1e-13);
    // Duality: (V x* f) . m = -f . (V x m); and V x V = 0.
    EXPECT_NEAR(force_cross(V, f).dot(m), -f.dot(motion_cross(V, m)), 1e-12);
    EXPECT_LT(motion_cross(V, V).norm(), 1e-14);
  }
}

TEST(SpatialCross, FossensCoriolisWrenchIsMinusTheMomentumsForceCross) {
  // coriolis_wrench(M, nu) = -C(nu) nu (Fossen 2021, Thm 3.2) is -(nu x* M nu): the bias force
  // of the articulated-body algorithm, for a rigid body's M and for one with added mass, whose
  // Munk moment it carries. Neither does work: nu . (nu x* M nu) = 0.
  std::mt19937 rng(11);
  for (int k = 0; k < 20; ++k) {
    const Mat6 M = random_spd(rng);
    const Vec6 nu = random_vec6(rng);
    const Vec6 expected = -force_cross(nu, M * nu);
    EXPECT_LT((coriolis_wrench(M, nu) - expected).norm(), 1e-12 * (1.0 + expected.norm()));
    EXPECT_NEAR(nu.dot(force_cross(nu, M * nu)), 0.0, 1e-11);
  }
}

TEST(SpatialCross, AMotionVectorFixedInAMovingFrameChangesAsItsTwistCrossesIt) {
  // A frame B turning at w_B and moving at v_B (its twist V_B, in B) carries a line of points
  // fixed in it, whose twist seen in W is constant; in B coordinates, m_B(t) = X_BW(t) m_W, and
  // d/dt m_B = -V_B x m_B. Checked by central differences of the exact rotation and translation.
  const Vec3 w(0.3, -0.2, 0.5), v(1.0, 0.4, -0.3);
  const Vec6 V_B = stack(v, w);
  const Vec6 m_W = stack(Vec3(0.2, -1.0, 0.7), Vec3(-0.4, 0.1, 0.9));  // about W's origin, in W
  // B's pose at t under a constant body twist: R(t) = exp(S(w) t), p(t) = integral of R v.
  const auto m_B_at = [&](double t) {
    const Mat3 R = Eigen::AngleAxisd(w.norm() * t, w.normalized()).toRotationMatrix();
    // p(t) = int_0^t R(s) v ds, by Simpson's rule (to about 1e-15 on 2000 intervals).
    Vec3 p = Vec3::Zero();
    constexpr int kN = 2000;
    for (int i = 0; i <= kN; ++i) {
      const double s = t * i / kN;
      const double weight = (i == 0 || i == kN) ? 1.0 : (i % 2 ? 4.0 : 2.0);
      p += weight * (Eigen::AngleAxisd(w.norm() * s, w.normalized()).toRotationMatrix() * v);
    }
    p *= t / (3.0 * kN);
    // The motion vector about W's origin in W, taken to Bo (at p) and into B's axes.
    const Vec3 w_B = R.transpose() * angular(m_W);
    const Vec3 v_B = R.transpose() * (linear(m_W) + angular(m_W).cross(p));
    return stack(v_B, w_B);
  };
  const double t = 0.7, h = 1e-4;
  const Vec6 derivative = (m_B_at(t + h) - m_B_at(t - h)) / (2.0 * h);
  const Vec6 expected = -motion_cross(V_B, m_B_at(t));
  EXPECT_LT((derivative - expected).norm(), 1e-7) << derivative.transpose() << "\n"
                                                  << expected.transpose();
}

}  // namespace
}  // namespace leeway
