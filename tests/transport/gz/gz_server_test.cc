// The gz-transport server (interfaces/gz_server.h) driven by the real `ign topic` and
// `ign service` (Debian's ignition-tools and ignition-transport11-cli), on the loopback and in a
// partition of this process's own. Every tool call has a time limit; the test takes seconds.
#include "leeway/transport/gz/gz_server.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <future>
#include <limits>
#include <map>
#include <regex>
#include <thread>

#include "leeway/app/load_world_or_default.h"
#include "leeway/transport/gz/gz_names.h"
#include "leeway/transport/input_plan.h"
#include "leeway/transport/vrx_task_topics.h"
#include "sdf/sdf_test_util.h"
#include "transport/served_run.h"

namespace leeway {
namespace {

using namespace std::chrono_literals;

TEST(GzTopics, SensorsPublishWhereGzSimPutsThem) {
  SensorModel s;
  s.model_name = "wamv";
  s.link_name = "imu_link";
  s.name = "imu_sensor";
  s.kind = ImuModel{};
  EXPECT_EQ(sensor_topic("sydney", s),
            "/world/sydney/model/wamv/link/imu_link/sensor/imu_sensor/imu");
  s.model_name = "fleet::wamv";  // nested models are scoped as gz-sim scopes them
  EXPECT_EQ(sensor_topic("w", s),
            "/world/w/model/fleet/model/wamv/link/imu_link/sensor/imu_sensor/imu");
  // A <topic> is taken as written, made absolute.
  EXPECT_EQ(sensor_topic("w", s, "wamv/sensors/imu"), "/wamv/sensors/imu");
  s.kind = GnssModel{};
  EXPECT_EQ(sensor_topic_suffix(s), "navsat");
  s.kind = MagnetometerModel{};
  EXPECT_EQ(sensor_topic_suffix(s), "magnetometer");
  s.kind = PressureModel{};
  EXPECT_EQ(sensor_topic_suffix(s), "air_pressure");
  s.kind = AltimeterModel{};
  EXPECT_EQ(sensor_topic_suffix(s), "altimeter");
  s.kind = DvlModel{};  // ign-msgs 8 has no DVL message: a record (ignition.msgs.Param)
  EXPECT_EQ(sensor_topic("w", s),
            "/world/w/model/fleet/model/wamv/link/imu_link/sensor/imu_sensor/dvl");
  EXPECT_STREQ(gz_reading_type(descriptor(s).shape), "ignition.msgs.Param");
  s.kind = GroundTruthModel{};  // gz-sim's OdometryPublisher's, the model's
  EXPECT_EQ(sensor_topic("w", s), "/model/fleet/model/wamv/odometry");
  EXPECT_EQ(sensor_topic("w", s, "odom"), "/odom");
}

class GzServerTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    // Before the first node: the loopback, and a partition no other process shares.
    setenv("IGN_IP", "127.0.0.1", 1);
    setenv("IGN_PARTITION", fmt::format("leeway_gz_server_test_{}", getpid()).c_str(), 1);
  }
};

/// `sim` served over gz-transport, watched by `watch` and running at `rate_factor` times real
/// time on a thread of its own with the server's commands, until this goes out of scope.
class ServedGzRun {
 public:
  ServedGzRun(Simulation& sim, Observer& watch, double rate_factor = 1.0)
      : inbox_(sim.model()), server_(sim, inbox_) {
    sim.attach(watch);  // first: a step is watched before its messages leave
    sim.attach(server_);
    RunOptions run;
    run.until_step = std::numeric_limits<std::uint64_t>::max();
    run.pacing = Pacing::kRealTime;
    run.rate_factor = rate_factor;
    run.input_source = &inbox_;
    running_.emplace(sim, run);
  }

 private:
  CommandInbox inbox_;
  GzServer server_;
  std::optional<RunningSimulation> running_;  // destroyed first: the run ends before the server
};

