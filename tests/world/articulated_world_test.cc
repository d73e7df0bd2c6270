// Articulated models in a world (sdf/articulated_loader.h, world/articulated_tree.h): loaded from
// SDF, stepped by step(), their link bodies following the tree. Each case asserts a closed form
// or an invariant through the whole path: the loader's frames and inertias, the world's gz-sim
// buoyancy on a moving link, the tree's integration and the bodies it writes.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>

#include "leeway/sdf/load_world.h"
#include "leeway/world/state.h"
#include "leeway/world/step.h"
#include "test_util.h"

namespace leeway {
namespace {

// A rod 1 m long, 5 cm square, 5 kg, hinged at its top to a post fixed to the world (a rig posed
// anywhere, turned about z), in water of 1000 kg/m^3 by gz-sim's Buoyancy system.
constexpr double kRodMass = 5.0, kRodLength = 1.0, kRodSide = 0.05, kWater = 1000.0, kG = 9.81;

/// By gz-sim's Buoyancy system, or by the `model_plugin` a test gives (none of the world's);
/// `joint` holds the hinge's extra elements.
std::string hinge_world(const std::string& model_plugin = "", double g = kG,
                        const std::string& joint = "") {
  const double i_across = kRodMass * (kRodSide * kRodSide + kRodLength * kRodLength) / 12.0;
  const double i_along = kRodMass * 2.0 * kRodSide * kRodSide / 12.0;
  return fmt::format(R"(<?xml version="1.0"?>
<sdf version="1.9"><world name="hinge">
  <physics type="ode"><max_step_size>0.001</max_step_size></physics>
  <gravity>0 0 -{g}</gravity>
  {world_plugin}
  <model name="rig">
    <pose>1 2 -3 0 0 0.3</pose>
    <link name="post">
      <inertial><mass>10</mass><inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz></inertia></inertial>
    </link>
    <link name="rod">
      <pose>0 0 -0.2 0 0 0</pose>
      <inertial><pose>0 0 -{half} 0 0 0</pose><mass>{m}</mass>
        <inertia><ixx>{ia}</ixx><iyy>{ia}</iyy><izz>{il}</izz></inertia></inertial>
      <collision name="c"><pose>0 0 -{half} 0 0 0</pose>
        <geometry><box><size>{a} {a} {l}</size></box></geometry></collision>
    </link>
    <joint name="fix" type="fixed"><parent>world</parent><child>post</child></joint>
    <joint name="hinge" type="revolute"><parent>post</parent><child>rod</child>
      <axis><xyz>0 1 0</xyz>{joint}</axis></joint>
    {model_plugin}
  </model>
</world></sdf>)",
                     fmt::arg("g", g), fmt::arg("rho", kWater), fmt::arg("joint", joint),
                     fmt::arg("half", kRodLength / 2), fmt::arg("m", kRodMass),
                     fmt::arg("ia", i_across), fmt::arg("il", i_along), fmt::arg("a", kRodSide),
                     fmt::arg("l", kRodLength), fmt::arg("model_plugin", model_plugin),
                     fmt::arg("world_plugin", !model_plugin.empty() ? ""
                                                                    : fmt::format(R"(
  <plugin filename="gz-sim-buoyancy-system" name="gz::sim::systems::Buoyancy">
    <uniform_fluid_density>{}</uniform_fluid_density>
  </plugin>)",
                                                                                  kWater)));
}

Model load(const std::string& text) {
  Diagnostics diagnostics;
  return load_world_string(text, "articulated.sdf", diagnostics);
}

/// The complete elliptic integral of the first kind K(k), by the arithmetic-geometric mean.
double elliptic_k(double k) {
  double a = 1.0, b = std::sqrt(1.0 - k * k);
  for (int i = 0; i < 30; ++i) {
    const double next = (a + b) / 2.0;
    b = std::sqrt(a * b);
    a = next;
  }
  return std::numbers::pi / (2.0 * a);
}

/// Sets tree 0's joints and puts its link bodies where they say.
void set_joints(const Model& model, State& state, const ArticulatedState& joints) {
  state.trees[0] = joints;
  place_link_bodies(model.trees[0], joints, state.bodies);
}

