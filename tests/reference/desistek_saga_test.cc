// UUV Simulator's Desistek SAGA, loaded from its own plugin syntax (models/desistek_saga): with
// linear damping only and neutral buoyancy, its responses to its three thrusters have closed
// forms. Each aft thruster gives T = 1e-5 x|x| = 10 N at x = -1000 (it faces astern), the
// vertical one 10 N up at x = +1000; W BG = m g 0.155 m is the righting moment's stiffness.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "leeway/core/rotation.h"
#include "leeway/sdf/load_world.h"
#include "leeway/world/step.h"
#include "reference/run_with_commands.h"

namespace leeway {
namespace {

using testing::run_with_commands;

constexpr double kDeg = 180.0 / 3.14159265358979323846;

Model load_saga() {
  Diagnostics d;
  Model m = load_world_file(std::string(LEEWAY_SOURCE_DIR) + "/worlds/desistek_saga.sdf", d);
  EXPECT_TRUE(d.warnings().empty()) << d.warnings().front().message;
  return m;
}

/// The righting stiffness W BG [N m/rad]: weight (10 kg and its three 1 g thruster links) times
/// the centre of buoyancy's 0.155 m above the centre of mass.
double righting(const Model& m) {
  return m.bodies[0].mass * 9.81 * 0.155;
}

TEST(DesistekSaga, IsNeutralAndStaysWhereItIsLeft) {
  const Model m = load_saga();
  const State s = run_with_commands(m, {}, 60.0);
  EXPECT_LT((s.bodies[0].p_WB - m.bodies[0].p_WB0).norm(), 1e-6);
}

TEST(DesistekSaga, TwoAftThrustersBalanceItsSurgeDampingAt170MetresPerSecond) {
  // 2 x 10 N = 11.7391 u  ->  u = 1.7037 m/s, reached with time constant (10 + 1.7182) / 11.7391
  // = 1.0 s. The thrust line runs 6.2 mm below the origin: a bow-up moment 0.124 N m that the
  // righting stiffness answers with asin(0.124 / W BG) = 0.47 deg.
  const Model m = load_saga();
  const State s = run_with_commands(m, {{"thruster_0", -1000.0}, {"thruster_1", -1000.0}}, 30.0);
  const Vec6& nu = s.bodies[0].V_WB_B;
  EXPECT_NEAR(nu[0], 20.0 / 11.7391, 1e-3 * 20.0 / 11.7391);
  EXPECT_LT(std::abs(nu[1]) + std::abs(nu[5]), 1e-9);  // the pair is symmetric: straight on
  const double trim = -std::asin(0.0062 * 20.0 / righting(m));
  EXPECT_NEAR(euler_zyx(s.bodies[0].q_WB).y(), trim, 0.01 / kDeg);
}

TEST(DesistekSaga, ItsVerticalThrusterLiftsItAt031MetresPerSecondTrimmedBowUp) {
  // 10 N = 31.8678 w  ->  w = 0.3138 m/s along its own z. The thruster sits 0.067 m ahead of the
  // origin: 0.67 N m bow up, held at asin(0.67 / W BG) = 2.5 deg.
  const Model m = load_saga();
  const State s = run_with_commands(m, {{"thruster_2", 1000.0}}, 30.0);
  const Vec6& nu = s.bodies[0].V_WB_B;
  EXPECT_NEAR(nu[2], 10.0 / 31.8678, 1e-3 * 10.0 / 31.8678);
  EXPECT_LT(std::abs(nu[0]), 1e-4);
  EXPECT_NEAR(euler_zyx(s.bodies[0].q_WB).y(), -std::asin(0.067 * 10.0 / righting(m)), 0.01 / kDeg);
}

}  // namespace
}  // namespace leeway
