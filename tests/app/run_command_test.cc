// The `leeway` command, run as a user runs it: recording frames, determinism, bad input and a
// run that stops on a non-finite state.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <numbers>
#include <sstream>

#include "app/leeway_process.h"
#include "leeway/core/frames.h"
#include "leeway/core/rotation.h"
#include "leeway/formats/image_file.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

using Result = testing::ProcessResult;
using testing::slurp;

Result run(const std::string& args, const std::string& env = "") {
  return testing::run_leeway(args, env);
}

std::vector<std::vector<std::string>> read_csv(const std::string& path) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(slurp(path));
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> fields;
    std::istringstream ls(line);
    std::string f;
    while (std::getline(ls, f, ','))
      fields.push_back(f);
    rows.push_back(fields);
  }
  return rows;
}

std::string tmp(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("leeway_app_" + name)).string();
}

TEST(RunCommand, DefaultWorldRunsAndReports) {
  const Result r = run("run --duration 2 --record " + tmp("d.csv") + " --summary " + tmp("d.json"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("leeway_default"), std::string::npos);
  EXPECT_NE(r.output.find("real time"), std::string::npos);
  const auto rows = read_csv(tmp("d.csv"));
  ASSERT_EQ(rows[0].size(), 18u);  // 14 pose and twist columns, then the WAM-V's 4 actuators
  EXPECT_EQ(rows[0][0], "t");
  EXPECT_EQ(rows[0][17], "wamv/right_engine_propeller_joint");
  EXPECT_EQ(rows.size(), 1u + 21u);  // header, one body at t = 0, 0.1, ..., 2.0
  const std::string json = slurp(tmp("d.json"));
  EXPECT_NE(json.find("\"status\": \"ok\""), std::string::npos);
  // Two seconds into the task's 5 s initial phase: nothing scored yet.
  EXPECT_NE(json.find("\"state\": \"initial\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"score\": null"), std::string::npos) << json;
  EXPECT_NE(r.output.find("not scored yet"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find('\r'), std::string::npos);  // no progress bar when piped
}

TEST(RunCommand, WithoutADurationTheDefaultWorldRunsUntilItsTaskFinishes) {
  const Result r = run("run --summary " + tmp("task.json"));
  ASSERT_EQ(r.status, 0) << r.output;
  // Initial 5 s, ready 5 s, running 120 s.
  EXPECT_NE(r.output.find("simulated  130.000 s"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("task       wayfinding (wayfinding, wamv): finished, score "),
            std::string::npos)
      << r.output;
  const std::string json = slurp(tmp("task.json"));
  EXPECT_NE(json.find("\"state\": \"finished\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"waypoint_min_errors\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"running_time\": 120"), std::string::npos) << json;
}

TEST(RunCommand, TheSummaryNamesEachCollisionsTimeAndShapes) {
  // The WAM-V at full thrust through a post in its left pontoon's path (no contact force).
  setenv("LEEWAY_RESOURCE_PATH", (std::string(LEEWAY_SOURCE_DIR) + "/models").c_str(), 1);
  const std::string world = testing::write_temp("collision_world.sdf", R"(<?xml version="1.0"?>
<sdf version="1.9">
  <world name="collision">
    <physics name="p" type="leeway"><max_step_size>0.01</max_step_size></physics>
    <plugin filename="libStationkeepingScoringPlugin.so" name="vrx::StationkeepingScoringPlugin">
      <vehicle>wamv</vehicle><task_name>hold</task_name>
      <initial_state_duration>0</initial_state_duration>
      <ready_state_duration>0</ready_state_duration>
      <goal_pose_cart>0 0 0</goal_pose_cart>
    </plugin>
    <include><uri>model://wamv</uri></include>
    <model name="post"><static>true</static><pose>20 1.03 0 0 0 0</pose>
      <link name="link"><collision name="collision"><geometry>
        <cylinder><radius>0.3</radius><length>4</length></cylinder></geometry></collision></link>
    </model>
  </world>
</sdf>
)");
  const Result r = run("run " + world + " --duration 10 --summary " + tmp("hit.json") +
                       " --command wamv/left_engine_propeller_joint=2353.5"
                       " --command wamv/right_engine_propeller_joint=2353.5");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("1 collision, the first at t = 3.5 s: "
                          "wamv::base_link::left_front_float against post::link::collision"),
            std::string::npos)
      << r.output;
  const std::string json = slurp(tmp("hit.json"));
  EXPECT_NE(json.find("\"num_collisions\": 1"), std::string::npos) << json;
  EXPECT_NE(json.find("\"other_collision\": \"post::link::collision\""), std::string::npos) << json;
}

TEST(RunCommand, SameSeedGivesByteIdenticalRecordings) {
  ASSERT_EQ(run("run --duration 5 --seed 11 --record-rate 50 --record " + tmp("a.csv")).status, 0);
  ASSERT_EQ(run("run --duration 5 --seed 11 --record-rate 50 --record " + tmp("b.csv")).status, 0);
  const std::string a = slurp(tmp("a.csv"));
  EXPECT_GT(a.size(), 10000u);
  EXPECT_EQ(a, slurp(tmp("b.csv")));
  // Another seed realises another sea, so the boat moves differently.
  ASSERT_EQ(run("run --duration 5 --seed 12 --record-rate 50 --record " + tmp("c.csv")).status, 0);
  EXPECT_NE(a, slurp(tmp("c.csv")));
}

TEST(RunCommand, SensorsAreRecordedOneFilePerSensorAndRepeatBitForBit) {
  // The default world's WAM-V: VRX's IMU at 100 Hz, GNSS at 20 Hz, a compass at 20 Hz and VRX's
  // pinger receiver at 1 Hz, for 2 s at its 5 ms step: samples at 0, 0.01, ..., 1.99 s, twice
  // 0, 0.05, ..., 1.95 s and 0, 1 s.
  const std::string a = tmp("sensors_a"), b = tmp("sensors_b");
  std::filesystem::remove_all(a);
  const Result r = run("run --duration 2 --seed 3 --record-sensors " + a);
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("sensors    " + a + " (4 files, 282 samples)"), std::string::npos)
      << r.output;
  const auto imu = read_csv(a + "/wamv.imu_wamv_sensor.csv");
  ASSERT_EQ(imu.size(), 201u);
  EXPECT_EQ(imu[0].front(), "t");
  EXPECT_EQ(imu[0].size(), 11u);
  EXPECT_EQ(imu[200][0], "1.99");
  const double f_z = std::stod(imu[100][3]);
  EXPECT_NEAR(f_z, 9.8, 0.5);  // afloat: gravity's reaction, give or take the waves and noise
  const auto gps = read_csv(a + "/wamv.navsat.csv");
  ASSERT_EQ(gps.size(), 41u);
  EXPECT_EQ(gps[1][1], "1");  // a fix
  EXPECT_NEAR(std::stod(gps[1][2]), -33.7224, 1e-3);
  // VRX's pinger 563 m off, read with its 3 m of noise.
  const auto pinger = read_csv(a + "/wamv.range_bearing.csv");
  ASSERT_EQ(pinger.size(), 3u);
  EXPECT_EQ(pinger[0][1], "range");
  EXPECT_NEAR(std::stod(pinger[1][1]), Vec3(-528, 191, -2.1).norm(), 15.0);
  ASSERT_EQ(run("run --duration 2 --seed 3 --record-sensors " + b).status, 0);
  EXPECT_EQ(slurp(a + "/wamv.imu_wamv_sensor.csv"), slurp(b + "/wamv.imu_wamv_sensor.csv"));
  EXPECT_EQ(slurp(a + "/wamv.navsat.csv"), slurp(b + "/wamv.navsat.csv"));
}

TEST(RunCommand, ACameraOnAStaticPostSeesTheRedBoxBeforeItAndIsListedAmongTheSensors) {
  // gz-sim's syntax: a static model's link carries a camera, as VRX's sensor post or a fixed
  // camera on a pier; 6 m ahead along its view, a red box on a static model. The run lists the
  // camera, --record-sensors draws its frames, and the middle of each is the box's red.
  const std::string world = R"(<?xml version="1.0"?>
<sdf version="1.9"><world name="pier">
  <physics name="p" type="leeway"><max_step_size>0.01</max_step_size></physics>
  <model name="post"><static>true</static><pose>0 0 2 0 0 0</pose>
    <link name="mast">
      <sensor name="eye" type="camera"><update_rate>10</update_rate>
        <camera><horizontal_fov>0.6</horizontal_fov><image><width>32</width><height>24</height>
        </image><clip><near>0.1</near><far>100</far></clip></camera></sensor>
    </link>
  </model>
  <model name="box"><static>true</static><pose>6 0 2 0 0 0</pose>
    <link name="body"><visual name="v"><geometry><box><size>1 2 2</size></box></geometry>
      <material><diffuse>1 0 0 1</diffuse><ambient>1 0 0 1</ambient></material></visual></link>
  </model>
</world></sdf>
)";
  const std::string path = tmp("pier.sdf"), folder = tmp("pier_sensors");
  std::ofstream(path) << world;
  std::filesystem::remove_all(folder);
  const Result r = run("run " + path + " --duration 0.15 --record-sensors " + folder);
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("sensor     post/eye (camera, on mast, 10 Hz)"), std::string::npos)
      << r.output;
  const auto frames = read_csv(folder + "/post.eye.csv");
  ASSERT_EQ(frames.size(), 3u);  // its header, and frames at 0 and 0.1 s
  for (std::size_t k = 1; k < frames.size(); ++k) {
    ASSERT_EQ(frames[k][1], "32");
    const Texture image = read_image_file(folder + "/" + frames[k][3]);
    ASSERT_EQ(image.width, 32);
    const std::size_t centre = 4 * (12 * 32 + 16);
    const int red = image.rgba[centre], green = image.rgba[centre + 1],
              blue = image.rgba[centre + 2];
    // Its face towards the camera is in the box's shade (the sun is behind it): the ambient
    // light's 0.35 of its red alone, some 89 of 255.
    EXPECT_GT(red, 60) << "frame " << k;
    EXPECT_LT(green, red / 3) << "frame " << k;
    EXPECT_LT(blue, red / 3) << "frame " << k;
  }
}

