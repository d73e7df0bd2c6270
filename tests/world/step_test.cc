#include "leeway/world/step.h"

#include <gtest/gtest.h>

#include "test_util.h"
#include "world/test_worlds.h"

namespace leeway {
namespace {

Model two_body_model() {
  BodyModel a =
      testing::make_body(10.0, Vec3(1, 2, 2), (Vec6() << 1, 5, 5, 0.1, 0.5, 0.5).finished());
  a.model_name = "a";
  a.damping.linear.diagonal() << 1, 2, 2, 0.1, 0.2, 0.2;
  BodyModel b = a;
  b.model_name = "b";
  b.V_WB_B0 << 1, 0, 0.2, 0.1, 0, 0.3;
  SubmergedRestoring r;
  r.f_weight_W = Vec3(0, 0, -98.1);
  r.f_buoyancy_W = Vec3(0, 0, 99.0);
  r.p_BoBcb = Vec3(0.01, 0, 0.05);
  b.restoring = r;
  return testing::make_model({a, b}, 0.01);
}

TEST(Step, TimeIsStepCountTimesDt) {
  const Model m = two_body_model();
  State s = make_initial_state(m);
  for (int i = 0; i < 1000; ++i)
    ASSERT_TRUE(step(m, s).ok);
  EXPECT_EQ(s.step_count, 1000u);
  EXPECT_EQ(s.t, 1000 * 0.01);
}

TEST(Step, SnapshotAndResetReproduceBitForBit) {
  const Model m = two_body_model();
  State s = make_initial_state(m);
  for (int i = 0; i < 100; ++i)
    ASSERT_TRUE(step(m, s).ok);
  const State snapshot = s;  // a snapshot is a copy
  for (int i = 0; i < 100; ++i)
    ASSERT_TRUE(step(m, s).ok);
  const State after = s;
  s = snapshot;  // restore
  for (int i = 0; i < 100; ++i)
    ASSERT_TRUE(step(m, s).ok);
  EXPECT_EQ(s, after);
  EXPECT_EQ(make_initial_state(m).bodies[1].V_WB_B, m.bodies[1].V_WB_B0);
}

TEST(Step, AHeldBodyStaysAtItsPoseUntilItsHoldEndsAndFeelsItsLoads) {
  // Body b would start moving (its initial twist) and rising (buoyancy 0.9 N over its weight):
  // held until 0.5 s at a pose of its own, it starts there at rest and stays there exactly over
  // the 49 steps that end before.
  Model m = two_body_model();
  const BodyState pose{Vec3(1, 2, -3), Quat(Eigen::AngleAxisd(0.3, Vec3::UnitZ())), Vec6::Zero()};
  m.holds.push_back({1, 0.5, pose});
  State s = make_initial_state(m);
  EXPECT_EQ(s.holds, m.holds);
  EXPECT_EQ(s.bodies[1], pose);
  StepData data = make_step_data(m);
  Workspace ws;
  ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
  EXPECT_EQ(s.bodies[1], pose);
  // Its loads are still evaluated (the net lift of 0.9 N), but the hold prescribes its motion:
  // its acceleration output is zero.
  EXPECT_NEAR(data.bodies[1].wrenches.terms[BodyWrenches::kRestoring][2], 0.9, 1e-12);
  EXPECT_EQ(data.bodies[1].nu_dot, Vec6::Zero());
  while (s.step_count < 49) {
    ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
    EXPECT_EQ(s.bodies[1], pose) << s.t;
  }
  // The step that ends at 0.5 s starts from the pose at rest: the net 0.9 N lifts the body.
  ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
  EXPECT_EQ(s.t, 0.5);
  EXPECT_NE(s.bodies[1], pose);
  EXPECT_GT(s.bodies[1].p_WB.z(), pose.p_WB.z());
  EXPECT_LT((s.bodies[1].p_WB - pose.p_WB).norm(), 1e-4);
}

TEST(Step, AClientMayEndAHoldBetweenSteps) {
  Model m = two_body_model();
  m.holds.push_back({1, 1e9, {m.bodies[1].p_WB0, m.bodies[1].q_WB0, Vec6::Zero()}});
  State s = make_initial_state(m);
  for (int i = 0; i < 10; ++i)
    ASSERT_TRUE(step(m, s).ok);
  const BodyState held = s.bodies[1];
  EXPECT_EQ(held.V_WB_B, Vec6::Zero());
  s.holds.clear();
  ASSERT_TRUE(step(m, s).ok);
  EXPECT_NE(s.bodies[1], held);
}

TEST(Step, NonFiniteStateStopsWithModelTimeAndTerm) {
  // A restoring spring far too stiff for the step: the explicit integration blows up.
  const Model m = testing::stiff_spring_model();
  State s = make_initial_state(m);
  StepResult result;
  State last_good = s;
  for (int i = 0; i < 100 && result.ok; ++i) {
    last_good = s;
    result = step(m, s);
  }
  ASSERT_FALSE(result.ok);
  EXPECT_NE(result.error.find("model 'stiff'"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("t = "), std::string::npos);
  EXPECT_NE(result.error.find("restoring"), std::string::npos) << result.error;
  EXPECT_EQ(s, last_good);  // the failed step left the state as it was
}

TEST(Step, RejectsNonFiniteInputs) {
  const Model m = two_body_model();
  State s = make_initial_state(m);
  Inputs in;
  in.F_ext_Bo_B = {Vec6::Zero(), Vec6::Constant(NAN)};
  const StepResult r = step(m, s, in);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("model 'b'"), std::string::npos);
  EXPECT_EQ(s.step_count, 0u);
}

TEST(Step, MotionIsInvariantUnderARotationOfTheWorldAboutTheVertical) {
  // The same body, current and initial state, with the whole world turned 40 deg about z: body-
  // frame velocities must agree and world positions must be the turned ones. Catches a transposed
  // rotation in the current, restoring or kinematics.
  BodyModel b = testing::make_body(60.0, Vec3(4, 9, 10));
  Mat6 A = Vec6(6, 45, 50, 1, 5, 5).asDiagonal();
  A(dof::v, dof::r) = A(dof::r, dof::v) = 3.0;
  A(dof::w, dof::q) = A(dof::q, dof::w) = -2.5;
  b.M_A = A;
  b.p_BoBcm = Vec3(0.1, 0.0, -0.05);
  testing::recompile(b);
  b.damping.linear.diagonal() << 5, 20, 20, 2, 4, 4;
  b.damping.quadratic.push_back({dof::v, dof::v, dof::r, 7.0, false});
  SubmergedRestoring r;
  r.f_weight_W = Vec3(0, 0, -60 * 9.81);
  r.f_buoyancy_W = Vec3(0, 0, 61 * 9.81);
  r.p_BoBcm = b.p_BoBcm;
  r.p_BoBcb = Vec3(0, 0.02, 0.05);
  b.restoring = r;
  b.v_current_override_W = Vec3(0.4, -0.2, 0.05);
  b.p_WB0 = Vec3(3, -1, -10);
  b.q_WB0 = Quat(Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized()));
  b.V_WB_B0 << 1.0, 0.2, -0.1, 0.3, -0.2, 0.4;