TEST_F(GzServerTest, IgnToolsListEchoStepAndResetTheWorld) {
  Simulation sim(default_scenario());
  const std::string world = "/world/" + sim.model().world_name;
  CommandInbox inbox(sim.model());
  GzServer server(sim, inbox);
  StepCounter counter;
  sim.attach(server);
  sim.attach(counter);
  sim.pause();
  RunOptions run;
  run.until_step = std::numeric_limits<std::uint64_t>::max();
  run.pacing = Pacing::kRealTime;
  const RunningSimulation running(sim, run);
  const std::string control = fmt::format(
      "ign service -s {}/control --reqtype ignition.msgs.WorldControl "
      "--reptype ignition.msgs.Boolean --timeout 5000 --req ",
      world);

  // Every topic is listed: the clocks, the statistics, the poses, the WAM-V's IMU, GNSS, compass.
  // `ign topic -l` prints what discovery has told it within its wait, which can be part of the
  // list when the host is busy: it is asked again until every topic is there.
  // With VRX's four wayfinding topics, the pinger's, the WAM-V's joint states and contacts.
  EXPECT_EQ(server.topics().size(), 14u);
  const auto missing_from = [&](const std::string& list) {
    std::vector<std::string> missing;
    for (const std::string& topic : server.topics())
      if (list.find(topic + "\n") == std::string::npos) missing.push_back(topic);
    return missing;
  };
  std::string list;
  for (int attempt = 0; attempt < 5 && (list.empty() || !missing_from(list).empty()); ++attempt)
    list = tool_output("ign topic -l");
  EXPECT_TRUE(missing_from(list).empty()) << "ign topic -l printed\n" << list;

  // A paused world steps by exactly what multi_step asks.
  EXPECT_NE(tool_output(control + "'pause: true, multi_step: 5'").find("data: true"),
            std::string::npos);
  EXPECT_TRUE(eventually([&] { return counter.step_count == 5; }));
  // Longer than a statistics period (200 ms): `paused` means no step since the last statistics
  // (docs/interfaces.md), so the first statistics after the steps say running. Read within one
  // period, the statistics were those (found once by a fresh-clone run).
  std::this_thread::sleep_for(300ms);
  EXPECT_EQ(counter.step_count, 5u);
  // The statistics go on while it is paused, and say so.
  const std::string stats = echo_one(world + "/stats");
  EXPECT_NE(stats.find("paused: true"), std::string::npos) << stats;
  EXPECT_NE(stats.find("iterations: 5"), std::string::npos) << stats;
  // -1 in the uint32 field (from a client that casts, as ROS 2's often do) is 4294967295:
  // refused, and nothing steps.
  // (protobuf's text prints a false Boolean as nothing.)
  const std::string wrapped = tool_output(control + "'pause: true, multi_step: 4294967295'");
  EXPECT_EQ(wrapped.find("data: true"), std::string::npos) << wrapped;
  EXPECT_EQ(wrapped.find("timed out"), std::string::npos) << wrapped;
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(counter.step_count, 5u);

  // While it runs, `ign topic -e` receives the poses and the IMU's samples.
  auto poses = std::async(std::launch::async, [&] { return echo_one(world + "/pose/info"); });
  const SensorModel& imu_sensor = sim.model().sensors.at(
      static_cast<std::size_t>(sim.model().sensor_index("wamv", "imu_wamv_sensor")));
  auto imu = std::async(std::launch::async,
                        [&] { return echo_one(sensor_topic(sim.model().world_name, imu_sensor)); });
  auto joints =
      std::async(std::launch::async, [&] { return echo_one(world + "/model/wamv/joint_state"); });
  std::this_thread::sleep_for(1500ms);  // the echoes subscribe
  EXPECT_NE(tool_output(control + "'pause: false'").find("data: true"), std::string::npos);
  const std::string pose_text = poses.get(), imu_text = imu.get(), joint_text = joints.get();
  // The azimuth joints (VRX's JointPositionControllers), as gz-sim's JointStatePublisher sends
  // them: name, and axis1's position and velocity (zero, and so not printed, at rest).
  for (const ActuatorModel& a : sim.model().actuators) {
    if (a.unit == "rad") {
      EXPECT_NE(joint_text.find("name: \"" + a.name + "\""), std::string::npos) << joint_text;
    }
  }
  EXPECT_NE(joint_text.find("axis1"), std::string::npos) << joint_text;
  EXPECT_NE(pose_text.find("name: \"wamv\""), std::string::npos) << pose_text;
  EXPECT_NE(imu_text.find("linear_acceleration"), std::string::npos) << imu_text;
  const std::string entity =
      imu_sensor.model_name + "::" + imu_sensor.link_name + "::" + imu_sensor.name;
  EXPECT_NE(imu_text.find("entity_name: \"" + entity + "\""), std::string::npos) << imu_text;

  // A reset takes it back to the start, and the observers hear of it.
  EXPECT_NE(tool_output(control + "'pause: true, reset { all: true }'").find("data: true"),
            std::string::npos);
  EXPECT_TRUE(eventually([&] { return counter.starts == 2; }));
  EXPECT_EQ(counter.step_count, 0u);
}

/// The numbers that follow `key: ` in `text`, in order.
std::vector<double> numbers_after(const std::string& text, const std::string& key) {
  std::vector<double> out;
  for (std::size_t at = text.find(key + ": "); at != std::string::npos;
       at = text.find(key + ": ", at + 1))
    out.push_back(std::strtod(text.c_str() + at + key.size() + 2, nullptr));
  return out;
}

/// The time [s] of the first header's stamp in `text` (a field at its default, 0, is not
/// printed); none without a stamp.
std::optional<double> stamp_time(const std::string& text) {
  const std::size_t at = text.find("stamp {");
  if (at == std::string::npos) return std::nullopt;
  const std::string block = text.substr(at, text.find('}', at) - at);
  std::smatch sec, nsec;
  const bool has_sec = std::regex_search(block, sec, std::regex(R"((^|\s)sec: (\d+))"));
  const bool has_nsec = std::regex_search(block, nsec, std::regex(R"(nsec: (\d+))"));
  return (has_sec ? std::stod(sec[2]) : 0.0) + (has_nsec ? std::stod(nsec[1]) * 1e-9 : 0.0);
}

/// The x and y of every `position { ... }` in `text` (a field at its default, 0, is not printed).
std::vector<Eigen::Vector2d> positions(const std::string& text) {
  std::vector<Eigen::Vector2d> out;
  for (std::size_t at = text.find("position {"); at != std::string::npos;
       at = text.find("position {", at + 1)) {
    const std::string block = text.substr(at, text.find('}', at) - at);
    const std::vector<double> x = numbers_after(block, "x"), y = numbers_after(block, "y");
    out.emplace_back(x.empty() ? 0.0 : x[0], y.empty() ? 0.0 : y[0]);
  }
  return out;
}

