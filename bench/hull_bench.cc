// Mesh hydrostatics: one update (vertices placed, surface found above each, triangles clipped,
// pressure integrated, restoring matrix) and whole steps of a floating catamaran.
//
//   HullUpdate/N             one update of an N-triangle hull in flat water (items: triangles)
//   HullUpdateWaves/N        the same in a 64-component sea (exact elevation above each vertex)
//   CatamaranStepFlat        Stonefish's benchmark hull (two 512-triangle demi-hulls, 4 m, 1.6 m
//                            apart, half immersed) at 500 Hz, the mesh integrated every step:
//                            leeway::step() (items: steps)
//   CatamaranStepEveryStage  baseline: the same RK4 step with the mesh integrated at each of the
//                            four stages instead of once and carried to them
//   WamvStepWaves            the default world's WAM-V (1,024 triangles, 277 kg) alone in its
//                            64-component sea, wind and current at 100 Hz, the mesh every step;
//                            real-time factor = 0.01 s / time
//   WamvStepWavesWithOutputs the same, keeping the step's outputs (world/step_data.h); the two
//                            against main's WamvStepWaves: scripts/bench-baseline.sh
//   WamvStepWavesWithoutSensors  WamvStepWaves without its sensors (VRX's IMU at 100 Hz): what
//                            they cost
#include <benchmark/benchmark.h>

#include <limits>

#include "leeway/body/dynamics.h"
#include "leeway/geometry/mesh_shapes.h"
#include "leeway/sdf/default_world.h"
#include "leeway/sdf/load_world.h"
#include "leeway/world/step.h"