  const Quat turn(Eigen::AngleAxisd(0.7, Vec3::UnitZ()));
  BodyModel turned = b;
  turned.v_current_override_W = turn * *b.v_current_override_W;
  turned.p_WB0 = turn * b.p_WB0;
  turned.q_WB0 = turn * b.q_WB0;

  const Model m1 = testing::make_model({b}, 0.01), m2 = testing::make_model({turned}, 0.01);
  State s1 = make_initial_state(m1), s2 = make_initial_state(m2);
  for (int i = 0; i < 1000; ++i) {
    ASSERT_TRUE(step(m1, s1).ok);
    ASSERT_TRUE(step(m2, s2).ok);
  }
  EXPECT_TRUE(s2.bodies[0].V_WB_B.isApprox(s1.bodies[0].V_WB_B, 1e-10));
  EXPECT_TRUE(s2.bodies[0].p_WB.isApprox(turn * s1.bodies[0].p_WB, 1e-10));
  EXPECT_NEAR(std::abs(s2.bodies[0].q_WB.dot(turn * s1.bodies[0].q_WB)), 1.0, 1e-12);
  EXPECT_GT((s1.bodies[0].p_WB - b.p_WB0).norm(), 1.0);  // it did move
}

/// One body with a first-order thruster (tau 0.2 s) along x, T = x|x|, watchdog 0.5 s.
Model thruster_model() {
  BodyModel b = testing::make_body(10.0, Vec3(1, 2, 2));
  b.model_name = "boat";
  Thruster t;
  t.curve = QuadraticThrust{1.0, 1.0, 0.0};
  Model m = testing::one_thruster_model(b, t);
  m.actuators[0].policy = CommandPolicy::kError;
  m.actuators[0].watchdog_timeout = 0.5;
  return m;
}

TEST(Step, CommandsLatchFollowTheirDynamicsAndTimeOut) {
  const Model m = thruster_model();
  State s = make_initial_state(m);
  Inputs in;
  in.commands = {4.0};
  ASSERT_TRUE(step(m, s, in).ok);
  for (int i = 1; i < 20; ++i)
    ASSERT_TRUE(step(m, s).ok);  // latched: no new command
  EXPECT_NEAR(s.actuators[0], 4.0 * (1.0 - std::exp(-0.2 / 0.2)), 1e-12);
  EXPECT_GT(s.bodies[0].V_WB_B[0], 0.0);
  // Past the 0.5 s watchdog the command counts as zero and the shaft runs down.
  for (int i = 0; i < 100; ++i)
    ASSERT_TRUE(step(m, s).ok);
  EXPECT_LT(std::abs(s.actuators[0]), 4.0 * std::exp(-0.4 / 0.2));
}

TEST(Step, AnInstantActuatorsCommandActsOverTheWholeFirstStep) {
  // 20 N of thrust held from t = 0 on a free 10 kg body: after one 10 ms step it moves at
  // F dt / m = 0.02 m/s, not 5/6 of it (RK4's first stage once saw the shaft still at rest).
  BodyModel b = testing::make_body(10.0, Vec3(1, 2, 2));
  b.model_name = "boat";
  Thruster t;
  t.curve = TableThrust{{-100.0, 100.0}, {-100.0, 100.0}};  // the command is the thrust
  Model m = testing::one_thruster_model(b, t);
  m.actuators[0].dynamics.dynamics = ZeroOrderRotor{};
  m.actuators[0].command_min = -100.0;
  m.actuators[0].command_max = 100.0;
  State s = make_initial_state(m);
  Inputs in;
  in.commands = {20.0};
  ASSERT_TRUE(step(m, s, in).ok);
  EXPECT_NEAR(s.bodies[0].V_WB_B[0], 20.0 * 0.01 / 10.0, 1e-15);
  ASSERT_TRUE(step(m, s).ok);  // held: the same again
  EXPECT_NEAR(s.bodies[0].V_WB_B[0], 2.0 * 20.0 * 0.01 / 10.0, 1e-15);
}

TEST(Step, ARejectedCommandChangesNothing) {
  const Model m = thruster_model();
  State s = make_initial_state(m);
  Inputs in;
  in.commands = {3.0};
  ASSERT_TRUE(step(m, s, in).ok);
  const State before = s;
  in.commands = {12.0};
  const StepResult r = step(m, s, in);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("command 12 is outside its range [-10, 10]"), std::string::npos)
      << r.error;
  EXPECT_TRUE(s == before);
}

}  // namespace
}  // namespace leeway