/// The rod's swing from `theta_0`: its period (from its downward crossings of zero, each
/// interpolated within its step) and how far its body's centre of mass strays from where the
/// joint angle puts it.
struct Swing {
  double period = 0.0;
  double worst_centre = 0.0;
};

Swing swing(const Model& model, double theta_0) {
  State state = make_initial_state(model);
  ArticulatedState joints = state.trees[0];
  joints.q[0] = theta_0;
  set_joints(model, state, joints);
  Workspace ws;
  std::vector<double> crossings;
  Swing out;
  const Quat q_WM(Eigen::AngleAxisd(0.3, Vec3::UnitZ()));
  for (int k = 0; k < 8000; ++k) {
    const double before = state.trees[0].q[0];
    EXPECT_TRUE(step(model, state, {}, ws).ok);
    const double after = state.trees[0].q[0];
    if (before > 0.0 && after <= 0.0)
      crossings.push_back(state.t - model.dt * after / (after - before));
    const BodyState& b = state.bodies[0];
    const Vec3 centre = b.p_WB + b.q_WB * model.bodies[0].p_BoBcm;
    const Vec3 from_angle = Vec3(1, 2, -3.2) + q_WM * (Eigen::AngleAxisd(after, Vec3::UnitY()) *
                                                       Vec3(0, 0, -kRodLength / 2));
    out.worst_centre = std::max(out.worst_centre, (centre - from_angle).norm());
  }
  EXPECT_GE(crossings.size(), 3u);
  if (crossings.size() >= 2)
    out.period = (crossings.back() - crossings.front()) / (crossings.size() - 1);
  return out;
}

/// T = 4 sqrt((I_O + I_A,O) / ((m - rho V) g l)) K(sin(theta_0 / 2)) for a swing of amplitude
/// theta_0, l the hinge's distance to the centres of mass and of buoyancy (both mid-rod), I_A,O
/// the added moment of inertia about the hinge.
double rod_period(double theta_0, double added_inertia) {
  const double half = kRodLength / 2;
  const double I_O =
      kRodMass * (kRodSide * kRodSide + kRodLength * kRodLength) / 12.0 + kRodMass * half * half;
  const double net = (kRodMass - kWater * kRodSide * kRodSide * kRodLength) * kG * half;
  return 4.0 * std::sqrt((I_O + added_inertia) / net) * elliptic_k(std::sin(theta_0 / 2.0));
}

TEST(ArticulatedWorld, AHingedRodInWaterSwingsAtTheCompoundPendulumsPeriod) {
  const Model model = load(hinge_world());
  ASSERT_EQ(model.trees.size(), 1u);
  ASSERT_EQ(model.bodies.size(), 1u);  // the post is the world's
  const BodyModel& rod = model.bodies[0];
  EXPECT_EQ(rod.model_name, "rig/rod");
  EXPECT_EQ(rod.link_name, "rod");
  EXPECT_EQ(rod.tree, 0);
  // At zero the rod hangs where the SDF poses it: its top 0.2 m below the rig's origin.
  EXPECT_LT((make_initial_state(model).bodies[0].p_WB - Vec3(1, 2, -3.2)).norm(), 1e-15);
  const double theta_0 = 0.2;
  const Swing s = swing(model, theta_0);
  const double expected = rod_period(theta_0, 0.0);
  std::printf(
      "hinged rod in water: period %.7f s, closed form %.7f s (%.1e relative); its body "
      "within %.1e m of the angle's placement\n",
      s.period, expected, std::abs(s.period / expected - 1.0), s.worst_centre);
  EXPECT_NEAR(s.period / expected, 1.0, 1e-9);
  EXPECT_LT(s.worst_centre, 1e-12);
}

