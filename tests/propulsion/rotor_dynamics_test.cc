// Rotor dynamics against UUV Simulator's own test values (research/uuv.md section 6) and the
// closed forms of their steady states and step responses.
#include "leeway/propulsion/rotor_dynamics.h"

#include <gtest/gtest.h>

#include <cmath>

#include "leeway/propulsion/thrust_curves.h"

namespace leeway {
namespace {

TEST(RotorDynamics, ZeroOrderFollowsTheCommand) {
  const RotorModel rotor{ZeroOrderRotor{}};
  EXPECT_EQ(advance_rotor(rotor, 3.0, -7.5, 0.01), -7.5);
}

TEST(RotorDynamics, FirstOrderMatchesUuvSimulatorsTest) {
  // ThrusterDynamics_TEST.cc: tau 0.5, update(0, 0) = 0, then 1 - e^-1 = 0.63212 at t = tau.
  const RotorModel rotor{FirstOrderRotor{0.5}};
  EXPECT_EQ(advance_rotor(rotor, 0.0, 0.0, 0.01), 0.0);
  EXPECT_NEAR(advance_rotor(rotor, 0.0, 1.0, 0.5), 0.63212, 1e-5);
  // Exact discretisation: fifty steps of 0.01 s land on the same value.
  double x = 0.0;
  for (int i = 0; i < 50; ++i)
    x = advance_rotor(rotor, x, 1.0, 0.01);
  EXPECT_NEAR(x, 1.0 - std::exp(-1.0), 1e-14);
}

TEST(RotorDynamics, FirstOrderRotorThroughAQuadraticCurveGivesTheSquaredStep) {
  // T(t) / T_ss = (1 - e^{-t / tau})^2: 0.3996 at t = tau (research/uuv.md section 6, item 1).
  const RotorModel rotor{FirstOrderRotor{0.05}};
  const ThrustCurve curve = QuadraticThrust{0.0049, 0.0049, 0.0};
  const double u = 800.0, steady = thrust_of(curve, u, 0.0).thrust;
  double x = 0.0;
  for (int i = 0; i < 5; ++i)
    x = advance_rotor(rotor, x, u, 0.01);
  EXPECT_NEAR(thrust_of(curve, x, 0.0).thrust / steady, std::pow(1.0 - std::exp(-1.0), 2), 1e-12);
  EXPECT_NEAR(std::pow(1.0 - std::exp(-1.0), 2), 0.3996, 1e-4);
}

TEST(RotorDynamics, YoergerFollowsItsClosedFormAndSettles) {
  // From rest under u > 0: x(t) = s tanh(alpha s t), s = sqrt(beta u / alpha).
  const YoergerRotor yoerger{0.05, 2.0};
  const RotorModel rotor{yoerger};
  const double u = 40.0, s = std::sqrt(yoerger.beta * u / yoerger.alpha);
  EXPECT_NEAR(rotor_steady_state(yoerger, u), s, 1e-12);
  EXPECT_NEAR(rotor_steady_state(yoerger, -u), -s, 1e-12);
  double x = 0.0, t = 0.0;
  for (int i = 0; i < 200; ++i) {
    x = advance_rotor(rotor, x, u, 0.005);
    t += 0.005;
    ASSERT_NEAR(x, s * std::tanh(yoerger.alpha * s * t), 1e-7 * s) << t;
  }
  // Reversing: it passes through zero and settles at -s.
  for (int i = 0; i < 2000; ++i)
    x = advance_rotor(rotor, x, -u, 0.01);
  EXPECT_NEAR(x, -s, 1e-9 * s);
}

TEST(RotorDynamics, BessaSettlesWhereDriveMeetsFriction) {
  const BessaRotor bessa{0.02, 0.3, 0.01, 0.5, 2.0};
  const RotorModel rotor{bessa};
  for (double u : {24.0, -24.0, 3.0}) {
    const double steady = rotor_steady_state(bessa, u);
    EXPECT_NEAR(u * bessa.K_t / bessa.R_m,
                bessa.K_v1 * steady + bessa.K_v2 * steady * std::abs(steady), 1e-12);
    double x = 0.0;
    for (int i = 0; i < 1000; ++i)
      x = advance_rotor(rotor, x, u, 0.01);
    EXPECT_NEAR(x, steady, 1e-9 * std::abs(steady)) << u;
  }
}

TEST(RotorDynamics, ShaftSpeedLimitsHoldTheState) {
  // The Otter's propellers: -101.737 to 103.931 rad/s.
  const RotorModel rotor{FirstOrderRotor{0.1}, -101.737, 103.931};
  double x = 0.0;
  for (int i = 0; i < 100; ++i)
    x = advance_rotor(rotor, x, 150.0, 0.02);
  EXPECT_EQ(x, 103.931);
  for (int i = 0; i < 100; ++i)
    x = advance_rotor(rotor, x, -150.0, 0.02);
  EXPECT_EQ(x, -101.737);
}

}  // namespace
}  // namespace leeway
