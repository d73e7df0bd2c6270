// Sensors described by model plugins (sdf/uuv/sensors.h, sdf/vrx/pinger.h,
// sdf/gz/odometry_publisher.h) and Leeway's environment probes: UUV Simulator's suite on the
// library's RexROV (and on UUV's own generated RexROV when the foreign corpus is there), VRX's
// acoustic pinger receiver, gz-sim's odometry publisher, and the wave gauge, current meter and
// anemometer, each against its closed form with noise off.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <tuple>

#include "leeway/core/rotation.h"
#include "leeway/world/step.h"
#include "sdf/sdf_test_util.h"
#include "temp_file.h"

namespace leeway {
namespace {

using testing::load;
using testing::simple_model;
using testing::world_sdf;

const std::string kSource = LEEWAY_SOURCE_DIR;

/// Loaded from a file, so that its <include>s resolve.
Model load_file(const std::string& name, const std::string& text) {
  Diagnostics d;
  return load_world_file(testing::write_temp(name, text), d);
}

const SensorModel& sensor_named(const Model& m, const std::string& name) {
  const int i = m.sensor_index(m.bodies[0].model_name, name);
  EXPECT_GE(i, 0) << name;
  return m.sensors[static_cast<std::size_t>(i)];
}

/// The library's RexROV in a world with a geodetic origin and a flat seabed 30 m under it.
std::string rexrov_world(const std::string& origin = "") {
  return R"(<?xml version="1.0"?><sdf version="1.9"><world name="w">
    <physics name="p" type="leeway"><max_step_size>0.01</max_step_size></physics>
    <gravity>0 0 -9.81</gravity>)" +
         origin + R"(
    <model name="seabed"><static>true</static><pose>0 0 -80 0 0 0</pose><link name="l">
      <collision name="c"><geometry><plane><normal>0 0 1</normal></plane></geometry></collision>
    </link></model>
    <include><uri>)" +
         kSource + R"(/models/rexrov</uri><pose>0 0 -50 0 0 0</pose></include>
  </world></sdf>)";
}

