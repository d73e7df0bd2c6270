// Imaging sonars read from the three blocks worlds fit them with (sdf/sonar_params.h) and pinging
// a running world: UUV Simulator's laser sonar as its RexROV carries it, DAVE's gz-sim block,
// Leeway's own over either; a ping of a wall whose first echo is at the wall's range; pings
// taken only when asked for, each the same whoever asked for the ones before; bad blocks named
// at their line.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "leeway/world/step.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

using testing::load;
using testing::load_error;
using testing::sensor_boat;
using testing::step_drawing;
using testing::world_sdf;

/// The sonar of UUV Simulator's rexrov_sonar.xacro (forward_multibeam_sonar_m450_130), as
/// xacro and gz's URDF conversion give it.
const std::string kUuvSonar = R"(<sensor type="gpu_ray" name="sonar">
      <pose>0 0 0 0 0 0</pose>
      <visualize>false</visualize>
      <update_rate>25</update_rate>
      <ray>
        <scan><horizontal><samples>768</samples><resolution>1</resolution>
          <min_angle>-1.135</min_angle><max_angle>1.135</max_angle></horizontal></scan>
        <range><min>1.0</min><max>100.0</max><resolution>0.01</resolution></range>
        <noise><type>gaussian</type><mean>0.0</mean><stddev>0.027</stddev></noise>
      </ray>
      <plugin name="sonar_controller" filename="libgazebo_ros_gpu_laser.so">
        <topicName>sonar</topicName><frameName>sonar_link</frameName>
      </plugin>
    </sensor>)";

/// DAVE's BlueView P900 block (dave_sensor_models), with its <spec>.
const std::string kDaveSonar = R"(<sensor name="multibeam_sonar" type="custom"
        gz:type="multibeam_sonar">
      <update_rate>10</update_rate>
      <gz:multibeam_sonar>
        <ray degrees="false"><scan>
          <horizontal><beams>512</beams><min_angle>-1.13447</min_angle>
            <max_angle>1.13447</max_angle></horizontal>
          <vertical><rays>300</rays><min_angle>-0.10472</min_angle>
            <max_angle>0.10472</max_angle></vertical></scan>
          <range><min>0.1</min><max>20.0</max></range></ray>
        <spec><verticalFOV>12</verticalFOV><sonarFreq>900e3</sonarFreq>
          <bandwidth>29.9e3</bandwidth><soundSpeed>1500</soundSpeed>
          <sourceLevel>220</sourceLevel><maxDistance>10</maxDistance><raySkips>10</raySkips>
          <sensorGain>0.02</sensorGain><frameName>f</frameName></spec>
      </gz:multibeam_sonar>
    </sensor>)";

/// Leeway's own: 32 beams over 0.6 rad, 20 degrees high, 1 to 21 m in 200 bins, 10 Hz.
std::string small_sonar(const std::string& extra = "") {
  return R"(<sensor name="fls" type="custom" leeway:type="sonar"><update_rate>10</update_rate>
      <leeway:sonar><beams>32</beams><horizontal_fov>0.6</horizontal_fov>
        <beamwidth>0.02</beamwidth><range_min>1</range_min><range_max>21</range_max>
        <bins>200</bins><rays_per_beam_v>32</rays_per_beam_v>)" +
         extra + "</leeway:sonar></sensor>";
}

/// A wall facing -x at x = 10, 20 m square, with its centre at the sensor's height.
const std::string kWall = R"(<model name="wall"><static>true</static>
    <pose>10.5 0 -10 0 0 0</pose><link name="link"><visual name="v">
    <geometry><box><size>1 20 20</size></box></geometry></visual></link></model>)";

TEST(SonarWorld, UuvsLaserSonarBecomesAnAcousticSonarWithItsFan) {
  const Model m = load(world_sdf(sensor_boat(kUuvSonar)));
  ASSERT_EQ(m.sensors.size(), 1u);
  const SensorModel& s = m.sensors[0];
  EXPECT_EQ(std::string(sensor_type_name(s)), "sonar");
  EXPECT_DOUBLE_EQ(s.rate_hz, 25.0);
  const auto& sonar = std::get<SonarModel>(s.kind);
  EXPECT_EQ(sonar.beams, 768);
  EXPECT_DOUBLE_EQ(sonar.horizontal_fov, 2.27);
  EXPECT_DOUBLE_EQ(sonar.range_min, 1.0);
  EXPECT_DOUBLE_EQ(sonar.range_max, 100.0);
  // What a laser does not say is Leeway's default unit's.
  EXPECT_DOUBLE_EQ(sonar.frequency, SonarModel{}.frequency);
  EXPECT_DOUBLE_EQ(sonar.vertical_fov, SonarModel{}.vertical_fov);
  EXPECT_TRUE(m.visual_scene);  // built for the sonar
  // Another laser named sonar, without gazebo_ros's laser plugin, stays a lidar.
  std::string lidar = kUuvSonar;
  lidar.replace(lidar.find("libgazebo_ros_gpu_laser.so"), 26, "libmy_own_plugin.so");
  EXPECT_EQ(std::string(sensor_type_name(load(world_sdf(sensor_boat(lidar))).sensors[0])), "lidar");
}

