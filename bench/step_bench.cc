// The cost of one body-step with a full 6x6 model, and baselines measured in the same run.
//
//   BodyStep             leeway::step() on one body: full (non-diagonal) M_A and linear damping,
//                        quadratic damping with couplings, C_RB and C_A, submerged restoring and
//                        a current; RK4, so 4 force evaluations per step.
//   BodyStepEigenSolve   the same step, but each stage solves M nu_dot = tau with a fresh
//                        Eigen LDLT instead of the inverse precomputed at load: the "plain Eigen
//                        solve of the same system" baseline.
//   ForceEvaluation      one evaluation of every force term (a quarter of the RK4 work).
//
// Throughput is reported as body-steps per second (items_per_second).
#include <benchmark/benchmark.h>

#include <Eigen/Cholesky>

#include "leeway/body/dynamics.h"
#include "leeway/core/rotation.h"
#include "leeway/world/step.h"
#include "rexrov.h"

namespace leeway {
namespace {

Model bench_model() {
  Model m;
  m.dt = 0.002;
  m.bodies = {bench::rexrov_body()};
  return m;
}

void BodyStep(benchmark::State& bs) {
  const Model model = bench_model();
  State s = make_initial_state(model);
  Workspace ws;
  for (auto _ : bs) {
    benchmark::DoNotOptimize(step(model, s, {}, ws).ok);
  }
  bs.SetItemsProcessed(bs.iterations());
}
BENCHMARK(BodyStep);

/// The same RK4 step as integrate_body(), solving M nu_dot = tau with Eigen at each stage.
void rk4_with_solve(const BodyModel& b, BodyState& s, double dt) {
  const Mat6 M = b.M_RB + b.M_A;
  auto rate = [&](const BodyState& x) {
    BodyStateRate k;
    k.p_WB_dot = x.q_WB.normalized() * Vec3(x.V_WB_B.head<3>());
    k.q_WB_dot = quat_derivative(x.q_WB, x.V_WB_B.tail<3>());
    k.nu_dot = M.ldlt().solve(
        compute_body_wrenches(b, Environment{}, EnvironmentState{}, 0.0, x, HeldLoads{}).total());
    return k;
  };
  auto advanced = [](const BodyState& x, const BodyStateRate& k, double h) {
    BodyState o;
    o.p_WB = x.p_WB + h * k.p_WB_dot;
    o.q_WB.coeffs() = x.q_WB.coeffs() + h * k.q_WB_dot;
    o.V_WB_B = x.V_WB_B + h * k.nu_dot;
    return o;
  };
  const BodyStateRate k1 = rate(s), k2 = rate(advanced(s, k1, dt / 2)),
                      k3 = rate(advanced(s, k2, dt / 2)), k4 = rate(advanced(s, k3, dt));
  s.p_WB += dt / 6 * (k1.p_WB_dot + 2 * k2.p_WB_dot + 2 * k3.p_WB_dot + k4.p_WB_dot);
  s.q_WB.coeffs() += dt / 6 * (k1.q_WB_dot + 2 * k2.q_WB_dot + 2 * k3.q_WB_dot + k4.q_WB_dot);
  s.q_WB.normalize();
  s.V_WB_B += dt / 6 * (k1.nu_dot + 2 * k2.nu_dot + 2 * k3.nu_dot + k4.nu_dot);
}

void BodyStepEigenSolve(benchmark::State& bs) {
  const Model model = bench_model();
  State s = make_initial_state(model);
  for (auto _ : bs) {
    rk4_with_solve(model.bodies[0], s.bodies[0], model.dt);
    benchmark::DoNotOptimize(s.bodies[0].V_WB_B.data());
  }
  bs.SetItemsProcessed(bs.iterations());
}
BENCHMARK(BodyStepEigenSolve);

void ForceEvaluation(benchmark::State& bs) {
  const BodyModel b = bench::rexrov_body();
  BodyState s{b.p_WB0, b.q_WB0, b.V_WB_B0};
  for (auto _ : bs) {
    benchmark::DoNotOptimize(
        compute_body_wrenches(b, Environment{}, EnvironmentState{}, 0.0, s, HeldLoads{}).total());
  }
  bs.SetItemsProcessed(bs.iterations());
}
BENCHMARK(ForceEvaluation);

}  // namespace
}  // namespace leeway