TEST(SensorPlugins, RexRovCarriesUuvSimulatorsSuiteWithItsParameters) {
  const Model m = load_file("rexrov_suite.sdf", rexrov_world());
  // gps, dvl, magnetometer, rpt, pressure, imu, pose_gt; rexrov_sonar's forward sonar; and
  // rexrov_sensors' three default_cameras.
  ASSERT_EQ(m.sensors.size(), 11u);
  // The cameras: 768 x 492 over 1.5125 rad at 30 Hz, noise 0.02; the side ones 0.63 m out and
  // turned 0.4 rad inwards, all pitched 0.6 rad down (x turned towards -z).
  for (const auto& [name, y, yaw] :
       {std::tuple{"camera", 0.0, 0.0}, std::tuple{"cameraright", -0.63, 0.4},
        std::tuple{"cameraleft", 0.63, -0.4}}) {
    const SensorModel& s = sensor_named(m, name);
    const auto& c = std::get<CameraModel>(s.kind);
    EXPECT_EQ(s.rate_hz, 30.0) << name;
    EXPECT_EQ(c.width, 768) << name;
    EXPECT_EQ(c.height, 492) << name;
    EXPECT_DOUBLE_EQ(c.horizontal_fov, 1.5125) << name;
    EXPECT_DOUBLE_EQ(c.noise_stddev, 0.02) << name;
    EXPECT_LT((s.X_BS.translation() - Vec3(1.15, y, 0.4)).norm(), 1e-12) << name;
    const Mat3 R = (Eigen::AngleAxisd(yaw, Vec3::UnitZ()) * Eigen::AngleAxisd(0.6, Vec3::UnitY()))
                       .toRotationMatrix();
    EXPECT_LT((s.X_BS.linear() - R).norm(), 1e-12) << name;
  }
  // The IMU: rotors_simulator's parameters, the bias random walk as a Gauss-Markov bias.
  const auto& imu = std::get<ImuModel>(sensor_named(m, "imu").kind);
  EXPECT_EQ(sensor_named(m, "imu").rate_hz, 50.0);
  EXPECT_EQ(imu.angular_velocity[2].density, 0.0003394);
  EXPECT_DOUBLE_EQ(imu.angular_velocity[2].instability.sigma, 3.8785e-05 * std::sqrt(500.0));
  EXPECT_EQ(imu.angular_velocity[2].instability.tau, 1000.0);
  EXPECT_EQ(imu.angular_velocity[2].turn_on_sigma, 0.0087);
  EXPECT_EQ(imu.linear_acceleration[0].density, 0.004);
  EXPECT_DOUBLE_EQ(imu.linear_acceleration[0].instability.sigma, 0.006 * std::sqrt(150.0));
  EXPECT_EQ(imu.linear_acceleration[0].turn_on_sigma, 0.196);
  // Pressure: 3 kPa of noise, in Pa; the magnetometer's in tesla, its field UUV's own (no
  // geodetic origin): 65 uT along heading pi, 60 degrees down.
  EXPECT_EQ(std::get<PressureModel>(sensor_named(m, "pressure").kind).noise.white_stddev, 3000.0);
  const auto& mag = std::get<MagnetometerModel>(sensor_named(m, "magnetometer").kind);
  EXPECT_TRUE(mag.fixed);
  EXPECT_LT((mag.B_W_fixed - 65e-6 * Vec3(-0.5, 0.0, -std::sqrt(3.0) / 2)).norm(), 1e-18);
  EXPECT_DOUBLE_EQ(mag.noise[0].white_stddev, 1.0e-6);
  EXPECT_DOUBLE_EQ(mag.noise[2].white_stddev, 1.4e-6);
  EXPECT_DOUBLE_EQ(mag.noise[2].turn_on_sigma, 2.0e-6);
  // The DVL: its beams are its beam links' x axes in the DVL link's frame (which points x
  // down); the ranges, aperture and range noise are the ray sensors'; the velocity noise
  // Leeway's (UUV ships none).
  const SensorModel& dvl_sensor = sensor_named(m, "dvl");
  const auto& dvl = std::get<DvlModel>(dvl_sensor.kind);
  ASSERT_EQ(dvl.beams_S.size(), 4u);
  const Vec3 expected[4] = {
      Vec3(std::cos(0.52), 0, std::sin(0.52)), Vec3(std::cos(0.52), std::sin(0.52), 0),
      Vec3(std::cos(0.52), 0, -std::sin(0.52)), Vec3(std::cos(0.52), -std::sin(0.52), 0)};
  for (int i = 0; i < 4; ++i)
    EXPECT_LT((dvl.beams_S[i] - expected[i]).norm(), 1e-12) << i;
  EXPECT_EQ(dvl.min_range, 0.55);
  EXPECT_EQ(dvl.max_range, 81.0);
  EXPECT_EQ(dvl.aperture, 0.06);
  EXPECT_EQ(dvl.range_noise, 0.005);
  EXPECT_EQ(dvl.velocity_noise, DvlModel{}.velocity_noise);
  EXPECT_LT((dvl_sensor.X_BS.translation() - Vec3(-1.4, 0, -0.312)).norm(), 1e-15);
  EXPECT_EQ(std::get<AcousticPositionModel>(sensor_named(m, "rpt").kind).noise[0].white_stddev,
            0.5);
  EXPECT_EQ(sensor_named(m, "rpt").rate_hz, 0.5);
  // The beams' own ray sensors are the DVL's, not sensors of their own.
  EXPECT_EQ(m.sensor_index("rexrov", "dvl_sonar0"), -1);
  // The sonar: the M450-130 macro's laser, an acoustic imaging sonar at 450 kHz.
  const SensorModel& sonar_sensor = sensor_named(m, "sonar");
  const auto& sonar = std::get<SonarModel>(sonar_sensor.kind);
  EXPECT_EQ(sonar.beams, 768);
  EXPECT_DOUBLE_EQ(sonar.horizontal_fov, 2.27);
  EXPECT_DOUBLE_EQ(sonar.range_max, 100.0);
  EXPECT_DOUBLE_EQ(sonar.frequency, 450e3);
  EXPECT_EQ(sonar_sensor.rate_hz, 25.0);
  EXPECT_LT((sonar_sensor.X_BS.translation() - Vec3(1.4, 0, 0.65)).norm(), 1e-15);
}

