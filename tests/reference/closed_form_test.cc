// The foundation's closed-form checks (issue 2): decay laws, the Munk moment, stability with
// large added mass, neutral buoyancy and the current. Each tolerance is the bar.
#include <gtest/gtest.h>

#include "leeway/body/dynamics.h"
#include "leeway/world/step.h"
#include "test_util.h"

namespace leeway {
namespace {

using testing::make_body;
using testing::make_model;
using testing::relative_error;

TEST(ClosedForm, LinearDampingDecaysExponentially) {
  // (m + a) u_dot = -d u  =>  u = u0 exp(-d t / (m + a)).
  const double m = 10.0, a = 5.0, d = 3.0, u0 = 2.0;
  BodyModel b = make_body(m, Vec3(1, 1, 1), (Vec6() << a, 0, 0, 0, 0, 0).finished());
  b.damping.linear(dof::u, dof::u) = d;
  const Model model = make_model({b}, 0.01);
  State s = make_initial_state(model);
  s.bodies[0].V_WB_B[dof::u] = u0;
  double worst = 0.0;
  while (s.t < 20.0 - 1e-9) {
    ASSERT_TRUE(step(model, s).ok);
    const double exact = u0 * std::exp(-d * s.t / (m + a));
    worst = std::max(worst, relative_error(s.bodies[0].V_WB_B[dof::u], exact));
    // The surge displacement integrates it: x = u0 (m + a)/d (1 - exp(-d t/(m + a))).
    ASSERT_LT(relative_error(s.bodies[0].p_WB.x(), u0 * (m + a) / d * (1 - exact / u0)), 1e-6);
  }
  EXPECT_LT(worst, 1e-6);
}

TEST(ClosedForm, QuadraticDampingFollowsTheHyperbola) {
  // (m + a) u_dot = -k |u| u  =>  u = u0 / (1 + k u0 t / (m + a)).
  const double m = 10.0, a = 5.0, k = 4.0, u0 = 2.0;
  BodyModel b = make_body(m, Vec3(1, 1, 1), (Vec6() << a, 0, 0, 0, 0, 0).finished());
  b.damping.quadratic.push_back({dof::u, dof::u, dof::u, k, false});
  const Model model = make_model({b}, 0.01);
  State s = make_initial_state(model);
  s.bodies[0].V_WB_B[dof::u] = u0;
  double worst = 0.0;
  while (s.t < 20.0 - 1e-9) {
    ASSERT_TRUE(step(model, s).ok);
    worst = std::max(
        worst, relative_error(s.bodies[0].V_WB_B[dof::u], u0 / (1.0 + k * u0 * s.t / (m + a))));
  }
  EXPECT_LT(worst, 1e-5);
}

TEST(ClosedForm, MunkMomentYawAcceleration) {
  // Diagonal added masses a_u != a_v, moving with u and v, no rotation:
  //   r_dot = (a_u - a_v) u v / (I_z + a_r).
  const double m = 100.0, Iz = 30.0, a_u = 20.0, a_v = 80.0, a_r = 10.0, u = 1.5, v = 0.5;
  const BodyModel b =
      make_body(m, Vec3(20, 25, Iz), (Vec6() << a_u, a_v, 90, 5, 12, a_r).finished());
  BodyState s;
  s.V_WB_B << u, v, 0, 0, 0, 0;
  const BodyStateRate rate =
      compute_body_state_rate(b, Environment{}, EnvironmentState{}, 0.0, s, HeldLoads{});
  const double expected = (a_u - a_v) * u * v / (Iz + a_r);
  EXPECT_NEAR(rate.nu_dot[dof::r], expected, 1e-15 * std::abs(expected));
  EXPECT_NEAR(rate.nu_dot.head<5>().norm(), 0.0, 1e-15);
}

TEST(ClosedForm, LightSphereWithHugeAddedMassIsStableAndReachesTerminalVelocity) {
  // m = 1 kg, added mass 100 kg in every direction, dt = 0.05 s, constant 20 N in surge against
  // k |u| u with k = 5 kg/m: u_terminal = sqrt(F / k) = 2 m/s. An explicit added-mass force built
  // from the previous acceleration diverges at this ratio (UUV Simulator's paper, section II.D).
  const double m = 1.0, a = 100.0, k = 5.0, F = 20.0;
  BodyModel b =
      make_body(m, Vec3(0.004, 0.004, 0.004), (Vec6() << a, a, a, 0.4, 0.4, 0.4).finished());
  for (int i = 0; i < 3; ++i)
    b.damping.quadratic.push_back({i, i, i, k, false});
  const Model model = make_model({b}, 0.05);
  State s = make_initial_state(model);
  Inputs in;
  in.F_ext_Bo_B = {(Vec6() << F, 0, 0, 0, 0, 0).finished()};
  while (s.t < 200.0 - 1e-9) {
    ASSERT_TRUE(step(model, s, in).ok);
    ASSERT_TRUE(s.bodies[0].V_WB_B.allFinite());
    ASSERT_LE(s.bodies[0].V_WB_B[dof::u], std::sqrt(F / k) * (1 + 1e-12));  // monotone approach
  }
  EXPECT_LT(relative_error(s.bodies[0].V_WB_B[dof::u], std::sqrt(F / k)), 1e-9);
  // And the approach follows u = u_t tanh(t sqrt(F k) / (m + a)) along the way.
  State s2 = make_initial_state(model);
  while (s2.t < 10.0 - 1e-9)
    ASSERT_TRUE(step(model, s2, in).ok);
  EXPECT_LT(relative_error(s2.bodies[0].V_WB_B[dof::u],
                           std::sqrt(F / k) * std::tanh(10.0 * std::sqrt(F * k) / (m + a))),
            1e-6);
}

TEST(ClosedForm, NeutrallyBuoyantBodyAtRestStaysAtRest) {
  // W = B exactly (m = rho V), CoB straight above CoG: no net force or moment.
  BodyModel b =
      make_body(1000.0, Vec3(100, 200, 200), (Vec6() << 50, 400, 400, 10, 80, 80).finished());
  SubmergedRestoring r;
  r.f_weight_W = 1000.0 * Vec3(0, 0, -9.81);
  r.f_buoyancy_W = -1000.0 * 1.0 * Vec3(0, 0, -9.81);  // rho = 1000 kg/m^3, V = 1 m^3
  r.p_BoBcb = Vec3(0, 0, 0.05);
  b.restoring = r;
  const Model model = make_model({b}, 0.01);
  State s = make_initial_state(model);
  while (s.t < 1000.0 - 1e-9)
    ASSERT_TRUE(step(model, s).ok);
  EXPECT_LT(s.bodies[0].p_WB.norm(), 1e-9);
  EXPECT_LT(s.bodies[0].V_WB_B.norm(), 1e-12);
}

TEST(ClosedForm, BodyDriftsUpToTheCurrentSpeed) {
  // Only damping (and added mass) act on the relative velocity, so the body ends up moving with
  // the water: v_W -> v_c_W.
  BodyModel b = make_body(50.0, Vec3(5, 8, 8), (Vec6() << 5, 30, 30, 1, 4, 4).finished());
  b.damping.linear.diagonal() << 20, 40, 40, 5, 8, 8;
  for (int i = 0; i < 6; ++i)
    b.damping.quadratic.push_back({i, i, i, 10.0, false});
  b.q_WB0 = Quat(Eigen::AngleAxisd(0.7, Vec3(0.2, 0.3, 1.0).normalized()));
  Model model = make_model({b}, 0.01);
  model.environment.current.steady_W = Vec3(0.5, -0.3, 0.1);
  State s = make_initial_state(model);
  while (s.t < 200.0 - 1e-9)
    ASSERT_TRUE(step(model, s).ok);
  const Vec3 v_W = s.bodies[0].q_WB * Vec3(s.bodies[0].V_WB_B.head<3>());
  EXPECT_LT((v_W - model.environment.current.steady_W).norm(), 1e-6);
}

TEST(ClosedForm, CurrentRateTermKeepsAYawingBodyInTheStream) {
  // A body carried by the current and yawing at a constant rate (no yaw damping, no added
  // inertia in yaw coupling) must stay with the water: in its own frame the current turns, and
  // only with the M_A nu_c_dot term does the added mass see no relative acceleration.
  BodyModel b = make_body(50.0, Vec3(5, 8, 8), (Vec6() << 25, 60, 60, 0, 0, 0).finished());
  Model model = make_model({b}, 0.005);
  model.environment.current.steady_W = Vec3(0.8, 0.0, 0.0);
  State s = make_initial_state(model);
  s.bodies[0].V_WB_B << 0.8, 0, 0, 0, 0, 0.3;  // moving with the water, yawing at 0.3 rad/s
  while (s.t < 30.0 - 1e-9)
    ASSERT_TRUE(step(model, s).ok);
  const Vec3 v_W = s.bodies[0].q_WB * Vec3(s.bodies[0].V_WB_B.head<3>());
  EXPECT_LT((v_W - model.environment.current.steady_W).norm(), 1e-9);
}

}  // namespace
}  // namespace leeway