TEST(GzTopics, CamerasAndLidarsPublishWhereGzSensorsPutsThem) {
  SensorModel s;
  s.model_name = "wamv";
  s.link_name = "base_link";
  s.name = "front";
  s.kind = CameraModel{};
  const std::string base = "/world/w/model/wamv/link/base_link/sensor/front";
  ImageTopics t = image_topics("w", s);
  EXPECT_EQ(t.image, base + "/image");
  EXPECT_EQ(t.camera_info, base + "/camera_info");  // beside the image
  EXPECT_EQ(t.depth + t.points + t.scan, "");
  s.kind = CameraModel{.color = false, .depth = true};
  t = image_topics("w", s);
  EXPECT_EQ(t.depth, base + "/depth_image");
  EXPECT_EQ(t.points, base + "/depth_image/points");
  EXPECT_EQ(t.camera_info, base + "/camera_info");
  s.kind = CameraModel{.color = true, .depth = true};  // RGB-D: below the sensor's topic
  t = image_topics("w", s);
  EXPECT_EQ(t.image, base + "/image");
  EXPECT_EQ(t.depth, base + "/depth_image");
  EXPECT_EQ(t.points, base + "/points");
  EXPECT_EQ(t.camera_info, base + "/camera_info");
  s.kind = LidarModel{};
  t = image_topics("w", s);
  EXPECT_EQ(t.scan, base + "/scan");
  EXPECT_EQ(t.points, base + "/scan/points");
  EXPECT_EQ(image_topics("w", s, "wamv/lidar").points, "/wamv/lidar/points");
  s.kind = SonarModel{};  // an image of its levels; a profiling sonar's soundings below it
  t = image_topics("w", s);
  EXPECT_EQ(t.image, base + "/sonar_image");
  EXPECT_EQ(t.scan, "");
  s.kind = SonarModel{.mode = SonarMode::kProfiling};
  EXPECT_EQ(image_topics("w", s).scan, base + "/sonar_image/soundings");
}

/// The bytes of the first string field `key` in `text` (`ign topic -e`'s protobuf text format:
/// printable characters as they are, the rest as C escapes, three octal digits for a byte).
std::string string_field_bytes(const std::string& text, const std::string& key) {
  std::size_t at = text.find(key + ": \"");
  if (at == std::string::npos) return "";
  std::string out;
  for (at += key.size() + 3; at < text.size() && text[at] != '"'; ++at) {
    if (text[at] != '\\') {
      out += text[at];
      continue;
    }
    const char c = text[++at];
    if (c >= '0' && c <= '7') {
      int byte = 0;
      for (int k = 0; k < 3 && at < text.size() && text[at] >= '0' && text[at] <= '7'; ++k, ++at)
        byte = 8 * byte + (text[at] - '0');
      --at;
      out += static_cast<char>(byte);
    } else {
      out += c == 'n' ? '\n' : c == 'r' ? '\r' : c == 't' ? '\t' : c;  // \" \' \\ as themselves
    }
  }
  return out;
}

TEST_F(GzServerTest, IgnTopicEchoesALidarsScanAndACamerasCalibrationDrawnOnlyForItsSubscriber) {
  Diagnostics diagnostics;
  std::optional<Scenario> scenario =
      load_world_or_default(default_world_with_sensors(kWamvMast), 0, diagnostics);
  ASSERT_TRUE(scenario);
  Simulation sim(std::move(*scenario));
  const Model& model = sim.model();
  const auto scanner = static_cast<std::size_t>(model.sensor_index("wamv", "scanner"));
  const auto eye = static_cast<std::size_t>(model.sensor_index("wamv", "eye"));
  SampleWatch scans(scanner), frames(eye);
  sim.attach(frames);
  const ServedGzRun served(sim, scans, 2.0);
  // Nobody subscribes yet: the lidar samples, and scans nothing.
  ASSERT_TRUE(eventually([&] { return scans.samples >= 3; }));
  EXPECT_EQ(scans.drawn, 0);
  EXPECT_EQ(frames.drawn, 0);

  const ImageTopics lidar = image_topics(model.world_name, model.sensors[scanner]);
  EXPECT_EQ(lidar.scan,
            "/world/" + model.world_name + "/model/wamv/link/base_link/sensor/scanner/scan");
  std::string text;
  std::optional<SensorSample> sample;
  for (int attempt = 0; attempt < 3 && !sample; ++attempt) {
    text = echo_one(lidar.scan);
    if (const std::optional<double> t = stamp_time(text)) sample = scans.at(*t);
  }
  ASSERT_TRUE(sample) << text;
  const auto& scan = std::get<LidarReading>(sample->reading);
  ASSERT_EQ(scan.horizontal_count, 48);
  EXPECT_EQ(numbers_after(text, "\ncount"), std::vector<double>({48.0}));
  EXPECT_EQ(numbers_after(text, "vertical_count"), std::vector<double>({3.0}));
  EXPECT_EQ(numbers_after(text, "\nangle_min"), std::vector<double>({-1.2}));
  EXPECT_EQ(numbers_after(text, "vertical_angle_max"), std::vector<double>({-0.9}));
  // Every ray's range, rows from the lowest, as the run scanned it (inf: no return); some meet
  // the WAM-V's own hull below the mast.
  const std::vector<double> ranges = numbers_after(text, "ranges");
  ASSERT_EQ(ranges.size(), scan.ranges.size()) << text;
  int finite = 0;
  for (std::size_t k = 0; k < ranges.size(); ++k) {
    EXPECT_EQ(ranges[k], double(scan.ranges[k])) << "ray " << k;
    finite += std::isfinite(ranges[k]);
  }
  EXPECT_GT(finite, 0) << text;
  EXPECT_NE(text.find("frame: \"wamv::base_link::scanner\""), std::string::npos) << text;

  // The camera's calibration: the pinhole's K, and its frames drawn since somebody looks.
  const ImageTopics camera = image_topics(model.world_name, model.sensors[eye]);
  const std::string info = echo_one(camera.camera_info);
  const std::array<double, 9> K = camera_k(std::get<CameraModel>(model.sensors[eye].kind));
  std::vector<double> k = numbers_after(info.substr(info.find("intrinsics")), "k");
  ASSERT_GE(k.size(), 9u) << info;
  k.resize(9);
  EXPECT_EQ(k, std::vector<double>(K.begin(), K.end())) << info;
  EXPECT_EQ(numbers_after(info, "width"), std::vector<double>({8.0})) << info;
  EXPECT_GT(frames.drawn, 0);
  const std::string image = echo_one(camera.image);
  EXPECT_NE(image.find("pixel_format_type: RGB_INT8"), std::string::npos) << image;
  EXPECT_EQ(numbers_after(image, "step"), std::vector<double>({24.0})) << image;
}