TEST(SensorPlugins, RexRovsSuiteMeasuresItsMotion) {
  Model m =
      load_file("rexrov_motion.sdf",
                rexrov_world(R"(<spherical_coordinates><surface_model>EARTH_WGS84</surface_model>
      <latitude_deg>56.7</latitude_deg><longitude_deg>3.5</longitude_deg></spherical_coordinates>)"));
  // With a geodetic origin the magnetometer takes the World Magnetic Model's field.
  EXPECT_FALSE(std::get<MagnetometerModel>(sensor_named(m, "magnetometer").kind).fixed);
  // Noise off, to compare with the state exactly.
  for (SensorModel& s : m.sensors) {
    if (auto* d = std::get_if<DvlModel>(&s.kind)) {
      d->velocity_noise = d->velocity_noise_fraction = d->range_noise = 0.0;
      d->range_noise_fraction = 0.0;
    }
  }
  State s = make_initial_state(m);
  s.bodies[0].V_WB_B << 0.4, -0.1, 0.05, 0.0, 0.0, 0.1;
  StepData data = make_step_data(m);
  Workspace ws;
  const BodyState start = s.bodies[0];
  ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
  // Ground truth: the base link's pose and twist.
  const auto& truth = std::get<GroundTruthReading>(
      data.sensors[static_cast<std::size_t>(m.sensor_index("rexrov", "pose_gt"))].reading);
  EXPECT_LT((truth.p_W - start.p_WB).norm(), 1e-12);
  EXPECT_LT((truth.v_S - linear(start.V_WB_B)).norm(), 1e-12);
  EXPECT_LT((truth.omega_S - angular(start.V_WB_B)).norm(), 1e-12);
  // The DVL, 30 m over the seabed, measures the velocity of its point in its own frame.
  const SensorModel& dvl = sensor_named(m, "dvl");
  const auto& r = std::get<DvlReading>(
      data.sensors[static_cast<std::size_t>(m.sensor_index("rexrov", "dvl"))].reading);
  ASSERT_EQ(r.target, DvlReading::Target::kBottom);
  const Vec3 l = dvl.X_BS.translation();
  const Vec3 v_B = linear(start.V_WB_B) + angular(start.V_WB_B).cross(l);
  EXPECT_LT((r.v_R - dvl.X_BS.linear().transpose() * v_B).norm(), 1e-9);
  EXPECT_NEAR(r.altitude, (start.p_WB + start.q_WB * l).z() + 80.0, 1e-9);
}

TEST(SensorPlugins, UuvSimulatorsGeneratedRexRovLoadsItsSensors) {
  const auto urdf = testing::foreign_corpus() / "uuv" / "generated" / "rexrov_default";
  if (!std::filesystem::exists(urdf)) GTEST_SKIP() << "no foreign corpus at " << urdf;
  const Model m =
      load_file("rexrov_generated.sdf", world_sdf(R"(<include><uri>)" + urdf.string() +
                                                  R"(</uri><pose>0 0 -20 0 0 0</pose></include>)"));
  for (const char* name :
       {"dvl", "magnetometer", "rpt", "pressure", "imu", "pose_gt", "rexrov/gps"})
    EXPECT_GE(m.sensor_index("rexrov", name), 0) << name;
  const auto& dvl = std::get<DvlModel>(sensor_named(m, "dvl").kind);
  EXPECT_EQ(dvl.beams_S.size(), 4u);
  EXPECT_EQ(dvl.max_range, 81.0);
  // Its rexrov_sonar variant: the laser its macro calls a sonar is one.
  const Model with_sonar =
      load_file("rexrov_sonar_generated.sdf",
                world_sdf(R"(<include><uri>)" + (urdf.parent_path() / "rexrov_sonar").string() +
                          R"(</uri><pose>0 0 -20 0 0 0</pose></include>)"));
  const auto& sonar = std::get<SonarModel>(sensor_named(with_sonar, "sonar").kind);
  EXPECT_EQ(sonar.beams, 768);
  EXPECT_DOUBLE_EQ(sonar.range_min, 1.0);
}

TEST(SensorPlugins, VrxsPingerReceiverGivesRangeBearingAndElevation) {
  const std::string pinger = R"(<plugin filename="libAcousticPingerPlugin.so"
        name="vrx::AcousticPingerPlugin">
      <position>-528 191 -2.0</position>
      <topic>/wamv/sensors/acoustics/receiver/range_bearing</topic>
      <range_noise><noise><type>gaussian</type><mean>0</mean><stddev>0</stddev></noise></range_noise>
    </plugin>)";
  const Scenario scenario = testing::load_scenario(world_sdf(simple_model(pinger, "wamv")));
  const Model& m = scenario.model;
  const SensorModel& s = sensor_named(m, "range_bearing");
  EXPECT_EQ(s.rate_hz, 1.0);
  const SensorWiring& wiring =
      scenario.wiring.sensors[static_cast<std::size_t>(m.sensor_index("wamv", "range_bearing"))];
  EXPECT_EQ(wiring.topic, "/wamv/sensors/acoustics/receiver/range_bearing");
  EXPECT_EQ(wiring.pinger_topic, "/pinger/set_pinger_position");
  State st = make_initial_state(m);
  st.bodies[0].p_WB = Vec3(-500, 170, 0.5);
  st.bodies[0].q_WB = quat_from_euler_zyx(0.0, 0.0, 0.3);
  StepData data = make_step_data(m);
  Workspace ws;
  ASSERT_TRUE(step(m, st, {}, ws, &data).ok);
  const auto& r = std::get<RangeBearingReading>(data.sensors[0].reading);
  const Vec3 d = Vec3(-28, 21, -2.5);
  EXPECT_NEAR(r.range, d.norm(), 1e-12);
  EXPECT_NEAR(r.bearing, std::atan2(21.0, -28.0) - 0.3, 1e-12);
  EXPECT_NEAR(r.elevation, std::atan2(-2.5, 35.0), 1e-12);
}