TEST(RunCommand, TopicsListsWhatAServedRunPublishesAndTakesOnEachTransport) {
  const Result r = run("topics " + std::string(LEEWAY_SOURCE_DIR) + "/worlds/otter.sdf");
  ASSERT_EQ(r.status, 0) << r.output;
  for (const char* expected :
       {"gz-transport", "ROS 2 over DDS", "viewer", "/clock", "ignition.msgs.Clock",
        "/model/otter/actuator/left_propeller/cmd", "ignition.msgs.Double",
        "/otter/actuator/left_propeller/cmd", "std_msgs/msg/Float64", "/tf_static",
        "ignition.msgs.WorldControl -> ignition.msgs.Boolean", "/world/otter/control"})
    EXPECT_NE(r.output.find(expected), std::string::npos) << expected << "\n" << r.output;
}

TEST(RunCommand, EnuAndNedRecordingsDescribeTheSameMotion) {
  ASSERT_EQ(run("run --duration 10 --record-rate 20 --record " + tmp("enu.csv")).status, 0);
  ASSERT_EQ(run("run --duration 10 --record-rate 20 --frame ned --record " + tmp("ned.csv")).status,
            0);
  const auto enu = read_csv(tmp("enu.csv")), ned = read_csv(tmp("ned.csv"));
  ASSERT_EQ(enu.size(), ned.size());
  double worst = 0.0;
  for (std::size_t i = 1; i < enu.size(); ++i) {
    ASSERT_EQ(enu[i][0], ned[i][0]);
    ASSERT_EQ(enu[i][1], ned[i][1]);
    std::array<double, 12> e{}, n{};
    for (int k = 0; k < 12; ++k) {
      e[k] = std::stod(enu[i][k + 2]);
      n[k] = std::stod(ned[i][k + 2]);
    }
    const Vec3 p = ned_to_enu(Vec3(n[0], n[1], n[2]));
    const Quat q = enu_flu_from_ned_frd(quat_from_euler_zyx(n[3], n[4], n[5]));
    const Vec6 twist = flip_flu_frd((Vec6() << n[6], n[7], n[8], n[9], n[10], n[11]).finished());
    worst = std::max(worst, (p - Vec3(e[0], e[1], e[2])).norm());
    worst = std::max(worst, 1.0 - std::abs(q.dot(quat_from_euler_zyx(e[3], e[4], e[5]))));
    for (int k = 0; k < 6; ++k)
      worst = std::max(worst, std::abs(twist[k] - e[6 + k]));
  }
  EXPECT_LT(worst, 1e-12);
}