TEST_F(GzServerTest, IgnTopicEchoesASonarsPingAsAFloatImageAndItsSoundingsAsALaserScan) {
  Diagnostics diagnostics;
  std::optional<Scenario> scenario =
      load_world_or_default(rexrov_world_with_sounder(), 0, diagnostics);
  ASSERT_TRUE(scenario);
  Simulation sim(std::move(*scenario));
  const Model& model = sim.model();
  const auto mbes = static_cast<std::size_t>(model.sensor_index("sounder", "mbes"));
  SampleWatch pings(mbes);
  const ServedGzRun served(sim, pings, 2.0);
  const ImageTopics topics = image_topics(model.world_name, model.sensors[mbes]);
  EXPECT_EQ(topics.image,
            "/world/" + model.world_name + "/model/sounder/link/base_link/sensor/mbes/sonar_image");
  const auto echo = [&](const std::string& topic, std::string& text) {
    std::optional<SensorSample> sample;
    for (int attempt = 0; attempt < 3 && !sample; ++attempt) {
      text = echo_one(topic);
      if (const std::optional<double> t = stamp_time(text)) sample = pings.at(*t);
    }
    return sample;
  };

  // The ping: a float per bin and beam, rows from the nearest bin, the levels the run heard.
  std::string text;
  std::optional<SensorSample> sample = echo(topics.image, text);
  ASSERT_TRUE(sample) << text.substr(0, 1000);
  const auto& ping = std::get<SonarImage>(sample->reading);
  ASSERT_EQ(ping.beams, 32) << "not pinged for its subscriber";
  ASSERT_EQ(ping.bins, 400);
  EXPECT_EQ(numbers_after(text, "width"), std::vector<double>({32.0}));
  EXPECT_EQ(numbers_after(text, "height"), std::vector<double>({400.0}));
  EXPECT_EQ(numbers_after(text, "step"), std::vector<double>({128.0}));
  EXPECT_NE(text.find("pixel_format_type: R_FLOAT32"), std::string::npos);
  EXPECT_NE(text.find("value: \"sounder::base_link::mbes\""), std::string::npos);
  const std::string bytes = string_field_bytes(text, "data");
  ASSERT_EQ(bytes.size(), sizeof(float) * ping.level.size());
  std::vector<float> levels(ping.level.size());
  std::memcpy(levels.data(), bytes.data(), bytes.size());
  EXPECT_EQ(levels, ping.level);

  // The soundings: a ray per beam at angle_min + b angle_step, the range it detected. The
  // seabed is flat, so along those angles the inner beams find one altitude (the sounder sinks
  // as the run goes on; speckle scatters the outer beams across their footprints).
  sample = echo(topics.scan, text);
  ASSERT_TRUE(sample) << text.substr(0, 1000);
  const auto& found = std::get<SonarImage>(sample->reading);
  ASSERT_EQ(found.bottom_range.size(), 32u);
  EXPECT_EQ(numbers_after(text, "\ncount"), std::vector<double>({32.0}));
  EXPECT_EQ(numbers_after(text, "\nangle_min"), std::vector<double>({found.azimuth.front()}));
  EXPECT_EQ(numbers_after(text, "\nangle_max"), std::vector<double>({found.azimuth.back()}));
  EXPECT_NE(text.find("frame: \"sounder::base_link::mbes\""), std::string::npos) << text;
  const std::vector<double> ranges = numbers_after(text, "ranges");
  const std::vector<double> intensities = numbers_after(text, "intensities");
  ASSERT_EQ(ranges.size(), 32u) << text;
  ASSERT_EQ(intensities.size(), 32u) << text;
  std::vector<double> altitudes;
  for (std::size_t b = 0; b < 32; ++b) {
    EXPECT_EQ(ranges[b], found.bottom_range[b]) << "beam " << b;
    EXPECT_EQ(intensities[b], double(found.bottom_level[b])) << "beam " << b;
    const double angle = found.azimuth.front() + double(b) * (found.azimuth[1] - found.azimuth[0]);
    if (b >= 8 && b < 24) altitudes.push_back(ranges[b] * std::cos(angle));
  }
  std::sort(altitudes.begin(), altitudes.end());
  for (const double altitude : altitudes)
    EXPECT_NEAR(altitude, altitudes[8], 0.3);
}

