// Bodies held to the world on an axis (body/world_joint.h), against closed forms: a physical
// pendulum's energy and its large-amplitude period (an elliptic integral), a slide down a
// frictionless incline, and gz-sim's and VRX's own rigs from the foreign corpus (the lift-drag
// test's wing on a rail, VRX's articulated platform falling to its stop).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <numbers>
#include <optional>
#include <vector>

#include "leeway/world/step.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

namespace fs = std::filesystem;
constexpr double g = 9.81;

/// 2 kg whose centre of mass is 1 m below its origin, on a revolute joint about x 1 m above its
/// origin (2 m above its centre of mass), started turned by `theta0` from hanging.
std::string pendulum(double theta0, double dt) {
  return R"(<?xml version="1.0"?>
<sdf version="1.9"><world name="w">
  <physics name="p" type="leeway"><max_step_size>)" +
         std::to_string(dt) + R"(</max_step_size></physics>
  <gravity>0 0 -9.81</gravity>
  <model name="pendulum"><pose>0 0 10 )" +
         std::to_string(theta0) + R"( 0 0</pose>
    <link name="bob"><inertial><pose>0 0 -1 0 0 0</pose><mass>2</mass>
      <inertia><ixx>0.04</ixx><iyy>0.05</iyy><izz>0.06</izz></inertia></inertial></link>
    <joint name="hinge" type="revolute"><parent>world</parent><child>bob</child>
      <pose>0 0 1 0 0 0</pose><axis><xyz>1 0 0</xyz></axis></joint>
  </model>
</world></sdf>
)";
}

TEST(WorldJoints, APendulumKeepsItsPivotItsEnergyAndTheEllipticPeriod) {
  // I_O = 0.04 + 2 * 2^2 = 8.04 kg m^2 about the pivot, m g L = 2 * 9.81 * 2. From rest at
  // theta0 = 1 rad: T = 4 sqrt(I_O / (m g L)) K(sin(theta0 / 2)) (K complete, of the modulus).
  const double theta0 = 1.0, I_O = 8.04, mgL = 2.0 * g * 2.0;
  const double T = 4.0 * std::sqrt(I_O / mgL) * std::comp_ellint_1(std::sin(theta0 / 2.0));
  Diagnostics d;
  const Model m =
      load_world_string(pendulum(theta0, 0.001), "pendulum.sdf", d);  // 1 ms: 3000 a period
  ASSERT_EQ(m.bodies.size(), 1u);
  ASSERT_TRUE(m.bodies[0].world_joint.has_value());
  const WorldJoint& joint = *m.bodies[0].world_joint;
  State s = make_initial_state(m);
  auto pivot = [&]() -> Vec3 { return s.bodies[0].p_WB + s.bodies[0].q_WB * Vec3(0, 0, 1); };
  const Vec3 p_pivot_W = pivot();
  auto energy = [&] {
    const double omega = angular(s.bodies[0].V_WB_B).x();
    const Vec3 p_cm = s.bodies[0].p_WB + s.bodies[0].q_WB * Vec3(0, 0, -1);
    return 0.5 * I_O * omega * omega + 2.0 * g * p_cm.z();
  };
  const double E0 = energy();
  std::vector<double> turns;  // times the pendulum stops and turns back
  double worst_pivot = 0.0, worst_energy = 0.0, worst_off_axis = 0.0;
  double last_rate = 0.0;
  for (int k = 1; k <= 20000; ++k) {
    ASSERT_TRUE(step(m, s).ok);
    const BodyState& b = s.bodies[0];
    worst_pivot = std::max(worst_pivot, (pivot() - p_pivot_W).norm());
    worst_energy = std::max(worst_energy, std::abs(energy() - E0) / mgL);
    worst_off_axis =
        std::max(worst_off_axis, std::abs(angular(b.V_WB_B).y()) + std::abs(angular(b.V_WB_B).z()));
    const double rate = angular(b.V_WB_B).x();
    if (k > 1 && (rate > 0.0) != (last_rate > 0.0)) {  // a turn between the last two steps
      turns.push_back(m.dt * (k - 1 + last_rate / (last_rate - rate)));
    }
    last_rate = rate;
  }
  EXPECT_LT(worst_pivot, 1e-12);     // [m]: the joint holds it exactly
  EXPECT_LT(worst_energy, 1e-11);    // relative to m g L, over 20 s (RK4 at 1 ms: 3e-14)
  EXPECT_LT(worst_off_axis, 1e-15);  // it turns about x only
  ASSERT_GE(turns.size(), 10u);
  // The first turn is the far side, half a period in; then every half period.
  for (std::size_t i = 0; i < turns.size(); ++i)
    EXPECT_NEAR(turns[i], (i + 1) * T / 2.0, 1e-9) << i;  // [s] (3e-11)
  // From rest at +1 rad it swings to -1 rad: the joint angle from the start pose reaches -2.
  State far = make_initial_state(m);
  for (int k = 0; k < static_cast<int>(std::lround(T / 2.0 / m.dt)); ++k)
    ASSERT_TRUE(step(m, far).ok);
  EXPECT_NEAR(joint_position(joint, far.bodies[0]), -2.0 * theta0, 1e-5);
}