TEST(RunCommand, BadArgumentsExitNonZeroWithAMessage) {
  for (const char* d : {"0", "-3", "nan", "inf", "abc"}) {
    const Result r = run(std::string("run --duration ") + d);
    EXPECT_NE(r.status, 0) << d;
    EXPECT_NE(r.output.find("--duration"), std::string::npos) << r.output;
  }
  // Durations no run can count (the default world's step is 5 ms): none, or past 2^53 steps.
  const Result tiny = run("run --duration 1e-300");
  EXPECT_EQ(tiny.status, 1) << tiny.output;
  EXPECT_NE(tiny.output.find("--duration 1e-300 s takes no step of 0.005 s"), std::string::npos)
      << tiny.output;
  const Result huge = run("run --duration 1e18");
  EXPECT_EQ(huge.status, 1) << huge.output;
  EXPECT_NE(huge.output.find("more than the 9007199254740992 a run counts"), std::string::npos)
      << huge.output;
  // Seeds are 0 to 2^64 - 1, nothing wrapped or clamped.
  for (const char* seed : {"-1", "18446744073709551616", "1e3", "7x", ""}) {
    const Result bad = run(fmt::format("run --duration 0.01 --seed '{}'", seed));
    EXPECT_NE(bad.status, 0) << seed;
    EXPECT_NE(bad.output.find("expected a whole number from 0 to 18446744073709551615"),
              std::string::npos)
        << seed << ": " << bad.output;
  }
  EXPECT_EQ(run("run --duration 0.01 --seed 18446744073709551615").status, 0);
  EXPECT_NE(run("run --frame xyz").status, 0);
  EXPECT_NE(run("run /nonexistent.sdf").status, 0);
  const Result fast = run("run --duration 1 --record-rate 1000 --record " + tmp("f.csv"));
  EXPECT_EQ(fast.status, 1);
  EXPECT_NE(fast.output.find("faster than the physics rate"), std::string::npos);
  // A served run's DDS domain: the option's range, and ROS_DOMAIN_ID's, named.
  EXPECT_NE(run("run --serve --duration 0.1 --ros-domain 233").status, 0);
  const Result clock = run("run --serve --duration 0.1 --clock-rate 1000");  // dt is 5 ms
  EXPECT_EQ(clock.status, 1);
  EXPECT_NE(clock.output.find("--clock-rate: 1000 Hz"), std::string::npos) << clock.output;
  for (const char* id : {"abc", "300", "-1", "7x"}) {
    const Result bad =
        run(std::string("run --serve --duration 0.1"), std::string("ROS_DOMAIN_ID=") + id);
    EXPECT_EQ(bad.status, 1) << id;
    EXPECT_NE(bad.output.find(std::string("ROS_DOMAIN_ID='") + id + "'"), std::string::npos)
        << bad.output;
  }
}