TEST_F(GzServerTest, IgnTopicReadsVrxsTaskTopicsAsVrxPublishesThem) {
  Simulation sim(default_scenario());
  const TaskModel& task = sim.scenario().tasks.at(0);
  ASSERT_EQ(task.kind, TaskKind::kWayfinding);
  CommandInbox inbox(sim.model());
  GzServer server(sim, inbox);
  sim.attach(server);
  RunOptions run;
  run.until_step = std::numeric_limits<std::uint64_t>::max();
  run.pacing = Pacing::kRealTime;
  run.rate_factor = 10.0;  // the ready phase at 1 s of wall time, the running one at 2 s
  const RunningSimulation running(sim, run);
  const auto echo = [](const std::string& topic) {
    return std::async(std::launch::async, [topic] { return echo_one(topic); });
  };
  auto info = echo("/vrx/task/info");
  auto waypoints = echo("/vrx/wayfinding/waypoints");
  auto mean_error = echo("/vrx/wayfinding/mean_error");
  auto min_errors = echo("/vrx/wayfinding/min_errors");

  // ignition.msgs.Param with VRX's keys and value types.
  const std::string info_text = info.get();
  for (const char* key : {"name", "state", "ready_time", "running_time", "elapsed_time",
                          "remaining_time", "timed_out", "num_collisions", "score"})
    EXPECT_NE(info_text.find(fmt::format("key: \"{}\"", key)), std::string::npos) << key;
  EXPECT_NE(info_text.find("string_value: \"wayfinding\""), std::string::npos) << info_text;
  EXPECT_NE(info_text.find("type: BOOLEAN"), std::string::npos) << info_text;
  EXPECT_NE(info_text.find("type: INT32"), std::string::npos) << info_text;

  // Every waypoint: latitude and longitude [deg] in the position, where the world puts it.
  const std::string waypoint_text = waypoints.get();
  const std::vector<VrxGoal> goals = vrx_goals(task, *sim.model().origin);
  const std::vector<Eigen::Vector2d> lat_lon = positions(waypoint_text);
  ASSERT_EQ(lat_lon.size(), task.goals.size()) << waypoint_text;
  for (std::size_t i = 0; i < goals.size(); ++i) {
    EXPECT_NEAR(lat_lon[i].x(), goals[i].latitude_deg, 1e-12);
    EXPECT_NEAR(lat_lon[i].y(), goals[i].longitude_deg, 1e-12);
    EXPECT_NEAR(goals[i].latitude_deg, -33.72, 0.01);  // Sydney Regatta Centre, as VRX
  }
  // While running: one least error per waypoint, and their mean.
  EXPECT_EQ(numbers_after(min_errors.get(), "data").size(), task.goals.size());
  const std::string mean_text = mean_error.get();
  EXPECT_EQ(numbers_after(mean_text, "data").size(), 1u) << mean_text;
}

TEST_F(GzServerTest, IgnTopicCommandsAThrusterAndABadCommandIsDroppedWithoutStoppingTheRun) {
  Simulation sim(default_scenario(/*controllers=*/false));  // the client's commands alone
  const int left = sim.model().actuator_index("wamv", "left_engine_propeller_joint");
  ASSERT_GE(left, 0);
  const std::string topic = command_topic(sim.scenario(), static_cast<std::size_t>(left));
  EXPECT_EQ(topic, "/wamv/thrusters/left/thrust");  // VRX's: <namespace>/<topic>
  CommandWatch watch(static_cast<std::size_t>(left));
  const ServedGzRun served(sim, watch);
  const std::string publish = fmt::format("ign topic -t {} -m ignition.msgs.Double -p ", topic);

  // `ign topic -p` publishes once, as soon as it has advertised: a subscriber that has not yet
  // connected to the new process misses it (ZeroMQ's slow joiner), so each is sent until seen.
  const auto send_until = [&](const std::string& data, double expected) {
    return publish_until_seen(publish + "'data: " + data + "'",
                              [&] { return watch.command == expected; });
  };
  EXPECT_TRUE(send_until("500", 500.0)) << watch.command;
  for (int i = 0; i < 3; ++i)
    tool_output(publish + "'data: nan'");  // dropped: the thruster keeps its 500 N
  EXPECT_EQ(watch.command, 500.0);
  EXPECT_TRUE(send_until("1e6", 2353.5)) << watch.command;  // clamped to <max_thrust_cmd>
  const std::uint64_t steps = watch.steps;
  EXPECT_TRUE(eventually([&] { return watch.steps > steps + 10; }));  // still running
}

TEST_F(GzServerTest, IgnTopicDrivesTheOtterOnItsDocumentedCommandTopics) {
  // Leeway's own actuators (the Otter's leeway::Thruster plugins name no topic) take commands
  // at /model/M/actuator/A/cmd, in their unit (the shaft speed [rad/s]); with no autopilot.
  Diagnostics diagnostics;
  std::optional<Scenario> scenario =
      load_world_or_default(std::string(LEEWAY_SOURCE_DIR) + "/worlds/otter.sdf", 0, diagnostics);
  ASSERT_TRUE(scenario);
  scenario->controllers.clear();
  Simulation sim(std::move(*scenario));
  const auto left = static_cast<std::size_t>(sim.model().actuator_index("otter", "left_propeller"));
  const auto right =
      static_cast<std::size_t>(sim.model().actuator_index("otter", "right_propeller"));
  EXPECT_EQ(command_topic(sim.scenario(), left), "/model/otter/actuator/left_propeller/cmd");
  struct Watch : CommandWatch {
    using CommandWatch::CommandWatch;
    std::size_t right = 0;
    std::atomic<double> right_command{0.0};
    std::atomic<double> surge{0.0};  ///< the Otter's u [m/s]
    void on_step(const Simulation& sim) override {
      CommandWatch::on_step(sim);
      right_command = sim.state().commands[right];
      surge = sim.state().bodies[0].V_WB_B[0];
    }
  } watch(left);
  watch.right = right;
  const ServedGzRun served(sim, watch, 4.0);
  for (const std::size_t a : {left, right}) {
    const std::atomic<double>& command = a == left ? watch.command : watch.right_command;
    ASSERT_TRUE(
        publish_until_seen(fmt::format("ign topic -t {} -m ignition.msgs.Double -p 'data: 80'",
                                       command_topic(sim.scenario(), a)),
                           [&] { return command == 80.0; }));
  }
  // Both propellers at 80 rad/s push it ahead: its surge speed grows past 0.5 m/s.
  EXPECT_TRUE(eventually([&] { return watch.surge > 0.5; }, 20s)) << watch.surge;
}