TEST(WorldJoints, ALimitIsAStopThatHoldsTheBody) {
  // The pendulum again, with a stop 0.3 rad on its way down: it falls onto it and stays there.
  std::string text = pendulum(1.0, 0.001);
  text.replace(text.find("<xyz>1 0 0</xyz>"), 16,
               "<xyz>1 0 0</xyz><limit><lower>-0.3</lower><upper>0.5</upper></limit>");
  Diagnostics d;
  const Model m = load_world_string(text, "stop.sdf", d);
  State s = make_initial_state(m);
  for (int k = 0; k < 2000; ++k)
    ASSERT_TRUE(step(m, s).ok);
  EXPECT_DOUBLE_EQ(joint_position(*m.bodies[0].world_joint, s.bodies[0]), -0.3);
  EXPECT_EQ(s.bodies[0].V_WB_B, Vec6::Zero());
}

TEST(WorldJoints, ASlideDownAFrictionlessInclineAcceleratesAtGSinTheta) {
  // A 5 kg block on a prismatic joint along (1, 0, -1)/sqrt 2, turned 0.4 rad about z (the axis
  // is in its link's frame): s(t) = g sin(45 deg) t^2 / 2 along the rail, exact for RK4.
  const std::string text = testing::world_sdf(R"(<model name="block"><pose>1 2 3 0 0 0.4</pose>
    <link name="l"><inertial><pose>0.3 0.1 0 0 0 0</pose><mass>5</mass>
      <inertia><ixx>1</ixx><iyy>2</iyy><izz>3</izz></inertia></inertial></link>
    <joint name="rail" type="prismatic"><parent>world</parent><child>l</child>
      <axis><xyz>1 0 -1</xyz></axis></joint>
  </model>)",
                                              "", "0 0 -9.81");
  Diagnostics d;
  const Model m = load_world_string(text, "incline.sdf", d);
  ASSERT_TRUE(m.bodies[0].world_joint.has_value());
  State s = make_initial_state(m);
  const Vec3 rail_W = Quat(Eigen::AngleAxisd(0.4, Vec3::UnitZ())) * Vec3(1, 0, -1).normalized();
  for (int k = 0; k < 100; ++k)
    ASSERT_TRUE(step(m, s).ok);
  const double t = 100 * m.dt, along = 0.5 * g * std::sin(std::numbers::pi / 4) * t * t;
  EXPECT_LT((s.bodies[0].p_WB - (Vec3(1, 2, 3) + along * rail_W)).norm(), 1e-12);
  EXPECT_LT((s.bodies[0].q_WB.coeffs() - m.bodies[0].q_WB0.coeffs()).norm(), 1e-15);
}