TEST(RunCommand, CommandsDriveTheActuatorsAndAreRecorded) {
  // The Otter at 100 / 80 rad/s turns to starboard; the recording ends with its shaft speeds.
  const std::string world = std::string(LEEWAY_SOURCE_DIR) + "/worlds/otter.sdf";
  const std::string csv = tmp("otter.csv");
  const Result r = run("run " + world +
                       " --command otter/left_propeller=100 --command otter/right_propeller=80"
                       " --duration 20 --frame ned --record-rate 1 --record " +
                       csv);
  ASSERT_EQ(r.status, 0) << r.output;
  // Both are commanded: no notice of idle actuators.
  EXPECT_EQ(r.output.find("idle "), std::string::npos) << r.output;
  const auto rows = read_csv(csv);
  ASSERT_EQ(rows.size(), 22u);
  EXPECT_EQ(rows[0].back(), "otter/right_propeller");
  EXPECT_EQ(rows[0][rows[0].size() - 2], "otter/left_propeller");
  EXPECT_NEAR(std::stod(rows.back()[rows[0].size() - 2]), 100.0, 1e-6);
  EXPECT_NEAR(std::stod(rows.back().back()), 80.0, 1e-6);
  EXPECT_GT(std::stod(rows.back()[13]), 0.2);  // r [rad/s], FRD: turning to starboard
}

/// The first body's horizontal distance from the origin at the end, from the summary's line.
double final_distance(const std::string& output) {
  const std::size_t at = output.rfind(" at (");
  double x = 0.0, y = 0.0;
  std::sscanf(output.c_str() + at, " at (%lf, %lf", &x, &y);
  return std::hypot(x, y);
}

TEST(RunCommand, WithoutItsControllersTheDefaultWamvDriftsInsteadOfFollowingItsWaypoints) {
  const Result driven = run("run --duration 30");
  const Result drifting = run("run --duration 30 --no-controllers");
  ASSERT_EQ(driven.status, 0) << driven.output;
  ASSERT_EQ(drifting.status, 0) << drifting.output;
  EXPECT_NE(drifting.output.find("the world's 1 controller left out"), std::string::npos);
  // What drives the WAM-V's actuators is said before the run: its autopilot, or nothing.
  EXPECT_NE(driven.output.find("control    the autopilot of model 'wamv' drives its 4 actuators "
                               "(left_chassis_engine_joint, right_chassis_engine_joint, "
                               "left_engine_propeller_joint, right_engine_propeller_joint)\n"),
            std::string::npos)
      << driven.output;
  EXPECT_EQ(driven.output.find("idle "), std::string::npos) << driven.output;
  EXPECT_NE(drifting.output.find("idle       model 'wamv': nothing commands its 4 actuators"),
            std::string::npos)
      << drifting.output;
  EXPECT_NE(drifting.output.find("--command MODEL/ACTUATOR=VALUE"), std::string::npos);
  EXPECT_EQ(drifting.output.find("control    the autopilot"), std::string::npos);
  // The autopilot makes 2 m/s towards its first waypoint; wind and waves alone drift it a few
  // metres.
  EXPECT_GT(final_distance(driven.output), 30.0) << driven.output;
  EXPECT_LT(final_distance(drifting.output), 10.0) << drifting.output;
}

TEST(RunCommand, BadCommandsAreNamed) {
  const std::string world = std::string(LEEWAY_SOURCE_DIR) + "/worlds/otter.sdf";
  const auto expect = [&](const std::string& args, const std::string& message) {
    const Result r = run("run " + world + " --duration 1 " + args);
    EXPECT_EQ(r.status, 1) << args;
    EXPECT_NE(r.output.find(message), std::string::npos) << r.output;
  };
  expect("--command otter/rudder=1",
         "model 'otter' has no actuator 'rudder'; its actuators: left_propeller, right_propeller");
  expect("--command boat/left_propeller=1", "the world has no model 'boat'; its models: otter");
  expect("--command otter/left_propeller=fast", "got 'fast', expected a finite number in rad/s");
  expect("--command otter/left_propeller=nan", "expected a finite number");
  expect("--command left_propeller=1", "expected MODEL/ACTUATOR=VALUE");
  expect("--command otter/left_propeller=1 --command otter/left_propeller=2",
         "is already commanded");
}

