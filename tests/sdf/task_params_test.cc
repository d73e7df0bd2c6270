// VRX's scoring plugins and Leeway's autopilot, loaded from SDF: goals from latitude and
// longitude, both generations' plugin spellings, and every bad input named with file and line.
#include <gtest/gtest.h>

#include <algorithm>

#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

using testing::expect_mentions;
using testing::line_of;
using testing::load_error;
using testing::simple_model;
using testing::write_temp;

/// VRX's Sydney Regatta origin (vrx_gz/worlds/sydney_regatta.sdf).
const std::string kVrxOrigin = R"(<spherical_coordinates>
      <surface_model>EARTH_WGS84</surface_model><world_frame_orientation>ENU</world_frame_orientation>
      <latitude_deg>-33.724223</latitude_deg><longitude_deg>150.679736</longitude_deg>
      <elevation>0</elevation><heading_deg>0</heading_deg></spherical_coordinates>
)";

/// A world with VRX's origin, a boat "m" (a 4 x 2 x 1 m box to collide) with two fixed
/// thrusters 1 m either side of its centre line, and the given world plugins.
std::string task_world(const std::string& world_plugins, const std::string& boat_plugins = "",
                       const std::string& origin = kVrxOrigin) {
  std::string thrusters;
  for (const char* side : {"left", "right"}) {
    const std::string y = std::string(side) == "left" ? "1" : "-1";
    thrusters += R"(<plugin filename="leeway-thruster" name="leeway::Thruster">
      <actuator>)" +
                 std::string(side) + R"(</actuator><position>-2 )" + y +
                 R"( 0</position><axis>1 0 0</axis>
      <thrust><quadratic><k_forward>2</k_forward></quadratic></thrust>
      </plugin>)";
  }
  return R"(<?xml version="1.0"?>
<sdf version="1.9">
  <world name="w">
    <physics name="p" type="leeway"><max_step_size>0.01</max_step_size></physics>
    <gravity>0 0 0</gravity>
    )" + origin +
         world_plugins +
         simple_model(thrusters + boat_plugins, "m",
                      "<collision name='hull'><geometry><box><size>4 2 1</size></box></geometry>"
                      "</collision>") +
         R"(
  </world>
</sdf>
)";
}

std::string wayfinding(const std::string& filename, const std::string& name,
                       const std::string& body) {
  return R"(<plugin filename=")" + filename + R"(" name=")" + name + R"(">
      <vehicle>m</vehicle><task_name>wayfinding</task_name>)" +
         body + "</plugin>\n";
}

const std::string kWaypoint = R"(<waypoints>
        <waypoint><pose>-33.7226766699 150.6740630167 1.2</pose></waypoint>
        <waypoint><pose>-33.724223 150.679736 -0.5</pose></waypoint></waypoints>)";

TEST(VrxTaskPlugin, WaypointsInLatitudeAndLongitudeLandWhereGzSimPutsThem) {
  // A VRX course generator's check, computed with gz-math's SphericalCoordinates: W (-525.794,
  // 171.500) is latitude -33.7226766699, longitude 150.6740630167.
  Diagnostics d;
  const Scenario m = load_scenario_string(
      task_world(wayfinding("libWayfindingScoringPlugin.so", "vrx::WayfindingScoringPlugin",
                            kWaypoint + "<task_info_topic>/vrx/task/info</task_info_topic>")),
      "t.sdf", d);
  ASSERT_EQ(m.tasks.size(), 1u);
  const TaskModel& task = m.tasks[0];
  EXPECT_EQ(task.kind, TaskKind::kWayfinding);
  EXPECT_EQ(task.name, "wayfinding");
  EXPECT_EQ(task.vehicle, 0);
  EXPECT_EQ(task.initial_duration, 10.0);  // VRX's defaults
  EXPECT_EQ(task.ready_duration, 10.0);
  EXPECT_EQ(task.running_duration, 300.0);
  ASSERT_EQ(task.goals.size(), 2u);
  EXPECT_NEAR(task.goals[0].p_W.x(), -525.794, 0.01);
  EXPECT_NEAR(task.goals[0].p_W.y(), 171.500, 0.01);
  EXPECT_EQ(task.goals[0].yaw, 1.2);
  EXPECT_NEAR(task.goals[1].p_W.norm(), 0.0, 1e-6);                 // the origin itself
  EXPECT_TRUE(d.warnings().empty()) << d.warnings().front().str();  // topics are VRX's own
}

