// The ROS 2 server over DDS (interfaces/dds_server.h) as a ROS 2 node sees it: ros2_peer reads
// and writes its topics as rmw_cyclonedds does, with its own types generated from the official
// .msg files (rosidl's member names, with type information), and @foxglove/rosmsg2-serialization
// decodes each sample from the same .msg files. What it decodes must be, field for field and bit
// for bit, what the run computed. On the loopback, in a DDS domain of this process's own; every
// peer has a time limit.
#include "leeway/transport/ros2/dds_server.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <future>
#include <iterator>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <tuple>

#include "leeway/app/load_world_or_default.h"
#include "leeway/transport/input_plan.h"
#include "leeway/transport/ros2/ros_names.h"
#include "leeway/transport/stamp.h"
#include "leeway/transport/vrx_task_topics.h"
#include "transport/served_run.h"

namespace leeway {
namespace {

using nlohmann::json;

TEST(RosNames, SensorsLandWhereVrxsBridgeAndUuvSimulatorPutThem) {
  std::vector<SensorModel> sensors(3);
  for (SensorModel& s : sensors) {
    s.model_name = "wamv";
    s.link_name = "base_link";
  }
  sensors[0].name = "imu_wamv_sensor";
  sensors[0].kind = ImuModel{};
  sensors[1].name = "navsat";
  sensors[1].kind = GnssModel{};
  sensors[2].name = "altimeter";
  sensors[2].kind = AltimeterModel{};
  EXPECT_EQ(ros_sensor_topic(sensors, 0), "/wamv/sensors/imu/imu/data");
  EXPECT_EQ(ros_sensor_topic(sensors, 1), "/wamv/sensors/gps/gps/fix");
  // The altimeter's type has no name of its own in VRX's bridge: its type's.
  EXPECT_EQ(ros_sensor_topic(sensors, 2), "/wamv/sensors/altimeter/altimeter/data");
  EXPECT_EQ(ros_sensor_frame(sensors[0]), "wamv/base_link/imu_wamv_sensor");
  sensors[2].name = "imu_2";  // a second IMU: each under its own name
  sensors[2].kind = ImuModel{};
  EXPECT_EQ(ros_sensor_topic(sensors, 0), "/wamv/sensors/imu/imu_wamv_sensor/data");
  EXPECT_EQ(ros_sensor_topic(sensors, 2), "/wamv/sensors/imu/imu_2/data");
  // UUV Simulator's <sensor_topic>: in the model's namespace
  sensors[1].model_name = "fleet::rexrov";
  EXPECT_EQ(ros_sensor_topic(sensors, 1, "dvl"), "/fleet/rexrov/dvl");
  // An absolute <topic> is taken as written.
  EXPECT_EQ(ros_sensor_topic(sensors, 1, "/fix"), "/fix");
  sensors[1].kind = GroundTruthModel{};
  EXPECT_EQ(ros_sensor_topic(sensors, 1), "/fleet/rexrov/pose_gt");
  EXPECT_EQ(dds_topic("/fleet/rexrov/pose_gt"), "rt/fleet/rexrov/pose_gt");
}

/// This process's DDS domain, apart from any other test's or ROS system's on the machine.
int test_domain() {
  return 100 + static_cast<int>(getpid() % 120);
}

/// Nanoseconds of the ROS stamp of time t.
std::int64_t stamp_ns(double t) {
  const Stamp stamp = stamp_of(t);
  return stamp.sec * 1'000'000'000 + stamp.nanosec;
}

std::int64_t stamp_ns(const json& stamp) {
  return stamp.at("sec").get<std::int64_t>() * 1'000'000'000 +
         stamp.at("nanosec").get<std::int64_t>();
}

/// What the run computed, by stamp: each sensor's samples and the bodies' states.
struct RunLog : Observer {
  std::mutex mutex;
  std::vector<std::map<std::int64_t, SensorSample>> samples;
  std::map<std::int64_t, std::vector<BodyState>> bodies;
  std::atomic<std::uint64_t> steps{0};

  void on_step(const Simulation& sim) override {
    std::lock_guard lock(mutex);
    samples.resize(sim.model().sensors.size());
    for (std::size_t i = 0; i < samples.size(); ++i) {
      const SensorSample& s = sim.data().sensors[i];
      if (s.sampled) samples[i][stamp_ns(s.t)] = s;
    }
    bodies[stamp_ns(sim.state().t)] = sim.state().bodies;
    steps = sim.state().step_count;
  }
  SensorSample sample(std::size_t sensor, const json& stamp) {
    std::lock_guard lock(mutex);
    const auto it = samples.at(sensor).find(stamp_ns(stamp));
    return it == samples[sensor].end() ? SensorSample{} : it->second;
  }
};

std::string peer_command(const std::string& arguments) {
  return ros2_peer_command(test_domain(), arguments);
}

/// `count` samples of `topic`, as @foxglove/rosmsg2-serialization decodes them from the .msg
/// files of `type`; fewer if they did not come within 20 s.
std::vector<json> echo(const std::string& topic, const std::string& type, int count,
                       const std::string& qos = "") {
  const std::string command =
      fmt::format("{} | node {}/tests/transport/ros2/ros2_decode.js {} {}",
                  peer_command(fmt::format("echo {} {} {} 20 {}", topic, type, count, qos)),
                  LEEWAY_SOURCE_DIR, ROS2_MSG_ROOT, type);
  std::vector<json> out;
  std::istringstream lines(tool_output(command, 40));
  for (std::string line; std::getline(lines, line);)
    out.push_back(json::parse(line));
  return out;
}

Vec3 vec3(const json& v) {
  return {v.at("x").get<double>(), v.at("y").get<double>(), v.at("z").get<double>()};
}

Quat quat(const json& q) {
  return {q.at("w").get<double>(), q.at("x").get<double>(), q.at("y").get<double>(),
          q.at("z").get<double>()};
}

/// A decoded number: JSON's, or the decoder's "NaN".
double number(const json& x) {
  return x.is_string() ? std::nan("") : x.get<double>();
}

void expect_same(double expected, const json& decoded, const std::string& what) {
  const double got = number(decoded);
  if (std::isnan(expected)) {
    EXPECT_TRUE(std::isnan(got)) << what;
  } else {
    EXPECT_EQ(got, expected) << what;
  }
}

/// The Otter's surge speed after each step, and its left propeller's command.
struct OtterWatch : CommandWatch {
  OtterWatch() : CommandWatch("otter", "left_propeller") {}
  std::atomic<double> surge{0.0};  ///< [m/s]
  void on_step(const Simulation& sim) override {
    CommandWatch::on_step(sim);
    surge = sim.state().bodies[0].V_WB_B[0];
  }
};

class DdsServerTest : public ::testing::Test {
 protected:
  /// The world served at real time, logged (and watched by `watch`), with a server in the
  /// test's domain.
  void serve(const std::string& world_path, bool controllers = true, Observer* watch = nullptr,
             double clock_rate_hz = 0.0, double rate_factor = 1.0) {
    Diagnostics diagnostics;
    std::optional<Scenario> scenario = load_world_or_default(world_path, 0, diagnostics);
    ASSERT_TRUE(scenario) << world_path;
    if (!controllers) scenario->controllers.clear();
    sim_.emplace(std::move(*scenario));
    inbox_.emplace(sim_->model());
    DdsServerOptions options;
    options.domain_id = test_domain();
    options.clock_rate_hz = clock_rate_hz;
    server_.emplace(*sim_, *inbox_, options);
    // The logs before the server: a step is logged before its messages leave, so a test that
    // looks up what it received finds that step logged.
    sim_->attach(log_);
    if (watch) sim_->attach(*watch);
    sim_->attach(*server_);
    RunOptions run;
    run.until_step = std::numeric_limits<std::uint64_t>::max();
    run.pacing = lockstep_ ? Pacing::kLockstep : Pacing::kRealTime;
    run.rate_factor = rate_factor;
    run.input_source = &*inbox_;
    runner_ = std::thread([this, run] { sim_->run(run); });
  }
  void TearDown() override {
    if (runner_.joinable()) {
      sim_->stop();
      runner_.join();
    }
  }
  /// Stops the run and lets serve() start another.
  void stop() {
    TearDown();
    server_.reset();
    inbox_.reset();
    sim_.reset();
  }
  std::size_t sensor(const std::string& name) const {
    const auto& sensors = sim_->model().sensors;
    for (std::size_t i = 0; i < sensors.size(); ++i) {
      if (sensors[i].name == name) return i;
    }
    ADD_FAILURE() << "no sensor " << name;
    return 0;
  }