TEST(RunCommand, SpawnAddsAModelAsGzSimsCreateServiceDoes) {
  // A second Otter, 10 m east of the first and turned 1 rad, found on the world's models/.
  const std::string world = std::string(LEEWAY_SOURCE_DIR) + "/worlds/otter.sdf";
  const std::string csv = tmp("spawn.csv");
  const Result r =
      run("run " + world + " --duration 0.1 --record " + csv +
          " --spawn second=model://otter@10,0,0,0,0,1 --command second/left_propeller=50");
  ASSERT_EQ(r.status, 0) << r.output;
  const auto rows = read_csv(csv);
  ASSERT_GE(rows.size(), 3u);
  EXPECT_EQ(rows[2][1], "second");  // after the world's own model
  EXPECT_NEAR(std::stod(rows[2][2]), 10.0, 1e-6);
  EXPECT_NEAR(std::stod(rows[2][7]), 1.0, 1e-6);  // yaw

  const auto expect = [&](const std::string& args, const std::string& message) {
    const Result bad = run("run " + world + " --duration 1 " + args);
    EXPECT_EQ(bad.status, 1) << args;
    EXPECT_NE(bad.output.find(message), std::string::npos) << bad.output;
  };
  expect("--spawn otter=model://otter", "the world already holds a model named 'otter'");
  expect("--spawn x=model://otter@1,2", "2 pose values");
  expect("--spawn x=model://otter@1,2,nan", "'nan' is not a finite number");
  expect("--spawn =model://otter", "an empty NAME");
  expect("--spawn x=model://nowhere", "no model folder 'nowhere'");
  const Result no_world = run("run --spawn x=model://otter");
  EXPECT_EQ(no_world.status, 1);
  EXPECT_NE(no_world.output.find("expected a WORLD file to spawn into"), std::string::npos)
      << no_world.output;
}

TEST(RunCommand, AWarningOfOneKindIsSaidOnceUnlessVerboseAndQuietSaysNone) {
  // Three hinged links on a base that slides on a joint to the world, each hinge treated as
  // fixed (such a model is merged for now, sdf/articulated_loader.h): one line by default, three
  // with --verbose, none with --quiet; the summary keeps all three.
  std::string links = R"(<link name="base"><inertial><mass>10</mass><inertia><ixx>1</ixx>
    <iyy>1</iyy><izz>1</izz><ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia></inertial></link>)";
  for (const char* arm : {"a", "b", "c"}) {
    links += fmt::format(
        R"(<link name="{0}"><inertial><mass>1</mass><inertia><ixx>0.1</ixx><iyy>0.1</iyy>
        <izz>0.1</izz><ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia></inertial></link>
        <joint name="hinge_{0}" type="revolute"><parent>base</parent><child>{0}</child>
        <axis><xyz>0 0 1</xyz></axis></joint>)",
        arm);
  }
  links += R"(<joint name="slide" type="prismatic"><parent>world</parent><child>base</child>
    <axis><xyz>1 0 0</xyz></axis></joint>)";
  const std::string world = testing::write_temp(
      "cli_hinges.sdf", R"(<?xml version="1.0"?><sdf version="1.9"><world name="w">
  <model name="arms">)" + links +
                            "</model></world></sdf>");
  const auto lines_with = [](const std::string& out, const std::string& text) {
    std::size_t n = 0;
    for (std::size_t at = 0; (at = out.find(text, at)) != std::string::npos; ++at)
      ++n;
    return n;
  };
  const Result normal = run("run " + world + " --duration 0.01 --summary " + tmp("hinges.json"));
  EXPECT_EQ(normal.status, 0) << normal.output;
  EXPECT_EQ(lines_with(normal.output, "is treated as fixed"), 1u) << normal.output;
  EXPECT_NE(normal.output.find("(and 2 more like it; --verbose lists each)"), std::string::npos)
      << normal.output;
  std::ifstream summary(tmp("hinges.json"));
  EXPECT_EQ(
      lines_with(std::string(std::istreambuf_iterator<char>(summary), {}), "is treated as fixed"),
      3u);
  const Result verbose = run("run " + world + " --duration 0.01 --verbose");
  EXPECT_EQ(lines_with(verbose.output, "is treated as fixed"), 3u) << verbose.output;
  const Result quiet = run("run " + world + " --duration 0.01 --quiet");
  EXPECT_EQ(quiet.status, 0);
  EXPECT_EQ(quiet.output.find("warning"), std::string::npos) << quiet.output;
  EXPECT_NE(run("run --quiet --verbose").output.find("excludes"), std::string::npos);
  // The other commands that load a world say its warnings the same way.
  EXPECT_EQ(lines_with(run("topics " + world).output, "is treated as fixed"), 1u);
  EXPECT_EQ(lines_with(run("topics " + world + " --verbose").output, "is treated as fixed"), 3u);
  EXPECT_EQ(run("topics " + world + " --quiet").output.find("warning"), std::string::npos);
  const Result probe = run("probe " + world + " --point 0,0 --duration 1 --quiet");
  EXPECT_EQ(probe.status, 0) << probe.output;
  EXPECT_EQ(probe.output.find("warning"), std::string::npos) << probe.output;
}

