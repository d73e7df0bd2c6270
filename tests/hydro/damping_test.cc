#include "leeway/hydro/damping.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

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

RC_GTEST_PROP(Damping, DissipatesForAnyVelocityAndReferencePoint, ()) {
  // Positive-definite linear damping and positive |nu|nu terms take power out: F . nu <= 0.
  auto number = [](double scale) { return *rc::gen::inRange(-1000, 1000) * scale / 1000.0; };
  DampingModel d;
  Mat6 L;
  for (int i = 0; i < 36; ++i)
    L(i / 6, i % 6) = number(5.0);
  d.linear = L * L.transpose();
  for (int i = 0; i < 6; ++i)
    d.quadratic.push_back({i, i, i, std::abs(number(50.0)), false});
  d.p_BoP = Vec3(number(2.0), number(2.0), number(2.0));
  Vec6 nu;
  for (int i = 0; i < 6; ++i)
    nu[i] = number(3.0);
  RC_ASSERT(damping_wrench(d, nu).dot(nu) <= 1e-12 * (1.0 + d.linear.norm()) * nu.squaredNorm());
}

}  // namespace
}  // namespace leeway