TEST_F(GzServerTest, OneIgnTopicCommandSetsBothOfGzSimsBuoyancyEnginesAndTheFirstReportsItsVolume) {
  // gz-sim's examples/worlds/buoyancy_engine.sdf: two boxes, both <namespace>buoyant_box, whose
  // header sets their bladders with `gz topic -t /model/buoyant_box/buoyancy_engine/ -m
  // gz.msgs.Double` and reads one with `gz topic -t .../current_volume -e`. One message reaches
  // both, as both gz-sim systems subscribe to it; the volume is the first box's.
  const std::filesystem::path file =
      testing::foreign_corpus() / "gz-sim" / "examples" / "worlds" / "buoyancy_engine.sdf";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no foreign corpus: " << file;
  Diagnostics diagnostics;
  std::optional<Scenario> scenario = load_world_or_default(file.string(), 0, diagnostics);
  ASSERT_TRUE(scenario);
  Simulation sim(std::move(*scenario));
  struct Watch : Observer, TimedLog<double> {
    std::array<std::size_t, 2> bladders{};
    std::array<std::atomic<double>, 2> commands{};
    void on_step(const Simulation& sim) override {
      for (std::size_t k = 0; k < 2; ++k)
        commands[k] = sim.state().commands[bladders[k]];
      record(sim.state().t, sim.state().actuators[bladders[0]]);
    }
  } watch;
  watch.bladders = {
      static_cast<std::size_t>(sim.model().actuator_index("buoyant_box", "buoyancy_engine")),
      static_cast<std::size_t>(
          sim.model().actuator_index("buoyant_box_surface", "buoyancy_engine"))};
  const ServedGzRun served(sim, watch);
  const auto both_set = [&] { return watch.commands[0] == 0.0005 && watch.commands[1] == 0.0005; };
  publish_until_seen(
      "ign topic -t /model/buoyant_box/buoyancy_engine -m ignition.msgs.Double -p 'data: 0.0005'",
      both_set);
  EXPECT_EQ(watch.commands[0], 0.0005);
  EXPECT_EQ(watch.commands[1], 0.0005);
  std::optional<double> volume;
  std::string text;
  for (int attempt = 0; attempt < 3 && !volume; ++attempt) {
    text = echo_one("/model/buoyant_box/buoyancy_engine/current_volume");
    if (const std::optional<double> t = stamp_time(text)) volume = watch.at(*t);
  }
  ASSERT_TRUE(volume) << text;
  EXPECT_EQ(numbers_after(text, "data"), std::vector<double>({*volume})) << text;
  // Between its start (<default_volume> 2 l) and the set point, on its way or there.
  EXPECT_GE(*volume, 0.0005);
  EXPECT_LE(*volume, 0.002);
}

TEST_F(GzServerTest, IgnTopicEchoesAWaveGaugeAsADoubleOfItsElevation) {
  // A sensor type gz-sim has no message for reaches gz-transport by its shape, a stamped scalar
  // (sensors/sensor_descriptor.h), with no code of its own there.
  const std::string gauge = default_world_with_sensors(
      R"(<sensor name="gauge" type="custom" gz:type="wave_gauge"><pose>1 0 0 0 0 0</pose>
        <update_rate>20</update_rate></sensor>)");
  Diagnostics diagnostics;
  std::optional<Scenario> scenario = load_world_or_default(gauge, 0, diagnostics);
  ASSERT_TRUE(scenario);
  Simulation sim(std::move(*scenario));
  const auto i = static_cast<std::size_t>(sim.model().sensor_index("wamv", "gauge"));
  SampleWatch samples(i);
  const ServedGzRun served(sim, samples, 2.0);
  const std::string topic = sensor_topic(sim.model().world_name, sim.model().sensors[i]);
  EXPECT_EQ(topic, "/world/" + sim.model().world_name +
                       "/model/wamv/link/base_link/sensor/gauge/wave_gauge");
  std::optional<SensorSample> sample;
  std::string text;
  for (int attempt = 0; attempt < 3 && !sample; ++attempt) {
    text = echo_one(topic);
    if (const std::optional<double> t = stamp_time(text)) sample = samples.at(*t);
  }
  ASSERT_TRUE(sample) << text;
  const double elevation = std::get<WaveGaugeReading>(sample->reading).elevation;
  EXPECT_NE(elevation, 0.0);  // the default world's sea
  EXPECT_EQ(numbers_after(text, "data"), std::vector<double>({elevation})) << text;
}

