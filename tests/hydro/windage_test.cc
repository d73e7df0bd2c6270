// Windage: VRX's coefficient law, coefficient tables over the full circle, and Blendermann's
// formulas.
#include <gtest/gtest.h>

#include <cmath>

#include "leeway/hydro/hull_friction.h"
#include "leeway/hydro/windage.h"

namespace leeway {
namespace {

TEST(Windage, VrxLawValues) {
  // The WAM-V's 0.5 0.5 0.33 at an apparent wind of (-6, 4) m/s: X = 0.5 * -36, Y = 0.5 * 16,
  // N = -2 * 0.33 * -6 * 4.
  const VrxWindage vrx{0.5, 0.5, 0.33};
  const Vec6 F = vrx_windage_wrench(vrx, Vec3(-6, 4, 0));
  EXPECT_DOUBLE_EQ(F[0], -18.0);
  EXPECT_DOUBLE_EQ(F[1], 8.0);
  EXPECT_DOUBLE_EQ(F[5], 15.84);
  EXPECT_EQ(F[2], 0.0);
  // research/vrx.md: 9 m/s gives about 40 N on the WAM-V.
  EXPECT_NEAR(vrx_windage_wrench(vrx, Vec3(9, 0, 0))[0], 40.5, 1e-12);
}

TEST(Windage, TableIsContinuousOverTheFullCircle) {
  const WindageTable t = blendermann_table({}, 2.0, 6.0, 5.0);
  double largest_jump = 0.0;
  const int n = 36000;
  Eigen::Vector4d previous = windage_coefficients(t, -kPi);
  for (int i = 1; i <= n; ++i) {
    const Eigen::Vector4d c = windage_coefficients(t, -kPi + 2 * kPi * i / n);
    largest_jump = std::max(largest_jump, (c - previous).cwiseAbs().maxCoeff());
    previous = c;
  }
  // The steepest slope of these coefficients is about 2 per radian: 0.01 deg steps move them by
  // 4e-4 at most; a discontinuity anywhere (including at +-180 deg) would show as a larger jump.
  EXPECT_LT(largest_jump, 1e-3);
  // Periodic: the same at g and g + 2 pi.
  EXPECT_LT((windage_coefficients(t, 0.3) - windage_coefficients(t, 0.3 + 2 * kPi)).norm(), 1e-12);
  EXPECT_LT((windage_coefficients(t, 3.1) - windage_coefficients(t, 3.1 - 2 * kPi)).norm(), 1e-12);
}

TEST(Windage, BlendermannSignsInFluAxes) {
  const Blendermann b{0.9, 0.55, 0.6, 0.6, 1.1, 0.5, 2.0};
  const WindageTable t = blendermann_table(b, 2.0, 6.0, 5.0);
  // Head wind (air moving aft): drag backwards, no side force.
  const Vec6 head = table_windage_wrench(t, Vec3(-10, 0, 0));
  EXPECT_NEAR(head[0], -0.5 * 1.225 * 100 * 2.0 * 0.55, 1e-9);
  EXPECT_NEAR(head[1], 0.0, 1e-9);
  // Wind from port (air moving to -y): pushed to starboard (-y), heeled starboard-down (+K).
  const Vec6 port = table_windage_wrench(t, Vec3(0, -10, 0));
  EXPECT_NEAR(port[1], -0.5 * 1.225 * 100 * 6.0 * 0.9, 1e-9);
  EXPECT_GT(port[3], 0.0);
  EXPECT_NEAR(port[0], 0.0, 1e-9);
  // Mirror symmetry: from starboard, the side force, heel and yaw change sign.
  const Vec6 starboard = table_windage_wrench(t, Vec3(3, 10, 0));
  const Vec6 port_mirror = table_windage_wrench(t, Vec3(3, -10, 0));
  EXPECT_NEAR(starboard[0], port_mirror[0], 1e-9);
  EXPECT_NEAR(starboard[1], -port_mirror[1], 1e-9);
  EXPECT_NEAR(starboard[3], -port_mirror[3], 1e-9);
  EXPECT_NEAR(starboard[5], -port_mirror[5], 1e-9);
}

TEST(HullFriction, Ittc57Line) {
  EXPECT_NEAR(ittc57_friction_coefficient(1e7), 0.075 / 25.0, 1e-15);
  EXPECT_NEAR(ittc57_friction_coefficient(1e3), ittc57_friction_coefficient(1e5), 1e-15);
  // A 5 m hull at 2 m/s in sea water: Re = 8.4e6; 10 m^2 wetted, form factor 0.2.
  const HullFriction f{5.0, 0.2, 1.19e-6, 0.0};
  Vec6 nu_r = Vec6::Zero();
  nu_r[0] = 2.0;
  const double Re = 2.0 * 5.0 / 1.19e-6;
  const double expected = -0.5 * 1025.0 * 10.0 * 1.2 * 0.075 / std::pow(std::log10(Re) - 2, 2) * 4;
  EXPECT_NEAR(hull_friction_wrench(f, 10.0, nu_r, 1025.0)[0], expected, 1e-9);
  nu_r[0] = -2.0;
  EXPECT_NEAR(hull_friction_wrench(f, 10.0, nu_r, 1025.0)[0], -expected, 1e-9);
}

}  // namespace
}  // namespace leeway
