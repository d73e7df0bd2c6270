// The kernel's checks of an actuator's parameters (propulsion/actuator_checks.h): each invariant
// a thruster's curves and wrench, or a control surface's law, assume is refused in words when
// broken, and every kind with sound parameters passes.
#include "leeway/propulsion/actuator_checks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace leeway {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool accepted(const ThrustCurve& curve) {
  return check_thrust_curve(curve).empty();
}

TEST(ThrustCurveChecks, SoundCurvesOfEveryKindPass) {
  EXPECT_TRUE(accepted(QuadraticThrust{0.01, 0.008, 0.0}));
  EXPECT_TRUE(accepted(DeadZoneThrust{0.002, 0.003, -50.0, 40.0}));
  EXPECT_TRUE(accepted(TableThrust{{-1.0, 0.0, 1.0}, {-20.0, 0.0, 30.0}}));
  EXPECT_TRUE(accepted(LinearThrust{1.0, 250.0, 100.0}));
  EXPECT_TRUE(accepted(LogisticThrust{{}, {}, 250.0, 100.0}));
  EXPECT_TRUE(accepted(PropellerThrust{0.2, 1000.0, 0.004, false, 1.0, 0.0, 0.2}));
  OpenWaterThrust remus;
  remus.diameter = 0.14;
  remus.K_T0 = 0.4566;
  remus.J_max = 0.944;
  EXPECT_TRUE(accepted(remus));
}

TEST(ThrustCurveChecks, EachBrokenInvariantIsNamed) {
  const auto problem = [](const ThrustCurve& c) { return check_thrust_curve(c); };
  EXPECT_NE(problem(DeadZoneThrust{0.002, 0.003, 5.0, 40.0}).find("delta_L <= 0 <= delta_R"),
            std::string::npos);
  EXPECT_NE(problem(DeadZoneThrust{-0.002, 0.003, -5.0, 40.0}).find("c_L, c_R >= 0"),
            std::string::npos);
  EXPECT_NE(problem(TableThrust{{0.0, 0.0}, {1.0, 2.0}}).find("strictly increasing"),
            std::string::npos);
  EXPECT_NE(problem(TableThrust{{0.0, 1.0}, {1.0}}).find("one thrust per input"),
            std::string::npos);
  EXPECT_NE(problem(LinearThrust{1.0, 250.0, -100.0}).find("expected magnitudes"),
            std::string::npos);
  EXPECT_NE(problem(LinearThrust{0.0, 250.0, 100.0}).find("command > 0"), std::string::npos);
  LogisticThrust flat{{}, {}, 250.0, 100.0};
  flat.forward.nu = 0.0;
  EXPECT_NE(problem(flat).find("nu > 0"), std::string::npos);
  EXPECT_NE(problem(PropellerThrust{0.0, 1000.0, 0.004, false, 1.0, 0.0, 0.2}).find("both > 0"),
            std::string::npos);
  OpenWaterThrust wake;
  wake.diameter = 0.14;
  wake.wake_fraction = 1.5;
  EXPECT_NE(problem(wake).find("in [0, 1]"), std::string::npos);
  EXPECT_NE(problem(QuadraticThrust{kNaN, 0.0, 0.0}).find("not finite"), std::string::npos);
}

TEST(ThrusterChecks, AnAzimuthMustTurnAcrossTheThrustAxis) {
  Thruster t;
  t.curve = QuadraticThrust{0.01, 0.01, 0.0};
  EXPECT_EQ(check_thruster(t), "");
  EXPECT_EQ(check_azimuth(t), "");  // a fixed thruster has none to check
  t.azimuth_actuator = 1;
  t.turn_axis_B = Vec3::UnitZ();
  EXPECT_EQ(check_azimuth(t), "");
  t.turn_axis_B = -Vec3::UnitX();  // about the thrust axis itself
  EXPECT_NE(check_azimuth(t).find("would not steer"), std::string::npos);
  t.turn_axis_B = Vec3(0.0, 0.0, 2.0);  // not a unit vector
  EXPECT_NE(check_azimuth(t).find("unit turn axis"), std::string::npos);
}

TEST(ThrusterChecks, ThePoseTheCurveAndTheAdjustmentAreChecked) {
  Thruster t;
  t.curve = DeadZoneThrust{0.002, 0.003, 1.0, 40.0};
  EXPECT_EQ(check_thruster(t).rfind("thrust curve: dead zone", 0), 0u) << check_thruster(t);
  t.curve = QuadraticThrust{0.01, 0.01, 0.0};
  t.axis_B = Vec3(1.0, 1.0, 0.0);
  EXPECT_NE(check_thruster(t).find("unit axis"), std::string::npos);
  t.axis_B = Vec3::UnitX();
  t.disc_radius = -0.1;
  EXPECT_NE(check_thruster(t).find("radius >= 0"), std::string::npos);
  t.disc_radius = 0.1;
  t.adjustment.thrust_min = 10.0;
  t.adjustment.thrust_max = -10.0;
  EXPECT_NE(check_thruster(t).find("not empty"), std::string::npos);
  t.adjustment.thrust_max = kNaN;
  EXPECT_NE(check_thruster(t).find("not empty"), std::string::npos);
}

TEST(ControlSurfaceChecks, FoilsFinsAndSailsAreCheckedAsTheirLawsAssume) {
  Foil foil;
  foil.area = 0.5;
  foil.coefficients = TwoLinesFoil{0.0, 4.0, 0.2, 0.3, -1.0, 1.0};
  ControlSurface s;
  s.law = foil;
  EXPECT_EQ(check_control_surface(s), "");
  foil.span_B = Vec3(0.1, 0.0, 1.0).normalized();  // not across the chord
  s.law = foil;
  EXPECT_NE(check_control_surface(s).find("at right angles"), std::string::npos);
  foil.span_B = Vec3::UnitZ();
  foil.coefficients = TwoLinesFoil{0.0, 4.0, 0.2, 0.0, -1.0, 1.0};
  s.law = foil;
  EXPECT_NE(check_control_surface(s).find("stall angle > 0"), std::string::npos);
  foil.coefficients = TableFoil{{-1.0, 0.0, 7.0}, {0, 0, 0}, {1, 1, 1}, {0, 0, 0}};
  s.law = foil;
  EXPECT_NE(check_control_surface(s).find("less than 2 pi"), std::string::npos);
  foil.coefficients = WingFoil{};
  s.law = foil;
  EXPECT_EQ(check_control_surface(s), "");

  DeflectionFin fin;
  fin.area = 0.1;
  fin.lift_slope = 3.0;
  s.law = fin;
  EXPECT_EQ(check_control_surface(s), "");
  fin.lift_B = Vec3::UnitX();  // along the chord
  s.law = fin;
  EXPECT_NE(check_control_surface(s).find("at right angles"), std::string::npos);

  Sail sail;
  sail.foil.area = 4.0;
  sail.foil.coefficients = FlatPlateFoil{};
  sail.boom_block = 2.0;
  sail.deck_block = 0.0;
  s.law = sail;
  EXPECT_NE(check_control_surface(s).find("both > 0"), std::string::npos);
  sail.deck_block = 1.0;
  s.law = sail;
  EXPECT_EQ(check_control_surface(s), "");
}

}  // namespace
}  // namespace leeway
