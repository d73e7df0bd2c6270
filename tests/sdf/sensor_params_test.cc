// gz-sim's <sensor> elements read into Leeway's sensors (sdf/sensor_params.h), and the sensors in
// a running world (world/sample_sensors.cc): gz-sim's <noise> blocks in their meaning, the IMU's
// readings against closed forms with noise off, exact sample rates, and each sensor's own
// random stream.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "leeway/core/geo.h"
#include "leeway/world/step.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

using testing::load;
using testing::simple_model;
using testing::world_sdf;

/// gz-sim's noise block for one axis.
std::string gz_noise(double stddev, double bias_mean, double bias_stddev, double dynamic,
                     double tau, double precision) {
  return "<noise type=\"gaussian\"><mean>0</mean><stddev>" + std::to_string(stddev) +
         "</stddev><bias_mean>" + std::to_string(bias_mean) + "</bias_mean><bias_stddev>" +
         std::to_string(bias_stddev) + "</bias_stddev><dynamic_bias_stddev>" +
         std::to_string(dynamic) + "</dynamic_bias_stddev><dynamic_bias_correlation_time>" +
         std::to_string(tau) + "</dynamic_bias_correlation_time><precision>" +
         std::to_string(precision) + "</precision></noise>";
}

/// An IMU called `name` at `pose` on the link, with `imu` inside its <imu>.
std::string imu_sensor(const std::string& name, const std::string& pose, double rate,
                       const std::string& imu = "") {
  return "<sensor name=\"" + name + "\" type=\"imu\"><pose>" + pose + "</pose><update_rate>" +
         std::to_string(rate) + "</update_rate><imu>" + imu + "</imu></sensor>";
}

TEST(Sensors, AnImuBlockKeepsGzSimsMeaning) {
  // VRX's WAM-V IMU: the gyro's x axis as VRX writes it (wamv_gazebo.urdf.xacro's imu).
  const std::string imu = "<angular_velocity><x>" +
                          gz_noise(0.009, 0.00075, 0.005, 0.00002, 400.0, 0.00025) +
                          "</x></angular_velocity>";
  const Model m =
      load(world_sdf(simple_model("", "wamv", imu_sensor("imu", "0.3 -0.2 1.3 0 0 0", 100, imu))));
  ASSERT_EQ(m.sensors.size(), 1u);
  const SensorModel& s = m.sensors[0];
  EXPECT_EQ(s.full_name(), "wamv/imu");
  EXPECT_EQ(s.rate_hz, 100.0);
  EXPECT_LT((s.X_BS.translation() - Vec3(0.3, -0.2, 1.3)).norm(), 1e-15);
  const NoiseModel& n = std::get<ImuModel>(s.kind).angular_velocity[0];
  EXPECT_EQ(n.white_stddev, 0.009);  // a sample's, as in gz-sim
  EXPECT_EQ(n.turn_on_mean, 0.00075);
  EXPECT_EQ(n.turn_on_sigma, 0.005);
  EXPECT_TRUE(n.random_sign);
  EXPECT_TRUE(n.turn_on_decays);
  EXPECT_DOUBLE_EQ(n.instability.sigma, 0.00002 * std::sqrt(200.0));  // s sqrt(tau / 2)
  EXPECT_EQ(n.instability.tau, 400.0);
  EXPECT_EQ(n.quantum, 0.00025);
  EXPECT_TRUE(std::get<ImuModel>(s.kind).angular_velocity[1].is_zero());
}