TEST(RunCommand, VrxsStationKeepingWorldWithItsWamvSaysElevenWarningsEachOnTwoReadableLines) {
  // The corpus's VRX world as VRX's launch runs it: 35 warnings, of 11 kinds; by default each
  // kind once, its place on a line and what is wrong on the next.
  const std::filesystem::path vrx = testing::foreign_corpus() / "vrx";
  if (!std::filesystem::exists(vrx)) GTEST_SKIP() << "no foreign corpus: " << vrx;
  const std::string v = vrx.string();
  const std::string env = fmt::format(
      "GZ_SIM_RESOURCE_PATH={0}/vrx_gz/models:{0}/vrx_urdf:{0}/vrx_urdf/vrx_gazebo/"
      "models:{0}/vrx_urdf/wamv_description/models:{0}/generated "
      "GZ_FUEL_CACHE_PATH={1}/fuel-cache",
      v, testing::foreign_corpus().string());
  const std::string args = v +
                           "/vrx_gz/worlds/stationkeeping_task.sdf --spawn "
                           "wamv=model://wamv_H@-532,162,0,0,0,1 --duration 0.1 2>&1 >/dev/null";
  struct Lines {
    std::size_t warnings = 0, messages = 0, longest = 0;
  };
  const auto count = [](const std::string& output) {
    Lines n;
    std::istringstream lines(output);
    for (std::string line; std::getline(lines, line);) {
      n.warnings += line.starts_with("warning: ");
      n.messages += line.starts_with("         ") && !line.starts_with("          ");
      if (line.starts_with("warning: ") || line.starts_with(" "))
        n.longest = std::max(n.longest, line.size());
    }
    return n;
  };
  const Result normal = run("run " + args, env);
  ASSERT_EQ(normal.status, 0) << normal.output;
  const Lines said = count(normal.output);
  EXPECT_EQ(said.warnings, 11u) << normal.output;
  EXPECT_EQ(said.messages, 11u) << normal.output;
  const Result verbose = run("run --verbose " + args, env);
  const Lines every = count(verbose.output);
  EXPECT_EQ(every.warnings, 35u) << verbose.output;
  EXPECT_EQ(every.messages, 0u) << verbose.output;  // one line each, for grep
  // A place or a message on a line, not both: the longest line is much shorter than the
  // longest warning on one line (474 characters, a mesh's path and its element's).
  EXPECT_LT(static_cast<double>(said.longest), 0.75 * static_cast<double>(every.longest))
      << said.longest << " of " << every.longest;
}

TEST(RunCommand, BadWorldNamesFileAndLine) {
  const std::string path = testing::write_temp(
      "cli_bad.sdf",
      testing::world_sdf(testing::simple_model(
          R"(<plugin filename="leeway-hydrodynamics" name="x"><volume>1</volume></plugin>)")));
  const Result r = run("run " + path);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.output.find("cli_bad.sdf:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("unknown parameter <volume>"), std::string::npos) << r.output;
}

TEST(RunCommand, NonFiniteStateStopsTheRunAndKeepsTheRecording) {
  // A linear restoring spring far too stiff for the 0.1 s step: the state overflows.
  const std::string path =
      testing::write_temp("cli_blowup.sdf",
                          R"(<?xml version="1.0"?><sdf version="1.9"><world name="w">
  <physics name="p" type="x"><max_step_size>0.1</max_step_size></physics>
  <model name="stiff"><pose>0 0 0.1 0 0 0</pose><link name="l"><inertial><mass>1</mass>
    <inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz><ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia>
  </inertial></link>
  <plugin filename="leeway-hydrodynamics" name="x"><restoring><matrix>
    0 0 0 0 0 0  0 0 0 0 0 0  0 0 1e12 0 0 0  0 0 0 0 0 0  0 0 0 0 0 0  0 0 0 0 0 0
  </matrix></restoring></plugin></model></world></sdf>)");
  const Result r = run("run " + path + " --duration 100 --record-rate 10 --record " +
                       tmp("blowup.csv") + " --summary " + tmp("blowup.json"));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("model 'stiff'"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("t = "), std::string::npos) << r.output;
  const auto rows = read_csv(tmp("blowup.csv"));
  ASSERT_GE(rows.size(), 2u);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    ASSERT_EQ(rows[i].size(), 14u);
    for (int k = 2; k < 14; ++k)
      ASSERT_TRUE(std::isfinite(std::stod(rows[i][k]))) << i;
  }
  EXPECT_NE(slurp(tmp("blowup.json")).find("\"status\": \"error\""), std::string::npos);
}

