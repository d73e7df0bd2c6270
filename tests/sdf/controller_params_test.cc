// Leeway's autopilot, station keeping, dive pilot and ROV pilot plugins, loaded from SDF:
// parameters, defaults, the axes they control, and every bad input named with file and line.
#include <gtest/gtest.h>

#include <numbers>
#include <string>
#include <tuple>

#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

using testing::expect_mentions;
using testing::line_of;
using testing::load_error;
using testing::simple_model;
using testing::world_sdf;

/// Two fixed thrusters 1 m either side of the centre line: surge and yaw, no sway.
const std::string kTwinThrusters = R"(
  <plugin filename="leeway-thruster" name="leeway::Thruster"><actuator>left</actuator>
    <position>-2 1 0</position><axis>1 0 0</axis>
    <thrust><quadratic><k_forward>2</k_forward></quadratic></thrust></plugin>
  <plugin filename="leeway-thruster" name="leeway::Thruster"><actuator>right</actuator>
    <position>-2 -1 0</position><axis>1 0 0</axis>
    <thrust><quadratic><k_forward>2</k_forward></quadratic></thrust></plugin>)";

/// A propeller, a rudder and a stern plane (deflection fins at x = -1 m).
const std::string kFinnedVehicle = R"(
  <plugin filename="leeway-thruster" name="leeway::Thruster"><actuator>propeller</actuator>
    <position>-1 0 0</position><axis>1 0 0</axis>
    <thrust><quadratic><k_forward>0.01</k_forward></quadratic></thrust></plugin>
  <plugin filename="leeway" name="leeway::ControlSurface"><actuator>rudder</actuator>
    <deflection_fin><position>-1 0 0</position><lift_direction>0 1 0</lift_direction>
      <area>0.01</area><lift_slope>0.5</lift_slope></deflection_fin></plugin>
  <plugin filename="leeway" name="leeway::ControlSurface"><actuator>stern_plane</actuator>
    <deflection_fin><position>-1 0 0</position><lift_direction>0 0 1</lift_direction>
      <area>0.01</area><lift_slope>0.5</lift_slope></deflection_fin></plugin>)";

const std::string kDiveGains = R"(<depth><kp>0.1</kp></depth><pitch><kp>50</kp></pitch>
    <heading><kp>10</kp><kd>5</kd></heading>)";

/// Six thrusters that span all six axes: two ahead at y = +-1 (surge, yaw), one athwartships
/// (sway), three vertical at (1, +-1) and (-1, 0) (heave, roll, pitch).
std::string six_axis_thrusters() {
  std::string out;
  const char* placements[][3] = {{"t1", "0 1 0", "1 0 0"},  {"t2", "0 -1 0", "1 0 0"},
                                 {"t3", "0 0 0", "0 1 0"},  {"t4", "1 1 0", "0 0 1"},
                                 {"t5", "1 -1 0", "0 0 1"}, {"t6", "-1 0 0", "0 0 1"}};
  for (const auto& [name, position, axis] : placements) {
    out += std::string(R"(
  <plugin filename="leeway-thruster" name="leeway::Thruster"><actuator>)") +
           name + "</actuator><position>" + position + "</position><axis>" + axis +
           "</axis><thrust><quadratic><k_forward>2</k_forward></quadratic></thrust></plugin>";
  }
  return out;
}

const std::string kRovGains =
    "<linear_velocity><kp>10</kp><ki>2</ki></linear_velocity>"
    "<angular_velocity><kp>10</kp><ki>2</ki><kd>1</kd></angular_velocity>";

std::string posed(const std::string& model) {
  std::string m = model;
  m.insert(m.find("<link"), "<pose>3 4 -5 0 0 0.5</pose>\n  ");
  return m;
}

