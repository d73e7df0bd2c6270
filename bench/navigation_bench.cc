// What the reference navigator costs (gnc/navigator.h).
//
//   NavigatorImuSample         one IMU sample through the filter: the propagation of the state
//                              and of its 15x15 covariance
//   NavigatorGnssFix           one position and velocity update (two 3-row updates)
//   RexRovInspectionOnEstimate a step of worlds/rexrov_inspection.sdf with the ROV pilot on the
//                              estimate (IMU 50 Hz, DVL 7 Hz, compass 50 Hz, pressure 10 Hz, USBL
//                              0.5 Hz, GNSS under water: no fix), dt = 0.01 s
//   RexRovInspectionOnTruth    the same step on the truth (the baseline)
//
// Throughput: samples, fixes or vehicle-steps per second (items_per_second).
#include <benchmark/benchmark.h>

#include "leeway/gnc/navigation_filter.h"
#include "leeway/sdf/load_world.h"
#include "leeway/sim/simulation.h"

namespace leeway {
namespace {

NavigationFilterModel wamv_like_filter() {
  NavigationFilterModel m;
  m.imu.p_BI = Vec3(0.3, -0.2, 1.3);
  m.imu.gyro_white = Vec3::Constant(0.009 * 0.009);
  m.imu.accel_white = Vec3::Constant(0.021 * 0.021);
  m.imu.gyro_bias_drift = Vec3::Constant(1e-9);
  m.imu.accel_bias_drift = Vec3::Constant(1e-7);
  m.imu.gyro_bias_initial = Vec3::Constant(2.5e-5);
  m.imu.accel_bias_initial = Vec3::Constant(2.6e-3);
  return m;
}

void NavigatorImuSample(benchmark::State& bs) {
  const NavigationFilterModel m = wamv_like_filter();
  NavigationFilterState s = initial_filter_state(m, BodyState{}, 0.0);
  const Vec3 omega_I(0.01, -0.02, 0.1), f_I(0.2, 0.1, 9.8);
  double t = 0.0;
  for (auto _ : bs) {
    propagate_to_reading(m, s, t += 0.01, omega_I, f_I);
    benchmark::DoNotOptimize(s.P);
  }
  bs.SetItemsProcessed(bs.iterations());
}
BENCHMARK(NavigatorImuSample);

void NavigatorGnssFix(benchmark::State& bs) {
  const NavigationFilterModel m = wamv_like_filter();
  NavigationFilterState s = initial_filter_state(m, BodyState{}, 0.0);
  propagate_to_reading(m, s, 0.0, Vec3(0.0, 0.0, 0.1), Vec3(0.0, 0.0, 9.8));
  const Vec3 r_BA(-0.85, 0.0, 1.3);
  const Mat3 R = Mat3::Identity() * 0.25;
  for (auto _ : bs) {
    update_position(m, s, r_BA, Vec3(0.1, -0.1, 1.3), R);
    update_velocity_W(m, s, r_BA, Vec3(0.01, 0.0, 0.0), R);
    s.P += Mat15::Identity() * 1e-4;  // keep the fixes informative
    benchmark::DoNotOptimize(s.P);
  }
  bs.SetItemsProcessed(bs.iterations());
}
BENCHMARK(NavigatorGnssFix);

void rexrov_inspection(benchmark::State& bs, bool estimated) {
  Diagnostics d;
  Scenario w =
      load_scenario_file(std::string(LEEWAY_SOURCE_DIR) + "/worlds/rexrov_inspection.sdf", d);
  ControllerModel& pilot = w.controllers.at(0);
  if (estimated) pilot.navigator = make_navigator(w.model, pilot.body, pilot.model_name);
  Simulation sim(std::move(w));
  for (auto _ : bs) {
    if (!sim.step().ok) bs.SkipWithError("the step failed");
  }
  bs.SetItemsProcessed(bs.iterations());
}
void RexRovInspectionOnEstimate(benchmark::State& bs) {
  rexrov_inspection(bs, true);
}
void RexRovInspectionOnTruth(benchmark::State& bs) {
  rexrov_inspection(bs, false);
}
BENCHMARK(RexRovInspectionOnEstimate);
BENCHMARK(RexRovInspectionOnTruth);

}  // namespace
}  // namespace leeway