/// `leeway ARGS` with its files limited to `kib` KiB (bash's `ulimit -f`), as a disk that fills:
/// SIGXFSZ ignored, a write past the limit fails with EFBIG ("File too large").
Result run_with_file_limit(const std::string& args, int kib) {
  return testing::run_shell(
      fmt::format("ulimit -f {}; trap '' XFSZ; exec {} {}", kib, LEEWAY_BINARY, args));
}

TEST(RunCommand, AFullDiskEndsTheRunAndTheSummaryCountsTheRowsTheRecordingHolds) {
  // The default world's 120 s at 10 rows a second would take ~240 kB; 16 kB fill after some 80.
  const std::string csv = tmp("full.csv"), summary = tmp("full.json");
  const Result r =
      run_with_file_limit("run --duration 120 --record " + csv + " --summary " + summary, 16);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("cannot write the recording '" + csv + "': File too large"),
            std::string::npos)
      << r.output;
  const std::string text = slurp(csv);
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n');  // no torn row
  const auto rows = read_csv(csv);
  for (const auto& row : rows)
    ASSERT_EQ(row.size(), rows[0].size());
  const nlohmann::json j = nlohmann::json::parse(slurp(summary));
  EXPECT_EQ(j["status"], "error");
  EXPECT_NE(j["error"].get<std::string>().find("File too large"), std::string::npos);
  EXPECT_EQ(j["recording"]["rows"].get<std::size_t>(), rows.size() - 1);
  EXPECT_GT(rows.size(), 10u);
  EXPECT_NE(r.output.find(fmt::format("holds the {} rows written before it", rows.size() - 1)),
            std::string::npos)
      << r.output;
  // A sensor recording the same: the IMU's 100 samples a second fill 16 kB within seconds.
  const std::string dir = tmp("full_sensors");
  const Result s = run_with_file_limit("run --duration 120 --record-sensors " + dir, 16);
  EXPECT_EQ(s.status, 2) << s.output;
  EXPECT_NE(s.output.find("cannot write the sensor recording"), std::string::npos) << s.output;
  EXPECT_NE(s.output.find("File too large"), std::string::npos) << s.output;
  // /dev/full takes nothing: the header fails, before the run.
  const Result full = run("run --duration 1 --record /dev/full");
  EXPECT_EQ(full.status, 1) << full.output;
  EXPECT_NE(full.output.find("cannot write the recording '/dev/full': No space left on device"),
            std::string::npos)
      << full.output;
}

TEST(RunCommand, ANameWithACommaOrAQuoteIsOneFieldAsPythonsCsvReadsIt) {
  const std::string world = testing::write_temp(
      "cli_comma.sdf", testing::world_sdf(testing::simple_model("", "ot,ter &quot;v2&quot;")));
  const std::string csv = tmp("comma.csv");
  const Result r = run("run " + world + " --duration 1 --record " + csv);
  ASSERT_EQ(r.status, 0) << r.output;
  const Result read = testing::run_shell(
      "/usr/bin/python3 -c \"import csv, sys; rows = list(csv.reader(open(sys.argv[1]))); "
      "print(rows[1][1]); print(all(len(row) == len(rows[0]) for row in rows))\" " +
      csv);
  EXPECT_EQ(read.output, "ot,ter \"v2\"\nTrue\n");
}

TEST(ProbeCommand, ReproducesTheSeaStateFromTheCommandLine) {
  // The default world's sea: Hs 0.5 m, Tp 5 s. Half an hour at one point gives Hs within 5%
  // and a zero-upcrossing period of 0.71 Tp (Pierson-Moskowitz: Tz = Tp / 1.408) within 5%.
  const Result r = run("probe --point 3,4 --duration 1800 --rate 4 --record " + tmp("probe.csv"));
  ASSERT_EQ(r.status, 0) << r.output;
  const auto hs_at = r.output.find("Hs = 4 std ");
  ASSERT_NE(hs_at, std::string::npos) << r.output;
  EXPECT_NEAR(std::stod(r.output.substr(hs_at + 11)), 0.5, 0.025);
  const auto tz_at = r.output.find("Tz = ");
  EXPECT_NEAR(std::stod(r.output.substr(tz_at + 5)), 5.0 / 1.408, 0.05 * 5.0 / 1.408);
  const auto rows = read_csv(tmp("probe.csv"));
  ASSERT_EQ(rows.size(), 1u + 7201u);
  EXPECT_EQ(rows[0][1], "elevation");
  EXPECT_EQ(rows[0].size(), 10u);
  EXPECT_EQ(rows[0][9], "wind_y");
  const auto wind_at = r.output.find("wind       speed mean ");
  ASSERT_NE(wind_at, std::string::npos);
  EXPECT_NEAR(std::stod(r.output.substr(wind_at + 22)), 6.0, 0.2);  // sigma 1 m/s, tau 2 s
  EXPECT_EQ(rows[1][0], "0");
}