TEST(SonarWorld, DavesBlockGivesItsFanAndSpec) {
  const Model m = load(world_sdf(sensor_boat(kDaveSonar)));
  const auto& sonar = std::get<SonarModel>(m.sensors[0].kind);
  EXPECT_EQ(sonar.beams, 512);
  EXPECT_NEAR(sonar.horizontal_fov, 2.26894, 1e-12);
  EXPECT_NEAR(sonar.beamwidth_h, 2.26894 / 512, 1e-12);  // DAVE's beams are as wide as apart
  EXPECT_NEAR(sonar.vertical_fov, 12.0 * std::numbers::pi / 180.0, 1e-12);
  EXPECT_DOUBLE_EQ(sonar.frequency, 900e3);
  EXPECT_DOUBLE_EQ(sonar.bandwidth, 29.9e3);
  EXPECT_DOUBLE_EQ(sonar.source_level, 220.0);
  EXPECT_DOUBLE_EQ(sonar.range_min, 0.1);
  EXPECT_DOUBLE_EQ(sonar.range_max, 10.0);  // <maxDistance> caps the rays' <max>
  // In degrees, without a <spec>: the vertical angles' span is the fan's height.
  std::string degrees = kDaveSonar;
  degrees.replace(degrees.find("<spec>"), degrees.find("</spec>") + 7 - degrees.find("<spec>"), "");
  degrees.replace(degrees.find("false"), 5, "true");
  degrees.replace(degrees.find("-0.10472"), 8, "-7");
  degrees.replace(degrees.find("0.10472"), 7, "7");
  const Model m_degrees = load(world_sdf(sensor_boat(degrees)));
  const auto& in_degrees = std::get<SonarModel>(m_degrees.sensors[0].kind);
  EXPECT_NEAR(in_degrees.vertical_fov, 14.0 * std::numbers::pi / 180.0, 1e-12);
  EXPECT_NEAR(in_degrees.horizontal_fov, 2.26894 * std::numbers::pi / 180.0, 1e-12);
}

TEST(SonarWorld, LeewaysBlockSetsWhatItNamesOverTheOthers) {
  const auto sonar = [](const std::string& sensor) {
    return std::get<SonarModel>(load(world_sdf(sensor_boat(sensor))).sensors[0].kind);
  };
  const SonarModel own =
      sonar(small_sonar("<absorption>0.2</absorption><gain>40log</gain><coherent>false</coherent>"
                        "<backscatter>0.01</backscatter><source_level>200</source_level>"));
  EXPECT_EQ(own.beams, 32);
  EXPECT_EQ(own.bins, 200);
  EXPECT_DOUBLE_EQ(own.horizontal_fov, 0.6);
  EXPECT_DOUBLE_EQ(own.beamwidth_h, 0.02);
  EXPECT_DOUBLE_EQ(own.absorption, 0.2);
  EXPECT_EQ(own.gain, SonarGain::k40Log);
  EXPECT_FALSE(own.coherent);
  EXPECT_DOUBLE_EQ(own.backscatter, 0.01);
  EXPECT_DOUBLE_EQ(own.source_level, 200.0);
  EXPECT_DOUBLE_EQ(own.frequency, SonarModel{}.frequency);
  EXPECT_EQ(own.mode, SonarMode::kImaging);
  const SonarModel profiling =
      sonar(small_sonar("<mode>profiling</mode><detection_threshold>15</detection_threshold>"
                        "<detection_window>6</detection_window>"));
  EXPECT_EQ(profiling.mode, SonarMode::kProfiling);
  EXPECT_EQ(profiling.beams, 32);  // small_sonar()'s, read after the mode
  EXPECT_DOUBLE_EQ(profiling.detection_threshold, 15.0);
  EXPECT_DOUBLE_EQ(profiling.detection_window, 6.0);
  // A side-scan: EdgeTech's 4125 at 900 kHz, then what the block names.
  const SonarModel side = sonar(R"(<sensor name="sss" type="custom" leeway:type="sonar">
      <leeway:sonar><mode>side_scan</mode><range_max>50</range_max><tilt>0.3</tilt>
      </leeway:sonar></sensor>)");
  EXPECT_EQ(side.mode, SonarMode::kSideScan);
  EXPECT_EQ(side.beams, 2);
  EXPECT_DOUBLE_EQ(side.frequency, 900e3);
  EXPECT_DOUBLE_EQ(side.vertical_fov, side_scan_sonar().vertical_fov);
  EXPECT_DOUBLE_EQ(side.range_max, 50.0);
  EXPECT_DOUBLE_EQ(side.tilt, 0.3);
  // Over UUV's laser: the laser's fan, Leeway's frequency and bins.
  std::string uuv = kUuvSonar;
  uuv.insert(uuv.find("</sensor>"),
             "<leeway:sonar><frequency>450e3</frequency><bins>1000</bins>"
             "<absorption>auto</absorption></leeway:sonar>");
  const SonarModel over = sonar(uuv);
  EXPECT_EQ(over.beams, 768);
  EXPECT_DOUBLE_EQ(over.frequency, 450e3);
  EXPECT_EQ(over.bins, 1000);
  EXPECT_LT(over.absorption, 0.0);  // auto: Ainslie and McColm's
}

