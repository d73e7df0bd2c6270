// Actuators (commands, policies, servo rate limits) and the thruster and control-surface wrenches.
#include <gtest/gtest.h>

#include <cmath>

#include "leeway/propulsion/actuator.h"
#include "leeway/propulsion/control_surface.h"
#include "leeway/propulsion/disc_immersion.h"
#include "leeway/propulsion/thruster.h"

namespace leeway {
namespace {

TEST(Actuator, RateLimitedFirstOrderServoIsExact) {
  // tau = 0.1 s, r = 0.5 rad/s, from 0 towards 0.3 rad: a ramp at 0.5 rad/s until
  // |u - x| = r tau = 0.05 (at t = 0.5 s), then the exponential. Checked against 10^6 Euler steps.
  RotorModel servo{FirstOrderRotor{0.1}};
  servo.max_rate = 0.5;
  const double u = 0.3;
  for (const double t : {0.2, 0.5, 0.7, 1.5}) {
    double x = 0.0;
    const int n = 1000000;
    for (int i = 0; i < n; ++i)
      x += t / n * std::clamp((u - x) / 0.1, -0.5, 0.5);
    EXPECT_NEAR(advance_rotor(servo, 0.0, u, t), x, 2e-6) << t;
  }
  // Split steps land where one step does.
  double x = 0.0;
  for (int i = 0; i < 70; ++i)
    x = advance_rotor(servo, x, u, 0.01);
  EXPECT_NEAR(x, advance_rotor(servo, 0.0, u, 0.7), 1e-12);
  // A zero-order servo ramps straight to its command.
  RotorModel step_servo{ZeroOrderRotor{}};
  step_servo.max_rate = 2.0;
  EXPECT_DOUBLE_EQ(advance_rotor(step_servo, 0.0, 1.0, 0.1), 0.2);
  EXPECT_DOUBLE_EQ(advance_rotor(step_servo, 0.0, 1.0, 1.0), 1.0);
}

TEST(Actuator, CommandPoliciesSayWhatTheyDo) {
  ActuatorModel a;
  a.model_name = "boat";
  a.name = "rudder";
  a.unit = "rad";
  a.command_min = -0.5;
  a.command_max = 0.5;
  a.policy = CommandPolicy::kClamp;
  CheckedCommand c = check_command(a, 0.7);
  EXPECT_FALSE(c.rejected);
  EXPECT_EQ(c.value, 0.5);
  EXPECT_NE(c.problem.find("boat/rudder"), std::string::npos) << c.problem;
  EXPECT_NE(c.problem.find("[-0.5, 0.5] rad"), std::string::npos) << c.problem;
  EXPECT_NE(c.problem.find("clamped to 0.5"), std::string::npos) << c.problem;
  a.policy = CommandPolicy::kError;
  EXPECT_TRUE(check_command(a, -0.7).rejected);
  a.policy = CommandPolicy::kSaturate;
  c = check_command(a, 0.7);
  EXPECT_EQ(c.value, 0.7);
  EXPECT_TRUE(c.problem.empty());
  EXPECT_TRUE(check_command(a, std::nan("")).rejected);
  EXPECT_TRUE(check_command(a, INFINITY).rejected);
  EXPECT_EQ(check_command(a, 0.2).value, 0.2);
  a.watchdog_timeout = 0.5;
  EXPECT_EQ(effective_command(a, 0.2, 0.5), 0.2);
  EXPECT_EQ(effective_command(a, 0.2, 0.51), 0.0);
}

TEST(Thruster, WrenchAtItsPoseWithTheShaftTorque) {
  Thruster t;
  t.p_BoP_B = Vec3(-1.0, 0.5, -0.2);
  t.axis_B = Vec3::UnitX();
  t.curve = QuadraticThrust{2.0, 1.0, 0.1};
  t.torque_factor = -1.0;
  const Vec6 F = thruster_wrench(t, 3.0, 0.0, Vec6::Zero(), Vec3::Zero());
  const Vec3 f(18.0, 0.0, 0.0);
  EXPECT_TRUE(F.head<3>().isApprox(f));
  // p x f, plus the reaction of the 0.9 N m the propeller takes from the shaft.
  EXPECT_TRUE(F.tail<3>().isApprox(t.p_BoP_B.cross(f) + Vec3(-0.9, 0.0, 0.0)));
  // Reverse uses the reverse constant.
  EXPECT_DOUBLE_EQ(thruster_wrench(t, -3.0, 0.0, Vec6::Zero(), Vec3::Zero())[0], -9.0);
}

TEST(Thruster, AzimuthTurnsTheAxis) {
  Thruster t;
  t.curve = QuadraticThrust{1.0, 1.0, 0.0};
  t.azimuth_actuator = 1;
  t.turn_axis_B = Vec3::UnitZ();
  const Vec6 F = thruster_wrench(t, 2.0, M_PI / 2, Vec6::Zero(), Vec3::Zero());
  EXPECT_NEAR(F[0], 0.0, 1e-12);
  EXPECT_NEAR(F[1], 4.0, 1e-12);  // turned to port
}

TEST(Thruster, AdvanceSpeedThroughWaterOrOverGround) {
  // gz-sim's advance form loses thrust as the water comes onto the propeller faster: moving ahead
  // at 1 m/s in still water and standing in a 1 m/s current from ahead are the same to it, and a
  // current from behind helps. The ground-speed mode sees only the body's own speed.
  Thruster t;
  PropellerThrust p;
  p.diameter = 0.2;
  p.fluid_density = 1000.0;
  p.advance_form = true;
  p.alpha_1 = 1.0;
  p.alpha_2 = -1.0;
  p.wake_fraction = 0.0;
  t.curve = p;
  Vec6 ahead = Vec6::Zero();
  ahead[0] = 1.0;
  const double moving = thruster_wrench(t, 50.0, 0.0, ahead, Vec3::Zero())[0];
  const double in_current = thruster_wrench(t, 50.0, 0.0, Vec6::Zero(), Vec3(-1.0, 0, 0))[0];
  const double still = thruster_wrench(t, 50.0, 0.0, Vec6::Zero(), Vec3::Zero())[0];
  EXPECT_NEAR(moving, in_current, 1e-12);
  EXPECT_LT(moving, still);
  t.advance = AdvanceSpeed::kGroundSpeed;
  EXPECT_NEAR(thruster_wrench(t, 50.0, 0.0, Vec6::Zero(), Vec3(-1.0, 0, 0))[0], still, 1e-12);
  EXPECT_NEAR(thruster_wrench(t, 50.0, 0.0, ahead, Vec3::Zero())[0], moving, 1e-12);
}

TEST(DiscImmersion, ShareOfACircleUnderAChord) {
  const Vec3 level = Vec3::UnitX();  // a propeller on a horizontal shaft: the disc is upright
  // Centre on the surface: half in; a radius down: all in; a radius up: all out.
  EXPECT_NEAR(disc_share_in(Fluid::kWater, 0.0, 0.2, level), 0.5, 1e-15);
  EXPECT_EQ(disc_share_in(Fluid::kWater, 0.2, 0.2, level), 1.0);
  EXPECT_EQ(disc_share_in(Fluid::kWater, -0.3, 0.2, level), 0.0);
  // Half a radius down: the segment above the chord at R/2 is (pi/3 - sqrt(3)/4) R^2 of pi R^2.
  const double segment = (M_PI / 3 - std::sqrt(3.0) / 4) / M_PI;
  EXPECT_NEAR(disc_share_in(Fluid::kWater, 0.1, 0.2, level), 1 - segment, 1e-15);
  // The same disc in air has the rest.
  for (const double d : {-0.25, -0.1, 0.0, 0.05, 0.1, 0.3}) {
    EXPECT_NEAR(
        disc_share_in(Fluid::kAir, d, 0.2, level) + disc_share_in(Fluid::kWater, d, 0.2, level),
        1.0, 1e-15);
  }
  // A disc tilted 60 degrees (axis 30 degrees off the vertical) reaches R sin 30 up and down.
  const Vec3 tilted(std::sin(M_PI / 6), 0.0, std::cos(M_PI / 6));
  EXPECT_NEAR(disc_share_in(Fluid::kWater, 0.05, 0.2, tilted),
              disc_share_in(Fluid::kWater, 0.1, 0.2, level), 1e-12);
  // Lying flat it is all in or all out.
  EXPECT_EQ(disc_share_in(Fluid::kWater, 1e-6, 0.2, Vec3::UnitZ()), 1.0);
  EXPECT_EQ(disc_share_in(Fluid::kWater, -1e-6, 0.2, Vec3::UnitZ()), 0.0);
}

TEST(Thruster, ShareScalesThrustAndShaftTorque) {
  Thruster t;
  t.p_BoP_B = Vec3(-1.0, 0.0, 0.0);
  t.curve = QuadraticThrust{2.0, 1.0, 0.1};
  const Vec6 whole = thruster_wrench(t, 3.0, 0.0, Vec6::Zero(), Vec3::Zero());
  const Vec6 part = thruster_wrench(t, 3.0, 0.0, Vec6::Zero(), Vec3::Zero(), 0.3);
  EXPECT_TRUE(part.isApprox(0.3 * whole));
}

TEST(ControlSurface, DeflectionFinAsFossensRemus) {
  // The REMUS rudder at 2 m/s, 0.1 rad: Y = 1/2 rho U^2 A C_L delta across, the drag
  // 1/2 rho U^2 A C_L delta^2 aft, N = x Y (FLU: the tail pushed to port turns it to starboard).
  DeflectionFin fin;
  fin.p_BoP_B = Vec3(-0.8, 0, 0);
  fin.area = 0.0133;
  fin.lift_slope = 0.5;
  const ControlSurface rudder{0, fin};
  Vec6 nu = Vec6::Zero();
  nu[0] = 2.0;
  const Vec6 F = control_surface_wrench(rudder, 0.1, nu, Vec3::Zero(), 1026.0);
  const double q = 0.5 * 1026.0 * 4.0 * 0.0133 * 0.5;
  EXPECT_NEAR(F[1], q * 0.1, 1e-12);
  EXPECT_NEAR(F[0], -q * 0.01, 1e-12);
  EXPECT_NEAR(F[5], -0.8 * q * 0.1, 1e-12);
  EXPECT_LT(F[5], 0.0);  // yaw to starboard (clockwise seen from above)
  // Only surge and the fin's normal set its speed: heave leaves the rudder alone.
  nu[2] = 5.0;
  EXPECT_TRUE(control_surface_wrench(rudder, 0.1, nu, Vec3::Zero(), 1026.0).isApprox(F));
}

TEST(ControlSurface, FoilSeesTheFlowAtItsCentreOfPressure) {
  // A flat-plate rudder 1 m aft on a body turning at r in still water, not moving ahead: the
  // water comes onto it from the side the stern swings to, so it resists the turn.
  Foil foil;
  foil.p_BoP_B = Vec3(-1.0, 0, 0);
  foil.span_B = Vec3::UnitZ();
  foil.area = 0.1;
  foil.coefficients = FlatPlateFoil{};
  Vec6 nu = Vec6::Zero();
  nu[0] = 1.0;
  nu[5] = 0.5;
  const Vec6 F = control_surface_wrench(ControlSurface{0, foil}, 0.0, nu, Vec3::Zero(), 1000.0);
  EXPECT_LT(F[5] * nu[5], 0.0);
}

}  // namespace
}  // namespace leeway
