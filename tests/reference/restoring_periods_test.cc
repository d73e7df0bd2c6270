// Natural periods from restoring forces, and the energy balance of an unforced body.
#include <gtest/gtest.h>

#include <numbers>

#include "leeway/body/dynamics.h"
#include "leeway/core/rotation.h"
#include "leeway/world/step.h"
#include "test_util.h"

namespace leeway {
namespace {

using testing::make_body;
using testing::make_model;
using testing::mean_period;
using testing::relative_error;

constexpr double kTwoPi = 2.0 * std::numbers::pi;

/// Runs `model` for `duration` and returns (t, signal(state)) samples at every step.
template <typename Signal>
std::pair<std::vector<double>, std::vector<double>> simulate(const Model& model, State s,
                                                             double duration, Signal signal) {
  std::vector<double> t, x;
  while (s.t < duration - 1e-9) {
    EXPECT_TRUE(step(model, s).ok);
    t.push_back(s.t);
    x.push_back(signal(s.bodies[0]));
  }
  return {t, x};
}

TEST(RestoringPeriods, SubmergedPendulumRollPeriod) {
  // CoB a distance BG above CoG (at Bo), W = B, released at 0.05 rad of roll, no damping:
  //   T = 2 pi sqrt((I_xx + K_pdot) / (W BG)).
  const double m = 100.0, g = 9.81, BG = 0.05, Ixx = 20.0, Kp = 5.0;
  BodyModel b = make_body(m, Vec3(Ixx, 40, 40), (Vec6() << 10, 60, 60, Kp, 15, 15).finished());
  SubmergedRestoring r;
  r.f_weight_W = Vec3(0, 0, -m * g);
  r.f_buoyancy_W = Vec3(0, 0, m * g);
  r.p_BoBcb = Vec3(0, 0, BG);
  b.restoring = r;
  b.q_WB0 = quat_from_euler_zyx(0.05, 0, 0);
  const Model model = make_model({b}, 0.01);
  const auto [t, roll] = simulate(model, make_initial_state(model), 60.0,
                                  [](const BodyState& s) { return euler_zyx(s.q_WB).x(); });
  const double expected = kTwoPi * std::sqrt((Ixx + Kp) / (m * g * BG));
  EXPECT_LT(relative_error(mean_period(t, roll), expected), 0.005)
      << "measured " << mean_period(t, roll) << " s, expected " << expected << " s";
}

BodyModel surface_body() {
  // 200 kg, I_xx 32 kg m^2, heave added mass 150 kg, roll 5 kg m^2; G33 = 2e4 N/m,
  // G44 = 1500 N m/rad about the centre of flotation at Bo.
  BodyModel b = make_body(200.0, Vec3(32, 50, 50), (Vec6() << 10, 100, 150, 5, 20, 15).finished());
  LinearRestoring r;
  r.G(dof::w, dof::w) = 2e4;
  r.G(dof::p, dof::p) = 1.5e3;
  r.G(dof::q, dof::q) = 6e3;
  b.restoring = r;
  return b;
}

TEST(RestoringPeriods, SurfaceHeavePeriod) {
  BodyModel b = surface_body();
  b.p_WB0 = Vec3(0, 0, 0.02);
  const Model model = make_model({b}, 0.005);
  const auto [t, z] = simulate(model, make_initial_state(model), 20.0,
                               [](const BodyState& s) { return s.p_WB.z(); });
  const double expected = kTwoPi * std::sqrt((200.0 + 150.0) / 2e4);
  EXPECT_LT(relative_error(mean_period(t, z), expected), 0.005);
}

TEST(RestoringPeriods, SurfaceRollPeriod) {
  BodyModel b = surface_body();
  b.q_WB0 = quat_from_euler_zyx(0.02, 0, 0);
  const Model model = make_model({b}, 0.005);
  const auto [t, roll] = simulate(model, make_initial_state(model), 20.0,
                                  [](const BodyState& s) { return euler_zyx(s.q_WB).x(); });
  const double expected = kTwoPi * std::sqrt((32.0 + 5.0) / 1.5e3);
  EXPECT_LT(relative_error(mean_period(t, roll), expected), 0.005);
}

TEST(Energy, NeverIncreasesWithoutForcing) {
  // A submerged body with every coupling switched on (full added mass, CoG offset, CoB above
  // CoG, linear and quadratic damping), tumbling from a random-looking start. Mechanical energy,
  // kinetic 1/2 nu^T M nu plus the potential of weight and buoyancy, must not rise at any step.
  BodyModel b;
  b.model_name = "tumbler";
  b.mass = 80.0;
  b.p_BoBcm = Vec3(0.05, -0.02, -0.04);
  b.I_Bcm << 6, 0.3, -0.2, 0.3, 9, 0.1, -0.2, 0.1, 11;
  Mat6 A;
  A << 8, 0.5, 0.2, 0, 0.3, 0.1,   //
      0.5, 40, 0.4, -0.6, 0, 1.2,  //
      0.2, 0.4, 45, 0.2, -1.1, 0,  //
      0, -0.6, 0.2, 1.5, 0.1, 0,   //
      0.3, 0, -1.1, 0.1, 5, 0.2,   //
      0.1, 1.2, 0, 0, 0.2, 6;
  b.M_A = A;
  testing::recompile(b);
  b.damping.linear.diagonal() << 4, 10, 10, 1, 2, 2;
  for (int i = 0; i < 6; ++i)
    b.damping.quadratic.push_back({i, i, i, 2.0, false});
  SubmergedRestoring r;
  r.f_weight_W = Vec3(0, 0, -80.0 * 9.81);
  r.f_buoyancy_W = Vec3(0, 0, 80.0 * 9.81);
  r.p_BoBcm = b.p_BoBcm;
  r.p_BoBcb = Vec3(0.0, 0.0, 0.06);
  b.restoring = r;
  b.V_WB_B0 << 1.0, -0.5, 0.3, 1.5, -0.8, 2.0;
  const Model model = make_model({b}, 0.01);
  State s = make_initial_state(model);
  auto energy = [&](const BodyState& x) {
    return kinetic_energy(b, x) + submerged_potential_energy(r, x.p_WB, x.q_WB.toRotationMatrix());
  };
  double previous = energy(s.bodies[0]);
  const double initial = previous;
  for (int k = 0; k < 20000; ++k) {  // 200 s
    ASSERT_TRUE(step(model, s).ok);
    const double e = energy(s.bodies[0]);
    ASSERT_LE(e, previous + 1e-12 * initial) << "step " << k;
    previous = e;
  }
  EXPECT_LT(kinetic_energy(b, s.bodies[0]), 1e-6 * initial);  // and it has come to rest
}

}  // namespace
}  // namespace leeway