TEST_F(GzServerTest, IgnTopicPushesTheWamvWithAPersistentWrenchClearsItAndGivesAOneStepOne) {
  Scenario scenario = default_scenario(/*controllers=*/false);
  scenario.model.holds.clear();  // free from the start, not on VRX's platform for 10 s
  Simulation sim(std::move(scenario));
  ExternalWrenchWatch watch(static_cast<std::size_t>(sim.model().body_index("wamv")));
  const ServedGzRun served(sim, watch);
  // Three messages, each sent until seen (publish_until_seen: ZeroMQ's slow joiner).
  const auto send_until = [&](const std::string& topic, const std::string& type,
                              const std::string& text, const auto& seen) {
    return publish_until_seen(
        fmt::format("ign topic -t {} -m ignition.msgs.{} -p '{}'", topic, type, text), seen);
  };
  Vec6 up;  // 1000 N up and 50 N m about W's x, at Bo
  up << 0.0, 0.0, 1000.0, 50.0, 0.0, 0.0;
  EXPECT_TRUE(send_until("/model/wamv/wrench/persistent", "Wrench",
                         "force: {z: 1000} torque: {x: 50}", [&] { return watch.is(up); }));
  const int pushed = watch.pushed_steps;
  EXPECT_TRUE(eventually([&] { return watch.pushed_steps > pushed + 20; }));  // at every step
  EXPECT_TRUE(watch.is(up));
  EXPECT_TRUE(
      send_until("/model/wamv/wrench/clear", "Empty", "", [&] { return watch.is(Vec6::Zero()); }));
  const int before = watch.pushed_steps;
  EXPECT_TRUE(send_until("/model/wamv/wrench", "Wrench", "force: {x: 500} force_offset: {x: 2}",
                         [&] { return watch.pushed_steps > before; }));
  EXPECT_TRUE(eventually([&] { return watch.is(Vec6::Zero()); }));  // for one step only
  EXPECT_LE(watch.pushed_steps - before, 5);  // one step per message that arrived
}

TEST_F(GzServerTest, IgnTopicMovesVrxsPingerAndTheReceiverReportsItAsVrxsPluginDoes) {
  Simulation sim(default_scenario());
  const int receiver = sim.model().sensor_index("wamv", "range_bearing");
  ASSERT_GE(receiver, 0);
  const SensorModel& sensor = sim.model().sensors[static_cast<std::size_t>(receiver)];
  const std::string& given =
      sim.scenario().wiring.sensors[static_cast<std::size_t>(receiver)].topic;
  EXPECT_EQ(sensor_topic(sim.model().world_name, sensor, given),
            "/wamv/sensors/acoustics/receiver/range_bearing");  // its <topic>
  PingerWatch watch(static_cast<std::size_t>(receiver));
  const ServedGzRun served(sim, watch, 5.0);  // the receiver samples once a simulated second

  const Vec3 moved(-480.0, 150.0, -4.5);
  ASSERT_TRUE(
      publish_until_seen("ign topic -t /pinger/set_pinger_position -m ignition.msgs.Vector3d "
                         "-p 'x: -480 y: 150 z: -4.5'",
                         [&] { return watch.pinger_at(moved); }));
  // A sample taken after the move, as the run computed it: range, bearing and elevation in the
  // receiver's frame, the parameters VRX's AcousticPingerPlugin sends.
  std::string text;
  std::optional<PingerSample> sample;
  for (int attempt = 0; attempt < 3 && !sample; ++attempt) {
    text = echo_one(sensor_topic("", sensor, given));
    const std::vector<double> sec = numbers_after(text, "sec");
    if (!sec.empty() && sec[0] > 0.0) sample = watch.at(sec[0]);
  }
  ASSERT_TRUE(sample) << text;
  const RangeBearingReading* reading = &sample->reading;
  // Each parameter's DOUBLE, as the run computed it.
  const auto param = [&](const std::string& key) {
    const std::size_t at = text.find("key: \"" + key + "\"");
    if (at == std::string::npos) return std::nan("");
    const std::vector<double> v = numbers_after(text.substr(at), "double_value");
    return v.empty() ? std::nan("") : v[0];
  };
  EXPECT_EQ(param("range"), reading->range) << text;
  EXPECT_EQ(param("bearing"), reading->bearing) << text;
  EXPECT_EQ(param("elevation"), reading->elevation) << text;
  EXPECT_NEAR(reading->range, (moved - sample->p_WB).norm(),
              12.0);  // VRX's 3 m of noise, and the mast
  EXPECT_NE(text.find("frame_id"), std::string::npos) << text;
}

TEST_F(GzServerTest, IgnTopicEchoesAPosePublishersLinksOnPoseStaticAsGzSimsDefaultsHaveIt) {
  // gz-sim's defaults: every link's pose in the model's frame, one Pose each, on pose_static.
  Diagnostics diagnostics;
  std::optional<Scenario> scenario =
      load_world_or_default(default_world_with("<plugin filename='gz-sim-pose-publisher-system' "
                                               "name='gz::sim::systems::PosePublisher'/>"),
                            0, diagnostics);
  ASSERT_TRUE(scenario);
  Simulation sim(std::move(*scenario));
  StepCounter counter;
  const ServedGzRun served(sim, counter);
  const BodyModel& wamv = sim.model().bodies[0];
  // The messages come one link at a time: enough of them to see each.
  const std::string text = tool_output(
      fmt::format("ign topic -e -n {} -t /model/wamv/pose_static", 4 * wamv.links.size()));
  for (const BodyModel::LinkFrame& link : wamv.links)
    EXPECT_NE(text.find("name: \"wamv::" + link.name + "\""), std::string::npos) << link.name;
  EXPECT_NE(text.find("value: \"wamv\""), std::string::npos) << text;  // frame_id: the model
}

/// `ign service`'s reply to a /world/W/lockstep request of `params` (Param's text format).
std::string lockstep_call(const GzServer& server, const std::string& params, int timeout_ms) {
  return tool_output(
      fmt::format("ign service -s {} --reqtype ignition.msgs.Param --reptype ignition.msgs.Clock "
                  "--timeout {} --req '{}'",
                  server.lockstep_service(), timeout_ms, params));
}

