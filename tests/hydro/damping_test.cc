#include "leeway/hydro/damping.h"

#include <gtest/gtest.h>

namespace leeway {
namespace {

TEST(Damping, LinearOpposesMotion) {
  DampingModel d;
  d.linear(dof::u, dof::u) = 5.0;  // gz-sim xU = -5
  Vec6 nu = Vec6::Zero();
  nu[dof::u] = 2.0;
  EXPECT_DOUBLE_EQ(damping_wrench(d, nu)[dof::u], -10.0);  // gz-sim's own test value
}

TEST(Damping, QuadraticAbsAndSignedForms) {
  DampingModel d;
  d.quadratic.push_back({dof::v, dof::v, dof::v, 3.0, false});  // |v| v
  d.quadratic.push_back({dof::r, dof::v, dof::u, 2.0, true});   // v u, a coupling
  Vec6 nu = Vec6::Zero();
  nu[dof::u] = -1.5;
  nu[dof::v] = -2.0;
  const Vec6 F = damping_wrench(d, nu);
  EXPECT_DOUBLE_EQ(F[dof::v], -3.0 * (-2.0) * 2.0);  // opposes v whatever its sign
  EXPECT_DOUBLE_EQ(F[dof::r], -2.0 * (-2.0) * (-1.5));
}

TEST(Damping, ReferencePointMovesTheWrench) {
  // Sway damping d at P = (1, 0, 0) m: a pure yaw rate r makes P move sideways at r, so the
  // wrench about Bo is a sway force -d r and a yaw moment -d r (lever 1 m).
  DampingModel d;
  d.linear(dof::v, dof::v) = 4.0;
  d.p_BoP = Vec3(1.0, 0.0, 0.0);
  Vec6 nu = Vec6::Zero();
  nu[dof::r] = 0.5;
  const Vec6 F = damping_wrench(d, nu);
  EXPECT_NEAR(F[dof::v], -2.0, 1e-15);
  EXPECT_NEAR(F[dof::r], -2.0, 1e-15);
  EXPECT_LT(F.dot(nu), 0.0);  // dissipates
}

}  // namespace
}  // namespace leeway