TEST(SonarWorld, APingOfAWallPeaksAtTheWallsRangeAndIsSilentBeforeIt) {
  // The sonar 10 m deep, looking along x at the wall's face 10 m away; its expected image
  // (incoherent, no speckle).
  const Model m =
      load(world_sdf(sensor_boat(small_sonar("<coherent>false</coherent><speckle>false</speckle>"),
                                 "0 0 -10 0 0 0") +
                     kWall));
  ASSERT_TRUE(m.visual_scene);
  StepData data;
  ASSERT_NO_FATAL_FAILURE(step_drawing(m, data));
  ASSERT_TRUE(data.sensors[0].sampled);
  const auto& ping = std::get<SonarImage>(data.sensors[0].reading);
  const auto& sonar = std::get<SonarModel>(m.sensors[0].kind);
  ASSERT_EQ(ping.beams, 32);
  ASSERT_EQ(ping.bins, 200);
  // Every ray meets the wall: 116 columns (the fan and three beamwidths either side, a third of
  // a beam apart) of 32 rows.
  EXPECT_EQ(ping.hits, 116 * 32);
  const double bin = 0.1;  // the range resolution too: the bins are coarser than c / 2B
  for (int b = 0; b < ping.beams; ++b) {
    const double theta = ping.azimuth[std::size_t(b)];
    int peak = 0;
    for (int k = 1; k < ping.bins; ++k) {
      if (ping.level[std::size_t(k * ping.beams + b)] >
          ping.level[std::size_t(peak * ping.beams + b)])
        peak = k;
    }
    // The beam's axis meets the wall at 10 / cos(theta), at normal elevation: the strongest echo.
    EXPECT_NEAR(ping.range[std::size_t(peak)], 10.0 / std::cos(theta), 1.5 * bin) << "beam " << b;
    // Nothing before the nearest wall the beam hears (a ray adds to the beams within three
    // beamwidths of its own, sensors/sonar.h: here 4 beam spacings, so from rays up to 5 away),
    // less the range kernel's reach (three resolution cells) and a bin: the noise alone, within
    // 15 dB of its level (an exponential deviate's 1e-13 quantile is 14.9 dB above its mean).
    const double spacing = 0.6 / 32;
    const double nearest = 10.0 / std::cos(std::max(0.0, std::abs(theta) - 5 * spacing));
    for (int k = 0; ping.range[std::size_t(k)] < nearest - 4 * bin; ++k) {
      EXPECT_LT(ping.level[std::size_t(k * ping.beams + b)], sonar.noise_level + 15.0)
          << "beam " << b << ", " << ping.range[std::size_t(k)] << " m";
    }
  }
}