  std::optional<Simulation> sim_;
  std::optional<CommandInbox> inbox_;
  std::optional<DdsServer> server_;
  RunLog log_;
  std::optional<CommandWatch> watch_;
  std::optional<OtterWatch> otter_watch_;
  std::optional<ExternalWrenchWatch> wrench_watch_;
  std::optional<PingerWatch> pinger_watch_;
  std::optional<ActuatorLog> actuator_log_;
  std::optional<StateLog> state_log_;
  std::optional<StepDataLog> contact_log_;
  bool lockstep_ = false;  ///< serve() paces the run in lockstep
  std::thread runner_;
};

TEST_F(DdsServerTest, TheWamvsClockTfAndSensorsAreWhatTheRunComputedAsARos2NodeDecodesThem) {
  serve("");
  const Model& model = sim_->model();
  const std::size_t imu = sensor("imu_wamv_sensor"), gnss = sensor("navsat"),
                    compass = sensor("compass");
  EXPECT_EQ(ros_sensor_topic(model.sensors, imu), "/wamv/sensors/imu/imu/data");
  // Side by side: each peer waits for discovery, then for its samples.
  auto clock = std::async(std::launch::async,
                          [] { return echo("/clock", "rosgraph_msgs/Clock", 5, "best_effort"); });
  auto tf = std::async(std::launch::async, [] { return echo("/tf", "tf2_msgs/TFMessage", 3); });
  auto imu_msgs = std::async(std::launch::async, [] {
    return echo("/wamv/sensors/imu/imu/data", "sensor_msgs/Imu", 5, "best_effort");
  });
  auto fixes = std::async(std::launch::async, [] {
    return echo("/wamv/sensors/gps/gps/fix", "sensor_msgs/NavSatFix", 3);
  });
  auto fields = std::async(std::launch::async, [] {
    return echo("/wamv/sensors/magnetometer/magnetometer/data", "sensor_msgs/MagneticField", 3);
  });

  const std::vector<json> clocks = clock.get();
  ASSERT_EQ(clocks.size(), 5u);
  for (std::size_t k = 1; k < clocks.size(); ++k)  // every step's, in order
    EXPECT_GT(stamp_ns(clocks[k]["clock"]), stamp_ns(clocks[k - 1]["clock"]));

  for (const json& m : tf.get()) {
    EXPECT_FALSE(m["_trailing"]);
    const std::int64_t stamp = stamp_ns(m["transforms"][0]["header"]["stamp"]);
    std::vector<BodyState> bodies;
    {
      std::lock_guard lock(log_.mutex);
      bodies = log_.bodies.at(stamp);
    }
    ASSERT_EQ(m["transforms"].size(), model.bodies.size());
    for (std::size_t b = 0; b < model.bodies.size(); ++b) {
      const json& t = m["transforms"][b];
      EXPECT_EQ(t["header"]["frame_id"], "world");
      EXPECT_EQ(t["child_frame_id"],
                ros_body_frame(model.bodies[b].model_name, model.bodies[b].link_name));
      EXPECT_EQ(vec3(t["transform"]["translation"]), bodies[b].p_WB);
      EXPECT_EQ(quat(t["transform"]["rotation"]).coeffs(), bodies[b].q_WB.coeffs());
    }
  }

  const double imu_period = 1.0 / model.sensors[imu].rate_hz;
  const auto& imu_model = std::get<ImuModel>(model.sensors[imu].kind);
  for (const json& m : imu_msgs.get()) {
    EXPECT_FALSE(m["_trailing"]);
    EXPECT_EQ(m["header"]["frame_id"], "wamv/" + model.sensors[imu].link_name + "/imu_wamv_sensor");
    const SensorSample s = log_.sample(imu, m["header"]["stamp"]);
    ASSERT_GE(s.t, 0.0) << "no sample at the message's stamp";
    const auto& r = std::get<ImuReading>(s.reading);
    EXPECT_EQ(vec3(m["linear_acceleration"]), r.f_S);
    EXPECT_EQ(vec3(m["angular_velocity"]), r.omega_S);
    EXPECT_EQ(quat(m["orientation"]).coeffs(), r.q_RS.coeffs());
    // The white noise's variance a sample, on the diagonal.
    EXPECT_EQ(m["angular_velocity_covariance"][4].get<double>(),
              white_variance(imu_model.angular_velocity[1], imu_period));
    EXPECT_EQ(m["linear_acceleration_covariance"][8].get<double>(),
              white_variance(imu_model.linear_acceleration[2], imu_period));
    EXPECT_EQ(m["linear_acceleration_covariance"][1].get<double>(), 0.0);
  }

  for (const json& m : fixes.get()) {
    EXPECT_FALSE(m["_trailing"]);
    const SensorSample s = log_.sample(gnss, m["header"]["stamp"]);
    ASSERT_GE(s.t, 0.0);
    const auto& r = std::get<GnssReading>(s.reading);
    EXPECT_EQ(m["status"]["status"], r.fix ? 0 : -1);
    EXPECT_EQ(m["status"]["service"], 1);
    expect_same(r.latitude_deg, m["latitude"], "latitude");
    expect_same(r.longitude_deg, m["longitude"], "longitude");
    expect_same(r.altitude, m["altitude"], "altitude");
    EXPECT_EQ(m["position_covariance_type"], 2);
  }
  for (const json& m : fields.get()) {
    const SensorSample s = log_.sample(compass, m["header"]["stamp"]);
    ASSERT_GE(s.t, 0.0);
    EXPECT_EQ(vec3(m["magnetic_field"]), std::get<MagnetometerReading>(s.reading).B_S);
    // The Earth's field, in tesla (not gauss): 20 to 70 microtesla anywhere.
    const double B = vec3(m["magnetic_field"]).norm();
    EXPECT_GT(B, 20e-6);
    EXPECT_LT(B, 70e-6);
  }
}

TEST_F(DdsServerTest, AnAltimeterAndACurrentMeterReachRos2ByTheirShapesAsARos2NodeDecodesThem) {
  // Two types with no publisher of their own: the altimeter as ros_gz_interfaces/Altimeter, the
  // current meter as a stamped vector, in the world frame (sensors/sensor_descriptor.h).
  serve(default_world_with_sensors(R"(
    <sensor name="alt" type="altimeter"><update_rate>10</update_rate></sensor>
    <sensor name="adcp" type="custom" gz:type="current_meter"><pose>0 0 -1 0 0 0</pose>
      <update_rate>10</update_rate></sensor>)"));
  const std::size_t alt = sensor("alt"), adcp = sensor("adcp");
  auto heights = std::async(std::launch::async, [] {
    return echo("/wamv/sensors/altimeter/altimeter/data", "ros_gz_interfaces/Altimeter", 3);
  });
  const std::vector<json> currents =
      echo("/wamv/sensors/current_meter/current_meter/data", "geometry_msgs/Vector3Stamped", 3);
  ASSERT_EQ(currents.size(), 3u);
  for (const json& m : currents) {
    EXPECT_EQ(m["header"]["frame_id"], "world");
    const SensorSample s = log_.sample(adcp, m["header"]["stamp"]);
    ASSERT_GE(s.t, 0.0) << "no sample at the message's stamp";
    EXPECT_EQ(vec3(m["vector"]), std::get<CurrentMeterReading>(s.reading).v_W);
  }
  const std::vector<json> altitudes = heights.get();
  ASSERT_EQ(altitudes.size(), 3u);
  for (const json& m : altitudes) {
    EXPECT_EQ(m["header"]["frame_id"], "wamv/base_link/alt");
    const SensorSample s = log_.sample(alt, m["header"]["stamp"]);
    ASSERT_GE(s.t, 0.0);
    const auto& r = std::get<AltimeterReading>(s.reading);
    EXPECT_EQ(m["vertical_position"].get<double>(), r.vertical_position);
    EXPECT_EQ(m["vertical_velocity"].get<double>(), r.vertical_velocity);
  }
}

TEST_F(DdsServerTest, AClockRateSpacesTheClockBySimulatedTime) {
  serve("", true, nullptr, 20.0);  // every tenth step of 5 ms
  const std::vector<json> clocks = echo("/clock", "rosgraph_msgs/Clock", 4, "best_effort");
  ASSERT_EQ(clocks.size(), 4u);
  for (std::size_t k = 1; k < clocks.size(); ++k)
    EXPECT_EQ(stamp_ns(clocks[k]["clock"]) - stamp_ns(clocks[k - 1]["clock"]), 50'000'000);
}

TEST_F(DdsServerTest, TfStaticIsLatchedForALateJoinerAndPlacesEveryLinkAndSensorOnItsBody) {
  serve("");
  ASSERT_TRUE(eventually([&] { return log_.steps > 50; }));  // long after it was written
  const std::vector<json> m = echo("/tf_static", "tf2_msgs/TFMessage", 1, "transient_local");
  ASSERT_EQ(m.size(), 1u);
  const Model& model = sim_->model();
  // First the links merged into each body (the link tree), then the sensors.
  std::vector<std::tuple<std::string, std::string, Vec3>> expected;
  for (const BodyModel& body : model.bodies) {
    for (const BodyModel::LinkFrame& link : body.links) {
      if (link.name != body.link_name) {
        expected.emplace_back(ros_body_frame(body.model_name, body.link_name),
                              ros_body_frame(body.model_name, link.name), link.X_BL.p);
      }
    }
  }
  EXPECT_GE(expected.size(), 2u);  // the WAM-V's engines, at least
  for (const SensorModel& sensor : model.sensors) {
    const BodyModel& body = model.bodies[static_cast<std::size_t>(sensor.body)];
    expected.emplace_back(ros_body_frame(body.model_name, body.link_name), ros_sensor_frame(sensor),
                          sensor.X_BS.p);
  }
  ASSERT_EQ(m[0]["transforms"].size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const json& t = m[0]["transforms"][i];
    const auto& [parent, child, p] = expected[i];
    EXPECT_EQ(t["header"]["frame_id"], parent);
    EXPECT_EQ(t["child_frame_id"], child);
    EXPECT_EQ(vec3(t["transform"]["translation"]), p);
  }
}

/// A decoded number that may be non-finite ("Infinity", "-Infinity", "NaN").
double decoded(const json& x) {
  return x.is_string() ? std::strtod(x.get<std::string>().c_str(), nullptr) : x.get<double>();
}

/// The FLOAT32 at byte `at` of a decoded uint8[] field.
float float_at(const json& bytes, std::size_t at) {
  std::array<std::uint8_t, 4> b;
  for (std::size_t k = 0; k < 4; ++k)
    b[k] = bytes.at(at + k).get<std::uint8_t>();
  float x;
  std::memcpy(&x, b.data(), sizeof x);  // little-endian, as the message says
  return x;
}

TEST_F(DdsServerTest, ALidarsScanAndPointsAndACamerasImageAndCalibrationAreWhatTheRunDrew) {
  serve(default_world_with_sensors(kWamvMast));
  const Model& model = sim_->model();
  const std::size_t scanner = sensor("scanner"), eye = sensor("eye");
  EXPECT_EQ(ros_sensor_topic(model.sensors, scanner), "/wamv/sensors/lidars/scanner/scan");
  EXPECT_EQ(ros_sensor_topic(model.sensors, eye), "/wamv/sensors/cameras/eye/image_raw");
  // Before any reader matches, the lidar samples and scans nothing.
  ASSERT_TRUE(eventually([&] { return log_.steps > 50; }));
  {
    std::lock_guard lock(log_.mutex);
    ASSERT_GE(log_.samples.at(scanner).size(), 2u);
    for (const auto& [stamp, sample] : log_.samples.at(scanner))
      EXPECT_EQ(std::get<LidarReading>(sample.reading).horizontal_count, 0);
  }
  auto scans = std::async(std::launch::async, [] {
    return echo("/wamv/sensors/lidars/scanner/scan", "sensor_msgs/LaserScan", 2);
  });
  auto clouds = std::async(std::launch::async, [] {
    return echo("/wamv/sensors/lidars/scanner/points", "sensor_msgs/PointCloud2", 1);
  });
  auto images = std::async(std::launch::async, [] {
    return echo("/wamv/sensors/cameras/eye/image_raw", "sensor_msgs/Image", 1);
  });
  auto infos = std::async(std::launch::async, [] {
    return echo("/wamv/sensors/cameras/eye/camera_info", "sensor_msgs/CameraInfo", 1);
  });
  const auto& lidar = std::get<LidarModel>(model.sensors[scanner].kind);
  const auto& camera = std::get<CameraModel>(model.sensors[eye].kind);

  // The scan's middle row (of 3), as ros_gz_bridge converts a gz scan.
  const std::vector<json> scan_msgs = scans.get();
  ASSERT_EQ(scan_msgs.size(), 2u);
  int finite = 0;
  for (const json& m : scan_msgs) {
    EXPECT_FALSE(m["_trailing"]);
    EXPECT_EQ(m["header"]["frame_id"], "wamv/base_link/scanner");
    const SensorSample s = log_.sample(scanner, m["header"]["stamp"]);
    const auto& r = std::get<LidarReading>(s.reading);
    ASSERT_EQ(r.horizontal_count, 48) << "not drawn for its reader";
    EXPECT_EQ(m["angle_min"].get<double>(), -1.2f);
    EXPECT_EQ(m["angle_max"].get<double>(), 1.2f);
    EXPECT_EQ(m["angle_increment"].get<double>(), static_cast<float>(2.4 / 47));
    EXPECT_EQ(m["range_min"].get<double>(), 0.3f);
    EXPECT_EQ(m["range_max"].get<double>(), 60.0f);
    EXPECT_EQ(m["scan_time"].get<double>(), 0.1f);
    ASSERT_EQ(m["ranges"].size(), 48u);
    for (std::size_t i = 0; i < 48; ++i) {
      const float expected = r.ranges[48 + i];
      EXPECT_EQ(decoded(m["ranges"][i]), expected) << "ray " << i;
      EXPECT_EQ(m["intensities"][i].get<double>(), r.intensities[48 + i]);
      finite += std::isfinite(expected);
    }
  }
  EXPECT_GT(finite, 0);  // some rays meet the WAM-V's hull

  // Every ray as a point in S: its range along its direction; no return, NaN.
  const std::vector<json> cloud_msgs = clouds.get();
  ASSERT_EQ(cloud_msgs.size(), 1u);
  const json& cloud = cloud_msgs[0];
  EXPECT_FALSE(cloud["_trailing"]);
  EXPECT_EQ(cloud["header"]["frame_id"], "wamv/base_link/scanner");
  EXPECT_EQ(cloud["height"], 3);
  EXPECT_EQ(cloud["width"], 48);
  EXPECT_EQ(cloud["point_step"], 20);
  EXPECT_EQ(cloud["row_step"], 20 * 48);
  EXPECT_FALSE(cloud["is_dense"]);
  std::vector<std::string> names;
  for (const json& f : cloud["fields"])
    names.push_back(f["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"x", "y", "z", "intensity", "ring"}));
  EXPECT_EQ(cloud["fields"][4]["datatype"], 4);  // UINT16
  const SensorSample scanned = log_.sample(scanner, cloud["header"]["stamp"]);
  const auto& r = std::get<LidarReading>(scanned.reading);
  ASSERT_EQ(r.ranges.size(), 144u);
  ASSERT_EQ(cloud["data"].size(), 20u * 144u);
  for (int j = 0; j < 3; ++j) {
    for (int i = 0; i < 48; ++i) {
      const std::size_t k = std::size_t(j) * 48 + std::size_t(i);
      const Vec3 p = double(r.ranges[k]) * lidar_direction_S(lidar, i, j);
      for (int a = 0; a < 3; ++a) {
        const float got = float_at(cloud["data"], 20 * k + 4 * std::size_t(a));
        if (std::isfinite(r.ranges[k])) {
          EXPECT_EQ(got, static_cast<float>(p[a])) << "point " << k;
        } else {
          EXPECT_TRUE(std::isnan(got)) << "point " << k;
        }
      }
      EXPECT_EQ(cloud["data"][20 * k + 16], j);  // the ring
    }
  }

  // The frame as rgb8 in the optical frame, and its pinhole.
  const std::vector<json> image_msgs = images.get();
  ASSERT_EQ(image_msgs.size(), 1u);
  const json& image = image_msgs[0];
  EXPECT_FALSE(image["_trailing"]);
  EXPECT_EQ(image["header"]["frame_id"], "wamv/base_link/eye_optical");
  EXPECT_EQ(image["encoding"], "rgb8");
  EXPECT_EQ(image["width"], 8);
  EXPECT_EQ(image["height"], 6);
  EXPECT_EQ(image["step"], 24);
  const SensorSample framed = log_.sample(eye, image["header"]["stamp"]);
  const auto& frame = std::get<CameraImage>(framed.reading);
  ASSERT_EQ(frame.width, 8);
  EXPECT_EQ(image["data"].get<std::vector<std::uint8_t>>(), frame.rgb);
  const std::vector<json> info_msgs = infos.get();
  ASSERT_EQ(info_msgs.size(), 1u);
  const json& info = info_msgs[0];
  EXPECT_FALSE(info["_trailing"]);
  EXPECT_EQ(info["header"]["frame_id"], "wamv/base_link/eye_optical");
  EXPECT_EQ(info["distortion_model"], "plumb_bob");
  EXPECT_EQ(info["d"].get<std::vector<double>>(), std::vector<double>(5, 0.0));
  const std::array<double, 9> K = camera_k(camera);
  EXPECT_EQ(info["k"].get<std::vector<double>>(), std::vector<double>(K.begin(), K.end()));
  EXPECT_EQ(info["p"].get<std::vector<double>>(),
            (std::vector<double>{K[0], 0, K[2], 0, 0, K[4], K[5], 0, 0, 0, 1, 0}));

  // The optical frame on /tf_static, turned from the camera's frame S.
  const std::vector<json> statics = echo("/tf_static", "tf2_msgs/TFMessage", 1, "transient_local");
  ASSERT_EQ(statics.size(), 1u);
  bool optical = false;
  for (const json& t : statics[0]["transforms"]) {
    if (t["child_frame_id"] != "wamv/base_link/eye_optical") continue;
    optical = true;
    EXPECT_EQ(t["header"]["frame_id"], "wamv/base_link/eye");
    EXPECT_EQ(quat(t["transform"]["rotation"]).coeffs(), kQ_SO.coeffs());
    // O's z is S's x: the optical axis is the camera's view.
    EXPECT_LT((quat(t["transform"]["rotation"]) * Vec3::UnitZ() - Vec3::UnitX()).norm(), 1e-15);
  }
  EXPECT_TRUE(optical);
}

TEST_F(DdsServerTest, TheRexrovsSonarPingsAsAProjectedSonarImageOfTheLevelsItHeard) {
  serve(std::string(LEEWAY_SOURCE_DIR) + "/worlds/rexrov.sdf");
  const std::size_t sonar = sensor("sonar");
  const Model& model = sim_->model();
  EXPECT_EQ(ros_sensor_topic(model.sensors, sonar, sim_->scenario().wiring.sensors[sonar].topic),
            "/rexrov/sonar");  // UUV's <topicName>
  const std::vector<json> pings =
      echo("/rexrov/sonar", "marine_acoustic_msgs/ProjectedSonarImage", 1);
  ASSERT_EQ(pings.size(), 1u);
  const json& m = pings[0];
  EXPECT_FALSE(m["_trailing"]);
  EXPECT_EQ(m["header"]["frame_id"], "rexrov/sonar_link/sonar_acoustic");
  const SensorSample s = log_.sample(sonar, m["header"]["stamp"]);
  const auto& r = std::get<SonarImage>(s.reading);
  ASSERT_EQ(r.beams, 768) << "not pinged for its reader";
  const auto& sonar_model = std::get<SonarModel>(model.sensors[sonar].kind);
  EXPECT_EQ(m["ping_info"]["frequency"].get<double>(), 450e3f);
  EXPECT_EQ(m["ping_info"]["sound_speed"].get<double>(),
            static_cast<float>(model.environment.sound_speed));
  EXPECT_EQ(m["ping_info"]["rx_beamwidths"].size(), 768u);
  EXPECT_EQ(m["ping_info"]["rx_beamwidths"][0].get<double>(),
            static_cast<float>(sonar_model.beamwidth_h));
  // Each beam's direction in A (z along the fan's axis, x up): its azimuth turned about x.
  ASSERT_EQ(m["beam_directions"].size(), 768u);
  for (std::size_t b : {std::size_t{0}, std::size_t{383}, std::size_t{767}}) {
    const Vec3 d = vec3(m["beam_directions"][b]);
    EXPECT_EQ(d, Vec3(0.0, -std::sin(r.azimuth[b]), std::cos(r.azimuth[b]))) << "beam " << b;
  }
  ASSERT_EQ(m["ranges"].size(), r.range.size());
  for (std::size_t k = 0; k < r.range.size(); ++k)
    EXPECT_EQ(m["ranges"][k].get<double>(), static_cast<float>(r.range[k]));
  EXPECT_EQ(m["image"]["dtype"], 8);  // DTYPE_FLOAT32
  EXPECT_EQ(m["image"]["beam_count"], 768);
  const json& data = m["image"]["data"];
  ASSERT_EQ(data.size(), 4 * r.level.size());
  std::size_t differ = 0;
  for (std::size_t k = 0; k < r.level.size(); ++k)
    differ += float_at(data, 4 * k) != r.level[k];
  EXPECT_EQ(differ, 0u);  // every cell's level [dB re 1 uPa], range-major
}

TEST_F(DdsServerTest, AProfilingSonarsSoundingsAreSonarRangesOfTheBottomItFound) {
  // A profiling multibeam 20 m over the flat seabed, looking straight down (served_run.h). Each
  // beam's range is the one it detected, about 20 / cos(theta) m, along its unit vector
  // (cos theta, sin theta, 0) in S.
  serve(rexrov_world_with_sounder());
  const std::size_t mbes = sensor("mbes");
  const std::string topic = ros_sensor_topic(sim_->model().sensors, mbes) + "/detections";
  EXPECT_EQ(topic, "/sounder/sensors/sonars/mbes/sonar_image/detections");
  const std::vector<json> soundings = echo(topic, "marine_acoustic_msgs/SonarRanges", 1);
  ASSERT_EQ(soundings.size(), 1u);
  const json& m = soundings[0];
  EXPECT_FALSE(m["_trailing"]);
  EXPECT_EQ(m["header"]["frame_id"], "sounder/base_link/mbes");
  const SensorSample s = log_.sample(mbes, m["header"]["stamp"]);
  const auto& r = std::get<SonarImage>(s.reading);
  ASSERT_EQ(r.bottom_range.size(), 32u) << "not pinged for its reader";
  ASSERT_EQ(m["ranges"].size(), 32u);
  std::vector<double> altitudes;
  for (std::size_t b = 0; b < 32; ++b) {
    EXPECT_EQ(m["flags"][b]["flag"], 0) << "beam " << b;
    EXPECT_EQ(m["ranges"][b].get<double>(), static_cast<float>(r.bottom_range[b]));
    EXPECT_EQ(vec3(m["beam_unit_vec"][b]),
              Vec3(std::cos(r.azimuth[b]), std::sin(r.azimuth[b]), 0.0));
    EXPECT_EQ(m["intensities"][b].get<double>(), r.bottom_level[b]);
    altitudes.push_back(r.bottom_range[b] * std::cos(r.azimuth[b]));
  }
  // The seabed is flat; the sounder has sunk a little since the start, and the coherent sum's
  // speckle scatters the outer beams' soundings across their footprints.
  std::sort(altitudes.begin(), altitudes.end());
  EXPECT_NEAR(altitudes[16], 20.0, 0.3);
}

TEST_F(DdsServerTest, TheRexrovsDvlPressureAndGroundTruthAreWhatTheRunComputed) {
  serve(std::string(LEEWAY_SOURCE_DIR) + "/worlds/rexrov.sdf");
  const Model& model = sim_->model();
  const std::size_t dvl = sensor("dvl"), pressure = sensor("pressure"), truth = sensor("pose_gt");
  EXPECT_EQ(ros_sensor_topic(model.sensors, dvl, sim_->scenario().wiring.sensors[dvl].topic),
            "/rexrov/dvl");  // UUV Simulator's
  auto dvls = std::async(std::launch::async,
                         [] { return echo("/rexrov/dvl", "marine_acoustic_msgs/Dvl", 3); });
  auto pressures = std::async(
      std::launch::async, [] { return echo("/rexrov/pressure", "sensor_msgs/FluidPressure", 3); });
  auto odometry = std::async(std::launch::async,
                             [] { return echo("/rexrov/pose_gt", "nav_msgs/Odometry", 3); });

  const auto& dvl_model = std::get<DvlModel>(model.sensors[dvl].kind);
  const std::vector<json> d = dvls.get();
  ASSERT_EQ(d.size(), 3u);
  for (const json& m : d) {
    EXPECT_FALSE(m["_trailing"]);
    const SensorSample s = log_.sample(dvl, m["header"]["stamp"]);
    ASSERT_GE(s.t, 0.0);
    const auto& r = std::get<DvlReading>(s.reading);
    EXPECT_EQ(m["velocity_mode"], r.target == DvlReading::Target::kBottom      ? 1
                                  : r.target == DvlReading::Target::kWaterMass ? 2
                                                                               : 0);
    const Vec3 v_S = dvl_model.R_SR * r.v_R;
    for (int k = 0; k < 3; ++k)
      expect_same(v_S[k], m["velocity"][std::string(1, "xyz"[k])], "v");
    expect_same(r.altitude, m["altitude"], "altitude");
    EXPECT_EQ(m["num_good_beams"], r.good_beams);
    EXPECT_EQ(m["sound_speed"].get<double>(), static_cast<float>(dvl_model.sound_speed_assumed));
    ASSERT_EQ(dvl_model.beams_S.size(), 4u);  // UUV Simulator's four Janus beams
    for (std::size_t b = 0; b < 4; ++b) {
      expect_same(r.beams[b].range, m["range"][b], "range");
      expect_same(static_cast<float>(r.beams[b].velocity), m["beam_velocity"][b], "beam velocity");
      EXPECT_EQ(vec3(m["beam_unit_vec"][b]), dvl_model.beams_S[b]);
      if (r.target == DvlReading::Target::kBottom && r.beams[b].locked) {
        // The noise model's a + b |u|, squared.
        const double sigma = dvl_model.velocity_noise +
                             dvl_model.velocity_noise_fraction * std::abs(r.beams[b].velocity);
        EXPECT_EQ(m["beam_velocity_covar"][b].get<double>(), static_cast<float>(sigma * sigma));
      }
    }
  }
  for (const json& m : pressures.get()) {
    const SensorSample s = log_.sample(pressure, m["header"]["stamp"]);
    ASSERT_GE(s.t, 0.0);
    EXPECT_EQ(m["fluid_pressure"].get<double>(), std::get<PressureReading>(s.reading).pressure);
    EXPECT_GT(m["fluid_pressure"].get<double>(), 101325.0);  // under water, in pascals
  }
  for (const json& m : odometry.get()) {
    const SensorSample s = log_.sample(truth, m["header"]["stamp"]);
    ASSERT_GE(s.t, 0.0);
    const auto& r = std::get<GroundTruthReading>(s.reading);
    EXPECT_EQ(m["header"]["frame_id"], "world");
    EXPECT_EQ(m["child_frame_id"], ros_sensor_frame(model.sensors[truth]));
    EXPECT_EQ(vec3(m["pose"]["pose"]["position"]), r.p_W);
    EXPECT_EQ(vec3(m["twist"]["twist"]["linear"]), r.v_S);
    EXPECT_EQ(vec3(m["twist"]["twist"]["angular"]), r.omega_S);
  }
}

TEST_F(DdsServerTest, AFloat64OnTheThrustersRosTopicCommandsItAndANanIsDropped) {
  // A member, so that it outlives the run (which TearDown stops).
  watch_.emplace("wamv", "left_engine_propeller_joint");
  CommandWatch& watch = *watch_;
  serve("", /*controllers=*/false, &watch);  // no autopilot writing over the peer's commands
  const int left = sim_->model().actuator_index("wamv", "left_engine_propeller_joint");
  const std::string topic = command_topic(sim_->scenario(), static_cast<std::size_t>(left));
  EXPECT_EQ(topic, "/wamv/thrusters/left/thrust");  // VRX's, in ROS 2 as over gz-transport
  tool_output(peer_command(fmt::format("pub {} 500 10 20", topic)));
  EXPECT_TRUE(eventually([&] { return watch.command == 500.0; }, 5s)) << watch.command;
  tool_output(peer_command(fmt::format("pub {} nan 5 20", topic)));  // dropped, with a line
  const std::uint64_t steps = watch.steps;
  EXPECT_TRUE(eventually([&] { return watch.steps > steps + 10; }));  // still running
  EXPECT_EQ(watch.command, 500.0);
}

TEST_F(DdsServerTest, AFloat64OnEachOfTheOttersDocumentedCommandTopicsDrivesIt) {
  // Leeway's own actuators take std_msgs/Float64 at /M/actuator/A/cmd (docs/interfaces.md), in
  // their unit: the shaft speed [rad/s]. No autopilot: the peer's commands alone.
  otter_watch_.emplace();
  OtterWatch& watch = *otter_watch_;
  serve(std::string(LEEWAY_SOURCE_DIR) + "/worlds/otter.sdf", /*controllers=*/false, &watch, 0.0,
        4.0);
  for (const char* propeller : {"left_propeller", "right_propeller"}) {
    const std::string topic = fmt::format("/otter/actuator/{}/cmd", propeller);
    EXPECT_EQ(tool_output(peer_command(fmt::format("pub {} 80 10 20", topic))), "") << topic;
  }
  EXPECT_TRUE(eventually([&] { return watch.command == 80.0; }, 5s)) << watch.command;
  // Ahead at 80 rad/s on both: past 0.5 m/s.
  EXPECT_TRUE(eventually([&] { return watch.surge > 0.5; }, 20s)) << watch.surge;
}

TEST_F(DdsServerTest, EntityWrenchesOnTheWorldsWrenchTopicsPushTheWamvUntilCleared) {
  // A member, so that it outlives the run (which TearDown stops); its body is the WAM-V's, the
  // default world's only one.
  wrench_watch_.emplace(0);
  ExternalWrenchWatch& watch = *wrench_watch_;
  serve("", /*controllers=*/false, &watch);
  ASSERT_EQ(sim_->model().bodies[0].model_name, "wamv");
  const std::string world = "/world/" + sim_->model().world_name;
  Vec6 push;  // 200 N along W's y, 30 N m about W's z, at Bo
  push << 0.0, 200.0, 0.0, 0.0, 0.0, 30.0;
  tool_output(
      peer_command(fmt::format("wrench {}/wrench/persistent wamv 2 0 200 0 0 0 30", world)));
  EXPECT_TRUE(eventually([&] { return watch.is(push); }, 5s));
  const int pushed = watch.pushed_steps;
  EXPECT_TRUE(eventually([&] { return watch.pushed_steps > pushed + 20; }));  // at every step
  EXPECT_TRUE(watch.is(push));

  // The body's reference link names it too; a link that is not its frame, nothing.
  const std::string link = "wamv::" + sim_->model().bodies[0].link_name;
  ::testing::internal::CaptureStderr();
  tool_output(peer_command(fmt::format("wrench {}/wrench/clear wamv::no_such_link 3", world)));
  tool_output(peer_command(fmt::format("wrench {}/wrench/clear {} 3", world, link)));
  EXPECT_TRUE(eventually([&] { return watch.is(Vec6::Zero()); }, 5s));
  const std::string told = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(told.find(world + "/wrench/clear"), std::string::npos) << told;
  EXPECT_NE(told.find("no body is the LINK 'wamv::no_such_link'"), std::string::npos) << told;

  const int before = watch.pushed_steps;
  tool_output(peer_command(fmt::format("wrench {}/wrench wamv 2 500 0 0 0 0 0", world)));
  EXPECT_TRUE(eventually([&] { return watch.pushed_steps > before; }, 5s));
  EXPECT_TRUE(eventually([&] { return watch.is(Vec6::Zero()); }));
  EXPECT_EQ(watch.pushed_steps, before + 1);  // one message, one step
}

TEST_F(DdsServerTest, VrxsWayfindingTopicsCarryTheWaypointsAndTheErrorsAsVrxsBridgeTypesThem) {
  serve("", true, nullptr, 0.0, /*rate_factor=*/10.0);  // running from 2 s of wall time
  const TaskModel& task = sim_->scenario().tasks.at(0);
  const std::vector<VrxGoal> goals = vrx_goals(task, *sim_->model().origin);
  auto waypoints = std::async(std::launch::async, [] {
    return echo("/vrx/wayfinding/waypoints", "geometry_msgs/PoseArray", 1);
  });
  auto min_errors = std::async(std::launch::async, [] {
    return echo("/vrx/wayfinding/min_errors", "ros_gz_interfaces/Float32Array", 1);
  });
  auto mean_error = std::async(
      std::launch::async, [] { return echo("/vrx/wayfinding/mean_error", "std_msgs/Float32", 1); });
  const std::vector<json> w = waypoints.get(), m = min_errors.get(), e = mean_error.get();
  ASSERT_EQ(w.size(), 1u);
  const json& poses = w[0]["poses"];
  ASSERT_EQ(poses.size(), goals.size());
  for (std::size_t i = 0; i < goals.size(); ++i) {
    EXPECT_EQ(poses[i]["position"]["x"].get<double>(), goals[i].latitude_deg);
    EXPECT_EQ(poses[i]["position"]["y"].get<double>(), goals[i].longitude_deg);
    const Quat q = quat(poses[i]["orientation"]);
    EXPECT_NEAR(2.0 * std::atan2(q.z(), q.w()), goals[i].yaw, 1e-12);
  }
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0]["data"].size(), goals.size());
  ASSERT_EQ(e.size(), 1u);
  EXPECT_GT(e[0]["data"].get<double>(), 0.0);
}

/// A decoded header's stamp [s].
double stamp(const json& msg) {
  return msg["header"]["stamp"]["sec"].get<double>() +
         1e-9 * msg["header"]["stamp"]["nanosec"].get<double>();
}

TEST_F(DdsServerTest, UuvSimulatorsFinAndThrusterTopicsTakeFloatStampedAndReportStates) {
  actuator_log_.emplace();
  ActuatorLog& log = *actuator_log_;
  serve(std::string(LEEWAY_SOURCE_DIR) + "/worlds/lauv_survey.sdf", /*controllers=*/false, &log);
  const Model& model = sim_->model();
  const auto fin = static_cast<std::size_t>(model.actuator_index("lauv", "fin_0"));
  const auto propeller = static_cast<std::size_t>(model.actuator_index("lauv", "thruster_0"));
  EXPECT_EQ(command_topic(sim_->scenario(), fin), "/lauv/fins/0/input");  // UUV Simulator's
  EXPECT_EQ(command_topic(sim_->scenario(), propeller), "/lauv/thrusters/0/input");

  // Commands as UUV Simulator's FloatStamped: the fin turns to 0.2 rad, the propeller runs.
  EXPECT_EQ(tool_output(peer_command("pub /lauv/fins/0/input 0.2 5 20 stamped")), "");
  EXPECT_EQ(tool_output(peer_command("pub /lauv/thrusters/0/input 800 5 20 stamped")), "");
  ASSERT_TRUE(eventually([&] {
    const auto last = log.last();
    return last && last->states[fin] > 0.1;
  }));
  auto joint_states = std::async(
      std::launch::async, [] { return echo("/lauv/joint_states", "sensor_msgs/JointState", 1); });
  auto fin_output = std::async(std::launch::async, [] {
    return echo("/lauv/fins/0/output", "uuv_gazebo_ros_plugins_msgs/FloatStamped", 1);
  });
  const std::vector<json> thrust =
      echo("/lauv/thrusters/0/thrust", "uuv_gazebo_ros_plugins_msgs/FloatStamped", 1);

  // The thrust [N] of the step that ends at the stamp (its load, at the step's start).
  ASSERT_EQ(thrust.size(), 1u);
  const std::optional<ActuatorLogEntry> at_thrust = log.at(stamp(thrust[0]));
  ASSERT_TRUE(at_thrust);
  EXPECT_EQ(thrust[0]["data"].get<double>(), at_thrust->loads[propeller].thrust);
  EXPECT_GT(thrust[0]["data"].get<double>(), 1.0);
  // The fin's angle [rad].
  const std::vector<json> output = fin_output.get();
  ASSERT_EQ(output.size(), 1u);
  const std::optional<ActuatorLogEntry> at_output = log.at(stamp(output[0]));
  ASSERT_TRUE(at_output);
  EXPECT_EQ(output[0]["data"].get<double>(), at_output->states[fin]);
  // The joint states: the four fins (UUV's thrusters' states have no unit: no joint's), each
  // its angle and its rate over the last step.
  const std::vector<json> joints = joint_states.get();
  ASSERT_EQ(joints.size(), 1u);
  const json& j = joints[0];
  const double t = stamp(j);
  const std::optional<ActuatorLogEntry> now = log.at(t), before = log.at(t - model.dt);
  ASSERT_TRUE(now && before);
  ASSERT_EQ(j["name"].size(), 4u);
  for (std::size_t k = 0; k < 4; ++k) {
    const std::string name = j["name"][k];
    const auto i = static_cast<std::size_t>(model.actuator_index("lauv", name));
    EXPECT_EQ(name, fmt::format("fin_{}", k));
    EXPECT_EQ(j["position"][k].get<double>(), now->states[i]) << name;
    EXPECT_EQ(j["velocity"][k].get<double>(), (now->states[i] - before->states[i]) / model.dt)
        << name;
    EXPECT_EQ(j["effort"][k].get<double>(), 0.0) << name;
  }
}

TEST_F(DdsServerTest, GzSimsBuoyancyEngineTakesAndReportsItsVolumeAsFloat64sAsTheBridgeMapsThem) {
  // gz-sim's examples/worlds/buoyancy_engine.sdf, bridged as ros_gz_bridge maps gz.msgs.Double:
  // the set point in, the bladder's volume [m^3] out, each a std_msgs/Float64.
  const std::filesystem::path file =
      testing::foreign_corpus() / "gz-sim" / "examples" / "worlds" / "buoyancy_engine.sdf";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no foreign corpus: " << file;
  actuator_log_.emplace();
  ActuatorLog& log = *actuator_log_;
  serve(file.string(), /*controllers=*/false, &log);
  const auto bladder =
      static_cast<std::size_t>(sim_->model().actuator_index("buoyant_box", "buoyancy_engine"));
  // It starts at <default_volume> 2 l; set to 0.5 l, it drains.
  EXPECT_EQ(tool_output(peer_command("pub /model/buoyant_box/buoyancy_engine 0.0005 5 20")), "");
  ASSERT_TRUE(eventually([&] {
    const auto last = log.last();
    return last && last->states[bladder] < 0.002;
  }));
  const std::vector<json> volume =
      echo("/model/buoyant_box/buoyancy_engine/current_volume", "std_msgs/Float64", 1);
  ASSERT_EQ(volume.size(), 1u);
  EXPECT_LT(volume[0]["data"].get<double>(), 0.002);
  EXPECT_GE(volume[0]["data"].get<double>(), 0.0005);
}

TEST_F(DdsServerTest, ALockstepClientsCommandsReachTheStepsItAsksForOverRos2SoItsRunIsTheSameBits) {
  // kLockstepScript sent by a ROS 2 client on /world/W/lockstep, each request after the last
  // one's answer on /world/W/lockstep/reply, twice.
  lockstep_ = true;
  const std::string keys = "wamv/left_engine_propeller_joint,wamv/right_engine_propeller_joint";
  std::string requests;
  for (const auto& [left, right] : kLockstepScript)
    requests += fmt::format(" {},{}", left, right);
  std::vector<std::vector<std::vector<BodyState>>> runs;
  for (int run = 0; run < 2; ++run) {
    state_log_.emplace();
    serve("", /*controllers=*/false, &*state_log_);
    const std::string answers = tool_output(peer_command(fmt::format(
        "lockstep /world/{} {} {}{}", sim_->model().world_name, kStepsPerRequest, keys, requests)));
    const double dt = sim_->model().dt;
    stop();
    // Each answered when its steps were taken, at the time they end at.
    std::istringstream lines(answers);
    int answered = 0;
    for (std::string line; std::getline(lines, line); ++answered) {
      EXPECT_NE(line.find("taken"), std::string::npos) << line;
      EXPECT_NEAR(std::stod(line), (answered + 1) * kStepsPerRequest * dt, 1e-9) << line;
    }
    EXPECT_EQ(answered, static_cast<int>(kLockstepScript.size())) << answers;
    runs.push_back(state_log_->states);
  }
  ASSERT_EQ(runs[0].size(), kLockstepScript.size() * kStepsPerRequest);  // no step more or fewer
  EXPECT_TRUE(runs[0] == runs[1]);
  // The same commands given to the same steps directly: the same bits.
  EXPECT_TRUE(runs[0] == direct_scripted_run());

  // A request with an unknown actuator changes nothing and is answered at once, refused.
  state_log_.emplace();
  serve("", /*controllers=*/false, &*state_log_);
  ::testing::internal::CaptureStderr();
  const std::string refused = tool_output(
      peer_command(fmt::format("lockstep /world/{} 3 wamv/rudder 1.0", sim_->model().world_name)));
  const std::string told = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(refused.find("0.000000000 refused"), std::string::npos) << refused;
  EXPECT_NE(told.find("'wamv/rudder' refused: no such actuator"), std::string::npos) << told;
  EXPECT_TRUE(state_log_->states.empty());
}

TEST_F(DdsServerTest, GzSimsPosePublisherOnTheWamvPublishesItsSensorsAndItsModelFrame) {
  // VRX's WAM-V's PosePublisher (its sensors' poses, every step, in a Pose_V), with the model's
  // own pose too.
  serve(default_world_with(
      "<plugin filename='libgz-sim-pose-publisher-system.so' "
      "name='gz::sim::systems::PosePublisher'><publish_link_pose>false</publish_link_pose>"
      "<publish_sensor_pose>true</publish_sensor_pose><publish_model_pose>true"
      "</publish_model_pose><use_pose_vector_msg>true</use_pose_vector_msg>"
      "<static_publisher>false</static_publisher></plugin>"));
  const Model& model = sim_->model();
  ASSERT_EQ(sim_->scenario().wiring.pose_publishers.size(), 1u);
  const std::vector<json> m = echo("/wamv/pose", "tf2_msgs/TFMessage", 1);
  ASSERT_EQ(m.size(), 1u);
  const json& transforms = m[0]["transforms"];
  ASSERT_EQ(transforms.size(), model.sensors.size() + 1);
  const BodyModel& wamv = model.bodies[0];
  for (std::size_t i = 0; i < model.sensors.size(); ++i) {
    // Each sensor in its link's frame: X_LS = X_BL^-1 X_BS.
    const json& t = transforms[i];
    const SensorModel& sensor = model.sensors[i];
    EXPECT_EQ(t["header"]["frame_id"], ros_body_frame("wamv", sensor.link_name));
    EXPECT_EQ(t["child_frame_id"], ros_sensor_frame(sensor));
    const auto link = std::find_if(wamv.links.begin(), wamv.links.end(),
                                   [&](const auto& l) { return l.name == sensor.link_name; });
    ASSERT_NE(link, wamv.links.end()) << sensor.link_name;
    const Vec3 p_LS = link->X_BL.isometry().inverse() * sensor.X_BS.p;
    EXPECT_LT((vec3(t["transform"]["translation"]) - p_LS).norm(), 1e-12);
  }
  // The model's frame in the world at the stamp: the body's pose times M in B.
  const json& t = transforms[model.sensors.size()];
  EXPECT_EQ(t["header"]["frame_id"], "world");
  EXPECT_EQ(t["child_frame_id"], "wamv");
  std::vector<BodyState> bodies;
  {
    std::lock_guard lock(log_.mutex);
    bodies = log_.bodies.at(stamp_ns(t["header"]["stamp"]));
  }
  const Eigen::Isometry3d X_WM =
      Pose(bodies[0].p_WB, bodies[0].q_WB).isometry() * wamv.X_BM.isometry();
  EXPECT_LT((vec3(t["transform"]["translation"]) - X_WM.translation()).norm(), 1e-12);
  EXPECT_LT(quat(t["transform"]["rotation"]).angularDistance(Quat(X_WM.linear())), 1e-12);
}

TEST_F(DdsServerTest, TheWamvsContactSensorReportsOnVrxsContactsTopicAsVrxsBridgeGivesIt) {
  // The default world with a post through the WAM-V's left float, where it is held for VRX's
  // first 10 s: the float touches it at every step.
  const std::string path = default_world_with(
      "<model name='post'><static>true</static><pose>-0.69 0.87 0.1 0 0 0</pose>"
      "<link name='link'><collision name='collision'><geometry><box><size>0.6 0.6 0.6"
      "</size></box></geometry></collision></link></model>",
      /*in_world=*/true);
  contact_log_.emplace();
  serve(path, /*controllers=*/false, &*contact_log_);
  const std::vector<json> m = echo("/vrx/contacts", "ros_gz_interfaces/Contacts", 2);
  ASSERT_EQ(m.size(), 2u);
  // At its <update_rate>, 5 Hz: 0.2 s apart.
  EXPECT_NEAR(stamp(m[1]) - stamp(m[0]), 0.2, 1e-9);
  const std::optional<StepData> data = contact_log_->at(stamp(m[1]));
  ASSERT_TRUE(data);
  // The step's contacts of a shape the sensor lists (the floats and the top), the WAM-V's first;
  // not those of its other shapes (the beams).
  const Model& model = sim_->model();
  std::vector<std::tuple<std::string, std::string, ContactPoint>> expected;
  for (std::size_t k = 0; k < data->contacts.size(); ++k) {
    const ContactPair& pair = data->contacts[k];
    ContactPoint p = data->contact_points[k];
    const bool wamv_first =
        model.colliders[static_cast<std::size_t>(pair.collider_a)].model_name == "wamv";
    const int wamv_shape = wamv_first ? pair.shape_a : pair.shape_b;
    const std::vector<int>& sensed =
        model.colliders[static_cast<std::size_t>(wamv_first ? pair.collider_a : pair.collider_b)]
            .sensed;
    if (std::find(sensed.begin(), sensed.end(), wamv_shape) == sensed.end()) continue;
    if (!wamv_first) p.n_W = -p.n_W;
    expected.emplace_back(wamv_first ? model.shape_name(pair.collider_a, pair.shape_a)
                                     : model.shape_name(pair.collider_b, pair.shape_b),
                          wamv_first ? model.shape_name(pair.collider_b, pair.shape_b)
                                     : model.shape_name(pair.collider_a, pair.shape_a),
                          p);
  }
  EXPECT_LT(expected.size(), data->contacts.size());  // a beam touches the post too
  const json& contacts = m[1]["contacts"];
  ASSERT_EQ(contacts.size(), expected.size());
  for (std::size_t k = 0; k < contacts.size(); ++k) {
    const json& c = contacts[k];
    const auto& [one, two, p] = expected[k];
    EXPECT_EQ(c["collision1"]["name"], one) << c;
    EXPECT_EQ(c["collision2"]["name"], two) << c;
    EXPECT_EQ(c["collision1"]["type"], 5);  // COLLISION
    ASSERT_EQ(c["positions"].size(), 1u);
    EXPECT_EQ(vec3(c["positions"][0]), p.p_W);
    EXPECT_EQ(vec3(c["normals"][0]), p.n_W);
    EXPECT_EQ(c["depths"][0].get<double>(), p.depth);
    EXPECT_GT(p.depth, 0.0);
  }
  EXPECT_EQ(contacts[0]["collision1"]["name"], "wamv::base_link::left_float");
  EXPECT_EQ(contacts[0]["collision2"]["name"], "post::link::collision");
}

/// The parameter `name` of a decoded ros_gz_interfaces/ParamVec, or null.
json param(const json& msg, const std::string& name) {
  for (const json& p : msg["params"])
    if (p["name"] == name) return p["value"];
  return nullptr;
}

TEST_F(DdsServerTest, TaskInfoAndThePingersRangeBearingAreParamVecsAsVrxsBridgeGivesThem) {
  const int index = default_scenario().model.sensor_index("wamv", "range_bearing");
  ASSERT_GE(index, 0);
  const auto receiver = static_cast<std::size_t>(index);
  pinger_watch_.emplace(receiver);
  serve("", true, &*pinger_watch_, 0.0, /*rate_factor=*/5.0);  // the receiver samples at 1 Hz
  PingerWatch& watch = *pinger_watch_;
  ASSERT_TRUE(std::holds_alternative<RangeBearingModel>(sim_->model().sensors[receiver].kind));
  const std::string topic = "/wamv/sensors/acoustics/receiver/range_bearing";
  EXPECT_EQ(ros_sensor_topic(sim_->model().sensors, receiver,
                             sim_->scenario().wiring.sensors[receiver].topic),
            topic);

  // The pinger moved by a geometry_msgs/Vector3 on VRX's topic.
  const Vec3 moved(-500.0, 210.0, -1.5);
  EXPECT_EQ(tool_output(peer_command("vector3 /pinger/set_pinger_position -500 210 -1.5")), "");
  ASSERT_TRUE(eventually([&] { return watch.pinger_at(moved); }, 5s));
  auto info = std::async(std::launch::async,
                         [] { return echo("/vrx/task/info", "ros_gz_interfaces/ParamVec", 1); });
  const std::vector<json> rb = echo(topic, "ros_gz_interfaces/ParamVec", 2);
  ASSERT_EQ(rb.size(), 2u);
  const json& m = rb[1];  // the first may have been taken before the move
  const double t = m["header"]["stamp"]["sec"].get<double>() +
                   1e-9 * m["header"]["stamp"]["nanosec"].get<double>();
  const std::optional<PingerSample> sample = watch.at(t);
  ASSERT_TRUE(sample) << m;
  const RangeBearingReading* reading = &sample->reading;
  EXPECT_EQ(m["header"]["frame_id"], ros_sensor_frame(sim_->model().sensors[receiver]));
  for (const auto& [name, value] :
       {std::pair{"range", reading->range}, std::pair{"bearing", reading->bearing},
        std::pair{"elevation", reading->elevation}}) {
    const json v = param(m, name);
    ASSERT_FALSE(v.is_null()) << name << " in " << m;
    EXPECT_EQ(v["type"], 3) << name;  // PARAMETER_DOUBLE
    EXPECT_EQ(v["double_value"].get<double>(), value) << name;
  }
  EXPECT_NEAR(reading->range, (moved - sample->p_WB).norm(),
              12.0);  // VRX's 3 m of noise, and the mast

  // /vrx/task/info: VRX's parameters, typed as ros_gz_bridge converts gz's Param.
  const std::vector<json> i = info.get();
  ASSERT_EQ(i.size(), 1u);
  EXPECT_EQ(param(i[0], "name")["string_value"], sim_->scenario().tasks[0].name);
  EXPECT_EQ(param(i[0], "state")["type"], 4);  // PARAMETER_STRING
  EXPECT_EQ(param(i[0], "state")["string_value"], "initial");
  EXPECT_EQ(param(i[0], "timed_out")["type"], 1);  // PARAMETER_BOOL
  EXPECT_EQ(param(i[0], "timed_out")["bool_value"], false);
  EXPECT_EQ(param(i[0], "num_collisions")["type"], 2);  // PARAMETER_INTEGER
  for (const char* name : {"ready_time", "running_time", "elapsed_time", "remaining_time", "score"})
    EXPECT_EQ(param(i[0], name)["type"], 3) << name;
  EXPECT_EQ(param(i[0], "ready_time")["double_value"].get<double>(),
            sim_->scenario().tasks[0].initial_duration);
  EXPECT_EQ(i[0]["params"].size(), 9u);
}

TEST_F(DdsServerTest, WorldControlOnTheRos2TopicPausesStepsAndRunsToATime) {
  // ros_gz_interfaces/msg/WorldControl, the message of ros_gz's ControlWorld service, on ROS 2's
  // /world/W/control topic.
  StepCounter counter;
  serve("", true, &counter);
  const std::string topic = "/world/" + sim_->model().world_name + "/control";
  ASSERT_EQ(tool_output(peer_command(fmt::format("control {} 1 0", topic))), "");
  std::this_thread::sleep_for(100ms);  // a step under way ends
  const std::uint64_t paused_at = counter.step_count;
  std::this_thread::sleep_for(200ms);
  EXPECT_EQ(counter.step_count, paused_at);
  // A paused world takes exactly the steps asked for.
  tool_output(peer_command(fmt::format("control {} 1 7", topic)));
  EXPECT_TRUE(eventually([&] { return counter.step_count == paused_at + 7; }));
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(counter.step_count, paused_at + 7);
  // run_to_sim_time: on to 0.5 s past where it is, then paused there.
  const double dt = sim_->model().dt;
  const double to = static_cast<double>(paused_at + 7) * dt + 0.5;
  tool_output(peer_command(fmt::format("control {} 0 0 {}", topic, to)));
  const auto steps_to = static_cast<std::uint64_t>(std::llround(to / dt));
  EXPECT_TRUE(eventually([&] { return counter.step_count == steps_to; }));
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(counter.step_count, steps_to);
  // And running again.
  tool_output(peer_command(fmt::format("control {} 0 0", topic)));
  EXPECT_TRUE(eventually([&] { return counter.step_count > steps_to + 10; }));
}

}  // namespace
}  // namespace leeway
