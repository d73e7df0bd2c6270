// VRX's own task worlds, as VRX ships them (../shared/foreign/vrx), with the WAM-V generated
// and spawned as VRX's launch spawns it: Fuel models from the Fuel cache, bare names from the
// resource path, the course models' nested buoys as bodies of their own. Each test skips with a
// message when the corpus is absent (a user's clone). scripts/foreign-corpus.sh runs all 84.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "leeway/core/geo.h"
#include "leeway/sim/simulation.h"
#include "leeway/world/ray_cast.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

namespace fs = std::filesystem;

const fs::path kVrx = testing::foreign_corpus() / "vrx";
const fs::path kWorlds = kVrx / "vrx_gz" / "worlds";

/// VRX's resource paths (its hooks), the generated WAM-V, and the corpus's Fuel cache.
testing::ScopedModelPaths vrx_paths() {
  return testing::ScopedModelPaths(
      {{"GZ_SIM_RESOURCE_PATH",
        testing::joined({kVrx / "vrx_gz" / "models", kVrx / "vrx_urdf",
                         kVrx / "vrx_urdf" / "vrx_gazebo" / "models",
                         kVrx / "vrx_urdf" / "wamv_description" / "models", kVrx / "generated"})},
       {"GZ_FUEL_CACHE_PATH", (testing::foreign_corpus() / "fuel-cache").string()}});
}

/// As competition.launch.py spawns it.
const Spawn kWamv{"model://wamv_H", "wamv", {-532.0, 162.0, 0.0, 0.0, 0.0, 1.0}};

#define SKIP_WITHOUT_CORPUS()                                                         \
  if (!fs::is_directory(kWorlds) || !fs::is_directory(kVrx / "generated" / "wamv_H")) \
  GTEST_SKIP() << "no foreign corpus at " << kVrx << ": VRX's task worlds not tested"

/// Runs a scored VRX world with the spawned WAM-V through its task to the score, and on to 10
/// simulated minutes (VRX's worlds' bar: no non-finite state, no run that stops). Its six
/// marker and round buoys lie on their sides (pitch 1.57) and must right themselves and float.
void run_scored_world_ten_minutes(const char* name) {
  const auto paths = vrx_paths();
  Diagnostics d;
  Scenario scenario = load_scenario_file((kWorlds / name).string(), d, 0, {kWamv});
  ASSERT_EQ(scenario.tasks.size(), 1u);
  const Model& m = scenario.model;
  ASSERT_GE(m.body_index("wamv"), 0);
  int buoys = 0;
  for (const BodyModel& b : m.bodies)
    buoys += b.model_name.starts_with("mb_") ? 1 : 0;
  EXPECT_EQ(buoys, 6);
  Simulation sim(std::move(scenario));
  const double finish = tasks_finish_time(sim.scenario());
  ASSERT_LT(finish, 600.0);
  RunOptions run;
  run.until_step = static_cast<std::uint64_t>(std::ceil(finish / m.dt));
  ASSERT_TRUE(sim.run(run).ok);
  EXPECT_EQ(sim.task_states()[0].phase, TaskPhase::kFinished);
  EXPECT_TRUE(std::isfinite(sim.task_states()[0].score));
  run.until_step = static_cast<std::uint64_t>(std::lround(600.0 / m.dt));
  const RunEnd end = sim.run(run);
  ASSERT_TRUE(end.ok) << end.error;
  for (std::size_t i = 0; i < m.bodies.size(); ++i) {
    const BodyState& b = sim.state().bodies[i];
    if (!m.bodies[i].model_name.starts_with("mb_")) continue;
    SCOPED_TRACE(m.bodies[i].model_name);
    EXPECT_LT(std::abs(b.p_WB.z()), 1.0);  // afloat, not thrown into the air or sunk
    EXPECT_LT(b.V_WB_B.norm(), 2.0);       // moving with the waves, not diverging
  }
}

