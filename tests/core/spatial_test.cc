#include "leeway/core/spatial.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace leeway {
namespace {

Vec3 random_vec3(double scale) {
  return Vec3(*rc::gen::inRange(-1000, 1000), *rc::gen::inRange(-1000, 1000),
              *rc::gen::inRange(-1000, 1000)) *
         (scale / 1000.0);
}

TEST(Spatial, SkewIsTheCrossProduct) {
  const Vec3 a(1.0, -2.0, 3.0), b(-0.5, 4.0, 2.0);
  EXPECT_TRUE((skew(a) * b).isApprox(a.cross(b), 1e-15));
  EXPECT_TRUE((skew(a) + skew(a).transpose()).isZero(0.0));
}

RC_GTEST_PROP(Spatial, TransportPreservesPower, ()) {
  // F_Bo . V_Bo = F_P . V_P for the same wrench and twist seen from two points.
  const Vec3 r = random_vec3(5.0);
  const Vec6 V_Bo = stack(random_vec3(3.0), random_vec3(1.0));
  const Vec6 F_P = stack(random_vec3(100.0), random_vec3(50.0));
  const Vec6 V_P = shift_twist(V_Bo, r);
  const Vec6 F_Bo = shift_wrench_to_origin(F_P, r);
  RC_ASSERT(std::abs(F_Bo.dot(V_Bo) - F_P.dot(V_P)) <= 1e-9 * (1.0 + std::abs(F_P.dot(V_P))));
  RC_ASSERT(V_P.isApprox(transport_matrix(r) * V_Bo, 1e-12));
}

TEST(Spatial, RigidBodyMassMatrixMatchesTheParallelAxisTheorem) {
  // A point-like 2 kg mass at r has I_Bo = -m S(r)^2 = m (|r|^2 1 - r r^T).
  const double m = 2.0;
  const Vec3 r(0.3, -0.2, 0.5);
  const Mat6 M = rigid_body_mass_matrix(m, r, Mat3::Zero());
  const Mat3 expected = m * (r.squaredNorm() * Mat3::Identity() - r * r.transpose());
  EXPECT_TRUE((M.block<3, 3>(3, 3).isApprox(expected, 1e-14)));
  EXPECT_TRUE(M.isApprox(M.transpose(), 1e-15));
  // The linear momentum of a rotation about Bo is m (w x r).
  const Vec6 nu = stack(Vec3::Zero(), Vec3(0.0, 0.0, 1.0));
  EXPECT_TRUE(Vec3((M * nu).head<3>()).isApprox(m * Vec3(0, 0, 1).cross(r), 1e-14));
}

TEST(Spatial, TransportToOriginEqualsMassMatrixShift) {
  // M_RB about Bo equals H^T M_RB(about Bcm) H with H = H(p_BoBcm).
  const double m = 7.0;
  const Vec3 r(0.1, 0.4, -0.3);
  const Mat3 I = Vec3(2.0, 3.0, 4.0).asDiagonal();
  const Mat6 about_cm = rigid_body_mass_matrix(m, Vec3::Zero(), I);
  EXPECT_TRUE(transport_to_origin(about_cm, r).isApprox(rigid_body_mass_matrix(m, r, I), 1e-13));
}

}  // namespace
}  // namespace leeway
