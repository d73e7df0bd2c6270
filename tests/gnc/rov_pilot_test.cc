// The reference ROV pilot (UUV Simulator's cascaded PIDs): its two loops against their closed
// forms, and its velocity loop on UUV Simulator's RexROV (models/rexrov, Berg's full added
// mass, eight thrusters with 0.05 s rotor lag) against the second-order response its gains
// and the rotor lag predict.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <string>

#include "leeway/core/rotation.h"
#include "leeway/gnc/rov_pilot.h"
#include "leeway/sdf/load_world.h"
#include "leeway/world/step.h"

namespace leeway {
namespace {

BodyState body_at(const Vec3& p_W, double roll, double yaw) {
  BodyState b;
  b.p_WB = p_W;
  b.q_WB = quat_from_euler_zyx(roll, 0.0, yaw);
  return b;
}

/// UUV Simulator's RexROV gains (research/uuv.md 3) on an identity inertia.
RovPilotModel uuv_gains() {
  RovPilotModel p;
  p.linear = {10.0, 2.0, 0.0};
  p.angular = {10.0, 2.0, 1.0};
  return p;
}

TEST(RovPilot, PositionLoopAsksForTheSaturatedVelocityTowardsTheStation) {
  const RovPilotModel pilot = uuv_gains();
  // 2 m ahead-left and 1 m down of a vehicle heading 30 degrees, within face_goal_beyond: the
  // velocity points at the station in B, 0.8 m/s per metre, cut to max_speed 0.5; the 60 degree
  // turn to the station's yaw asks for 0.3 x 1.047 rad/s, cut to max_turn_rate 0.3.
  const double yaw = M_PI / 6;
  const BodyState b = body_at(Vec3(1, 1, -10), 0.0, yaw);
  const Station near{Vec3(3, 2, -11), M_PI / 2};
  const Vec3 e_B = b.q_WB.conjugate() * (near.p_W - b.p_WB);
  Vec6 nu = rov_velocity_reference(pilot, near, b);
  EXPECT_TRUE(nu.head<3>().isApprox(0.5 * e_B.normalized(), 1e-12));
  EXPECT_TRUE(nu.tail<3>().isApprox(Vec3(0, 0, 0.3), 1e-12));

  // 0.3 m off: unsaturated, 0.8 x the error; a 0.2 rad roll is righted at 0.3 x 0.2 rad/s.
  const Station close{Vec3(1.3, 1, -10), yaw};
  nu = rov_velocity_reference(pilot, close, body_at(Vec3(1, 1, -10), 0.2, yaw));
  const Vec3 e = quat_from_euler_zyx(0.2, 0.0, yaw).conjugate() * Vec3(0.3, 0, 0);
  EXPECT_TRUE(nu.head<3>().isApprox(0.8 * e, 1e-12));
  EXPECT_TRUE(nu.tail<3>().isApprox(Vec3(-0.06, 0, 0), 1e-12));

  // 30 m away to the North: it turns to look there (yaw 90 degrees), not to the station's 0.
  const Station far{Vec3(1, 31, -10), 0.0};
  nu = rov_velocity_reference(pilot, far, body_at(Vec3(1, 1, -10), 0.0, M_PI / 2 - 0.1));
  EXPECT_NEAR(nu[5], 0.3 * 0.1, 1e-12);
}

TEST(RovPilot, VelocityLoopIsAPiOnTheErrorAndHoldsItsIntegralWhileSaturated) {
  const RovPilotModel pilot = uuv_gains();
  const double dt = 0.02;
  BodyState b = body_at(Vec3::Zero(), 0.0, 0.0);
  RovPilotState s;
  Vec6 ref;
  ref << 0.5, 0, 0, 0, 0, 0.1;
  // At rest, first update: a = k_p e + k_i (dt e), no derivative yet.
  Vec6 a = rov_acceleration(pilot, ref, b, dt, s);
  EXPECT_NEAR(a[0], 10 * 0.5 + 2 * dt * 0.5, 1e-12);
  EXPECT_NEAR(a[5], 10 * 0.1 + 2 * dt * 0.1, 1e-12);
  EXPECT_NEAR(s.integral[0], dt * 0.5, 1e-15);
  // The yaw rate comes up to 0.05 rad/s: the derivative acts on it, -k_d (0.05 / dt).
  b.V_WB_B[5] = 0.05;
  a = rov_acceleration(pilot, ref, b, dt, s);
  EXPECT_NEAR(a[5], 10 * 0.05 + 2 * (dt * 0.1 + dt * 0.05) - 1.0 * 0.05 / dt, 1e-12);

  // 3 m/s asked for in sway: 30 m/s^2 is cut to 20 along the error, and the integral is held.
  RovPilotState fresh;
  ref.setZero();
  ref[1] = 3.0;
  a = rov_acceleration(pilot, ref, body_at(Vec3::Zero(), 0.0, 0.0), dt, fresh);
  EXPECT_NEAR(a[1], 20.0, 1e-12);
  EXPECT_EQ(a[0], 0.0);
  EXPECT_EQ(fresh.integral, Vec6::Zero());
}

/// RexROV at 50 m in still water, trimmed neutral by a ballast force, with the pilot's velocity
/// loop alone (M the total inertia unless `rigid_body`) driven from rest towards `nu_ref`;
/// returns the heave speed after each 0.01 s step, and the heave inertia the loop used over the
/// vehicle's total in `gain_share`.
std::vector<double> heave_response(const Vec6& nu_ref, bool rigid_body, double duration,
                                   double& gain_share) {
  Diagnostics d;
  const Model m = load_world_file(std::string(LEEWAY_SOURCE_DIR) + "/worlds/rexrov.sdf", d);
  const BodyModel& body = m.bodies[0];
  RovPilotModel pilot = uuv_gains();
  const Mat6 M_total = body.M_RB + body.M_A;
  pilot.M = rigid_body ? body.M_RB : M_total;
  gain_share = pilot.M(2, 2) / M_total(2, 2);
  pilot.commander = thrust_commander(m, 0);
  const double T = 0.02;  // 50 Hz, every other physics step
  State s = make_initial_state(m);
  RovPilotState ps;
  Inputs in;
  in.commands.assign(m.actuators.size(), std::nullopt);
  Vec6 ballast = Vec6::Zero();
  ballast[2] = -(1.83826 * 1028 - 1862.87) * 9.81;  // its net buoyancy, 263.4 N
  in.F_ext_Bo_B = {ballast};
  std::vector<double> w;
  for (int k = 0; s.t < duration - 1e-9; ++k) {
    if (k % 2 == 0) {
      const Vec6 a = rov_acceleration(pilot, nu_ref, s.bodies[0], T, ps);
      command_wrench(pilot.commander, pilot.M * a, in.commands);
    }
    EXPECT_TRUE(step(m, s, in).ok);
    w.push_back(s.bodies[0].V_WB_B[2]);
  }
  return w;
}

/// The first time [s] (at dt 0.01) `w` reaches `level`.
double time_to(const std::vector<double>& w, double level) {
  for (std::size_t k = 0; k < w.size(); ++k)
    if (w[k] >= level) return 0.01 * static_cast<double>(k + 1);
  return 1e9;
}

/// When the unit step response of 1 / (tau s^2 + s + k) reaches 0.63 [s]: with its poles
/// s1, s2, y(t) = 1 + (s2 e^(s1 t) - s1 e^(s2 t)) / (s1 - s2).
double second_order_t63(double k, double tau) {
  using C = std::complex<double>;
  const C root = std::sqrt(C(1.0 - 4.0 * tau * k, 0.0));
  const C s1 = (-1.0 + root) / (2.0 * tau), s2 = (-1.0 - root) / (2.0 * tau);
  double t = 0.0;
  while ((1.0 + (s2 * std::exp(s1 * t) - s1 * std::exp(s2 * t)) / (s1 - s2)).real() < 0.63)
    t += 1e-4;
  return t;
}

TEST(RovPilot, OnRexRovTheVelocityLoopRespondsAsItsGainsAndTheRotorLagPredict) {
  // With M the total inertia the loop is v_dot = k_p (v_ref - v) through the rotors' 0.05 s
  // lag: tau s^2 + s + k_p = 0, natural frequency sqrt(k_p / tau) = 14.1 rad/s, damping ratio
  // 1 / (2 sqrt(k_p tau)) = 0.71; it reaches 63 % of a step in 0.124 s and overshoots 4.3 %.
  // With UUV Simulator's rigid-body inertia alone, heave's gain falls to M_RB / (M_RB + M_A)
  // = 0.34 of that: overdamped, 63 % in 0.30 s. Two lags the closed form leaves out make the
  // real loop later, by at most 0.04 s: thrust goes as the rotor speed squared, so it reaches
  // 63 % of a step at 1.58 tau, not tau (0.029 s more), and the 50 Hz hold delays the command
  // by T / 2 on average (0.01 s). A step of 0.05 m/s keeps the thrusters within their limits,
  // and the ballast takes out the net buoyancy the slow integral would otherwise have to.
  Vec6 ref = Vec6::Zero();
  ref[2] = 0.05;
  double share = 0.0, rigid_share = 0.0;
  const std::vector<double> total = heave_response(ref, false, 20.0, share);
  const std::vector<double> rigid = heave_response(ref, true, 20.0, rigid_share);
  const double t63 = time_to(total, 0.63 * ref[2]), t63_rigid = time_to(rigid, 0.63 * ref[2]);
  const double t63_closed = second_order_t63(10.0 * share, 0.05),
               t63_rigid_closed = second_order_t63(10.0 * rigid_share, 0.05);
  const double peak = *std::max_element(total.begin(), total.end());
  std::printf(
      "RexROV heave step 0.05 m/s: t63 %.3f s (closed form %.3f) with the total inertia, "
      "%.3f s (%.3f) with the rigid body's (gain share %.3f); overshoot %.1f %%\n",
      t63, t63_closed, t63_rigid, t63_rigid_closed, rigid_share, 100.0 * (peak / ref[2] - 1.0));
  EXPECT_EQ(share, 1.0);
  EXPECT_GE(t63, t63_closed);
  EXPECT_LE(t63, t63_closed + 0.04);
  EXPECT_GE(t63_rigid, t63_rigid_closed);
  EXPECT_LE(t63_rigid, t63_rigid_closed + 0.04);
  EXPECT_LT(peak, ref[2] * 1.06);           // 4.3 % for a damping ratio of 0.71
  EXPECT_NEAR(total.back(), ref[2], 2e-4);  // the integral takes out the damping
}

}  // namespace
}  // namespace leeway