TEST(SensorPlugins, ALinksSensorAndAPluginsOfOneNameAreAnError) {
  const std::string odometry = R"(<plugin filename="gz-sim-odometry-publisher-system"
        name="gz::sim::systems::OdometryPublisher"><odom_topic>/boat/imu</odom_topic></plugin>)";
  const std::string imu = R"(<sensor name="imu" type="imu"><update_rate>10</update_rate></sensor>)";
  testing::expect_mentions(
      testing::load_error("twice.sdf", world_sdf(simple_model(odometry, "boat", imu))),
      {"a second sensor 'imu' in model 'boat'", "named after its topic"});
}

TEST(SensorPlugins, GzSimsOdometryPublisherIsGroundTruthAtItsOffset) {
  const std::string odometry = R"(<plugin filename="gz-sim-odometry-publisher-system"
        name="gz::sim::systems::OdometryPublisher">
      <odom_publish_frequency>25</odom_publish_frequency><xyz_offset>1 0 0</xyz_offset>
    </plugin>)";
  const Model m = load(world_sdf(simple_model(odometry, "boat")));
  const SensorModel& s = sensor_named(m, "odometry");
  EXPECT_EQ(s.rate_hz, 25.0);
  State st = make_initial_state(m);
  st.bodies[0].V_WB_B << 1.0, 0.0, 0.0, 0.0, 0.0, 0.5;
  StepData data = make_step_data(m);
  Workspace ws;
  ASSERT_TRUE(step(m, st, {}, ws, &data).ok);
  const auto& r = std::get<GroundTruthReading>(data.sensors[0].reading);
  EXPECT_LT((r.p_W - Vec3(1, 0, 0)).norm(), 1e-15);
  EXPECT_LT((r.v_S - Vec3(1.0, 0.5, 0.0)).norm(), 1e-15);  // v + w x r at the offset
  // Force-free, the origin does not accelerate; the offset point, turning about it at 0.5 rad/s,
  // accelerates towards it by w^2 r = 0.25 m/s^2.
  EXPECT_LT((r.a_S - Vec3(-0.25, 0.0, 0.0)).norm(), 1e-12);
}