TEST(VrxTaskPlugin, ClassicGazeboSpellingsAndStationKeepingGoalsLoad) {
  Diagnostics d;
  const Scenario m =
      load_scenario_string(task_world(wayfinding("libwayfinding_scoring_plugin.so",
                                                 "wayfinding_scoring_plugin", kWaypoint) +
                                      R"(<plugin filename="libstationkeeping_scoring_plugin.so"
                       name="stationkeeping_scoring_plugin">
              <vehicle>m</vehicle><task_name>station_keeping</task_name>
              <running_state_duration>60</running_state_duration>
              <goal_pose_cart>4 -3 0.7</goal_pose_cart><head_error_on>false</head_error_on>
              <mean_eror_topic>x</mean_eror_topic></plugin>)"),
                           "t.sdf", d);
  ASSERT_EQ(m.tasks.size(), 2u);
  const TaskModel& sk = m.tasks[1];
  EXPECT_EQ(sk.kind, TaskKind::kStationKeeping);
  EXPECT_EQ(sk.running_duration, 60.0);
  EXPECT_EQ(sk.goals.at(0).p_W, Eigen::Vector2d(4.0, -3.0));
  EXPECT_EQ(sk.goals.at(0).yaw, 0.7);
  EXPECT_FALSE(sk.head_error_on);
  // A misspelt parameter is named, not silently dropped.
  ASSERT_EQ(d.warnings().size(), 1u);
  EXPECT_NE(d.warnings()[0].str().find("<mean_eror_topic>"), std::string::npos);
}

TEST(Autopilot, FollowsATasksGoalsFromItsReadyPhaseOrItsOwnWaypoints) {
  const std::string gains = R"(<heading><kp>100</kp><kd>50</kd></heading>
      <surge><kp>80</kp><ki>5</ki><integral_limit>3</integral_limit></surge>)";
  Scenario m = testing::load_scenario(task_world(
      wayfinding("libWayfindingScoringPlugin.so", "vrx::WayfindingScoringPlugin", kWaypoint),
      R"(<plugin filename="leeway-autopilot" name="leeway::Autopilot"><task>wayfinding</task>
         <rate>25</rate>)" +
          gains + "</plugin>"));
  ASSERT_EQ(m.controllers.size(), 1u);
  EXPECT_EQ(m.controllers[0].interval, 4u);  // 25 Hz at dt 0.01 s
  const auto& p = std::get<AutopilotModel>(m.controllers[0].law);
  EXPECT_EQ(p.start_time, 10.0);
  ASSERT_EQ(p.waypoints.size(), 2u);
  EXPECT_EQ(p.waypoints[0].p_W, m.tasks[0].goals[0].p_W);
  EXPECT_EQ(p.waypoints[0].yaw, 1.2);
  EXPECT_EQ(p.heading.kp, 100.0);
  EXPECT_EQ(p.heading.ki, 0.0);
  EXPECT_EQ(p.surge.integral_limit, 3.0);
  EXPECT_EQ(p.commander.actuators.size(), 2u);

  m = testing::load_scenario(
      task_world("", R"(<plugin filename="leeway-autopilot" name="leeway::Autopilot">
         <waypoints><waypoint>10 0</waypoint><waypoint>10 10 1.5</waypoint></waypoints>)" +
                         gains + "</plugin>"));
  EXPECT_EQ(m.controllers.at(0).interval, 10u);  // 10 Hz by default
  const auto& q = std::get<AutopilotModel>(m.controllers.at(0).law);
  EXPECT_EQ(q.start_time, 0.0);
  EXPECT_FALSE(q.waypoints.at(0).yaw.has_value());
  EXPECT_EQ(q.waypoints.at(1).yaw, 1.5);
}

