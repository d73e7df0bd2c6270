// The outputs of a step (world/step_data.h): each against the closed form it must equal, and
// the promise that keeping them never changes the State.
#include "leeway/world/step_data.h"

#include <gtest/gtest.h>

#include <cmath>

#include "leeway/world/step.h"
#include "sdf/sdf_test_util.h"
#include "test_util.h"
#include "world/test_worlds.h"

namespace leeway {
namespace {

/// One body on a quadratic thruster along x (T = x|x|, Q = 0.05 x|x| taken from the shaft, so
/// -Q on the body; first-order rotor, tau 0.2 s), with linear surge damping d = 4 N s/m and
/// surge added mass 2 kg.
Model thruster_boat() {
  BodyModel b = testing::make_body(10.0, Vec3(1, 2, 2), (Vec6() << 2, 0, 0, 0, 0, 0).finished());
  b.model_name = "boat";
  b.damping.linear(dof::u, dof::u) = 4.0;
  Thruster t;
  t.p_BoP_B = Vec3(-1.0, 0.0, 0.0);  // on the surge axis: the boat surges and rolls
  t.curve = QuadraticThrust{1.0, 1.0, 0.05};
  Model m = testing::one_thruster_model(b, t);
  m.actuators[0].command_gain = 2.0;
  return m;
}

TEST(StepData, KeepingTheOutputsChangesNoBitOfTheState) {
  const Model m = thruster_boat();
  State with = make_initial_state(m), without = with;
  StepData data = make_step_data(m);
  Workspace ws_with, ws_without;
  Inputs in;
  in.commands = {3.0};
  for (int i = 0; i < 500; ++i) {
    ASSERT_TRUE(step(m, with, in, ws_with, &data).ok);
    ASSERT_TRUE(step(m, without, in, ws_without).ok);
  }
  EXPECT_EQ(with, without);
}

TEST(StepData, WrenchesAccelerationAndLoadsAreThoseOfTheStepsStart) {
  const Model m = thruster_boat();
  State s = make_initial_state(m);
  StepData data = make_step_data(m);
  Workspace ws;
  Inputs in;
  in.commands = {3.0};
  for (int i = 0; i < 100; ++i)
    ASSERT_TRUE(step(m, s, in, ws, &data).ok);
  const State start = s;
  ASSERT_TRUE(step(m, s, in, ws, &data).ok);

  EXPECT_EQ(data.t_start, start.t);
  // The shaft state at the step's start gives T = x|x| along x, and -0.05 T about x.
  const double x = start.actuators[0];
  const double T = x * std::abs(x);
  const ActuatorLoad& load = data.actuator_loads[0];
  EXPECT_NEAR(load.thrust, T, 1e-12 * T);
  EXPECT_NEAR(load.torque, -0.05 * T, 1e-12 * T);
  const Vec3 f(T, 0, 0);
  EXPECT_TRUE(load.F_Bo_B.isApprox(stack(f, -0.05 * f), 1e-12)) << load.F_Bo_B;
  // The dynamics followed gain x command.
  EXPECT_EQ(data.actuator_commands[0], 6.0);

  const BodyOutputs& out = data.bodies[0];
  const double u = start.bodies[0].V_WB_B[dof::u];
  EXPECT_NEAR(out.wrenches.terms[BodyWrenches::kDamping][dof::u], -4.0 * u, 1e-12);
  EXPECT_TRUE(out.wrenches.terms[BodyWrenches::kThrusters].isApprox(load.F_Bo_B, 1e-12));
  // Surge and roll alone: (m + X_udot) u_dot = T - d u, no Coriolis term in x.
  EXPECT_NEAR(out.nu_dot[dof::u], (T - 4.0 * u) / 12.0, 1e-12);
  // Still water and air: the relative twist is the twist, the apparent wind its opposite.
  EXPECT_TRUE(out.V_WrB_B.isApprox(start.bodies[0].V_WB_B, 1e-15));
  EXPECT_NEAR(out.v_air_B.x(), -u, 1e-15);
}

TEST(StepData, FoilLoadsSplitIntoLiftAcrossAndDragAlongTheFlow) {
  // A flat plate (C_L = k_L sin 2a, C_D = k_D (1 - cos 2a)) on a body moving ahead at 3 m/s,
  // deflected 0.2 rad: the flow meets it at alpha = -0.2 (turned against the deflection).
  ControlSurface s;
  Foil foil;
  foil.area = 0.5;
  foil.p_BoP_B = Vec3(-2.0, 0.0, -0.5);
  foil.coefficients = FlatPlateFoil{1.5, 1.0};
  s.law = foil;
  const Vec6 nu = (Vec6() << 3.0, 0, 0, 0, 0, 0).finished();
  const ActuatorLoad load = control_surface_load(s, 0.2, nu, Vec3::Zero(), 1000.0);
  const FoilCoefficientValues c = foil_coefficients(foil.coefficients, load.angle_of_attack);
  const double q = 0.5 * 1000.0 * 9.0 * 0.5;
  EXPECT_NEAR(std::abs(load.angle_of_attack), 0.2, 1e-12);
  EXPECT_NEAR(load.lift, q * std::abs(c.C_L), 1e-9 * q);
  EXPECT_NEAR(load.drag, q * c.C_D, 1e-9 * q);
  EXPECT_EQ(load.F_Bo_B, control_surface_wrench(s, 0.2, nu, Vec3::Zero(), 1000.0));
}

TEST(StepData, ContactsListEveryPairOfShapesThatTouchAtTheStepsEnd) {
  // Two free boxes 1 m wide, their centres 0.9 m apart (overlapping by 0.1 m), and a third 5 m
  // away.
  const auto box = [](const std::string& name, double x) {
    return "<model name='" + name + "'><pose>" + std::to_string(x) +
           " 0 0 0 0 0</pose><link name='l'><inertial><mass>1</mass><inertia><ixx>1</ixx>"
           "<iyy>1</iyy><izz>1</izz></inertia></inertial><collision name='c'><geometry><box>"
           "<size>1 1 1</size></box></geometry></collision></link></model>\n";
  };
  const Model m = testing::load(testing::world_sdf(box("a", 0) + box("b", 0.9) + box("c", 5.0)));
  State s = make_initial_state(m);
  StepData data = make_step_data(m);
  Workspace ws;
  ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
  ASSERT_EQ(data.contacts.size(), 1u);
  EXPECT_EQ(data.contacts[0], (ContactPair{0, 0, 1, 0}));
  // a's +x face at x = 0.5 m, b's -x face at 0.4 m: b leaves along +x after 0.1 m (they fall
  // together through the one step, so their faces stay level).
  ASSERT_EQ(data.contact_points.size(), 1u);
  const ContactPoint& p = data.contact_points[0];
  EXPECT_NEAR(p.depth, 0.1, 1e-9);
  EXPECT_LT((p.n_W - Vec3::UnitX()).norm(), 1e-9);
  EXPECT_NEAR(p.p_W.x() - s.bodies[0].p_WB.x(), 0.45, 1e-9);
}

TEST(StepData, ClampedAndRefusedCommandsAreEventsTurnedIntoWordsAtTheEdge) {
  Model m = thruster_boat();
  m.actuators[0].policy = CommandPolicy::kClamp;
  State s = make_initial_state(m);
  StepData data = make_step_data(m);
  Workspace ws;
  Inputs in;
  in.commands = {12.0};
  for (int i = 0; i < 3; ++i)
    ASSERT_TRUE(step(m, s, in, ws, &data).ok);
  ASSERT_EQ(data.events.size(), 1u);  // this step's only
  const Event clamped = data.events[0];
  EXPECT_EQ(clamped.kind, EventKind::kCommandClamped);
  EXPECT_EQ(clamped.index, 0);
  EXPECT_EQ(clamped.value, 12.0);
  EXPECT_EQ(clamped.t, 0.02);
  EXPECT_EQ(data.counts[static_cast<std::size_t>(EventKind::kCommandClamped)], 3u);
  EXPECT_EQ(describe(m, clamped), check_command(m.actuators[0], 12.0).problem);
  EXPECT_FALSE(stops_the_step(clamped.kind));

  in.commands = {NAN};
  const State before = s;
  const StepResult r = step(m, s, in, ws, &data);
  EXPECT_FALSE(r.ok);
  ASSERT_TRUE(r.stop);
  EXPECT_EQ(r.stop->kind, EventKind::kCommandNotFinite);
  EXPECT_TRUE(stops_the_step(r.stop->kind));
  EXPECT_EQ(data.events.back().kind, r.stop->kind);
  EXPECT_EQ(data.counts[static_cast<std::size_t>(EventKind::kCommandNotFinite)], 1u);
  EXPECT_NE(r.error.find("boat/prop"), std::string::npos) << r.error;
  EXPECT_EQ(s, before);
}

}  // namespace
}  // namespace leeway