TEST(StationKeeperParams, HoldsTheStartPoseByDefaultOnTheAxesItsGainsName) {
  Scenario m = testing::load_scenario(world_sdf(posed(simple_model(kTwinThrusters + R"(
  <plugin filename="leeway-station-keeping" name="leeway::StationKeeping">
    <kp>100 0 0 0 0 50</kp><kd>10 0 0 0 0 5</kd></plugin>)"))));
  ASSERT_EQ(m.controllers.size(), 1u);
  EXPECT_EQ(m.controllers[0].interval, 10u);  // 10 Hz at dt 0.01 s
  const auto& k = std::get<StationKeeperModel>(m.controllers[0].law);
  EXPECT_TRUE(k.station.p_W.isApprox(Vec3(3, 4, -5), 1e-12));
  EXPECT_NEAR(k.station.yaw, 0.5, 1e-12);
  EXPECT_EQ(k.gains.kp[5], 50.0);
  EXPECT_EQ(k.gains.ki, Vec6::Zero());
  EXPECT_EQ(k.gains.integral_limit[0], 1e300);
  // Surge and yaw allocated; the uncontrolled sway row is zero.
  EXPECT_EQ(k.commander.allocator.B.row(1).norm(), 0.0);
  EXPECT_GT(k.commander.allocator.B.row(5).norm(), 0.0);

  m = testing::load_scenario(world_sdf(simple_model(kTwinThrusters + R"(
  <plugin filename="leeway-station-keeping" name="leeway::StationKeeping"><rate>25</rate>
    <station>1 2 3 -1</station><kp>100 0 0 0 0 50</kp></plugin>)")));
  const auto& l = std::get<StationKeeperModel>(m.controllers.at(0).law);
  EXPECT_EQ(m.controllers[0].interval, 4u);
  EXPECT_EQ(l.station.p_W, Vec3(1, 2, 3));
  EXPECT_EQ(l.station.yaw, -1.0);
  EXPECT_FALSE(l.wave_filter);
  EXPECT_EQ(l.commander.full_rate_thrust, 0.0);
}

TEST(StationKeeperParams, ReadsItsWaveFilterAndFullRateThrust) {
  // The notch at 2 pi / T_p, its damping 0.1 and the low pass at 1.5 times the notch by default.
  const auto keeper_with = [](const std::string& extra) {
    return testing::load_scenario(world_sdf(simple_model(kTwinThrusters + R"(
  <plugin filename="leeway-station-keeping" name="leeway::StationKeeping">
    <kp>100 0 0 0 0 50</kp><full_rate_thrust>40</full_rate_thrust>
    <wave_filter><peak_period>8</peak_period>)" + extra + "</wave_filter></plugin>")));
  };
  Scenario m = keeper_with("");
  const auto& k = std::get<StationKeeperModel>(m.controllers.at(0).law);
  ASSERT_TRUE(k.wave_filter);
  EXPECT_NEAR(k.wave_filter->peak_frequency, 2.0 * std::numbers::pi / 8.0, 1e-15);
  EXPECT_EQ(k.wave_filter->notch_damping, 0.1);
  EXPECT_NEAR(k.wave_filter->cutoff_frequency, 1.5 * 2.0 * std::numbers::pi / 8.0, 1e-15);
  EXPECT_EQ(k.commander.full_rate_thrust, 40.0);
  m = keeper_with("<notch_damping>0.3</notch_damping><cutoff_frequency>0.4</cutoff_frequency>");
  const auto& l = std::get<StationKeeperModel>(m.controllers.at(0).law);
  EXPECT_EQ(l.wave_filter->notch_damping, 0.3);
  EXPECT_EQ(l.wave_filter->cutoff_frequency, 0.4);
}

TEST(RovPilotParams, HoldsTheStartPoseWithUuvSimulatorsDefaultsAndTheTotalInertia) {
  Scenario m = testing::load_scenario(world_sdf(posed(simple_model(six_axis_thrusters() + R"(
  <plugin filename="leeway-rov-pilot" name="leeway::RovPilot"><rate>50</rate>)" +
                                                                   kRovGains + "</plugin>"))));
  ASSERT_EQ(m.controllers.size(), 1u);
  EXPECT_EQ(m.controllers[0].interval, 2u);
  const auto& p = std::get<RovPilotModel>(m.controllers[0].law);
  ASSERT_EQ(p.stations.size(), 1u);
  EXPECT_TRUE(p.stations[0].p_W.isApprox(Vec3(3, 4, -5), 1e-12));
  EXPECT_NEAR(p.stations[0].yaw, 0.5, 1e-12);
  EXPECT_EQ(p.k_position, 0.8);
  EXPECT_EQ(p.k_attitude, 0.3);
  EXPECT_EQ(p.max_linear_acceleration, 20.0);
  EXPECT_EQ(p.max_angular_acceleration, 5.0);
  EXPECT_EQ(p.linear, (PidGains{10, 2, 0, 1e300}));
  EXPECT_EQ(p.angular, (PidGains{10, 2, 1, 1e300}));
  const BodyModel& b = m.model.bodies[0];
  EXPECT_EQ(p.M, b.M_RB + b.M_A);
  EXPECT_EQ(p.commander.actuators.size(), 6u);

  m = testing::load_scenario(world_sdf(simple_model(six_axis_thrusters() + R"(
  <plugin filename="leeway-rov-pilot" name="leeway::RovPilot">
    <stations><station>1 2 -3 0.5</station><station>4 5 -6 -1</station></stations>
    <acceptance_radius>0.2</acceptance_radius><face_goal_beyond>8</face_goal_beyond>
    <max_speed>1.5</max_speed><max_turn_rate>0.1</max_turn_rate>
    <inertia>rigid_body</inertia>)" + kRovGains + "</plugin>")));
  const auto& q = std::get<RovPilotModel>(m.controllers.at(0).law);
  ASSERT_EQ(q.stations.size(), 2u);
  EXPECT_EQ(q.stations[1].p_W, Vec3(4, 5, -6));
  EXPECT_EQ(q.stations[1].yaw, -1.0);
  EXPECT_EQ(q.acceptance_radius, 0.2);
  EXPECT_EQ(q.face_goal_beyond, 8.0);
  EXPECT_EQ(q.max_speed, 1.5);
  EXPECT_EQ(q.max_turn_rate, 0.1);
  EXPECT_EQ(q.M, m.model.bodies[0].M_RB);
}

TEST(RovPilotParams, BadInputNamesTheElementAndWhatWasExpected) {
  std::string text = world_sdf(simple_model(six_axis_thrusters() + R"(
  <plugin filename="leeway-rov-pilot" name="leeway::RovPilot">
    <linear_velocity><kp>10</kp></linear_velocity></plugin>)"));
  expect_mentions(load_error("rov_gains.sdf", text),
                  {"rov_gains.sdf:" + std::to_string(line_of(text, "leeway-rov-pilot")),
                   "missing <angular_velocity>"});

  text = world_sdf(simple_model(six_axis_thrusters() + R"(
  <plugin filename="leeway-rov-pilot" name="leeway::RovPilot">
    <inertia>added</inertia>)" + kRovGains +
                                "</plugin>"));
  expect_mentions(load_error("rov_inertia.sdf", text),
                  {"rov_inertia.sdf:" + std::to_string(line_of(text, "<inertia>added")), "'added'",
                   "total", "rigid_body"});

  text = world_sdf(simple_model(six_axis_thrusters() + R"(
  <plugin filename="leeway-rov-pilot" name="leeway::RovPilot">
    <stations></stations>)" + kRovGains +
                                "</plugin>"));
  expect_mentions(load_error("rov_empty.sdf", text),
                  {"rov_empty.sdf:" + std::to_string(line_of(text, "<stations>")), "no <station>"});

  text = world_sdf(simple_model(six_axis_thrusters() + R"(
  <plugin filename="leeway-rov-pilot" name="leeway::RovPilot">
    <max_speed>0</max_speed>)" + kRovGains +
                                "</plugin>"));
  expect_mentions(load_error("rov_speed.sdf", text),
                  {"rov_speed.sdf:" + std::to_string(line_of(text, "<max_speed>")), "got 0"});

  // A surface vessel's two thrusters cannot move it sideways, which the pilot needs.
  text = world_sdf(simple_model(kTwinThrusters + R"(
  <plugin filename="leeway-rov-pilot" name="leeway::RovPilot">)" +
                                kRovGains + "</plugin>"));
  expect_mentions(
      load_error("rov_twin.sdf", text),
      {"rov_twin.sdf:" + std::to_string(line_of(text, "leeway-rov-pilot")), "no sway force"});
}

TEST(DivePilotParams, ReadsItsWaypointsGainsAndFins) {
  const Scenario m = testing::load_scenario(world_sdf(simple_model(kFinnedVehicle + R"(
  <plugin filename="leeway-dive-pilot" name="leeway::DivePilot"><cruise_command>50</cruise_command>
    <waypoints><waypoint>10 0 -5</waypoint><waypoint>10 20 -8</waypoint></waypoints>
    <max_pitch>0.2</max_pitch>)" + kDiveGains + "</plugin>")));
  const auto& p = std::get<DivePilotModel>(m.controllers.at(0).law);
  ASSERT_EQ(p.waypoints_W.size(), 2u);
  EXPECT_EQ(p.waypoints_W[1], Vec3(10, 20, -8));
  EXPECT_EQ(p.cruise_command, 50.0);
  EXPECT_EQ(p.max_pitch, 0.2);
  EXPECT_EQ(p.acceptance_radius, 5.0);
  EXPECT_EQ(p.heading.kd, 5.0);
  EXPECT_EQ(p.propulsion, std::vector<int>{m.model.actuator_index("m", "propeller")});
  EXPECT_EQ(p.fins.actuators.size(), 2u);
}

TEST(AutopilotParams, SteersWithThrustersThatYawAndOtherwiseWithRudders) {
  const std::string gains = "<heading><kp>1</kp></heading><surge><kp>1</kp></surge>";
  Scenario m = testing::load_scenario(world_sdf(simple_model(kTwinThrusters + R"(
  <plugin filename="leeway-autopilot" name="leeway::Autopilot">
    <waypoints><waypoint>10 0 1</waypoint></waypoints>)" + gains +
                                                             "</plugin>")));
  EXPECT_FALSE(std::get<AutopilotModel>(m.controllers.at(0).law).rudders);

  // One centre-line propeller: surge to it, yaw to the rudder alone (not the stern plane).
  m = testing::load_scenario(world_sdf(simple_model(kFinnedVehicle + R"(
  <plugin filename="leeway-autopilot" name="leeway::Autopilot">
    <waypoints><waypoint>10 0</waypoint></waypoints>)" +
                                                    gains + "</plugin>")));
  const auto& p = std::get<AutopilotModel>(m.controllers.at(0).law);
  ASSERT_TRUE(p.rudders.has_value());
  EXPECT_EQ(p.commander.actuators, std::vector<int>{m.model.actuator_index("m", "propeller")});
  const Eigen::Index stern =
      p.rudders->actuators[0] == m.model.actuator_index("m", "rudder") ? 1 : 0;
  EXPECT_EQ(p.rudders->B_1.col(stern).norm(), 0.0);
  EXPECT_GT(std::abs(p.rudders->B_1(5, 1 - stern)), 0.0);
}

TEST(BadInput, ReferenceControllers) {
  // A station keeper asked to hold sway with thrusters that give none.
  std::string text = world_sdf(simple_model(kTwinThrusters + R"(
  <plugin filename="leeway-station-keeping" name="leeway::StationKeeping">
    <kp>100 100 0 0 0 50</kp></plugin>)"));
  expect_mentions(load_error("sk_sway.sdf", text),
                  {"sk_sway.sdf:" + std::to_string(line_of(text, "leeway-station-keeping")),
                   "model 'm'", "no sway force"});

  text = world_sdf(simple_model(kTwinThrusters + R"(
  <plugin filename="leeway-station-keeping" name="leeway::StationKeeping">
    <kp>100 0 0 0 -1 50</kp></plugin>)"));
  expect_mentions(load_error("sk_negative.sdf", text),
                  {"sk_negative.sdf:" + std::to_string(line_of(text, "<kp>")), "got -1"});

  text = world_sdf(simple_model(kTwinThrusters + R"(
  <plugin filename="leeway-station-keeping" name="leeway::StationKeeping">
    <station>1 2 3</station><kp>100 0 0 0 0 50</kp></plugin>)"));
  expect_mentions(load_error("sk_station.sdf", text),
                  {"sk_station.sdf:" + std::to_string(line_of(text, "<station>")), "x y z yaw"});

  text = world_sdf(simple_model(kTwinThrusters + R"(
  <plugin filename="leeway-station-keeping" name="leeway::StationKeeping">
    <kp>100 0 0 0 0 50</kp><steering_rate>0</steering_rate></plugin>)"));
  expect_mentions(load_error("sk_rate.sdf", text),
                  {"sk_rate.sdf:" + std::to_string(line_of(text, "<steering_rate>")), "got 0",
                   "steering rate"});

  for (const auto& [filter, element, expected] :
       {std::tuple{"<notch_damping>0.1</notch_damping>", "<wave_filter>", "<peak_period>"},
        std::tuple{"<peak_period>0</peak_period>", "<peak_period>", "peak period"},
        std::tuple{"<peak_period>5</peak_period><notch_damping>0</notch_damping>",
                   "<notch_damping>", "damping > 0"},
        std::tuple{"<peak_period>5</peak_period><notch_damping>1.5</notch_damping>",
                   "<notch_damping>", "in [0, 1]"},
        std::tuple{"<peak_period>5</peak_period><cutoff_frequency>-1</cutoff_frequency>",
                   "<cutoff_frequency>", "corner"},
        std::tuple{"<peak_period>5</peak_period><period>5</period>", "<period>",
                   "<cutoff_frequency>"}}) {
    SCOPED_TRACE(filter);
    text = world_sdf(simple_model(kTwinThrusters + R"(
  <plugin filename="leeway-station-keeping" name="leeway::StationKeeping">
    <kp>100 0 0 0 0 50</kp>
    <wave_filter>)" + std::string(filter) +
                                  "</wave_filter></plugin>"));
    expect_mentions(load_error("sk_filter.sdf", text),
                    {"sk_filter.sdf:" + std::to_string(line_of(text, element)), expected});
  }

  // A dive pilot on a vehicle without fins.
  text = world_sdf(simple_model(kTwinThrusters + R"(
  <plugin filename="leeway-dive-pilot" name="leeway::DivePilot"><cruise_command>5</cruise_command>
    <waypoints><waypoint>10 0 -5</waypoint></waypoints>)" +
                                kDiveGains + "</plugin>"));
  expect_mentions(
      load_error("dive_fins.sdf", text),
      {"dive_fins.sdf:" + std::to_string(line_of(text, "leeway-dive-pilot")), "no actuated fins"});

  text = world_sdf(simple_model(kFinnedVehicle + R"(
  <plugin filename="leeway-dive-pilot" name="leeway::DivePilot"><cruise_command>5</cruise_command>
    <waypoints><waypoint>10 0</waypoint></waypoints>)" +
                                kDiveGains + "</plugin>"));
  expect_mentions(load_error("dive_wp.sdf", text),
                  {"dive_wp.sdf:" + std::to_string(line_of(text, "<waypoint>")), "x y z"});

  text = world_sdf(simple_model(kFinnedVehicle + R"(
  <plugin filename="leeway-dive-pilot" name="leeway::DivePilot">
    <waypoints><waypoint>10 0 -1</waypoint></waypoints>)" +
                                kDiveGains + "</plugin>"));
  expect_mentions(load_error("dive_cruise.sdf", text), {"missing <cruise_command>"});

  // A cruise command that drives the vehicle astern (a sign slip on an aft-facing propeller).
  text = world_sdf(simple_model(kFinnedVehicle + R"(
  <plugin filename="leeway-dive-pilot" name="leeway::DivePilot">
    <cruise_command>-50</cruise_command>
    <waypoints><waypoint>10 0 -1</waypoint></waypoints>)" +
                                kDiveGains + "</plugin>"));
  expect_mentions(load_error("dive_astern.sdf", text),
                  {"dive_astern.sdf:" + std::to_string(line_of(text, "<cruise_command>")),
                   "cruise command -50", "would not go ahead"});

  // A rudder-steered vessel cannot turn on the spot to a waypoint's yaw.
  text = world_sdf(simple_model(kFinnedVehicle + R"(
  <plugin filename="leeway-autopilot" name="leeway::Autopilot">
    <waypoints><waypoint>10 0</waypoint><waypoint>20 0 1.5</waypoint></waypoints>
    <heading><kp>1</kp></heading><surge><kp>1</kp></surge></plugin>)"));
  expect_mentions(load_error("rudder_yaw.sdf", text),
                  {"rudder_yaw.sdf:" + std::to_string(line_of(text, "leeway-autopilot")),
                   "waypoint 2 has a yaw", "steers with rudders"});

  // Neither thrusters that yaw nor rudders.
  text = world_sdf(simple_model(R"(
  <plugin filename="leeway-thruster" name="leeway::Thruster"><actuator>propeller</actuator>
    <position>-1 0 0</position><axis>1 0 0</axis>
    <thrust><quadratic><k_forward>0.01</k_forward></quadratic></thrust></plugin>
  <plugin filename="leeway-autopilot" name="leeway::Autopilot">
    <waypoints><waypoint>10 0</waypoint></waypoints>
    <heading><kp>1</kp></heading><surge><kp>1</kp></surge></plugin>)"));
  expect_mentions(load_error("no_steering.sdf", text),
                  {"no_steering.sdf:" + std::to_string(line_of(text, "leeway-autopilot")),
                   "no actuated fins or rudders"});

  // Two controllers on one model.
  text = world_sdf(simple_model(kTwinThrusters + R"(
  <plugin filename="leeway-station-keeping" name="leeway::StationKeeping">
    <kp>100 0 0 0 0 50</kp></plugin>
  <plugin filename="leeway-autopilot" name="leeway::Autopilot">
    <waypoints><waypoint>10 0</waypoint></waypoints>
    <heading><kp>1</kp></heading><surge><kp>1</kp></surge></plugin>)"));
  expect_mentions(load_error("two.sdf", text),
                  {"two.sdf:" + std::to_string(line_of(text, "leeway-autopilot")),
                   "a second controller on model 'm'"});
}

}  // namespace
}  // namespace leeway
