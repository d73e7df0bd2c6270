// An eight-thruster ROV holding station, the whole loop a vehicle runs each physics step.
//
//   RovStationKeepingStep   per step: a pose PD (UUV Simulator's RexROV gains, Kp 3300, Kd 1100)
//                           gives the wanted wrench; the bounded allocator (allocation.h) turns it
//                           into eight thrusts; each thrust becomes a shaft-speed command through
//                           the inverse of T = 0.00031 x|x|; leeway::step() latches the commands,
//                           advances the first-order rotors exactly and integrates the body by RK4
//                           with the thrusters' wrenches at every stage. dt = 0.01 s.
//   RovAllocation           the allocation alone, 0.1 m off station (the least-norm solution is
//                           within the limits) and 2.2 m off (the bounded solve runs).
//
//   RovStationKeepingStepWithOutputs  the same, keeping the step's outputs (world/step_data.h)
//
// Baseline in the same run: BodyStep (step_bench.cc), the same hull with no actuators; against
// main's RovStationKeepingStep: scripts/bench-baseline.sh.
// Throughput: vehicle-steps per second (items_per_second).
#include <benchmark/benchmark.h>

#include <cmath>

#include "leeway/core/rotation.h"
#include "leeway/propulsion/allocation.h"
#include "leeway/world/step.h"
#include "rexrov.h"

namespace leeway {
namespace {

constexpr double kRotorConstant = 0.00031;  // T = k x |x|

Allocator rexrov_allocator(const Model& model) {
  std::vector<AllocatorThruster> thrusters;
  for (const Thruster& t : model.bodies[0].thrusters) {
    AllocatorThruster a;
    a.p_BoT_B = t.p_BoP_B;
    a.axis_B = t.axis_B;
    a.t_min = -2000.0;
    a.t_max = 2000.0;
    thrusters.push_back(a);
  }
  return make_allocator(std::move(thrusters));
}

const Vec3 kStation_W(0.0, 0.0, -30.0);

/// The wrench about Bo, in B, that pulls the body back to its station, level and with zero yaw.
Vec6 station_keeping_wrench(const BodyState& s) {
  const Mat3 R_WB = s.q_WB.toRotationMatrix();
  const Vec3 rpy = euler_zyx(s.q_WB);
  Vec6 tau;
  tau.head<3>() =
      -3300.0 * (R_WB.transpose() * (s.p_WB - kStation_W)) - 1100.0 * s.V_WB_B.head<3>();
  tau.tail<3>() = -3300.0 * rpy - 1100.0 * s.V_WB_B.tail<3>();
  return tau;
}

/// `outputs`: keep the step's outputs (world/step_data.h), as the runner does.
void rov_station_keeping_step(benchmark::State& bs, bool outputs) {
  const Model model = bench::rexrov_with_thrusters(0.01);
  const Allocator allocator = rexrov_allocator(model);
  State s = make_initial_state(model);
  s.bodies[0].p_WB = kStation_W + Vec3(2.0, -1.0, 0.0);
  Inputs inputs;
  inputs.commands.resize(model.actuators.size());
  Workspace ws;
  StepData data = make_step_data(model);
  for (auto _ : bs) {
    const Allocation a = allocate(allocator, station_keeping_wrench(s.bodies[0]));
    for (std::size_t i = 0; i < a.thrust.size(); ++i)
      inputs.commands[i] =
          std::copysign(std::sqrt(std::abs(a.thrust[i]) / kRotorConstant), a.thrust[i]);
    if (!step(model, s, inputs, ws, outputs ? &data : nullptr).ok)
      bs.SkipWithError("the step failed");
  }
  bs.SetItemsProcessed(bs.iterations());
  bs.counters["off_station_m"] = (s.bodies[0].p_WB - kStation_W).norm();
}
void RovStationKeepingStep(benchmark::State& bs) {
  rov_station_keeping_step(bs, false);
}
void RovStationKeepingStepWithOutputs(benchmark::State& bs) {
  rov_station_keeping_step(bs, true);
}
BENCHMARK(RovStationKeepingStep);
BENCHMARK(RovStationKeepingStepWithOutputs);

/// The allocation alone, 0.1 m (within the limits) or 2.2 m (beyond them) off station.
void RovAllocation(benchmark::State& bs, double offset_m) {
  const Model model = bench::rexrov_with_thrusters(0.01);
  const Allocator allocator = rexrov_allocator(model);
  const BodyState s{kStation_W + offset_m * Vec3(2.0, -1.0, 0.0).normalized(),
                    quat_from_euler_zyx(0.05, -0.02, 0.7), Vec6::Zero()};
  for (auto _ : bs) {
    benchmark::DoNotOptimize(allocate(allocator, station_keeping_wrench(s)).achieved);
  }
  bs.SetItemsProcessed(bs.iterations());
}
BENCHMARK_CAPTURE(RovAllocation, WithinLimits, 0.1);
BENCHMARK_CAPTURE(RovAllocation, Saturated, 2.2);

}  // namespace
}  // namespace leeway