TEST(SonarWorld, AVisualsOwnBackscatterScalesItsEchoes) {
  // The wall again, its visual saying <leeway:backscatter>0.1</leeway:backscatter>: Lambert's mu
  // 100 times the sonar's own (1e-3), so every cell's echo, over the noise, is 100 times as
  // strong (the expected image: incoherent, no speckle).
  const auto echo_energy = [](const std::string& wall) {
    const Model m = load(
        world_sdf(sensor_boat(small_sonar("<coherent>false</coherent><speckle>false</speckle>"),
                              "0 0 -10 0 0 0") +
                  wall));
    StepData data;
    step_drawing(m, data);
    const auto& ping = std::get<SonarImage>(data.sensors[0].reading);
    const double noise = std::pow(10.0, std::get<SonarModel>(m.sensors[0].kind).noise_level / 10);
    double sum = 0.0;
    for (const float level : ping.level)
      sum += std::pow(10.0, level / 10.0) - noise;
    return sum;
  };
  std::string loud = kWall;
  loud.replace(loud.find("<geometry>"), 0, "<leeway:backscatter>0.1</leeway:backscatter>");
  const double ratio = echo_energy(loud) / echo_energy(kWall);
  EXPECT_NEAR(ratio, 100.0, 1e-3);
  const std::string bad = world_sdf(R"(<model name="w"><static>true</static><link name="l">
      <visual name="v"><leeway:backscatter>2</leeway:backscatter>
      <geometry><box><size>1 1 1</size></box></geometry></visual></link></model>)");
  testing::expect_mentions(
      load_error("bad_backscatter.sdf", bad),
      {"bad_backscatter.sdf:" + std::to_string(testing::line_of(bad, "<leeway:backscatter>")),
       "got 2", "mu in (0, 1]"});
}

TEST(SonarWorld, PingsAreTakenWhenAskedForAndEachIsTheSameWhoeverSawTheOnesBefore) {
  const Model m = load(world_sdf(sensor_boat(small_sonar(), "0 0 -10 0 0 0") + kWall));
  const auto pings = [&](bool all) {
    State s = make_initial_state(m);
    StepData data = make_step_data(m);
    Workspace ws;
    std::vector<SonarImage> out;
    for (int k = 0; k < 31; ++k) {
      data.draw_images = all || k == 30;
      EXPECT_TRUE(step(m, s, {}, ws, &data).ok);
      if (data.sensors[0].sampled) out.push_back(std::get<SonarImage>(data.sensors[0].reading));
    }
    return out;
  };
  const std::vector<SonarImage> all = pings(true), last = pings(false);
  ASSERT_EQ(all.size(), 4u);
  ASSERT_EQ(last.size(), 4u);
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(last[k].beams, 0);  // not taken: its time kept, no image
    EXPECT_TRUE(last[k].level.empty());
  }
  EXPECT_EQ(all[3], last[3]);
  EXPECT_NE(all[2].level, all[3].level);  // each ping's speckle and noise are its own
}

TEST(SonarWorld, BadBlocksAreNamedAtTheirLine) {
  const auto error = [](const std::string& sensor) {
    return load_error("bad_sonar.sdf", world_sdf(sensor_boat(sensor)));
  };
  testing::expect_mentions(error(small_sonar("<gain>30log</gain>")),
                           {"bad_sonar.sdf:", "30log", "40log"});
  testing::expect_mentions(error(R"(<sensor name="fls" type="custom" leeway:type="sonar">
          <leeway:sonar><beams>0</beams></leeway:sonar></sensor>)"),
                           {"bad_sonar.sdf:", "leeway:sonar/beams>: got 0"});
  testing::expect_mentions(error(small_sonar("<fan>2</fan>")), {"bad_sonar.sdf:", "fan"});
  testing::expect_mentions(error(small_sonar("<detection_window>0</detection_window>")),
                           {"bad_sonar.sdf:", "detection_window", "got 0"});
  testing::expect_mentions(error(small_sonar("<mode>sidescan</mode>")),
                           {"bad_sonar.sdf:", "sidescan", "side_scan"});
  testing::expect_mentions(error(R"(<sensor name="sss" type="custom" leeway:type="sonar">
      <leeway:sonar><mode>side_scan</mode><beams>3</beams></leeway:sonar></sensor>)"),
                           {"bad_sonar.sdf", "side-scan", "2 beams"});
  testing::expect_mentions(error(small_sonar("<vertical_fov>2</vertical_fov>")),
                           {"vertical_fov", "got 2"});
  std::string reversed = kDaveSonar;
  reversed.replace(reversed.find("-1.13447"), 8, "1.2");
  testing::expect_mentions(error(reversed), {"bad_sonar.sdf:", "<horizontal>", "<max_angle>"});
}

}  // namespace
}  // namespace leeway