// Ten simulated minutes each: in the optimised suite only (tests/CMakeLists.txt, label soak).
TEST(VrxWorlds, StationKeepingRunsTenMinutesAndScoresTheSpawnedWamv) {
  SKIP_WITHOUT_CORPUS();
  run_scored_world_ten_minutes("stationkeeping_task.sdf");
}

TEST(VrxWorlds, WayfindingRunsTenMinutesAndScoresTheSpawnedWamv) {
  SKIP_WITHOUT_CORPUS();
  run_scored_world_ten_minutes("wayfinding_task.sdf");
}

TEST(VrxWorlds, TheSpawnedWamvCarriesVrxsImu) {
  // VRX's generated WAM-V: its IMU on wamv/imu_wamv_link, 0.3 m forward, 0.2 m to starboard and
  // 1.3 m above base_link, at 100 Hz with VRX's noise. Afloat in the station-keeping world's
  // waves, its vertical specific force averages g (the bias is at most a few 0.01 m/s^2).
  SKIP_WITHOUT_CORPUS();
  const auto paths = vrx_paths();
  Diagnostics d;
  const Model m =
      load_scenario_file((kWorlds / "stationkeeping_task.sdf").string(), d, 0, {kWamv}).model;
  const int i = m.sensor_index("wamv", "imu_wamv_sensor");
  ASSERT_GE(i, 0);
  const SensorModel& imu = m.sensors[static_cast<std::size_t>(i)];
  EXPECT_EQ(imu.link_name, "wamv/imu_wamv_link");
  EXPECT_EQ(imu.rate_hz, 100.0);
  EXPECT_LT((imu.X_BS.translation() - Vec3(0.3, -0.2, 1.3)).norm(), 1e-12);
  const ImuModel& noise = std::get<ImuModel>(imu.kind);
  EXPECT_EQ(noise.angular_velocity[2].white_stddev, 0.009);
  EXPECT_EQ(noise.linear_acceleration[0].white_stddev, 0.021);
  State s = make_initial_state(m);
  StepData data = make_step_data(m);
  Workspace ws;
  double sum = 0.0;
  int samples = 0;
  for (int k = 0; k < 2500; ++k) {  // 10 s at 4 ms: 1000 samples
    ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
    const SensorSample& sample = data.sensors[static_cast<std::size_t>(i)];
    if (!sample.sampled) continue;
    sum += std::get<ImuReading>(sample.reading).f_S.z();
    ++samples;
  }
  EXPECT_EQ(samples, 1000);
  EXPECT_NEAR(sum / samples, 9.8, 0.2);

  // Its GNSS antenna, 1.3 m up on wamv/gps_wamv_link at 20 Hz without noise (VRX gives none):
  // a fix, at the antenna's geodetic position through the world's <spherical_coordinates>.
  const int g = m.sensor_index("wamv", "navsat");
  ASSERT_GE(g, 0);
  const SensorModel& gps = m.sensors[static_cast<std::size_t>(g)];
  EXPECT_EQ(gps.rate_hz, 20.0);
  EXPECT_LT((gps.X_BS.translation() - Vec3(-0.85, 0, 1.3)).norm(), 1e-12);
  const BodyState& wamv = s.bodies[static_cast<std::size_t>(m.body_index("wamv"))];
  do {
    ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
  } while (!data.sensors[static_cast<std::size_t>(g)].sampled);
  const GnssReading& fix = std::get<GnssReading>(data.sensors[static_cast<std::size_t>(g)].reading);
  ASSERT_TRUE(fix.fix);
  const Vec3 p_W = geodetic_to_W(*m.origin, {fix.latitude_deg, fix.longitude_deg, fix.altitude});
  EXPECT_LT((p_W - Vec3(-532, 162, 0)).head<2>().norm(), 3.0);  // near the spawn point
  EXPECT_NEAR(p_W.z() - wamv.p_WB.z(), 1.3, 0.2);               // 1.3 m up, rolling a little
}