TEST(ArticulatedWorld, AHingedRodSwingsWithTheAddedMassOfItsOwnUuvBlock) {
  // UUV Simulator's underwater-object plugin on the model, its block on the moving rod: the
  // rod's buoyancy (its volume at mid-rod) and its added mass about its link's origin, which is
  // the hinge, so the swing's added inertia is the block's pitch entry, 0.65 kg m^2 (about the
  // 2-D strip value rho pi r^2 L^3 / 3 of a rod this thick). No damping: the period is exact.
  const Model model =
      load(hinge_world(fmt::format(R"(
    <plugin name="uuv" filename="libuuv_underwater_object_ros_plugin.so">
      <fluid_density>{}</fluid_density>
      <link name="rod"><volume>{}</volume><center_of_buoyancy>0 0 -{}</center_of_buoyancy>
        <hydrodynamic_model><type>fossen</type>
          <added_mass>2 0 0 0 0 0  0 2 0 0 0 0  0 0 0.1 0 0 0
                      0 0 0 0.65 0 0  0 0 0 0 0.65 0  0 0 0 0 0 0.001</added_mass>
        </hydrodynamic_model></link>
    </plugin>)",
                                   kWater, kRodSide * kRodSide * kRodLength, kRodLength / 2)));
  ASSERT_EQ(model.bodies.size(), 1u);
  EXPECT_EQ(model.bodies[0].M_A(dof::q, dof::q), 0.65);
  const double theta_0 = 0.2;
  const Swing s = swing(model, theta_0);
  const double expected = rod_period(theta_0, 0.65);
  std::printf(
      "hinged rod with its UUV block: period %.7f s, closed form %.7f s (%.1e relative); "
      "without the added mass %.7f s\n",
      s.period, expected, std::abs(s.period / expected - 1.0), rod_period(theta_0, 0.0));
  EXPECT_NEAR(s.period / expected, 1.0, 1e-9);
}

TEST(ArticulatedWorld, ApplyJointForceTurnsAHingeByItsCommandWithinItsEffortLimit) {
  // gz-sim's ApplyJointForce on the hinge, weightless and dry: the rod turns at tau / I_O from
  // rest, theta = tau t^2 / (2 I_O), which RK4 integrates exactly. Its actuator is the joint's
  // name; a command beyond the joint's <effort> is held at it.
  const std::string plugin = R"(<plugin filename="gz-sim-apply-joint-force-system"
        name="gz::sim::systems::ApplyJointForce"><joint_name>hinge</joint_name></plugin>)";
  const Model model = load(hinge_world(plugin, 0.0, "<limit><effort>2</effort></limit>"));
  const int hinge = model.actuator_index("rig", "hinge");
  ASSERT_GE(hinge, 0);
  EXPECT_EQ(model.actuators[hinge].unit, "N m");
  EXPECT_EQ(model.actuators[hinge].command_max, 2.0);
  const double half = kRodLength / 2;
  const double I_O =
      kRodMass * (kRodSide * kRodSide + kRodLength * kRodLength) / 12.0 + kRodMass * half * half;
  for (const double command : {1.5, -3.0}) {
    State state = make_initial_state(model);
    Inputs in;
    in.commands.assign(model.actuators.size(), std::nullopt);
    in.commands[hinge] = command;
    Workspace ws;
    for (int k = 0; k < 1000; ++k)
      ASSERT_TRUE(step(model, state, in, ws).ok);
    const double tau = std::clamp(command, -2.0, 2.0), t = state.t;
    EXPECT_NEAR(state.trees[0].q[0], tau * t * t / (2 * I_O), 1e-12) << command;
    EXPECT_NEAR(state.trees[0].v[0], tau * t / I_O, 1e-12) << command;
  }
}

TEST(ArticulatedWorld, ApplyJointForceOnAJointThatDoesNotMoveSaysSo) {
  Diagnostics d;
  const std::string fixed = R"(<plugin filename="gz-sim-apply-joint-force-system"
        name="gz::sim::systems::ApplyJointForce"><joint_name>fix</joint_name></plugin>)";
  load_world_string(hinge_world(fixed), "fixed.sdf", d);
  bool said = false;
  for (const Diagnostic& w : d.warnings())
    said = said || w.message.find("joint 'fix' of model 'rig' does not move") != std::string::npos;
  EXPECT_TRUE(said);
  const std::string missing = R"(<plugin filename="gz-sim-apply-joint-force-system"
        name="gz::sim::systems::ApplyJointForce"><joint_name>elbow</joint_name></plugin>)";
  try {
    load(hinge_world(missing));
    ADD_FAILURE() << "loaded";
  } catch (const LoadError& e) {
    EXPECT_NE(std::string(e.what()).find("model 'rig' has no joint 'elbow'"), std::string::npos)
        << e.what();
  }
}