TEST(Sensors, ALevelImuHeldAgainstGravityReadsGravityUpInItsFrame) {
  // 10 kg held by an upward 98.1 N: at rest. The IMU is turned +90 degrees about x, so the
  // body's up is its +y.
  const Model m =
      load(world_sdf(simple_model("", "m", imu_sensor("imu", "1 0 0 1.5707963267948966 0 0", 0)),
                     "", "0 0 -9.81"));
  State s = make_initial_state(m);
  StepData data = make_step_data(m);
  Workspace ws;
  Inputs held;
  held.F_ext_Bo_B = {(Vec6() << 0, 0, 98.1, 0, 0, 0).finished()};
  for (int k = 0; k < 10; ++k) {
    ASSERT_TRUE(step(m, s, held, ws, &data).ok);
    ASSERT_TRUE(data.sensors[0].sampled);
    EXPECT_NEAR(data.sensors[0].t, k * m.dt, 1e-15);
    const ImuReading& r = std::get<ImuReading>(data.sensors[0].reading);
    EXPECT_LT((r.f_S - Vec3(0, 9.81, 0)).norm(), 1e-12);
    EXPECT_LT(r.omega_S.norm(), 1e-15);
  }
}

TEST(Sensors, AnImuCarriedRoundACircleMeasuresItsCentripetalAcceleration) {
  // A hinge about z 2 m from the IMU, turned at 0.5 rad/s by gz-sim's JointController: the IMU
  // reads omega^2 r = 0.5 m/s^2 towards the axis and 0.5 rad/s about z.
  const std::string model = R"(<model name="arm"><link name="l"><inertial><mass>5</mass>
      <inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz></inertia></inertial>)" +
                            imu_sensor("imu", "0 0 0 0 0 0", 0) + R"(</link>
      <joint name="hinge" type="revolute"><parent>world</parent><child>l</child>
        <pose>-2 0 0 0 0 0</pose><axis><xyz>0 0 1</xyz></axis></joint>
      <plugin filename="gz-sim-joint-controller-system" name="gz::sim::systems::JointController">
        <joint_name>hinge</joint_name><initial_velocity>0.5</initial_velocity></plugin>
    </model>)";
  const Model m = load(world_sdf(model));
  State s = make_initial_state(m);
  StepData data = make_step_data(m);
  Workspace ws;
  for (int k = 0; k < 300; ++k)  // 3 s, 1.5 rad round
    ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
  const ImuReading& r = std::get<ImuReading>(data.sensors[0].reading);
  EXPECT_LT((r.f_S - Vec3(-0.5, 0, 0)).norm(), 1e-12);  // the axis is at -2 m along the body's x
  EXPECT_LT((r.omega_S - Vec3(0, 0, 0.5)).norm(), 1e-12);
  // Its orientation: turned by the sample's time (the step's start) times the rate.
  const double yaw = 0.5 * data.sensors[0].t;
  EXPECT_LT(r.q_RS.angularDistance(Quat(Eigen::AngleAxisd(yaw, Vec3::UnitZ()))), 1e-12);
}

TEST(Sensors, APressureSensorHeldUnderACalmSeaReadsTheHeadAndItsDepth) {
  // gz-sim's air pressure sensor, 0.2 m above the origin of a body held 5 m down in the
  // default 1025 kg/m^3 water: 101325 + 1025 g 4.8 Pa, and a depth of 4.8 m.
  std::string model =
      simple_model("", "auv",
                   R"(<sensor name="depth" type="air_pressure"><pose>0 0 0.2 0 0 0</pose>
        <update_rate>10</update_rate><air_pressure><reference_altitude>0</reference_altitude>
        <pressure><noise type="gaussian"><stddev>0</stddev></noise></pressure></air_pressure>
      </sensor>)");
  model.insert(model.find("<link"), "<pose>0 0 -5 0 0 0</pose>");
  const Model m = load(world_sdf(model, "", "0 0 -9.81"));
  ASSERT_EQ(m.sensors.size(), 1u);
  State s = make_initial_state(m);
  StepData data = make_step_data(m);
  Workspace ws;
  Inputs held;
  held.F_ext_Bo_B = {(Vec6() << 0, 0, 98.1, 0, 0, 0).finished()};
  ASSERT_TRUE(step(m, s, held, ws, &data).ok);
  const PressureReading& r = std::get<PressureReading>(data.sensors[0].reading);
  EXPECT_NEAR(r.pressure, 101325.0 + 1025.0 * 9.81 * 4.8, 1e-9 * 101325.0);
  EXPECT_NEAR(r.depth, 4.8, 1e-12);
}