TEST(WorldJoints, RefusedWhereLeewayCannotHonourThem) {
  const std::string base = testing::world_sdf(R"(<model name="m">
    <link name="l"><inertial><mass>1</mass></inertial></link>
    <joint name="j" type="universal"><parent>world</parent><child>l</child>
      <axis><xyz>1 0 0</xyz></axis><axis2><xyz>0 1 0</xyz></axis2></joint>
  </model>)");
  testing::expect_mentions(testing::load_error("universal.sdf", base),
                           {"universal.sdf:" + std::to_string(testing::line_of(base, "<joint")),
                            "joint 'j'", "universal", "expected a fixed joint"});
  std::string outside = base;
  outside.replace(outside.find("universal"), 9, "revolute");
  outside.replace(outside.find("<axis2>"), 31, "");
  outside.replace(outside.find("</axis>"), 7,
                  "<limit><lower>0.2</lower><upper>0.5</upper></limit></axis>");
  testing::expect_mentions(testing::load_error("outside.sdf", outside),
                           {"joint 'j'", "[0.2, 0.5]", "expected lower <= 0 <= upper"});
  std::string beyond = outside;
  beyond.replace(beyond.find("0.2</lower>"), 3, "-4");
  testing::expect_mentions(testing::load_error("beyond.sdf", beyond),
                           {"joint 'j'", "[-4, 0.5]", "within [-pi, pi]"});
  std::string one_sided = outside;  // a body turning past pi would meet the stop from behind
  one_sided.replace(one_sided.find("<lower>0.2</lower>"), 18, "");
  testing::expect_mentions(testing::load_error("one_sided.sdf", one_sided),
                           {"joint 'j'", "both limits within [-pi, pi]"});
  // Damping on the joint is not applied, and the load says so.
  std::string damped = outside;
  damped.replace(damped.find("0.2</lower>"), 3, "-0.2");
  damped.replace(damped.find("</axis>"), 7, "<dynamics><damping>3</damping></dynamics></axis>");
  Diagnostics d;
  load_world_string(damped, "damped.sdf", d);
  ASSERT_EQ(d.warnings().size(), 1u);
  testing::expect_mentions(d.warnings()[0].str(), {"joint 'j'", "damping 3", "not applied"});
}

// A JointPositionController naming the hinge drives it kinematically: rate-limited at its
// <cmd_max> 0.5 rad/s towards its command, whatever gravity does, the pivot fixed.
TEST(WorldJoints, AJointPositionControllerTurnsItsHingeKinematically) {
  std::string text = pendulum(0.0, 0.001);
  text.insert(text.find("</model>"),
              R"(<plugin filename="gz-sim-joint-position-controller-system"
      name="gz::sim::systems::JointPositionController"><joint_name>hinge</joint_name>
      <use_velocity_commands>true</use_velocity_commands><cmd_max>0.5</cmd_max></plugin>)");
  Diagnostics d;
  const Model m = load_world_string(text, "servo.sdf", d);
  ASSERT_EQ(m.actuators.size(), 1u);
  EXPECT_EQ(m.actuators[0].unit, "rad");
  const WorldJoint& joint = *m.bodies[0].world_joint;
  ASSERT_EQ(joint.drive, WorldJoint::Drive::kPosition);
  State s = make_initial_state(m);
  const Vec3 pivot_W = s.bodies[0].p_WB + s.bodies[0].q_WB * Vec3(0, 0, 1);
  Inputs in;
  in.commands = {0.4};
  for (int k = 0; k < 400; ++k)  // 0.4 s at 0.5 rad/s
    ASSERT_TRUE(step(m, s, k == 0 ? in : Inputs{}).ok);
  EXPECT_NEAR(joint_position(joint, s.bodies[0]), 0.2, 1e-12);
  EXPECT_NEAR(angular(s.bodies[0].V_WB_B).x(), 0.5, 1e-12);
  for (int k = 0; k < 1600; ++k)  // there at 0.8 s, then held against gravity
    ASSERT_TRUE(step(m, s).ok);
  EXPECT_NEAR(joint_position(joint, s.bodies[0]), 0.4, 1e-12);
  EXPECT_EQ(s.bodies[0].V_WB_B, Vec6::Zero());
  EXPECT_LT((s.bodies[0].p_WB + s.bodies[0].q_WB * Vec3(0, 0, 1) - pivot_W).norm(), 1e-12);

  // With an <initial_position>, the hinge starts there.
  text.insert(text.find("<cmd_max>"), "<initial_position>0.3</initial_position>");
  const Model started = load_world_string(text, "started.sdf", d);
  EXPECT_NEAR(joint_position(joint, make_initial_state(started).bodies[0]), 0.3, 1e-15);
}

