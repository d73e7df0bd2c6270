// UUV Simulator's RexROV, loaded from its own plugin syntax (models/rexrov): its thrusters give
// the allocation matrix of UUV Simulator's TAM.yaml, and it moves as its parameters say it must
// (research/uuv.md 6 (d)): a passive ascent of 0.230 m/s on its 263.5 N of net buoyancy, and
// thrust balancing drag at 2.70 m/s of surge on its four horizontal thrusters at 2000 N. Berg's
// full added mass, whose heave term is 1.96 times the body's mass, made UUV Simulator unstable;
// here it runs at dt = 0.01 s.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "leeway/body/dynamics.h"
#include "leeway/propulsion/allocation.h"
#include "leeway/propulsion/thruster.h"
#include "leeway/sdf/load_world.h"
#include "leeway/world/step.h"
#include "reference/run_with_commands.h"

namespace leeway {
namespace {

using testing::run_with_commands;

Model load_rexrov() {
  Diagnostics d;
  Model m = load_world_file(std::string(LEEWAY_SOURCE_DIR) + "/worlds/rexrov.sdf", d);
  // Berg's matrix has M_A(2,5) = 10.774 against M_A(5,2) = 10.775, the rounding of its printed
  // figures, symmetrized without a word: a shipped world warns about nothing.
  EXPECT_TRUE(d.warnings().empty()) << d.warnings().front().str();
  EXPECT_NEAR(std::abs(m.bodies[0].M_A(2, 5)), 0.5 * (10.774 + 10.775), 1e-9);
  return m;
}

TEST(RexRov, ThrustersGiveUuvSimulatorsAllocationMatrix) {
  const Model m = load_rexrov();
  ASSERT_EQ(m.bodies[0].thrusters.size(), 8u);
  // TAM.yaml's surge row (research/uuv.md 2.1).
  const double row_x[8] = {0.1597, 0.1597, -0.1597, -0.1597, 0.7071, 0.7071, -0.7071, -0.7071};
  for (std::size_t i = 0; i < 8; ++i) {
    const Thruster& t = m.bodies[0].thrusters[i];
    EXPECT_EQ(m.actuators[static_cast<std::size_t>(t.actuator)].name,
              "thruster_" + std::to_string(i));
    EXPECT_NEAR(allocation_column(t.p_BoP_B, t.axis_B)[0], row_x[i], 1e-4) << i;
  }
}

TEST(RexRov, AscendsPassivelyAt0230MetresPerSecond) {
  // 263.5 N = 728.4 w + 1821.01 w^2  ->  w = 0.2298 m/s.
  const Model m = load_rexrov();
  const State s = run_with_commands(m, {}, 60.0);
  const double net = (1.83826 * 1028 - 1862.87) * 9.81;
  const double w = (-728.4 + std::sqrt(728.4 * 728.4 + 4 * 1821.01 * net)) / (2 * 1821.01);
  EXPECT_NEAR(w, 0.230, 0.001);
  const Vec3 v_W = s.bodies[0].q_WB * Vec3(s.bodies[0].V_WB_B.head<3>());
  EXPECT_NEAR(v_W.z(), w, 0.002 * w);
  EXPECT_LT(v_W.head<2>().norm(), 1e-3);   // straight up
  EXPECT_LT(s.bodies[0].p_WB.z(), -30.0);  // still deep
}

TEST(RexRov, FourHorizontalThrustersBalanceItsDragAt270MetresPerSecond) {
  // 4 x 0.7071 x 2000 N = 5657 N = 74.82 u + 748.22 u^2  ->  u = 2.700 m/s: at that surge the
  // loaded thrusters' force and the loaded damping cancel. (A static check: open loop the
  // vehicle does not hold a straight course, below.)
  const Model m = load_rexrov();
  const double F = 4 * std::sqrt(0.5) * 2000.0;
  const double u = (-74.82 + std::sqrt(74.82 * 74.82 + 4 * 748.22 * F)) / (2 * 748.22);
  EXPECT_NEAR(u, 2.700, 0.001);
  const double x = std::sqrt(2000.0 / 0.00031);
  const std::vector<double> rotors = {0, 0, 0, 0, x, x, -x, -x};
  HeldLoads held;
  held.actuators = {rotors, rotors, rotors};
  const BodyModel& b = m.bodies[0];
  BodyState s{b.p_WB0, b.q_WB0, Vec6::Zero()};
  s.V_WB_B[0] = u;
  const BodyWrenches w = compute_body_wrenches(b, m.environment, EnvironmentState{}, 0.0, s, held);
  const Vec6 thrust = w.terms[BodyWrenches::kThrusters];
  EXPECT_NEAR(thrust[0], F, 1e-6 * F);
  EXPECT_NEAR(thrust[0] + w.terms[BodyWrenches::kDamping][0], 0.0, 1e-6 * F);
  EXPECT_LT(std::abs(thrust[1]) + std::abs(thrust[5]), 1e-6 * F);  // no sway force, no yaw
  EXPECT_NEAR(thrust[4], 0.129 * F, 1e-6 * F);  // 0.129 m above the origin: pitches nose-down
}

TEST(RexRov, SurfacesAndFloatsWhereItsBoxHoldsItsWeight) {
  // UUV Simulator's surface rule: the buoyancy is cut by the share of its 1.6 m <box> below the
  // water, so it floats where that share is W / B = 18274.8 / 18538.3 = 0.98579: the origin
  // 0.8 - 1.6 x 0.98579 = -0.7773 m, under 1.4 cm of the box out of the water.
  Model m = load_rexrov();
  m.bodies[0].p_WB0 = Vec3(0, 0, -3);
  const State s = run_with_commands(m, {}, 200.0);
  const double share = 1862.87 / (1.83826 * 1028);
  EXPECT_NEAR(s.bodies[0].p_WB.z(), 0.8 - 1.6 * share, 1e-3);
  EXPECT_LT(s.bodies[0].V_WB_B.norm(), 1e-3);  // at rest there
}

TEST(RexRov, TurnsAwayFromAStraightCourseButStaysBounded) {
  // Moving along its axis of least added mass, the Munk moment (Y_vdot - X_udot) u v turns it
  // broadside against the yaw damping: linearised, a straight run is unstable above
  // U_c = sqrt(Y_v N_r / ((m + X_udot)(Y_vdot - X_udot))) = 0.079 m/s, far below any working
  // speed (an ROV needs its heading controller). With 100 N on each horizontal thruster it
  // settles, by its quadratic damping, into a steady sideways turn; at dt = 0.01 s with the full
  // added mass the motion stays bounded.
  const double U_c = std::sqrt(69.48 * 105.0 / ((1862.87 + 779.79) * (1222.0 - 779.79)));
  EXPECT_NEAR(U_c, 0.079, 0.001);
  const Model m = load_rexrov();
  const double x = std::sqrt(100.0 / 0.00031);
  const State s = run_with_commands(
      m, {{"thruster_4", x}, {"thruster_5", x}, {"thruster_6", -x}, {"thruster_7", -x}}, 120.0);
  const Vec6& nu = s.bodies[0].V_WB_B;
  EXPECT_GT(std::abs(nu[5]), 0.1);  // turning
  EXPECT_GT(std::abs(nu[1]), 0.1);  // sliding sideways
  EXPECT_LT(nu.head<3>().norm(), 1.0);
  EXPECT_LT(nu.tail<3>().norm(), 0.5);
}

}  // namespace
}  // namespace leeway