TEST(ArticulatedWorld, SameWorldSameSeedSameBits) {
  const Model model = load(hinge_world());
  auto run = [&] {
    State state = make_initial_state(model);
    ArticulatedState joints = state.trees[0];
    joints.q[0] = 0.5;
    set_joints(model, state, joints);
    Workspace ws;
    for (int k = 0; k < 500; ++k)
      EXPECT_TRUE(step(model, state, {}, ws).ok);
    return state;
  };
  const State a = run();
  EXPECT_EQ(a, run());
  EXPECT_NE(a.trees[0].q[0], 0.5);
}

// A 100 kg vehicle carrying a two-link arm (a shoulder about z, an elbow about y), floating free
// without gravity or water.
constexpr const char* kFloatingArm = R"(<?xml version="1.0"?>
<sdf version="1.9"><world name="floating">
  <physics type="ode"><max_step_size>0.001</max_step_size></physics>
  <gravity>0 0 0</gravity>
  <model name="rov">
    <pose>0 0 -5 0 0 0</pose>
    <link name="base">
      <inertial><mass>100</mass><inertia><ixx>10</ixx><iyy>15</iyy><izz>20</izz></inertia>
      </inertial>
    </link>
    <link name="upper">
      <pose>0.5 0 0 0 0 0</pose>
      <inertial><pose>0.25 0 0 0 0 0</pose><mass>8</mass>
        <inertia><ixx>0.02</ixx><iyy>0.2</iyy><izz>0.2</izz></inertia></inertial>
    </link>
    <link name="fore">
      <pose>1.0 0 0 0 0.3 0</pose>
      <inertial><pose>0.2 0 0.01 0 0 0</pose><mass>4</mass>
        <inertia><ixx>0.01</ixx><iyy>0.08</iyy><izz>0.07</izz></inertia></inertial>
    </link>
    <joint name="shoulder" type="revolute"><parent>base</parent><child>upper</child>
      <axis><xyz>0 0 1</xyz></axis></joint>
    <joint name="elbow" type="continuous"><parent>upper</parent><child>fore</child>
      <axis><xyz>0 1 0</xyz></axis></joint>
    {model_plugin}
  </model>
</world></sdf>)";

/// Linear momentum and angular momentum about W's origin, from the bodies' states alone.
std::pair<Vec3, Vec3> momentum_W(const Model& model, const State& state) {
  Vec3 p = Vec3::Zero(), L = Vec3::Zero();
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const BodyModel& b = model.bodies[i];
    const BodyState& s = state.bodies[i];
    const Mat3 R = s.q_WB.toRotationMatrix();
    const Vec3 w_W = R * s.V_WB_B.tail<3>();
    const Vec3 r_W = R * b.p_BoBcm;
    const Vec3 v_cm = R * s.V_WB_B.head<3>() + w_W.cross(r_W);
    p += b.mass * v_cm;
    L += (s.p_WB + r_W).cross(b.mass * v_cm) + R * b.I_Bcm * R.transpose() * w_W;
  }
  return {p, L};
}