TEST(SensorPlugins, EnvironmentProbesMeasureTheSeaTheCurrentAndTheWind) {
  const std::string probes = R"(
      <sensor name="gauge" type="custom" leeway:type="wave_gauge"><pose>2 0 0 0 0 0</pose></sensor>
      <sensor name="adcp" type="custom" leeway:type="current_meter"><pose>0 0 -3 0 0 0</pose></sensor>
      <sensor name="vane" type="custom" leeway:type="anemometer"><pose>0 0 4 0 0 0</pose></sensor>)";
  const std::string environment =
      R"(<plugin filename="leeway-environment" name="leeway::Environment">
      <current>0.3 -0.1 0</current><wind><speed>8</speed><direction>1.5707963267948966</direction></wind>
    </plugin>)";
  const Model m = load(world_sdf(simple_model("", "buoy", probes), environment));
  State st = make_initial_state(m);
  st.bodies[0].V_WB_B << 1.0, 0.0, 0.0, 0.0, 0.0, 0.0;
  StepData data = make_step_data(m);
  Workspace ws;
  ASSERT_TRUE(step(m, st, {}, ws, &data).ok);
  const auto reading = [&]<typename Reading>(const char* name, Reading) {
    return std::get<Reading>(
        data.sensors[static_cast<std::size_t>(m.sensor_index("buoy", name))].reading);
  };
  EXPECT_EQ(reading("gauge", WaveGaugeReading{}).elevation, 0.0);  // a calm sea
  // Under waves, the surface's height at the gauge, 2 m ahead of the moving buoy's origin.
  const std::string sea = R"(<plugin filename="leeway-environment" name="leeway::Environment">
      <waves><spectrum>pierson_moskowitz</spectrum><significant_height>1.5</significant_height>
        <peak_period>5</peak_period></waves></plugin>)";
  const Model wavy = load(world_sdf(simple_model("", "buoy", probes), sea, "0 0 -9.81"));
  State sw = make_initial_state(wavy);
  StepData dw = make_step_data(wavy);
  Workspace ww;
  BodyState before;
  for (int k = 0; k < 100; ++k) {
    before = sw.bodies[0];
    ASSERT_TRUE(step(wavy, sw, {}, ww, &dw).ok);
  }
  const Vec3 gauge = before.p_WB + before.q_WB * Vec3(2, 0, 0);
  const double eta = std::get<WaveGaugeReading>(dw.sensors[0].reading).elevation;
  EXPECT_NEAR(eta, surface_height(wavy.environment, gauge.x(), gauge.y(), dw.sensors[0].t), 1e-12);
  EXPECT_GT(std::abs(eta), 1e-3);
  const CurrentMeterReading adcp = reading("adcp", CurrentMeterReading{});
  const AnemometerReading vane = reading("vane", AnemometerReading{});
  EXPECT_LT((adcp.v_W - Vec3(0.3, -0.1, 0)).norm(), 1e-15);
  EXPECT_LT((adcp.relative_S - Vec3(-0.7, -0.1, 0)).norm(), 1e-15);
  EXPECT_LT((vane.v_W - Vec3(0, 8, 0)).norm(), 1e-12);
  EXPECT_LT((vane.relative_S - Vec3(-1, 8, 0)).norm(), 1e-12);
  EXPECT_EQ(std::string(sensor_type_name(sensor_named(m, "vane"))), "anemometer");
}

TEST(SensorPlugins, EnvironmentSensorsReadGzSimsCustomSensorSyntaxAndTheirNoise) {
  const Model m = load(world_sdf(simple_model("", "buoy", R"(
      <sensor name="gauge" type="custom" gz:type="wave_gauge">
        <gz:wave_gauge><noise type="gaussian"><stddev>0.02</stddev></noise></gz:wave_gauge>
      </sensor>
      <sensor name="adcp" type="custom" gz:type="current_meter">
        <gz:current_meter><x><noise type="gaussian"><stddev>0.1</stddev></noise></x>
          <z><noise type="gaussian"><stddev>0.3</stddev></noise></z></gz:current_meter>
      </sensor>
      <sensor name="vane" type="custom" gz:type="anemometer">
        <gz:anemometer><noise type="gaussian"><stddev>0.5</stddev></noise></gz:anemometer>
      </sensor>)")));
  const auto kind = [&](const char* name) -> const SensorKind& {
    return sensor_named(m, name).kind;
  };
  EXPECT_EQ(std::get<WaveGaugeModel>(kind("gauge")).noise.white_stddev, 0.02);
  const auto& adcp = std::get<CurrentMeterModel>(kind("adcp"));
  EXPECT_EQ(adcp.noise[0].white_stddev, 0.1);
  EXPECT_EQ(adcp.noise[1].white_stddev, 0.0);
  EXPECT_EQ(adcp.noise[2].white_stddev, 0.3);
  for (const NoiseModel& n : std::get<AnemometerModel>(kind("vane")).noise)
    EXPECT_EQ(n.white_stddev, 0.5);
  // Leeway's own type attribute names only types it has.
  testing::expect_mentions(
      testing::load_error("tide.sdf", world_sdf(simple_model("", "buoy", R"(
          <sensor name="x" type="custom" leeway:type="tide_gauge"/>)"))),
      {"sensor 'x'", "leeway:type 'tide_gauge'", "wave_gauge, current_meter or anemometer"});
}

}  // namespace
}  // namespace leeway