/// The default world without its autopilot, served in lockstep and driven by `ign service`
/// calls of /world/W/lockstep, one per line of kLockstepScript: each step's state.
std::vector<std::vector<BodyState>> scripted_lockstep_run() {
  Simulation sim(default_scenario(/*controllers=*/false));
  CommandInbox inbox(sim.model());
  GzServer server(sim, inbox);
  StateLog log;
  sim.attach(server);
  sim.attach(log);
  RunOptions run;
  run.until_step = std::numeric_limits<std::uint64_t>::max();
  run.pacing = Pacing::kLockstep;
  run.input_source = &inbox;
  {
    const RunningSimulation running(sim, run);
    for (const auto& [left, right] : kLockstepScript) {
      const std::string request = fmt::format(
          "params {{ key: \"steps\" value {{ type: INT32 int_value: {} }} }} "
          "params {{ key: \"wamv/left_engine_propeller_joint\" value {{ type: DOUBLE double_value: "
          "{} }} }} "
          "params {{ key: \"wamv/right_engine_propeller_joint\" value {{ type: DOUBLE "
          "double_value: {} }} }}",
          kStepsPerRequest, left, right);
      const std::string reply = lockstep_call(server, request, 10000);
      EXPECT_NE(reply.find("sim"), std::string::npos) << reply;  // answered after its steps
    }
  }
  return log.states;
}

TEST_F(GzServerTest, ALockstepClientsCommandsReachTheStepsItAsksForSoItsRunIsTheSameBits) {
  const std::vector<std::vector<BodyState>> first = scripted_lockstep_run();
  ASSERT_EQ(first.size(), kLockstepScript.size() * kStepsPerRequest);  // no step more or fewer
  EXPECT_TRUE(first == scripted_lockstep_run());

  // The same commands given to the same steps directly: the same bits, so each request's
  // commands reached exactly its first step.
  const std::vector<std::vector<BodyState>> direct = direct_scripted_run();
  EXPECT_TRUE(first == direct);
}

TEST_F(GzServerTest, ALockstepRequestWithAnUnknownActuatorOrANanChangesNothingAndFails) {
  Simulation sim(default_scenario());
  CommandInbox inbox(sim.model());
  GzServer server(sim, inbox);
  StepCounter counter;
  sim.attach(server);
  sim.attach(counter);
  RunOptions run;
  run.until_step = std::numeric_limits<std::uint64_t>::max();
  run.pacing = Pacing::kLockstep;
  run.input_source = &inbox;
  const RunningSimulation running(sim, run);
  const auto call = [&](const std::string& params) { return lockstep_call(server, params, 5000); };
  const std::string steps = "params { key: \"steps\" value { type: INT32 int_value: 3 } } ";
  EXPECT_EQ(call(steps + "params { key: \"wamv/rudder\" value { type: DOUBLE double_value: 1 } }")
                .find("sim"),
            std::string::npos);
  EXPECT_EQ(call(steps + "params { key: \"wamv/left_engine_propeller_joint\" value { type: "
                         "DOUBLE double_value: nan } }")
                .find("sim"),
            std::string::npos);
  EXPECT_EQ(counter.step_count, 0u);  // neither took a step
  EXPECT_NE(call(steps).find("sim"), std::string::npos);
  EXPECT_EQ(counter.step_count, 3u);
}

/// The entries of a ros_gz_bridge YAML file: each `key: "value"` of each `- ` item.
std::vector<std::map<std::string, std::string>> bridge_entries(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::map<std::string, std::string>> entries;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line.front() == '#') continue;
    if (line.rfind("- ", 0) == 0) {
      entries.emplace_back();
      line = line.substr(2);
    } else {
      line = line.substr(line.find_first_not_of(' '));
    }
    const std::size_t colon = line.find(": ");
    if (entries.empty() || colon == std::string::npos) continue;
    std::string value = line.substr(colon + 2);
    if (value.size() >= 2 && value.front() == '"') value = value.substr(1, value.size() - 2);
    entries.back()[line.substr(0, colon)] = value;
  }
  return entries;
}

TEST_F(GzServerTest, TheShippedBridgeConfigurationNamesTheDefaultWorldsTopicsAndTypes) {
  Simulation sim(default_scenario());
  CommandInbox inbox(sim.model());
  GzServer server(sim, inbox);
  const auto entries =
      bridge_entries(std::string(LEEWAY_SOURCE_DIR) + "/data/ros_gz_bridge/default_world.yaml");
  ASSERT_EQ(entries.size(), 17u);
  const auto has = [](const std::vector<std::string>& list, const std::string& topic) {
    return std::find(list.begin(), list.end(), topic) != list.end();
  };
  for (const auto& e : entries) {
    const std::string& topic = e.at("gz_topic_name");
    if (e.at("direction") == "ROS_TO_GZ") {
      EXPECT_TRUE(has(server.command_topics(), topic)) << topic;
      const std::string type = topic.ends_with("/clear")                    ? "ignition.msgs.Empty"
                               : topic.find("/wrench") != std::string::npos ? "ignition.msgs.Wrench"
                               : topic.find("pinger") != std::string::npos
                                   ? "ignition.msgs.Vector3d"
                                   : "ignition.msgs.Double";
      EXPECT_EQ(e.at("gz_type_name"), type) << topic;
      continue;
    }
    EXPECT_EQ(e.at("direction"), "GZ_TO_ROS") << topic;
    ASSERT_TRUE(has(server.topics(), topic)) << topic;
    // The type the server publishes it with, as the real `ign topic -i` reports it. It prints
    // what discovery told it within its wait ("No publishers" when that was too short, as under
    // the sanitizers on a loaded machine), so it is asked again, up to five times.
    std::string info;
    for (int attempt = 0; attempt < 5 && info.find(e.at("gz_type_name")) == std::string::npos;
         ++attempt)
      info = tool_output("ign topic -i -t " + topic);
    EXPECT_NE(info.find(e.at("gz_type_name")), std::string::npos) << topic << ": " << info;
  }
}

}  // namespace
}  // namespace leeway