/// A world at `latitude` (longitude 150.679736, VRX's Sydney regatta) around `models`.
std::string geo_world(const std::string& models, double latitude = -33.724223) {
  std::string text = world_sdf(models);
  text.insert(text.find("<gravity>"),
              "<spherical_coordinates><surface_model>EARTH_WGS84</surface_model><latitude_deg>" +
                  std::to_string(latitude) +
                  "</latitude_deg><longitude_deg>150.679736</longitude_deg><elevation>0"
                  "</elevation><heading_deg>0</heading_deg></spherical_coordinates>");
  return text;
}

std::string navsat(const std::string& pose, const std::string& inside = "") {
  return R"(<sensor name="gps" type="navsat"><pose>)" + pose +
         R"(</pose><update_rate>20</update_rate><navsat>)" + inside + "</navsat></sensor>";
}

TEST(Sensors, AGnssReceiverGivesItsAntennasGeodeticPositionAndVelocity) {
  // 1000 m north of 45 N is 0.0089983 degrees further (the meridian's radius of curvature is
  // M = a (1 - e^2) / (1 - e^2 sin^2 45)^(3/2) = 6 367 381.8 m there).
  const Model north = load(geo_world(simple_model("", "m", navsat("0 0 0 0 0 0")), 45.0));
  State s = make_initial_state(north);
  s.bodies[0].p_WB = Vec3(0, 1000, 2);
  StepData data = make_step_data(north);
  Workspace ws;
  ASSERT_TRUE(step(north, s, {}, ws, &data).ok);
  const GnssReading& r = std::get<GnssReading>(data.sensors[0].reading);
  ASSERT_TRUE(r.fix);
  EXPECT_NEAR(r.latitude_deg - 45.0, 0.0089983, 5e-8);  // to the five figures given

  // VRX's antenna (-0.85, 0, 1.3) on a moving, turning body: its position round-trips through
  // the geodetic origin to 1 micrometre, and its velocity is v + omega x r turned into ENU.
  const Model m = load(geo_world(simple_model("", "wamv", navsat("-0.85 0 1.3 0 0 0"))));
  s = make_initial_state(m);
  s.bodies[0].p_WB = Vec3(-532, 162, 0.2);
  s.bodies[0].q_WB = Quat(Eigen::AngleAxisd(1.0, Vec3::UnitZ()));
  s.bodies[0].V_WB_B << 1.5, 0.2, 0.0, 0.0, 0.0, 0.1;
  data = make_step_data(m);
  const BodyState start = s.bodies[0];
  ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
  const GnssReading& g = std::get<GnssReading>(data.sensors[0].reading);
  ASSERT_TRUE(g.fix);
  const Vec3 r_B(-0.85, 0, 1.3);
  const Vec3 p_WS = start.p_WB + start.q_WB * r_B;
  const Geodetic origin = *m.origin;
  EXPECT_LT((geodetic_to_W(origin, {g.latitude_deg, g.longitude_deg, g.altitude}) - p_WS).norm(),
            1e-6);
  const Vec3 v_WS = start.q_WB * (linear(start.V_WB_B) + angular(start.V_WB_B).cross(r_B));
  // 570 m from the origin, the antenna's east-north-up axes are W's turned by 9e-5 rad.
  EXPECT_LT((g.v_ENU - v_WS).norm(), 1.5e-4);
}