TEST(BadInput, VrxTaskPlugins) {
  const std::string wf = "libWayfindingScoringPlugin.so", name = "vrx::WayfindingScoringPlugin";
  const std::string no_vehicle = task_world(R"(<plugin filename="libWayfindingScoringPlugin.so"
      name="vrx::WayfindingScoringPlugin"><task_name>w</task_name>)" +
                                            kWaypoint + "</plugin>");
  expect_mentions(load_error("novehicle.sdf", no_vehicle),
                  {"novehicle.sdf:" + std::to_string(line_of(no_vehicle, "WayfindingScoring")),
                   "missing <vehicle>"});
  std::string unknown = task_world(wayfinding(wf, name, kWaypoint));
  unknown.replace(unknown.find("<vehicle>m<"), 11, "<vehicle>wamv<");
  expect_mentions(load_error("unknown.sdf", unknown),
                  {"unknown.sdf:" + std::to_string(line_of(unknown, "<vehicle>")),
                   "no model 'wamv'", "expected one of: m"});
  // Latitude and longitude swapped: 150 degrees south is not on the Earth.
  const std::string swapped = task_world(wayfinding(
      wf, name, "<waypoints><waypoint><pose>150.674 -33.7227 0</pose></waypoint></waypoints>"));
  expect_mentions(
      load_error("swapped.sdf", swapped),
      {"swapped.sdf:" + std::to_string(line_of(swapped, "<pose>")), "not on the Earth"});
  // A goal on the other side of the world from the course.
  const std::string far = task_world(wayfinding(
      wf, name, "<waypoints><waypoint><pose>33.7227 150.674 0</pose></waypoint></waypoints>"));
  expect_mentions(load_error("far.sdf", far), {"far.sdf:" + std::to_string(line_of(far, "<pose>")),
                                               "km from the world's "
                                               "origin",
                                               "swapped?"});
  const std::string no_origin = task_world(wayfinding(wf, name, kWaypoint), "", "");
  expect_mentions(
      load_error("noorigin.sdf", no_origin),
      {"noorigin.sdf:" + std::to_string(line_of(no_origin, "<pose>")), "<spherical_coordinates>"});
  const std::string empty = task_world(wayfinding(wf, name, "<waypoints></waypoints>"));
  expect_mentions(load_error("empty.sdf", empty), {"empty.sdf:", "no <waypoint>"});
  const std::string sk_head = R"(<plugin filename="libStationkeepingScoringPlugin.so"
      name="vrx::StationkeepingScoringPlugin"><vehicle>m</vehicle><task_name>sk</task_name>)";
  const std::string both =
      task_world(sk_head +
                 "<goal_pose>-33.7 150.67 0</goal_pose><goal_pose_cart>1 2 0</goal_pose_cart>"
                 "</plugin>");
  expect_mentions(load_error("both.sdf", both), {"both.sdf:", "both <goal_pose> and"});
  const std::string none = task_world(sk_head + "</plugin>");
  expect_mentions(load_error("none.sdf", none), {"none.sdf:", "missing <goal_pose>"});
  const std::string zero =
      task_world(sk_head +
                 "<goal_pose_cart>1 2 0</goal_pose_cart><running_state_duration>0"
                 "</running_state_duration></plugin>");
  expect_mentions(
      load_error("zero.sdf", zero),
      {"zero.sdf:" + std::to_string(line_of(zero, "<running_state_duration>")), "got 0"});
  // A task type Leeway does not score, in VRX's gz and classic spellings.
  for (const char* plugin :
       {R"(<plugin filename="libNavigationScoringPlugin.so" name="vrx::NavigationScoringPlugin">)",
        R"(<plugin filename="libscan_dock_scoring_plugin.so" name="scan_dock_scoring_plugin">)"}) {
    // It runs without the task, with one warning naming it.
    const std::string other =
        task_world(std::string(plugin) + "<vehicle>m</vehicle><task_name>t</task_name></plugin>");
    Diagnostics d;
    const Scenario s = load_scenario_file(testing::write_temp("other.sdf", other), d);
    EXPECT_TRUE(s.tasks.empty());
    EXPECT_EQ(s.model.bodies.size(), 1u);
    ASSERT_EQ(d.warnings().size(), 1u);
    expect_mentions(d.warnings()[0].str(), {"other.sdf:" + std::to_string(line_of(other, plugin)),
                                            "a VRX task Leeway does not score yet",
                                            "wayfinding and station-keeping", "runs without it"});
  }
}

TEST(BadInput, Autopilot) {
  const std::string pilot = R"(<plugin filename="leeway-autopilot" name="leeway::Autopilot">)";
  const std::string gains = "<heading><kp>1</kp></heading><surge><kp>1</kp></surge>";
  const std::string no_task =
      task_world("", pilot + "<task>wayfinding</task>" + gains + "</plugin>");
  expect_mentions(load_error("notask.sdf", no_task),
                  {"notask.sdf:" + std::to_string(line_of(no_task, "<task>")),
                   "no task "
                   "'wayfinding'",
                   "no scoring plugin"});
  const std::string no_goals = task_world("", pilot + gains + "</plugin>");
  expect_mentions(load_error("nogoals.sdf", no_goals), {"nogoals.sdf:", "no goals"});
  const std::string no_gains =
      task_world("", pilot + "<waypoints><waypoint>1 2</waypoint></waypoints></plugin>");
  expect_mentions(load_error("nogains.sdf", no_gains), {"nogains.sdf:", "missing <heading>"});
  const std::string fast =
      task_world("", pilot + "<rate>500</rate><waypoints><waypoint>1 2</waypoint></waypoints>" +
                         gains + "</plugin>");
  expect_mentions(
      load_error("fast.sdf", fast),
      {"fast.sdf:" + std::to_string(line_of(fast, "<rate>")), "500 Hz", "physics rate 100 Hz"});
  const std::string typo =
      task_world("", pilot + "<waypoints><waypoint>1 2</waypoint></waypoints>" + gains +
                         "<lookahed>3</lookahed></plugin>");
  expect_mentions(load_error("typo.sdf", typo),
                  {"typo.sdf:" + std::to_string(line_of(typo, "<lookahed>")), "lookahed"});
  // One thruster on the centre line: no yaw moment to steer with.
  const std::string one =
      R"(<?xml version="1.0"?>
<sdf version="1.9"><world name="w">
  <physics name="p" type="leeway"><max_step_size>0.01</max_step_size></physics>
  )" +
      simple_model(R"(<plugin filename="leeway-thruster" name="leeway::Thruster">
      <actuator>main</actuator><position>-2 0 0</position><axis>1 0 0</axis>
      <thrust><quadratic><k_forward>2</k_forward></quadratic></thrust>
      </plugin>)" + pilot +
                   "<waypoints><waypoint>1 2</waypoint></waypoints>" + gains + "</plugin>") +
      "</world></sdf>";
  expect_mentions(load_error("one.sdf", one),
                  {"one.sdf:" + std::to_string(line_of(one, "leeway::Autopilot")), "model 'm'",
                   "no yaw moment"});
}

}  // namespace
}  // namespace leeway
