// USVSim's boats (seed 002): the Lutra Airboat and Lutra Prop reach their field-trial top speeds
// with the rise of a boat whose thrust meets a quadratic resistance; the airboat's fan pushes
// only while clear of the water; the rudder boat turns the way its rudder says; the sailboat's
// polar has the shape of seed 002's Fig. 10.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "leeway/app/sail_polar.h"
#include "leeway/body/dynamics.h"
#include "leeway/sdf/load_world.h"
#include "leeway/world/step.h"

namespace leeway {
namespace {

Model load(const std::string& world) {
  Diagnostics diagnostics;
  Model m = load_world_file(std::string(LEEWAY_SOURCE_DIR) + "/worlds/" + world, diagnostics);
  EXPECT_TRUE(diagnostics.warnings().empty());
  return m;
}

struct SpeedTrial {
  double top_speed = 0.0;   ///< surge at the end [m/s]
  double time_to_90 = 0.0;  ///< first time surge reaches 90% of it [s]
};

/// Full commands from rest, straight ahead, for `duration` seconds.
SpeedTrial speed_trial(const std::string& world, const std::vector<std::string>& actuators,
                       double duration) {
  const Model m = load(world);
  State s = make_initial_state(m);
  Inputs in;
  in.commands.assign(m.actuators.size(), std::nullopt);
  for (const std::string& a : actuators)
    in.commands[static_cast<std::size_t>(m.actuator_index(m.bodies[0].model_name, a))] = 1.0;
  std::vector<double> t, u;
  while (s.t < duration - 1e-9) {
    EXPECT_TRUE(step(m, s, in).ok);
    t.push_back(s.t);
    u.push_back(s.bodies[0].V_WB_B[0]);
  }
  SpeedTrial trial{u.back(), 0.0};
  for (std::size_t i = 1; i < u.size(); ++i) {
    if (u[i] >= 0.9 * trial.top_speed) {
      // Linear between the samples around the crossing.
      const double f = (0.9 * trial.top_speed - u[i - 1]) / (u[i] - u[i - 1]);
      trial.time_to_90 = t[i - 1] + f * (t[i] - t[i - 1]);
      break;
    }
  }
  return trial;
}

TEST(UsvSimBoats, LutraAirboatReachesItsFieldTrialSpeed) {
  // Seed 002, Table 2: 0.67 m/s at full fan (PWM 2000, 3.13 N) against 6.9 u|u|. From rest,
  // m u' = T - d u^2 gives u = V tanh(d V t / m): 90% at atanh(0.9) m / (d V) = 3.80 s.
  const SpeedTrial trial = speed_trial("lutra_airboat.sdf", {"fan"}, 40.0);
  EXPECT_NEAR(trial.top_speed, 0.67, 0.03 * 0.67);
  const double V = std::sqrt(3.13 / 6.9);
  EXPECT_NEAR(trial.top_speed, V, 0.005 * V);
  EXPECT_NEAR(trial.time_to_90, std::atanh(0.9) * 12.0 / (6.9 * V), 0.05 * 3.8);
}

TEST(UsvSimBoats, LutraPropReachesItsFieldTrialSpeed) {
  // Table 2: 1.41 m/s at PWM 1700 (22.54 N on the dynamometer) against 11.33 u|u|; the
  // propellers' 15-degree tilt and the trim it brings cost a few tenths of a percent.
  const SpeedTrial trial = speed_trial("lutra_prop.sdf", {"left", "right"}, 20.0);
  EXPECT_NEAR(trial.top_speed, 1.41, 0.03 * 1.41);
  const double V = std::sqrt(22.54 / 11.33);
  EXPECT_NEAR(trial.top_speed, V, 0.005 * V);
  EXPECT_NEAR(trial.time_to_90, std::atanh(0.9) * 12.7 / (11.33 * V), 0.05 * 1.17);
}

TEST(UsvSimBoats, AirboatFanPushesOnlyWhileClearOfTheWater) {
  // The fan's disc (radius 0.1 m, 0.18 m above the hull's origin) lowered through the calm
  // surface: its thrust follows the share of the disc in air, 1 - (acos c - c sqrt(1 - c^2))/pi
  // with c the depth of its centre over the radius.
  const Model m = load("lutra_airboat.sdf");
  const int fan = m.actuator_index("lutra_airboat", "fan");
  std::vector<double> x(m.actuators.size(), 0.0);
  x[static_cast<std::size_t>(fan)] = 1.0;
  HeldLoads held;
  held.actuators = {x, x, x};
  BodyState b = make_initial_state(m).bodies[0];
  b.q_WB = Quat::Identity();
  for (const double depth : {-0.2, -0.05, 0.0, 0.05, 0.2}) {
    b.p_WB = Vec3(0, 0, -0.18 - depth);
    const double c = std::clamp(depth / 0.1, -1.0, 1.0);
    const double in_air = (std::acos(c) - c * std::sqrt(1 - c * c)) / kPi;
    const BodyWrenches w =
        compute_body_wrenches(m.bodies[0], m.environment, EnvironmentState{}, 0.0, b, held);
    EXPECT_NEAR(w.terms[BodyWrenches::kThrusters][0], 3.13 * in_air, 1e-12) << depth;
  }
}

TEST(UsvSimBoats, RudderBoatTurnsToStarboardOnAPositiveRudder) {
  const Model m = load("usvsim_rudder_boat.sdf");
  State s = make_initial_state(m);
  Inputs in;
  in.commands.assign(m.actuators.size(), std::nullopt);
  in.commands[static_cast<std::size_t>(m.actuator_index("usvsim_rudder_boat", "propeller"))] = 1;
  in.commands[static_cast<std::size_t>(m.actuator_index("usvsim_rudder_boat", "rudder"))] = 0.3;
  while (s.t < 60.0 - 1e-9)
    ASSERT_TRUE(step(m, s, in).ok);
  const BodyState& b = s.bodies[0];
  EXPECT_LT(b.V_WB_B[5], -0.05);  // a steady turn to starboard
  // In a steady turn the speed and the yaw rate make the turning circle: R = U / |r|, here a
  // few boat lengths.
  const double R = Vec3(linear(b.V_WB_B)).head<2>().norm() / std::abs(b.V_WB_B[5]);
  EXPECT_GT(R, 3.0);
  EXPECT_LT(R, 30.0);
}

TEST(UsvSimBoats, SailboatPolarHasTheShapeOfSeed002) {
  // Seed 002, Fig. 10: no headway within 30 degrees of the wind, the fastest point across it,
  // slower downwind.
  const Model m = load("usvsim_sailboat.sdf");
  PolarOptions o;
  o.model = "usvsim_sailboat";
  o.wind_speed = 2.0;
  o.angles_deg = {0, 20, 60, 90, 120, 180};
  o.duration = 60.0;
  const std::vector<PolarPoint> polar = sail_polar(m, o);
  ASSERT_EQ(polar.size(), o.angles_deg.size());
  for (const PolarPoint& p : polar)
    RecordProperty("speed_at_" + std::to_string(static_cast<int>(p.angle_deg)), p.speed);
  for (int i : {0, 1})
    EXPECT_LE(polar[i].speed, 0.0) << polar[i].angle_deg;
  double fastest = 0.0, fastest_angle = 0.0;
  for (const PolarPoint& p : polar) {
    if (p.speed > fastest) fastest = p.speed, fastest_angle = p.angle_deg;
  }
  EXPECT_GE(fastest_angle, 60.0);
  EXPECT_LE(fastest_angle, 120.0);
  EXPECT_GT(fastest, 0.3);
  EXPECT_TRUE(polar.back().held);
  EXPECT_GT(polar.back().speed, 0.0);
  EXPECT_LT(polar.back().speed, 0.95 * fastest);
}

TEST(UsvSimBoats, PolarNamesWhatItCannotSail) {
  const Model m = load("usvsim_sailboat.sdf");
  const auto message = [&](const PolarOptions& o) -> std::string {
    try {
      sail_polar(m, o);
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    return "no error";
  };
  PolarOptions o;
  o.angles_deg = {90};
  o.model = "dinghy";
  EXPECT_EQ(message(o), "no model 'dinghy' in the world");
  o.model = "usvsim_sailboat";
  o.rudder = "tiller";
  EXPECT_EQ(message(o), "model 'usvsim_sailboat' has no actuator 'tiller' (it has: rudder, sheet)");
  o.rudder = "sheet";  // a sail makes no yaw moment in still air
  EXPECT_EQ(message(o), "actuator 'sheet' is not a control surface that yaws the boat");
  o.rudder = "rudder";
  o.sheet = "rudder";
  EXPECT_EQ(message(o), "actuator 'rudder' is not a sail's sheet");
}

}  // namespace
}  // namespace leeway