TEST(Sensors, GnssNoiseIsInMetres) {
  // 2 m horizontal and 3 m vertical deviations: the positions' errors, back in metres, have
  // them (to 3 %, five standard errors of 20,000 samples).
  const std::string noise = R"(<position_sensing>
      <horizontal><noise type="gaussian"><stddev>2</stddev></noise></horizontal>
      <vertical><noise type="gaussian"><stddev>3</stddev></noise></vertical></position_sensing>)";
  const Model m = load(geo_world(simple_model("", "m", navsat("0 0 0 0 0 0", noise))));
  State s = make_initial_state(m);
  s.bodies[0].p_WB = Vec3(100, -50, 1);
  const Vec3 p = s.bodies[0].p_WB;
  StepData data = make_step_data(m);
  Workspace ws;
  Vec3 sum_sq = Vec3::Zero();
  int n = 0;
  while (n < 20000) {
    ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
    if (!data.sensors[0].sampled) continue;
    const GnssReading& r = std::get<GnssReading>(data.sensors[0].reading);
    const Vec3 e = geodetic_to_W(*m.origin, {r.latitude_deg, r.longitude_deg, r.altitude}) - p;
    sum_sq += e.cwiseProduct(e);
    ++n;
  }
  const Vec3 sd = (sum_sq / n).cwiseSqrt();
  EXPECT_NEAR(sd.x() / 2.0, 1.0, 0.03);
  EXPECT_NEAR(sd.y() / 2.0, 1.0, 0.03);
  EXPECT_NEAR(sd.z() / 3.0, 1.0, 0.03);
}

TEST(Sensors, AGnssReceiverLosesItsFixUnderWaterAndFixesAgainAfterItsReacquisitionTime) {
  const Model m = load(geo_world(simple_model(
      "", "auv", navsat("0 0 0 0 0 0", "<reacquisition_time>2</reacquisition_time>"))));
  State s = make_initial_state(m);
  StepData data = make_step_data(m);
  Workspace ws;
  const auto sample = [&] {
    do {
      EXPECT_TRUE(step(m, s, {}, ws, &data).ok);
    } while (!data.sensors[0].sampled);
    return std::get<GnssReading>(data.sensors[0].reading);
  };
  s.bodies[0].p_WB = Vec3(0, 0, 0.1);
  EXPECT_TRUE(sample().fix);     // above the water from the start: fixed at once
  s.bodies[0].p_WB.z() = -0.01;  // a centimetre under
  const GnssReading under = sample();
  EXPECT_FALSE(under.fix);
  EXPECT_TRUE(std::isnan(under.latitude_deg));
  s.bodies[0].p_WB.z() = 0.05;  // surfaced: the next sample's time starts the 2 s
  EXPECT_FALSE(sample().fix);
  const double surfaced = data.sensors[0].t;
  double fixed_at = -1.0;
  while (fixed_at < 0.0) {
    const GnssReading r = sample();
    if (r.fix) fixed_at = data.sensors[0].t;
  }
  EXPECT_NEAR(fixed_at - surfaced, 2.0, 1e-9);
}

TEST(Sensors, AnAltimeterMeasuresItsHeightAboveItsStartAndItsVerticalVelocity) {
  // gz-sim's altimeter, 1 m above the origin of a body falling from rest at z = 50 m: it reads
  // -g t^2 / 2 and -g t at each sample's time (RK4 is exact on the parabola).
  std::string model = simple_model("", "drop",
                                   R"(<sensor name="alt" type="altimeter"><pose>0 0 1 0 0 0</pose>
        <update_rate>10</update_rate><altimeter><vertical_position><noise type="none"/>
        </vertical_position></altimeter></sensor>)");
  model.insert(model.find("<link"), "<pose>0 0 50 0 0 0</pose>");
  const Model m = load(world_sdf(model, "", "0 0 -9.81"));
  State s = make_initial_state(m);
  StepData data = make_step_data(m);
  Workspace ws;
  int samples = 0;
  for (int k = 0; k < 200; ++k) {
    ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
    if (!data.sensors[0].sampled) continue;
    ++samples;
    const double t = data.sensors[0].t;
    const AltimeterReading& r = std::get<AltimeterReading>(data.sensors[0].reading);
    EXPECT_NEAR(r.vertical_position, -0.5 * 9.81 * t * t, 1e-9);
    EXPECT_NEAR(r.vertical_velocity, -9.81 * t, 1e-9);
  }
  EXPECT_EQ(samples, 20);
}

