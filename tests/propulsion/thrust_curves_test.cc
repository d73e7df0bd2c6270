// Thrust curves against UUV Simulator's conversion tests, VRX's fitted logistic curves, gz-sim's
// thruster spin cases and an open-water propeller at its design point (research/uuv.md
// section 6, research/vrx.md 2.6).
#include "leeway/propulsion/thrust_curves.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace leeway {
namespace {

double T(const ThrustCurve& c, double x, double V = 0.0) {
  return thrust_of(c, x, V).thrust;
}

TEST(ThrustCurves, UuvBasicConversion) {
  const ThrustCurve basic = QuadraticThrust{0.0049, 0.0049, 0.0};
  EXPECT_NEAR(T(basic, 50.0), 12.25, 1e-12);
  EXPECT_NEAR(T(basic, -50.0), -12.25, 1e-12);
  EXPECT_EQ(T(basic, 0.0), 0.0);
}

TEST(ThrustCurves, UuvBessaDeadZone) {
  const ThrustCurve bessa = DeadZoneThrust{0.001, 0.002, -50.0, 25.0};
  EXPECT_EQ(T(bessa, 0.0), 0.0);
  EXPECT_EQ(T(bessa, std::sqrt(25.0) - 1e-6), 0.0);
  EXPECT_EQ(T(bessa, -std::sqrt(50.0) + 1e-6), 0.0);
  EXPECT_NEAR(T(bessa, -50.0), -2.45, 1e-12);
  EXPECT_NEAR(T(bessa, 50.0), 4.95, 1e-12);
}

TEST(ThrustCurves, UuvLinearInterpolation) {
  const TableThrust table{{-5, 0, 2, 5}, {-100, -10, 20, 120}};
  for (std::size_t i = 0; i < table.x.size(); ++i)
    EXPECT_EQ(T(table, table.x[i]), table.thrust[i]);
  EXPECT_EQ(T(table, -5.5), -100.0);
  EXPECT_EQ(T(table, 5.5), 120.0);
  for (std::size_t i = 0; i + 1 < table.x.size(); ++i) {
    for (double a : {0.1, 0.5, 0.9}) {
      const double x = table.x[i] + a * (table.x[i + 1] - table.x[i]);
      EXPECT_NEAR(T(table, x), table.thrust[i] + a * (table.thrust[i + 1] - table.thrust[i]),
                  1e-12);
    }
  }
}

TEST(ThrustCurves, VrxClassicLinearAndLogisticMaps) {
  const ThrustCurve linear = LinearThrust{1.0, 250.0, 100.0};
  EXPECT_EQ(T(linear, 0.5), 125.0);
  EXPECT_EQ(T(linear, -0.5), -50.0);
  EXPECT_EQ(T(linear, 2.0), 250.0);
  EXPECT_EQ(T(linear, -2.0), -100.0);
  // VRX's fit to bollard-pull data (research/vrx.md 2.6): GLF(1) = 242.7 N, GLF(-1) = -101.9 N,
  // the forward curve saturating near 275 N (below the 250 N cap's reach only past x = 1).
  const LogisticThrust glf{{0.01, 59.82, 5.0, 0.38, 0.56, 0.28},
                           {-199.13, -0.09, 8.84, 5.34, 0.99, -0.57},
                           250.0,
                           100.0};
  EXPECT_NEAR(logistic(glf.forward, 1.0), 242.7, 0.05);
  EXPECT_NEAR(logistic(glf.reverse, -1.0), -101.9, 0.05);
  EXPECT_NEAR(logistic(glf.forward, 5.0), 274.9, 0.5);
  EXPECT_NEAR(T(glf, 1.0), 242.7, 0.05);
  EXPECT_EQ(T(glf, -1.0), -100.0);  // the reverse floor
  EXPECT_EQ(T(glf, 0.005), 0.0);    // VRX's dead band of 0.01
}

TEST(ThrustCurves, GzThrusterSpinCases) {
  // omega = sqrt(F / (rho C_t D^4)) for F = 300 N (gz-sim's thruster integration test).
  struct Case {
    double C_t, rho, D, omega;
  };
  for (const Case& c : {Case{0.005, 950, 0.2, 198.68}, Case{0.004, 1000, 0.2, 216.51},
                        Case{0.005, 950, 0.25, 127.16}}) {
    PropellerThrust p;
    p.thrust_coefficient = c.C_t;
    p.fluid_density = c.rho;
    p.diameter = c.D;
    const double omega = propeller_speed_for_thrust(p, 300.0);
    EXPECT_NEAR(omega, c.omega, 0.01);
    EXPECT_NEAR(T(p, omega), 300.0, 1e-9);
    EXPECT_NEAR(T(p, -omega), -300.0, 1e-9);
  }
}

TEST(ThrustCurves, GzAdvanceFormReducesToAlpha1AtRest) {
  PropellerThrust p;
  p.diameter = 0.2;
  p.fluid_density = 1000.0;
  p.advance_form = true;
  p.alpha_1 = 0.01;
  p.alpha_2 = -0.02;
  p.wake_fraction = 0.2;
  const double w = 100.0, rhoD4 = 1000.0 * std::pow(0.2, 4);
  EXPECT_NEAR(T(p, w, 0.0), 0.01 * rhoD4 * w * w, 1e-9);
  EXPECT_NEAR(T(p, w, 2.0), (0.01 - 0.02 * 0.8 * 2.0 / (w * 0.2)) * rhoD4 * w * w, 1e-9);
}

TEST(ThrustCurves, OpenWaterPropellerAtItsDesignPoint) {
  // Fossen's REMUS 100 propeller: at J = J_max the linear K_T, K_Q reach K_Tmax, K_Qmax, so
  // T = (1 - t) rho n^2 D^4 K_Tmax and Q = rho n^2 D^5 K_Qmax; at rest, K_T0 and K_Q0.
  OpenWaterThrust p;
  p.diameter = 0.14;
  p.fluid_density = 1026.0;
  p.x_to_rps = 1.0 / 60.0;  // rpm
  p.K_T0 = 0.4566;
  p.K_Q0 = 0.0700;
  p.K_Tmax = 0.1798;
  p.K_Qmax = 0.0312;
  p.J_max = 0.6632;
  p.wake_fraction = 0.056;
  p.thrust_deduction = 0.1;
  const double rpm = 1525.0, n = rpm / 60.0, D = 0.14;
  const double V = p.J_max * n * D / (1.0 - p.wake_fraction);  // the hull speed at J = J_max
  const ThrustTorque design = thrust_of(p, rpm, V);
  EXPECT_NEAR(design.thrust, 0.9 * 1026.0 * n * n * std::pow(D, 4) * p.K_Tmax, 1e-10);
  EXPECT_NEAR(design.torque, 1026.0 * n * n * std::pow(D, 5) * p.K_Qmax, 1e-10);
  const ThrustTorque bollard = thrust_of(p, rpm, 0.0);
  EXPECT_NEAR(bollard.thrust, 0.9 * 1026.0 * n * n * std::pow(D, 4) * p.K_T0, 1e-10);
  EXPECT_NEAR(bollard.torque, 1026.0 * n * n * std::pow(D, 5) * p.K_Q0, 1e-10);
  const ThrustTorque astern = thrust_of(p, -rpm, V);  // bollard terms only
  EXPECT_NEAR(astern.thrust, -bollard.thrust, 1e-10);
}

}  // namespace
}  // namespace leeway
