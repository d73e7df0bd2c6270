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

namespace leeway {
namespace {

BodyModel full_body() {
  BodyModel b;
  b.model_name = "bench";
  b.mass = 1862.87;  // RexROV-sized
  b.p_BoBcm = Vec3(0.0, 0.0, -0.05);
  b.I_Bcm << 525.39, 1.44, 33.41, 1.44, 794.2, 2.6, 33.41, 2.6, 691.23;
  b.M_RB = rigid_body_mass_matrix(b.mass, b.p_BoBcm, b.I_Bcm);
  Mat6 A;
  A << 779.79, -6.87, 103.32, 8.53, -165.54, -7.8,     //
      -6.87, 1222, 51.29, 409.44, -5.86, 62.73,        //
      103.32, 51.29, 3659.9, 6.11, -386.42, 10.77,     //
      8.53, 409.44, 6.11, 534.9, -10.04, 21.0,         //
      -165.54, -5.86, -386.42, -10.04, 842.69, -1.18,  //
      -7.8, 62.73, 10.77, 21.0, -1.18, 224.32;
  b.M_A = A;
  b.M_inv = (b.M_RB + b.M_A).inverse();
  b.damping.linear << 74.82, 0, 0, 0, 0, 0,  //
      0, 69.48, 0, 0, 0, 5.1,                //
      0, 0, 728.4, 0, 3.2, 0,                //
      0, 0, 0, 268.8, 0, 0,                  //
      0, 0, 4.1, 0, 309.77, 0,               //
      0, 6.2, 0, 0, 0, 105;
  const double dq[6] = {748.22, 992.53, 1821.01, 672, 802.2, 3.14};
  for (int i = 0; i < 6; ++i)
    b.damping.quadratic.push_back({i, i, i, dq[i], false});
  b.damping.quadratic.push_back({dof::r, dof::v, dof::r, 12.0, false});
  b.damping.quadratic.push_back({dof::v, dof::r, dof::v, 9.0, false});
  SubmergedRestoring r;
  r.f_weight_W = b.mass * Vec3(0, 0, -9.81);
  r.f_buoyancy_W = 1.8 * 1028 * Vec3(0, 0, 9.81);
  r.p_BoBcm = b.p_BoBcm;
  r.p_BoBcb = Vec3(0.0, 0.0, 0.3);
  b.restoring = r;
  b.v_current_override_W = Vec3(0.3, -0.2, 0.0);
  b.q_WB0 = quat_from_euler_zyx(0.05, -0.02, 0.7);
  b.V_WB_B0 << 1.2, 0.1, -0.05, 0.02, 0.03, 0.1;
  return b;
}

Model bench_model() {
  Model m;
  m.dt = 0.002;
  m.bodies = {full_body()};
  return m;
}

void BodyStep(benchmark::State& bs) {
  const Model model = bench_model();
  State s = make_initial_state(model, 0);
  for (auto _ : bs) {
    benchmark::DoNotOptimize(step(model, s).ok);
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
  State s = make_initial_state(model, 0);
  for (auto _ : bs) {
    rk4_with_solve(model.bodies[0], s.bodies[0], model.dt);
    benchmark::DoNotOptimize(s.bodies[0].V_WB_B.data());
  }
  bs.SetItemsProcessed(bs.iterations());
}
BENCHMARK(BodyStepEigenSolve);

void ForceEvaluation(benchmark::State& bs) {
  const BodyModel b = full_body();
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