// gz-sim's JointController drives a vertical rail's velocity [m/s]: from its initial 0.2 m/s
// up, then 0.3 m/s down onto the rail's lower stop at -1 m, where it stays.
TEST(WorldJoints, AJointControllerDrivesARailsVelocityToItsStop) {
  const std::string text = testing::world_sdf(
      R"(<model name="car"><pose>1 2 3 0 0 0</pose><link name="l"><inertial><mass>5</mass>
      <inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz></inertia></inertial></link>
      <joint name="rail" type="prismatic"><parent>world</parent><child>l</child>
        <axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>2</upper></limit></axis></joint>
      <plugin filename="gz-sim-joint-controller-system" name="gz::sim::systems::JointController">
        <joint_name>rail</joint_name><initial_velocity>0.2</initial_velocity></plugin>
    </model>)",
      "", "0 0 -9.81");
  Diagnostics d;
  const Model m = load_world_string(text, "rail.sdf", d);
  ASSERT_EQ(m.actuators.size(), 1u);
  EXPECT_EQ(m.actuators[0].unit, "m/s");
  ASSERT_EQ(m.bodies[0].world_joint->drive, WorldJoint::Drive::kVelocity);
  State s = make_initial_state(m);
  EXPECT_EQ(linear(s.bodies[0].V_WB_B), Vec3(0, 0, 0.2));
  for (int k = 0; k < 100; ++k)  // 1 s (10 ms steps) up at 0.2 m/s, gravity or not
    ASSERT_TRUE(step(m, s).ok);
  EXPECT_LT((s.bodies[0].p_WB - Vec3(1, 2, 3.2)).norm(), 1e-12);
  Inputs in;
  in.commands = {-0.3};
  for (int k = 0; k < 100; ++k)
    ASSERT_TRUE(step(m, s, k == 0 ? in : Inputs{}).ok);
  EXPECT_LT((s.bodies[0].p_WB - Vec3(1, 2, 2.9)).norm(), 1e-12);
  for (int k = 0; k < 500; ++k)  // the stop at z = 2 m (-1 from the start) at t = 5 s
    ASSERT_TRUE(step(m, s).ok);
  EXPECT_LT((s.bodies[0].p_WB - Vec3(1, 2, 2)).norm(), 1e-12);
  EXPECT_EQ(s.bodies[0].V_WB_B, Vec6::Zero());

  // On a joint that does not hold the model to the world it moves nothing, and says so.
  std::string inner = text;
  inner.replace(inner.find("<parent>world</parent>"), 22, "<parent>l</parent>");
  inner.replace(inner.find("<child>l</child>"), 16, "<child>m</child>");
  inner.insert(inner.find("<joint name"), R"(<link name="m"><inertial><mass>1</mass>
      <inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz></inertia></inertial></link>)");
  Diagnostics inner_d;
  load_world_string(inner, "inner.sdf", inner_d);
  ASSERT_EQ(inner_d.warnings().size(), 1u);
  testing::expect_mentions(inner_d.warnings()[0].str(),
                           {"joint 'rail'", "JointController", "moves nothing"});
}