TEST(Sensors, AMagnetometerMeasuresTheWorldMagneticModelsFieldInItsFrame) {
  // At 0 N 120 E on the ellipsoid at 2025.0 the WMM2025 field is (north, east, down) = (39677.8,
  // -109.6, -10580.2) nT (its report's test value): a magnetometer there, level and turned 30
  // degrees left of east, reads it in its frame in tesla, and its compass heading is 60 degrees
  // (from grid north) less the field's declination, -0.158 degrees.
  std::string model =
      simple_model("", "auv",
                   R"(<sensor name="mag" type="magnetometer"><update_rate>10</update_rate>
        <magnetometer><decimal_year>2025.0</decimal_year></magnetometer></sensor>)");
  model.insert(model.find("<link"), "<pose>0 0 0 0 0 0.5235987755982988</pose>");
  std::string text = world_sdf(model);
  text.insert(text.find("<gravity>"),
              "<spherical_coordinates><latitude_deg>0</latitude_deg><longitude_deg>120"
              "</longitude_deg><elevation>0</elevation></spherical_coordinates>");
  const Model m = load(text);
  State s = make_initial_state(m);
  StepData data = make_step_data(m);
  Workspace ws;
  ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
  const MagnetometerReading& r = std::get<MagnetometerReading>(data.sensors[0].reading);
  const Vec3 B_W = Vec3(-109.6, 39677.8, 10580.2) * 1e-9;  // ENU
  const Vec3 expected = Quat(Eigen::AngleAxisd(M_PI / 6, Vec3::UnitZ())).conjugate() * B_W;
  EXPECT_LT((r.B_S - expected).cwiseAbs().maxCoeff(), 0.1e-9);
  const double declination = std::atan2(-109.6, 39677.8);
  EXPECT_NEAR(r.heading(), M_PI / 3 - declination, 1e-5);

  // A date outside the model's five years is an error.
  std::string late = text;
  late.replace(late.find("2025.0</decimal_year>"), 6, "2031.0");
  testing::expect_mentions(testing::load_error("late.sdf", late), {"got 2031", "decimal year"});
}

TEST(Sensors, AMagnetometerOnAMagneticHullReadsItsHardAndSoftIron) {
  // A world without a geodetic origin: the field is SDF's <magnetic_field>, (0, 20, -40) uT in W.
  // The vehicle's own magnetism, 5 uT of hard iron along x and soft iron diag(1.1, 0.9, 1), turns
  // the reading to S B + h, and the uncalibrated compass's heading with it.
  const std::string mag = R"(<sensor name="mag" type="magnetometer"><update_rate>10</update_rate>
        <magnetometer><hard_iron>5e-6 0 0</hard_iron><soft_iron>1.1 0.9 1</soft_iron>
        </magnetometer></sensor>)";
  std::string text = world_sdf(simple_model("", "auv", mag));
  text.insert(text.find("<gravity>"), "<magnetic_field>0 20e-6 -40e-6</magnetic_field>");
  const Model m = load(text);
  State s = make_initial_state(m);
  StepData data = make_step_data(m);
  Workspace ws;
  ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
  const MagnetometerReading& r = std::get<MagnetometerReading>(data.sensors[0].reading);
  // Level and facing east: x east, y north.
  EXPECT_LT((r.B_S - Vec3(5e-6, 18e-6, -40e-6)).norm(), 1e-18);
  // Calibrated, the compass would read 90 degrees (east); it reads the distorted field's.
  EXPECT_NEAR(r.heading(), std::atan2(1.0, 0.0) - std::atan2(5.0, 18.0), 1e-12);
  std::string bad = text;
  bad.replace(bad.find("1.1 0.9 1"), 9, "1 1");
  testing::expect_mentions(testing::load_error("soft.sdf", bad), {"(2 numbers)", "9 (row-major)"});
}

