// Cross-flow drag and body lift (Fossen's slender-body terms) against their closed forms.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "leeway/hydro/body_lift.h"
#include "leeway/hydro/cross_flow_drag.h"

namespace leeway {
namespace {

TEST(CrossFlowDrag, PureSwayAndPureYawMatchTheIntegrals) {
  // Trapezoid weights integrate the strip law: sway -1/2 rho T C_d L v|v|; yaw
  // -1/2 rho T C_d r|r| L^4 / 32 (the integral of x^3 sgn over the length).
  CrossFlowDrag d{2.0, 0.2, 1.1, 1025.0, 2000, false};
  const double k = 0.5 * 1025.0 * 0.2 * 1.1;
  Vec6 nu = Vec6::Zero();
  nu[1] = -0.7;
  EXPECT_NEAR(cross_flow_drag_wrench(d, nu)[1], k * 2.0 * 0.49, 1e-9);
  EXPECT_NEAR(cross_flow_drag_wrench(d, nu)[5], 0.0, 1e-9);
  nu.setZero();
  nu[5] = 0.4;
  // The trapezoid rule's error on x^3 |x| is (L/n)^2 / 12 times its second derivative's mean:
  // 1e-6 of the result at n = 2000.
  EXPECT_NEAR(cross_flow_drag_wrench(d, nu)[5], -k * 0.16 * 16.0 / 32.0, 2e-6 * 9.02);
  // Fossen's rectangle weights count 21 strips of L/20 at n = 20: 21/20 of the sway integral.
  d.intervals = 20;
  d.rectangle_weights = true;
  nu.setZero();
  nu[1] = -0.7;
  EXPECT_NEAR(cross_flow_drag_wrench(d, nu)[1], k * 2.0 * 0.49 * 21.0 / 20.0, 1e-9);
}

TEST(BodyLift, DragOpposesTheMotionAndLiftCrossesIt) {
  const BodyLift l{0.2128, 0.19, 0.0559596, 0.7, 1026.0};
  for (double a = -3.0; a <= 3.0; a += 0.25) {
    Vec6 nu = Vec6::Zero();
    nu[0] = 1.5 * std::cos(a);
    nu[2] = -1.5 * std::sin(a);  // FLU heave; alpha = a in FRD
    const Vec6 F = body_lift_wrench(l, nu);
    const Vec3 d = -Vec3(nu[0], 0, nu[2]).normalized();  // the flow's direction onto the body
    const double q = 0.5 * 1026.0 * 2.25 * 0.2128;
    const double AR = 0.19 * 0.19 / 0.2128;
    const double C_L = lift_slope(l) * a;
    const double C_D = 0.0559596 + C_L * C_L / (std::numbers::pi * 0.7 * AR);
    EXPECT_NEAR(F.head<3>().dot(d), q * C_D, 1e-9) << a;
    EXPECT_NEAR(std::abs(F.head<3>().cross(d).y()), q * std::abs(C_L), 1e-9) << a;
    EXPECT_TRUE(F.tail<3>().isZero(0.0));
  }
  // REMUS's C_La: pi AR / (1 + sqrt(1 + (AR/2)^2)), AR = 0.1696: 0.26600 (remus100.json).
  EXPECT_NEAR(lift_slope(l), 0.2659967942359403, 1e-12);
}

}  // namespace
}  // namespace leeway