// gz-sim's lift-drag test rig: a 3 kg body with two 10 m^2 wings on a rail along x. Pushed every
// way, it moves along the rail only; moving at 4 m/s forward (-x), each wing meets the flow at
// alpha = a0 = 0.1 rad, so it drags cda a0 (rho / 2) V^2 A with the plugin's air density
// 1.2041 kg/m^3. `file`: the rig in gz-sim's test/worlds; `p_BoBcm`: its centre of mass, if
// given.
void expect_lift_drag_rig_on_its_rail(const std::string& file_name,
                                      const std::optional<Vec3>& p_BoBcm = std::nullopt) {
  const fs::path file = testing::foreign_corpus() / "gz-sim" / "test" / "worlds" / file_name;
  if (!fs::exists(file)) GTEST_SKIP() << "no foreign corpus: " << file << " not tested";
  const testing::ScopedModelPaths paths(
      {{"GZ_SIM_RESOURCE_PATH", (file.parent_path() / "models").string()}});
  Diagnostics d;
  const Model m = load_world_file(file.string(), d);
  ASSERT_EQ(m.bodies.size(), 1u);
  ASSERT_EQ(m.bodies[0].mass, 3.0);
  if (p_BoBcm) {
    EXPECT_LT((m.bodies[0].p_BoBcm - *p_BoBcm).norm(), 1e-12);
  }
  const Vec3 p0 = m.bodies[0].p_WB0;
  State s = make_initial_state(m);
  Inputs push;
  push.F_ext_Bo_B = {(Vec6() << 6.0, 40.0, -25.0, 3.0, -7.0, 11.0).finished()};
  for (int k = 0; k < 1000; ++k)
    ASSERT_TRUE(step(m, s, push).ok);
  // Along the rail the push meets the wings' drag; across it, nothing moves.
  EXPECT_GT(s.bodies[0].p_WB.x() - p0.x(), 0.1);
  EXPECT_LT((s.bodies[0].p_WB.tail<2>() - p0.tail<2>()).norm(), 1e-12);
  EXPECT_LT((s.bodies[0].q_WB.coeffs() - m.bodies[0].q_WB0.coeffs()).norm(), 1e-15);

  State moving = make_initial_state(m);
  moving.bodies[0].V_WB_B[0] = -4.0;
  StepData data = make_step_data(m);
  Workspace ws;
  ASSERT_TRUE(step(m, moving, {}, ws, &data).ok);
  const double drag = 20.0 * 0.1 * 0.5 * 1.2041 * 16.0 * 10.0;  // one wing's [N]
  EXPECT_NEAR(data.bodies[0].nu_dot[0] * 3.0, 2.0 * drag, 1e-4);
  EXPECT_LT(data.bodies[0].nu_dot.tail<5>().norm(), 1e-15);
}

TEST(WorldJoints, GzSimsLiftDragRigRunsOnItsRail) {
  expect_lift_drag_rig_on_its_rail("lift_drag.sdf");
}

// The same rig with its wings included as nested models (`file://lift_drag_wing`, found on
// GZ_SIM_RESOURCE_PATH as gz-sim finds it) held by fixed joints: they are part of the body, and
// LiftDrag finds its link by the scoped name `wing_1::base_link`. Their frames compose with their
// model's pose: two 1 kg wings at (0, +-5.5, 0.5) in the model frame and the 1 kg body at its
// origin put the centre of mass at (0, 0, 1/3).
TEST(WorldJoints, GzSimsLiftDragRigWithNestedWingsRunsOnItsRail) {
  expect_lift_drag_rig_on_its_rail("lift_drag_nested_model.sdf", Vec3(0, 0, 1.0 / 3.0));
}

// VRX's articulated platform (its perception worlds hold the WAM-V on it): two default 1 kg
// links on a vertical rail limited to +-3 m. Alone it falls freely, stops 3 m down and stays.
TEST(WorldJoints, VrxsArticulatedPlatformFallsToItsStop) {
  const fs::path models = testing::foreign_corpus() / "vrx" / "vrx_gz" / "models";
  if (!fs::is_directory(models / "articulated_platform"))
    GTEST_SKIP() << "no foreign corpus at " << models << ": the articulated platform not tested";
  const testing::ScopedModelPaths paths({{"GZ_SIM_RESOURCE_PATH", models.string()}});
  Diagnostics d;
  const std::string text = testing::world_sdf(
      "<include><uri>model://articulated_platform</uri><pose>5 6 -1 0 0 1</pose></include>", "",
      "0 0 -9.81");
  const Model m = load_world_file(testing::write_temp("platform.sdf", text), d);
  ASSERT_EQ(m.bodies.size(), 1u);
  State s = make_initial_state(m);
  for (int k = 0; k < 50; ++k)  // 0.5 s: 1.23 m down, free fall
    ASSERT_TRUE(step(m, s).ok);
  EXPECT_NEAR(s.bodies[0].p_WB.z(), -1.0 - 0.5 * g * 0.25, 1e-12);
  for (int k = 0; k < 950; ++k)
    ASSERT_TRUE(step(m, s).ok);
  EXPECT_LT((s.bodies[0].p_WB - Vec3(5, 6, -4)).norm(), 1e-12);
  EXPECT_EQ(s.bodies[0].V_WB_B, Vec6::Zero());
}

}  // namespace
}  // namespace leeway