TEST(Sensors, SamplesComeAtTheirExactRate) {
  // 30 Hz for 1000 s at a 10 ms step: 30,000 samples (gz-sim, truncating the period to 33 ms,
  // takes 30,303).
  const Model m = load(world_sdf(simple_model("", "m", imu_sensor("imu", "0 0 0 0 0 0", 30))));
  State s = make_initial_state(m);
  StepData data = make_step_data(m);
  Workspace ws;
  int samples = 0;
  double last = -1.0;
  for (int k = 0; k < 100000; ++k) {
    ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
    if (!data.sensors[0].sampled) continue;
    ++samples;
    // Each sample j at the first step reaching its time j / 30.
    const double due = std::floor(data.sensors[0].t * 30.0 + 1e-9) / 30.0;
    EXPECT_GE(data.sensors[0].t - due, -1e-12);
    EXPECT_LT(data.sensors[0].t - due, m.dt);
    last = data.sensors[0].t;
  }
  EXPECT_EQ(samples, 30000);
  EXPECT_NEAR(last, 999.97, 1e-9);  // sample 29,999 at 999.9667 s, taken at the 999.97 s step
}

TEST(Sensors, AnotherSensorChangesNoSensorsNumbers) {
  // A noisy IMU alone, then with a second one declared before it: the same readings, bit for bit.
  const std::string noisy = "<linear_acceleration><x>" +
                            gz_noise(0.021, 0.05, 0.0075, 0.000375, 175.0, 0.0) +
                            "</x></linear_acceleration>";
  const auto readings = [&](const std::string& sensors, std::uint64_t seed) {
    const std::string text = world_sdf(simple_model("", "m", sensors));
    Diagnostics d;
    const Model m = load_world_file(testing::write_temp("sensors.sdf", text), d, seed);
    const int i = m.sensor_index("m", "imu");
    State s = make_initial_state(m);
    StepData data = make_step_data(m);
    Workspace ws;
    std::vector<double> out;
    for (int k = 0; k < 50; ++k) {
      EXPECT_TRUE(step(m, s, {}, ws, &data).ok);
      out.push_back(
          std::get<ImuReading>(data.sensors[static_cast<std::size_t>(i)].reading).f_S.x());
    }
    return out;
  };
  const std::string imu = imu_sensor("imu", "0 0 0 0 0 0", 0, noisy);
  const std::vector<double> alone = readings(imu, 3);
  EXPECT_EQ(readings(imu_sensor("other", "0 0 0 0 0 0", 0, noisy) + imu, 3), alone);
  EXPECT_EQ(readings(imu, 3), alone);
  EXPECT_NE(readings(imu, 4), alone);
}

TEST(Sensors, BadSensorsAreErrorsAndUnknownTypesAWarning) {
  const std::string negative = world_sdf(simple_model(
      "", "m",
      imu_sensor("imu", "0 0 0 0 0 0", 10,
                 "<angular_velocity><y><noise type=\"gaussian\"><stddev>-1</stddev></noise></y>"
                 "</angular_velocity>")));
  // sdformat refuses it first (its schema has a minimum of 0), naming the element.
  testing::expect_mentions(
      testing::load_error("negative.sdf", negative),
      {"negative.sdf:" + std::to_string(testing::line_of(negative, "<stddev>")), "<stddev>"});
  const std::string odd = world_sdf(simple_model(
      "", "m",
      imu_sensor("imu", "0 0 0 0 0 0", 10,
                 "<angular_velocity><y><noise type=\"pink\"></noise></y></angular_velocity>")));
  testing::expect_mentions(testing::load_error("odd.sdf", odd), {"noise type 'pink'", "gaussian"});

  Diagnostics d;
  const std::string mags =
      R"(<sensor name="mag1" type="sonar"><update_rate>20</update_rate></sensor>
      <sensor name="mag2" type="sonar"/>)";
  const Model m =
      load_world_file(testing::write_temp("mags.sdf", world_sdf(simple_model("", "m", mags))), d);
  EXPECT_TRUE(m.sensors.empty());
  ASSERT_EQ(d.warnings().size(), 1u);
  testing::expect_mentions(d.warnings()[0].str(), {"sensor 'mag1'", "sonar", "not simulated yet"});
}

}  // namespace
}  // namespace leeway