namespace leeway {
namespace {

constexpr double kG = 9.81;

HullMesh hull_of(int triangles) {
  // 2 n s triangles: n points round each of s stations.
  SectionedHullShape shape;
  shape.section_points = triangles == 100 ? 10 : triangles == 1000 ? 20 : 50;
  shape.stations = triangles / (2 * shape.section_points);
  return sectioned_hull_mesh(shape);
}

HullMesh catamaran(const SectionedHullShape& demi_hull, double separation) {
  HullMesh both;
  for (double y : {0.5 * separation, -0.5 * separation}) {
    append(both, transformed(sectioned_hull_mesh(demi_hull),
                             Eigen::Isometry3d(Eigen::Translation3d(0, y, 0))));
  }
  return both;
}

Environment sea(int components) {
  Environment env;
  env.fluid_density = 1000.0;
  if (components > 0) {
    SeaState s;
    s.spectrum = make_pierson_moskowitz(0.5, 5.0);
    s.components = components;
    env.waves =
        make_wave_field(sample_components(s, 1), std::numeric_limits<double>::infinity(), 0.0, 0.0);
  }
  return env;
}

void update(benchmark::State& bs, int components) {
  const MeshHydrostatics hull{hull_of(static_cast<int>(bs.range(0)))};
  const Environment env = sea(components);
  double t = 0.0;
  for (auto _ : bs) {
    benchmark::DoNotOptimize(sample_hull(hull, env, t, Vec3::Zero(), Mat3::Identity(), kG));
    t += 0.01;
  }
  bs.SetItemsProcessed(bs.iterations() * static_cast<std::int64_t>(hull.mesh.faces.size()));
}
void HullUpdate(benchmark::State& bs) {
  update(bs, 0);
}
void HullUpdateWaves(benchmark::State& bs) {
  update(bs, 64);
}
BENCHMARK(HullUpdate)->Arg(100)->Arg(1000)->Arg(10000);
BENCHMARK(HullUpdateWaves)->Arg(100)->Arg(1000)->Arg(10000);

/// A catamaran floating at half its volume, started 0.1 m high with 5 deg of roll.
Model catamaran_world(const SectionedHullShape& demi_hull, double separation, double mass,
                      double dt, int components) {
  BodyModel b;
  b.model_name = "catamaran";
  b.mesh_hydrostatics = MeshHydrostatics{catamaran(demi_hull, separation)};
  b.mass = mass > 0 ? mass : 0.5 * 1000.0 * b.mesh_hydrostatics->mesh.volume;
  b.I_Bcm = (b.mass * Vec3(0.5, 2.0, 2.2)).asDiagonal();
  b.M_RB = rigid_body_mass_matrix(b.mass, b.p_BoBcm, b.I_Bcm);
  b.M_inv = b.M_RB.inverse();
  SubmergedRestoring weight;
  weight.f_weight_W = Vec3(0, 0, -b.mass * kG);
  b.restoring = weight;
  b.gravity = kG;
  b.damping.linear.diagonal() << 50, 50, 200, 50, 200, 50;
  b.p_WB0 = Vec3(0, 0, 0.1);
  b.q_WB0 = Quat(Eigen::AngleAxisd(0.087, Vec3::UnitX()));
  Model m;
  m.dt = dt;
  m.gravity_W = Vec3(0, 0, -kG);
  m.environment = sea(components);
  m.bodies = {b};
  return m;
}

SectionedHullShape stonefish_demi_hull() {
  SectionedHullShape shape;  // 4 m, 0.4 m beam, 0.5 m deep, 16 x 16
  shape.length = 4.0;
  shape.half_beam = 0.2;
  shape.half_depth = 0.25;
  return shape;
}

void CatamaranStepFlat(benchmark::State& bs) {
  const Model m = catamaran_world(stonefish_demi_hull(), 1.6, 0.0, 0.002, 0);
  State s = make_initial_state(m);
  for (auto _ : bs)
    benchmark::DoNotOptimize(step(m, s).ok);
  bs.SetItemsProcessed(bs.iterations());
}
BENCHMARK(CatamaranStepFlat);

void CatamaranStepEveryStage(benchmark::State& bs) {
  const Model m = catamaran_world(stonefish_demi_hull(), 1.6, 0.0, 0.002, 0);
  const BodyModel& b = m.bodies[0];
  MeshHydrostatics exact = *b.mesh_hydrostatics;
  exact.between = MeshHydrostatics::Between::kHold;  // sampled at the stage's own pose
  BodyState s{b.p_WB0, b.q_WB0, b.V_WB_B0};
  double t = 0.0;
  const double dt = m.dt;
  auto rate = [&](double at, const BodyState& x) {
    const HullSample hull =
        sample_hull(exact, m.environment, at, x.p_WB, x.q_WB.normalized().toRotationMatrix(), kG);
    HeldLoads held;
    held.hull = &hull;
    return compute_body_state_rate(b, m.environment, EnvironmentState{}, at, x, held);
  };
  auto advanced = [](const BodyState& x, const BodyStateRate& k, double h) {
    BodyState out;
    out.p_WB = x.p_WB + h * k.p_WB_dot;
    out.q_WB.coeffs() = x.q_WB.coeffs() + h * k.q_WB_dot;
    out.V_WB_B = x.V_WB_B + h * k.nu_dot;
    return out;
  };
  for (auto _ : bs) {
    const BodyStateRate k1 = rate(t, s);
    const BodyStateRate k2 = rate(t + dt / 2, advanced(s, k1, dt / 2));
    const BodyStateRate k3 = rate(t + dt / 2, advanced(s, k2, dt / 2));
    const BodyStateRate k4 = rate(t + dt, advanced(s, k3, dt));
    s.p_WB += dt / 6 * (k1.p_WB_dot + 2 * k2.p_WB_dot + 2 * k3.p_WB_dot + k4.p_WB_dot);
    s.q_WB.coeffs() += dt / 6 * (k1.q_WB_dot + 2 * k2.q_WB_dot + 2 * k3.q_WB_dot + k4.q_WB_dot);
    s.q_WB.normalize();
    s.V_WB_B += dt / 6 * (k1.nu_dot + 2 * k2.nu_dot + 2 * k3.nu_dot + k4.nu_dot);
    t += dt;
    benchmark::DoNotOptimize(s);
  }
  bs.SetItemsProcessed(bs.iterations());
}
BENCHMARK(CatamaranStepEveryStage);

/// `outputs`: keep the step's outputs (world/step_data.h), as the runner does; `sensors`: keep
/// the WAM-V's sensors (VRX's IMU at 100 Hz).
void wamv_step_waves(benchmark::State& bs, bool outputs, bool sensors = true) {
  Diagnostics diagnostics;
  Model m = load_world_string(std::string(default_world_sdf()), "default world", diagnostics, 1);
  const int wamv = m.body_index("wamv");
  std::erase_if(m.bodies, [](const BodyModel& b) { return b.model_name != "wamv"; });
  std::erase_if(m.sensors, [&](const SensorModel& x) { return !sensors || x.body != wamv; });
  for (SensorModel& x : m.sensors)
    x.body = 0;
  m.dt = 0.01;
  State s = make_initial_state(m);
  Workspace ws;
  StepData data = make_step_data(m);
  for (auto _ : bs)
    benchmark::DoNotOptimize(step(m, s, {}, ws, outputs ? &data : nullptr).ok);
  bs.SetItemsProcessed(bs.iterations());
  bs.counters["real_time_factor"] =
      benchmark::Counter(static_cast<double>(bs.iterations()) * m.dt, benchmark::Counter::kIsRate);
}
void WamvStepWaves(benchmark::State& bs) {
  wamv_step_waves(bs, false);
}
void WamvStepWavesWithOutputs(benchmark::State& bs) {
  wamv_step_waves(bs, true);
}
void WamvStepWavesWithoutSensors(benchmark::State& bs) {
  wamv_step_waves(bs, false, false);
}
BENCHMARK(WamvStepWaves);
BENCHMARK(WamvStepWavesWithOutputs);
BENCHMARK(WamvStepWavesWithoutSensors);

}  // namespace
}  // namespace leeway