TEST(ProbeCommand, BadPointIsRejected) {
  for (const char* p : {"1", "1,2,3,4", "a,b", "1,nan"}) {
    const Result r = run(std::string("probe --point ") + p);
    EXPECT_NE(r.status, 0) << p;
    EXPECT_NE(r.output.find("--point"), std::string::npos) << r.output;
  }
}

TEST(RunCommand, NavigationOnTheEstimateIsReportedBesideItsSigmaAndRefusedWithoutACompass) {
  // The default world's autopilot on its WAM-V's IMU, GNSS and compass for 12 s (under way from
  // 10 s): its error at the end, and the filter's sigma, in the human and the JSON summaries.
  const Result r = run("run --duration 12 --navigation estimated --summary " + tmp("nav.json"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("navigation wamv: estimated; at the end "), std::string::npos)
      << r.output;
  const nlohmann::json j = nlohmann::json::parse(slurp(tmp("nav.json")));
  const nlohmann::json& n = j.at("navigation").at(0);
  EXPECT_EQ(n.at("model"), "wamv");
  EXPECT_EQ(n.at("source"), "estimated");
  // VRX's GNSS has no noise (trusted to the navigator's 1 cm floor): centimetres.
  EXPECT_LT(n.at("horizontal_error").get<double>(), 0.1);
  EXPECT_GT(n.at("horizontal_sigma").get<double>(), 0.0);
  EXPECT_LT(std::abs(n.at("heading_error").get<double>()), 0.01);

  const Result truth = run("run --duration 1 --navigation truth --summary " + tmp("truth.json"));
  ASSERT_EQ(truth.status, 0) << truth.output;
  EXPECT_EQ(truth.output.find("navigation "), std::string::npos) << truth.output;
  EXPECT_EQ(nlohmann::json::parse(slurp(tmp("truth.json"))).at("navigation").at(0).at("source"),
            "truth");

  // USVSim's rudder boat carries an IMU and a GNSS receiver, no compass.
  const Result boat = run("run " + std::string(LEEWAY_SOURCE_DIR) +
                          "/worlds/usvsim_rudder_boat_waypoints.sdf --duration 1 "
                          "--navigation estimated");
  EXPECT_EQ(boat.status, 1);
  EXPECT_NE(boat.output.find("needs a magnetometer"), std::string::npos) << boat.output;
  EXPECT_NE(run("run --navigation kalman").status, 0);
}

// `--view` takes no word after it as its port: the world after it is the world.
TEST(RunCommand, AWorldAfterViewIsTheWorldAndItsPortIsGivenWithAnEqualsSign) {
  const Result otter = run("run --view=0 " + std::string(LEEWAY_SOURCE_DIR) +
                           "/worlds/otter.sdf --duration 0.2 --no-progress");
  EXPECT_EQ(otter.status, 0) << otter.output;
  EXPECT_NE(otter.output.find("viewing    world otter: open http://127.0.0.1:"), std::string::npos)
      << otter.output;
  const Result after = run("run --view " + std::string(LEEWAY_SOURCE_DIR) +
                           "/worlds/otter.sdf --port 0 --duration 0.2 --no-progress");
  EXPECT_EQ(after.status, 0) << after.output;
  EXPECT_NE(after.output.find("world otter"), std::string::npos) << after.output;
  // The old form names the new one.
  const Result port = run("run --view 9000");
  EXPECT_NE(port.status, 0);
  EXPECT_NE(port.output.find("no world file '9000'; a port for --view is given as --view=9000 or "
                             "--port 9000"),
            std::string::npos)
      << port.output;
  for (const char* bad : {"--view=70000", "--view=1e3", "--view=-1", "--view --port x"}) {
    const Result r = run(std::string("run --duration 0.1 ") + bad);
    EXPECT_NE(r.status, 0) << bad;
    EXPECT_NE(r.output.find("expected a port: a whole number from 0 to 65535"), std::string::npos)
        << bad << ": " << r.output;
  }
  EXPECT_NE(run("run --port 9000 --duration 0.1").output.find("--port requires --view"),
            std::string::npos);
}

TEST(RunCommand, HelpDocumentsEveryOption) {
  const Result r = run("run --help");
  EXPECT_EQ(r.status, 0);
  for (const char* opt :
       {"WORLD", "--duration", "--seed", "--record", "--record-rate", "--frame", "--summary",
        "--command", "--spawn", "--record-sensors", "--navigation", "--view", "--port"}) {
    EXPECT_NE(r.output.find(opt), std::string::npos) << opt;
  }
  // A flag's default is in its description, not glued to its name ("--view{8765}").
  EXPECT_EQ(r.output.find("{8765}"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("--view :PORT"), std::string::npos) << r.output;
  EXPECT_NE(run("--version").output.find("leeway 0."), std::string::npos);
}

}  // namespace
}  // namespace leeway