TEST(VrxWorlds, TasksLeewayDoesNotScoreLoadWithOneWarningAndRun) {
  SKIP_WITHOUT_CORPUS();
  const auto paths = vrx_paths();
  // The navigation course's buoys are models nested in the course model. Gymkhana is a
  // navigation task and a station-keeping one: the latter is scored.
  struct Case {
    const char* name;
    int unscored;
    std::size_t scored;
  };
  for (const Case& c :
       {Case{"navigation_task.sdf", 1, 0}, Case{"scan_dock_deliver_task.sdf", 1, 0},
        Case{"acoustic_tracking_task.sdf", 1, 0}, Case{"gymkhana_task.sdf", 2, 1}}) {
    SCOPED_TRACE(c.name);
    Diagnostics d;
    Simulation sim(load_scenario_file((kWorlds / c.name).string(), d, 0, {kWamv}));
    EXPECT_EQ(sim.scenario().tasks.size(), c.scored);
    int task_warnings = 0;
    for (const Diagnostic& w : d.warnings()) {
      task_warnings += w.str().find("VRX task Leeway does not score") != std::string::npos;
    }
    EXPECT_EQ(task_warnings, c.unscored);
    RunOptions run;
    run.until_step = static_cast<std::uint64_t>(5.0 / sim.model().dt);  // 5 s
    const RunEnd end = sim.run(run);
    EXPECT_TRUE(end.ok) << end.error;
  }
}

TEST(VrxWorlds, ThePerceptionWorldHoldsTheWamvOnItsPlatformUntilTheRelease) {
  // The WAM-V's DetachableJoint holds it to the articulated platform (a body on a vertical rail
  // to the world) until VRX's task publishes /vrx/release, at the end of its 10 s initial state.
  SKIP_WITHOUT_CORPUS();
  const auto paths = vrx_paths();
  Diagnostics d;
  Simulation sim(load_scenario_file((kWorlds / "perception_task.sdf").string(), d, 0, {kWamv}));
  const Model& m = sim.model();
  const int wamv = m.body_index("wamv"), platform = m.body_index("platform");
  ASSERT_GE(wamv, 0);
  ASSERT_GE(platform, 0);
  ASSERT_TRUE(m.bodies[static_cast<std::size_t>(platform)].world_joint.has_value());
  ASSERT_EQ(m.holds.size(), 1u);
  EXPECT_EQ(m.holds[0].body, wamv);
  EXPECT_EQ(m.holds[0].until, 10.0);
  RunOptions run;
  run.until_step = static_cast<std::uint64_t>(std::lround(9.9 / m.dt));
  ASSERT_TRUE(sim.run(run).ok);
  const BodyModel& b = m.bodies[static_cast<std::size_t>(wamv)];
  EXPECT_EQ(sim.state().bodies[static_cast<std::size_t>(wamv)].p_WB, b.p_WB0);
  // The platform stays on its rail: it has fallen to its stop 3 m down.
  const BodyModel& p = m.bodies[static_cast<std::size_t>(platform)];
  EXPECT_LT(
      (sim.state().bodies[static_cast<std::size_t>(platform)].p_WB - (p.p_WB0 - Vec3(0, 0, 3)))
          .norm(),
      1e-9);
  run.until_step = static_cast<std::uint64_t>(std::lround(15.0 / m.dt));
  ASSERT_TRUE(sim.run(run).ok);  // released: afloat, settling to its draft
  EXPECT_GT((sim.state().bodies[static_cast<std::size_t>(wamv)].p_WB - b.p_WB0).norm(), 0.01);
}

