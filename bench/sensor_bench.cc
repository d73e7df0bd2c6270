// What sensors cost a step, against the same step without them (the bars: VRX's WAM-V
// suite under 5 % of the default world's step, hull_bench.cc's WamvStepWaves against
// WamvStepWavesWithoutSensors; the RexROV suite with DVL beams against a 500k-triangle seabed
// under 10 %, here).
//
//   RexRovSuiteStep            the library's RexROV with UUV Simulator's suite (IMU 50 Hz, DVL
//                              7 Hz, pressure 10 Hz, magnetometer 50 Hz, RPT 0.5 Hz, GNSS 30 Hz,
//                              ground truth 20 Hz, and rexrov_sonar's sonar at 25 Hz, which
//                              only pings for a recording or a viewer), 30 m over a
//                              500,000-triangle seabed mesh (a rough 1 km square), moving at
//                              1 m/s; dt = 0.01 s
//   RexRovSuiteStepWithoutSensors  the same step with the sensors removed (the baseline)
//   DvlPingOverMesh            one DVL ping (four beams, one ray each) against the mesh
//
// Throughput: vehicle-steps (or pings) per second (items_per_second).
#include <benchmark/benchmark.h>

#include <fmt/format.h>

#include <cmath>

#include "leeway/sdf/load_world.h"
#include "leeway/world/ray_cast.h"
#include "leeway/world/step.h"
#include "leeway/world/visual_scene.h"

namespace leeway {
namespace {

/// A 1 km square of 500,000 triangles 80 m down, rough by a metre (two crossed sines).
TriangleScene rough_seabed() {
  constexpr int n = 500;  // cells a side: 2 n^2 triangles
  constexpr double size = 1000.0, h = size / n;
  TriangleScene::Mesh m;
  for (int j = 0; j <= n; ++j) {
    for (int i = 0; i <= n; ++i) {
      const double x = -size / 2 + i * h, y = -size / 2 + j * h;
      m.vertices_W.emplace_back(x, y, -80.0 + 0.5 * std::sin(0.11 * x) + 0.5 * std::cos(0.07 * y));
    }
  }
  const auto id = [](int i, int j) { return static_cast<std::uint32_t>(j * (n + 1) + i); };
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) {
      m.faces.push_back({id(i, j), id(i + 1, j), id(i + 1, j + 1)});
      m.faces.push_back({id(i, j), id(i + 1, j + 1), id(i, j + 1)});
    }
  }
  return TriangleScene({std::move(m)});
}

const Model& rexrov_over_seabed() {
  static const Model model = [] {
    Diagnostics diagnostics;
    Model m = load_world_file(std::string(LEEWAY_SOURCE_DIR) + "/worlds/rexrov.sdf", diagnostics);
    auto scene = std::make_shared<VisualScene>(*m.visual_scene);
    scene->fixed.meshes = rough_seabed();
    scene->fixed.mesh_looks = {VisualScene::MeshLook{}};
    m.visual_scene = std::move(scene);
    return m;
  }();
  return model;
}

void rexrov_suite_step(benchmark::State& bs, bool sensors) {
  Model m = rexrov_over_seabed();
  if (!sensors) m.sensors.clear();
  State s = make_initial_state(m);
  s.bodies[0].V_WB_B << 1.0, 0.0, 0.0, 0.0, 0.0, 0.0;
  Workspace ws;
  StepData data = make_step_data(m);
  std::size_t echoes = 0;
  const int dvl = m.sensor_index("rexrov", "dvl");
  for (auto _ : bs) {
    if (!step(m, s, {}, ws, &data).ok) bs.SkipWithError("the step failed");
    if (dvl >= 0 && data.sensors[static_cast<std::size_t>(dvl)].sampled)
      echoes +=
          std::get<DvlReading>(data.sensors[static_cast<std::size_t>(dvl)].reading).good_beams;
  }
  bs.SetItemsProcessed(bs.iterations());
  bs.counters["dvl_echoes"] = static_cast<double>(echoes);
}
void RexRovSuiteStep(benchmark::State& bs) {
  rexrov_suite_step(bs, true);
}
void RexRovSuiteStepWithoutSensors(benchmark::State& bs) {
  rexrov_suite_step(bs, false);
}
BENCHMARK(RexRovSuiteStep);
BENCHMARK(RexRovSuiteStepWithoutSensors);

void DvlPingOverMesh(benchmark::State& bs) {
  const Model& m = rexrov_over_seabed();
  const SensorModel& sensor = m.sensors[static_cast<std::size_t>(m.sensor_index("rexrov", "dvl"))];
  const auto& dvl = std::get<DvlModel>(sensor.kind);
  const State s = make_initial_state(m);
  const WorldEchoes echoes(m, s.bodies, sensor.body);
  RandomStream rng(1, "dvl");
  DvlPose pose;
  pose.p_W = s.bodies[0].p_WB;
  pose.R_WS = s.bodies[0].q_WB.toRotationMatrix() * sensor.X_BS.linear();
  double x = 0.0;
  for (auto _ : bs) {
    pose.p_W.x() = -400.0 + std::fmod(x += 0.37, 800.0);  // a new footprint each ping
    const DvlReading r =
        sample_dvl(dvl, pose, echoes, m.environment, s.environment, 0.0, 1500.0, rng);
    benchmark::DoNotOptimize(r.v_R);
  }
  bs.SetItemsProcessed(bs.iterations());
}
BENCHMARK(DvlPingOverMesh);

/// One sample of each sensor of the RexROV's suite (its index in the model's sensors), on a body
/// moving at 1 m/s: what the suite's share of the step is made of.
void RexRovSensorSample(benchmark::State& bs) {
  const Model& m = rexrov_over_seabed();
  const auto i = static_cast<std::size_t>(bs.range(0));
  const SensorModel& sensor = m.sensors.at(i);
  State s = make_initial_state(m);
  s.bodies[0].V_WB_B << 1.0, 0.0, 0.0, 0.0, 0.0, 0.0;
  const Vec6 nu_dot = Vec6::Zero();
  const Geodetic origin = m.origin.value_or(Geodetic{});
  const WorldEchoes echoes(m, s.bodies, sensor.body);
  SensorState state = initial_sensor_state(sensor, m.seed);
  const double period = sensor.rate_hz > 0.0 ? 1.0 / sensor.rate_hz : m.dt;
  double t = 0.0;
  SensorSample sample;
  for (auto _ : bs) {
    const SampleContext at{
        t, m.dt, s.bodies[0], nu_dot, m.gravity_W, m.environment, s.environment, origin, &echoes};
    take_sample(sensor, state, at, sample);
    benchmark::DoNotOptimize(sample.t);
    t += period;
  }
  bs.SetItemsProcessed(bs.iterations());
  bs.SetLabel(sensor.name + fmt::format(" {} Hz: {:.1f} samples a step", sensor.rate_hz,
                                        sensor.rate_hz > 0.0 ? sensor.rate_hz * m.dt : 1.0));
}
BENCHMARK(RexRovSensorSample)->DenseRange(0, 10);  // its 11 sensors

}  // namespace
}  // namespace leeway