TEST(ArticulatedWorld, AFreeVehicleCarryingAnArmKeepsItsMomentumAndFeelsTheArm) {
  const Model model = load(kFloatingArm);
  ASSERT_EQ(model.trees.size(), 1u);
  ASSERT_EQ(model.bodies.size(), 3u);
  EXPECT_EQ(model.body_index("rov"), 0);
  EXPECT_EQ(model.bodies[2].model_name, "rov/fore");
  State state = make_initial_state(model);
  ArticulatedState joints = state.trees[0];
  ASSERT_EQ(joints.v.size(), 8);
  joints.v.head<6>() << 0.1, 0.0, 0.02, 0.0, 0.01, 0.0;
  joints.v[6] = 1.5;   // shoulder [rad/s]
  joints.v[7] = -2.0;  // elbow
  set_joints(model, state, joints);
  const auto [p0, L0] = momentum_W(model, state);
  const Quat base_start = state.bodies[0].q_WB;

  Workspace ws;
  double worst_p = 0.0, worst_L = 0.0;
  for (int k = 0; k < 2000; ++k) {
    ASSERT_TRUE(step(model, state, {}, ws).ok);
    const auto [p, L] = momentum_W(model, state);
    worst_p = std::max(worst_p, (p - p0).norm() / p0.norm());
    worst_L = std::max(worst_L, (L - L0).norm() / L0.norm());
  }
  const double base_turn = state.bodies[0].q_WB.angularDistance(base_start);
  std::printf(
      "floating vehicle and arm, 2 s: momentum %.1e, angular momentum %.1e relative; "
      "the vehicle turned %.3f rad under the arm\n",
      worst_p, worst_L, base_turn);
  EXPECT_LT(worst_p, 1e-9);
  EXPECT_LT(worst_L, 1e-9);
  // The shoulder's spin turns the vehicle the other way about z; alone it would not turn.
  EXPECT_GT(base_turn, 0.05);
}

TEST(ArticulatedWorld, AHeldVehicleHoldsItsArmUntilReleased) {
  // VRX's kinematic hold on an articulated vehicle freezes the whole tree where it stands, then
  // lets it go.
  const Model model = load(kFloatingArm);
  State state = make_initial_state(model);
  ArticulatedState joints = state.trees[0];
  joints.q[7] = 0.4;
  joints.v[6] = 1.5;
  set_joints(model, state, joints);
  state.holds.push_back({0, 0.1, state.bodies[0]});
  const State start = state;
  Workspace ws;
  for (int k = 0; k < 100; ++k)
    ASSERT_TRUE(step(model, state, {}, ws).ok);
  EXPECT_EQ(state.trees[0].q, start.trees[0].q);
  EXPECT_EQ(state.trees[0].v, Eigen::VectorXd::Zero(8));
  for (std::size_t i = 0; i < model.bodies.size(); ++i)
    EXPECT_LT((state.bodies[i].p_WB - start.bodies[i].p_WB).norm(), 1e-15) << i;
  // Released, at rest and without loads: it stays (nothing drives it).
  for (int k = 0; k < 100; ++k)
    ASSERT_TRUE(step(model, state, {}, ws).ok);
  EXPECT_LT((state.trees[0].q - start.trees[0].q).norm(), 1e-15);
}

TEST(ArticulatedWorld, APluginOnAMovingLinkKeepsTheModelOneBodyAndSaysWhere) {
  // Until plugins attach to moving links, such a model stays what it was: one rigid body.
  std::string text = hinge_world();
  const std::string plugin = R"(
    <plugin filename="gz-sim-buoyancy-engine-system" name="gz::sim::systems::BuoyancyEngine">
      <link_name>rod</link_name><neutral_volume>0.001</neutral_volume></plugin>
  </model>)";
  // A free model (no joint to the world), so its plugins act.
  const std::size_t fix = text.find("<joint name=\"fix\"");
  text.erase(fix, text.find("<joint name=\"hinge\"") - fix);
  text.replace(text.find("</model>"), 8, plugin);
  Diagnostics diagnostics;
  const Model model = load_world_string(text, "articulated.sdf", diagnostics);
  EXPECT_TRUE(model.trees.empty());
  ASSERT_EQ(model.bodies.size(), 1u);
  EXPECT_NEAR(model.bodies[0].mass, 10.0 + kRodMass, 1e-12);
  std::string said;
  for (const Diagnostic& d : diagnostics.warnings())
    said += d.str() + "\n";
  EXPECT_NE(said.find("articulated.sdf:"), std::string::npos) << said;
  EXPECT_NE(said.find("link 'rod' moves on a joint of its own: model 'rig' stays one rigid body"),
            std::string::npos)
      << said;
  EXPECT_NE(said.find("joint 'hinge' is treated as fixed"), std::string::npos) << said;
}

}  // namespace
}  // namespace leeway