TEST(VrxWorlds, TheMarkerBuoysAreTheColoursOfTheirMaterialScripts) {
  // The red and green marker buoys (Fuel models whose colour is an OGRE material script's,
  // mb_marker_buoy.material) and the black one (Gazebo/Black), lying on their sides 1 m apart
  // as the world places them, each seen from 4 m above by a narrow camera: the pixel at its
  // middle is the script's diffuse colour (0.7921 0.0039 0.0274 for red) as the sun lights it
  // (0.35 + 0.65 n.s: 0.95 for a face up); black is black.
  SKIP_WITHOUT_CORPUS();
  const auto paths = vrx_paths();
  Diagnostics d;
  const Model m =
      load_scenario_file((kWorlds / "stationkeeping_task.sdf").string(), d, 0, {kWamv}).model;
  const State s = make_initial_state(m);
  CameraModel camera;
  camera.width = camera.height = 5;
  camera.horizontal_fov = 0.05;
  RandomStream rng(1, "camera");
  const auto centre = [&](const char* buoy) {
    // The buoy's link frame (its visual's), on its side at the surface.
    const auto v = std::find_if(m.visuals.begin(), m.visuals.end(),
                                [&](const Visual& x) { return x.model_name == buoy; });
    EXPECT_NE(v, m.visuals.end()) << buoy;
    const BodyState& b = s.bodies[static_cast<std::size_t>(v->body)];
    const Vec3 target = b.p_WB + b.q_WB * v->X_BV.translation() + Vec3(0.3, 0, 0);
    const Vec3 p_WS = target + Vec3(0, 0, 4);
    Mat3 R_WS;  // looking down, the image's top to the north
    R_WS << Vec3(0, 0, -1), Vec3(0, 1, 0), Vec3(1, 0, 0);
    const WorldSurfaces world(m, s.bodies, p_WS, camera.far);
    const CameraImage image = render_camera(camera, p_WS, R_WS, world, m.environment, 0.0, rng);
    const std::size_t k = 3 * (2 * 5 + 2);
    return std::array<int, 3>{image.rgb[k], image.rgb[k + 1], image.rgb[k + 2]};
  };
  // The buoy's top is lit by L = 0.35 + 0.65 n.s, n.s >= 0.85 for a face within 20 degrees of
  // up; each channel is 255 L times the script's diffuse, to the rounding.
  const auto expect_lit = [&](const char* buoy, const Rgba& diffuse) {
    SCOPED_TRACE(buoy);
    const std::array<int, 3> seen = centre(buoy);
    const double L =
        seen[0] > seen[1] ? seen[0] / (255.0 * diffuse.r) : seen[1] / (255.0 * diffuse.g);
    EXPECT_GE(L, 0.35 + 0.65 * 0.85);
    EXPECT_LE(L, 1.0 + 1e-2);
    const std::array<double, 3> d{diffuse.r, diffuse.g, diffuse.b};
    for (std::size_t c = 0; c < 3; ++c)
      EXPECT_NEAR(seen[c], 255.0 * L * d[c], 1.0) << "channel " << c;
  };
  expect_lit("mb_marker_buoy_red", {0.7921f, 0.0039f, 0.0274f});
  expect_lit("mb_marker_buoy_green", {0.0627f, 0.4392f, 0.2588f});
  const std::array<int, 3> black = centre("mb_marker_buoy_black");
  EXPECT_EQ(black, (std::array<int, 3>{0, 0, 0}));
  // Every material script is found and read. The corpus leaves out most of VRX's and Fuel's
  // texture images: those are said to be missing, and nothing else about a material is.
  for (const Diagnostic& w : d.warnings()) {
    const std::string text = w.str();
    if (text.find("albedo map is not drawn") != std::string::npos ||
        text.find("texture is not drawn") != std::string::npos) {
      EXPECT_TRUE(text.find("no such file") != std::string::npos ||
                  text.find("no file") != std::string::npos)
          << text;
      continue;
    }
    EXPECT_EQ(text.find("material"), std::string::npos) << text;
  }
}

TEST(VrxWorlds, AWorldWhoseFuelModelIsInNoCacheSaysHowToFetchIt) {
  SKIP_WITHOUT_CORPUS();
  const auto paths = vrx_paths();
  Diagnostics d;
  try {
    load_scenario_file((kWorlds / "nbpark.sdf").string(), d, 0, {kWamv});
    ADD_FAILURE() << "nbpark loaded without nathan_benderson_park";
  } catch (const LoadError& e) {
    testing::expect_mentions(
        e.what(), {"nbpark.sdf:", "models/nathan_benderson_park", "gz fuel download -u"});
  }
}

}  // namespace
}  // namespace leeway
