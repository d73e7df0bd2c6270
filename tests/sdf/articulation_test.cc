// A model's links as an articulated tree (sdf/articulation.h): which joints move, the groups the
// others make, the joints' frames, axes and dynamics as SDF and URDF write them, the refusals, and
// UUV Simulator's RexROV with its Oberon 7 arm as the corpus ships it.
#include "leeway/sdf/articulation.h"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <sdf/Root.hh>

#include "leeway/multibody/articulated_integrator.h"
#include "leeway/multibody/kinematics.h"
#include "multibody/tree_fixtures.h"
#include "sdf/sdf_test_util.h"

namespace leeway::sdfio {
namespace {

const Vec3 kGravity_W(0.0, 0.0, -9.80665);

/// A link named `name` at `pose` (in the model frame) of mass m with a diagonal inertia.
std::string arm_link(const std::string& name, const std::string& pose, double m = 2.0) {
  return fmt::format(R"(<link name="{}"><pose>{}</pose><inertial><mass>{}</mass>
      <inertia><ixx>0.02</ixx><iyy>0.03</iyy><izz>0.01</izz></inertia></inertial></link>)",
                     name, pose, m);
}

/// A model "arm" of `body` (its links and joints), canonical link "base".
std::string arm_model(const std::string& body) {
  return R"(<?xml version="1.0"?><sdf version="1.9"><model name="arm">)" + body + "</model></sdf>";
}

struct LoadedModel {
  sdf::Root root;
  const sdf::Model* model = nullptr;
  std::string errors;
};

std::unique_ptr<LoadedModel> load_model(const std::string& text) {
  auto loaded = std::make_unique<LoadedModel>();
  const std::string path = testing::write_temp("arm.sdf", text);
  for (const sdf::Error& e : loaded->root.Load(path))
    loaded->errors += e.Message() + "\n";
  loaded->model = loaded->root.Model();
  return loaded;
}

const std::string kArm =
    arm_link("base", "0 0 0 0 0 0", 20.0) + arm_link("camera", "0.2 0 0.1 0 0 0", 0.5) +
    arm_link("upper", "0.3 0 0 0 0 0") + arm_link("sensor", "0.3 0 -0.1 0 0 0", 0.1) +
    arm_link("slide", "0.6 0 0 0 0 0") + arm_link("hand", "0.9 0 0 0 0 0", 1.0) + R"(
  <joint name="camera_mount" type="fixed"><parent>base</parent><child>camera</child></joint>
  <joint name="shoulder" type="revolute"><parent>base</parent><child>upper</child>
    <pose>-0.1 0 0 0 0 0</pose>
    <axis><xyz expressed_in="__model__">0 1 0</xyz>
      <dynamics><damping>3</damping><friction>0.5</friction><spring_reference>0.1</spring_reference>
        <spring_stiffness>7</spring_stiffness></dynamics>
      <limit><lower>-1.2</lower><upper>1.5</upper><effort>40</effort><velocity>2</velocity></limit>
    </axis></joint>
  <joint name="sensor_mount" type="revolute"><parent>upper</parent><child>sensor</child>
    <axis><xyz>1 0 0</xyz><limit><lower>0</lower><upper>0</upper></limit></axis></joint>
  <joint name="slider" type="prismatic"><parent>upper</parent><child>slide</child>
    <axis><xyz>1 0 0</xyz><limit><lower>-0.1</lower><upper>0.2</upper></limit></axis></joint>
  <joint name="wrist" type="ball"><parent>slide</parent><child>hand</child></joint>
)";

TEST(Articulation, FixedAndEqualLimitJointsMergeAndTheRestMoveWithTheirDynamics) {
  const auto loaded = load_model(arm_model(kArm));
  ASSERT_TRUE(loaded->model) << loaded->errors;
  Diagnostics diagnostics;
  const ModelArticulation tree = articulate(*loaded->model, {}, diagnostics);

  ASSERT_EQ(tree.groups.size(), 4u);
  EXPECT_EQ(tree.groups[0].links, (std::vector<std::string>{"base", "camera"}));
  EXPECT_EQ(tree.groups[1].links, (std::vector<std::string>{"upper", "sensor"}));
  EXPECT_EQ(tree.groups[2].root_link, "slide");
  EXPECT_EQ(tree.groups[3].root_link, "hand");
  EXPECT_EQ(tree.fixed_joints.at("camera_mount"), "fixed");
  EXPECT_EQ(tree.fixed_joints.at("sensor_mount"), "equal limits");

  // The base's group: 20 kg at the origin and 0.5 kg at (0.2, 0, 0.1).
  EXPECT_DOUBLE_EQ(tree.groups[0].mass, 20.5);
  EXPECT_LT((tree.groups[0].p_GoGcm - Vec3(0.1, 0, 0.05) / 20.5).norm(), 1e-15);

  ASSERT_EQ(tree.joints.size(), 3u);
  const GroupJoint& shoulder = tree.joints[0];
  EXPECT_EQ(shoulder.name, "shoulder");
  EXPECT_EQ(shoulder.kind, JointKind::kRevolute);
  EXPECT_EQ(shoulder.parent, 0);
  EXPECT_EQ(shoulder.child, 1);
  // Its frame sits 0.1 m behind the upper arm's origin (a joint's pose is its child's by SDF's
  // default): at (0.2, 0, 0) in the base, with the upper arm 0.1 m ahead of it.
  EXPECT_LT((shoulder.X_PF.p - Vec3(0.2, 0, 0)).norm(), 1e-15);
  EXPECT_LT((shoulder.X_MC.p - Vec3(0.1, 0, 0)).norm(), 1e-15);
  EXPECT_LT((shoulder.axis_F - Vec3::UnitY()).norm(), 1e-15);
  JointDynamics expected;
  expected.damping = 3;
  expected.friction = 0.5;
  expected.spring_reference = 0.1;
  expected.spring_stiffness = 7;
  expected.lower = -1.2;
  expected.upper = 1.5;
  expected.effort_limit = 40;
  expected.velocity_limit = 2;
  EXPECT_EQ(shoulder.dynamics, expected);
  EXPECT_EQ(tree.joints[1].kind, JointKind::kPrismatic);
  EXPECT_EQ(tree.joints[1].dynamics.effort_limit, INFINITY) << "SDF's -1: none";
  EXPECT_EQ(tree.joints[2].kind, JointKind::kBall);

  // Free: 7 + 1 + 1 + 4 coordinates; fixed at a pose: the base is the world's.
  const ArticulatedModel free_tree = build_articulated_model(tree);
  EXPECT_EQ(free_tree.nq, 13);
  EXPECT_EQ(free_tree.nv, 11);
  const Pose X_W0(Vec3(1, 2, 3), Quat(Eigen::AngleAxisd(0.5, Vec3::UnitZ())));
  const ArticulatedModel rig = build_articulated_model(tree, X_W0);
  ASSERT_EQ(rig.links.size(), 3u);
  EXPECT_EQ(rig.nv, 5);
  // At zero every link is where the file puts it.
  ArticulatedData data = make_articulated_data(rig);
  forward_kinematics(rig, neutral_state(rig), data);
  const Vec3 file_positions[] = {Vec3(0.3, 0, 0), Vec3(0.6, 0, 0), Vec3(0.9, 0, 0)};
  for (int i = 0; i < 3; ++i)
    EXPECT_LT((data.X_WL[i].p - (X_W0.p + X_W0.q * file_positions[i])).norm(), 1e-14) << i;
}

TEST(Articulation, ATreeThatIsNotOneIsRefusedAtTheJointThatBreaksIt) {
  struct Case {
    std::string body, message;
  };
  const std::string links =
      arm_link("base", "0 0 0 0 0 0") + arm_link("a", "1 0 0 0 0 0") + arm_link("b", "2 0 0 0 0 0");
  auto joint = [](const std::string& name, const std::string& type, const std::string& parent,
                  const std::string& child) {
    return fmt::format(R"(<joint name="{}" type="{}"><parent>{}</parent><child>{}</child>
        <axis><xyz>0 0 1</xyz></axis></joint>)",
                       name, type, parent, child);
  };
  const Case cases[] = {
      {links + joint("j1", "revolute", "base", "a") + joint("j2", "revolute", "a", "b") +
           joint("j3", "revolute", "base", "b"),
       "joint 'j3' hangs link 'b' from 'base', but joint 'j2' already hangs it (or a link fixed "
       "to it) from 'a': a link in two trees or a closed loop, which Leeway's tree cannot hold"},
      {links + joint("j1", "fixed", "base", "a") + joint("j2", "fixed", "a", "b") +
           joint("j3", "revolute", "base", "b"),
       "joint 'j3' joins links 'base' and 'b', which fixed joints already hold together: a "
       "closed loop, which Leeway's tree cannot hold"},
      {links + joint("j1", "revolute", "a", "base") + joint("j2", "revolute", "a", "b"),
       "joint 'j1' hangs the canonical link 'base' (or a link fixed to it) from 'a'; Leeway "
       "roots a model's tree at its canonical link: make the tree's root link canonical (<model "
       "canonical_link>)"},
      {links + joint("j1", "revolute2", "base", "a") + joint("j2", "fixed", "a", "b"),
       "joint 'j1' is of a type Leeway cannot move yet; expected fixed, revolute, continuous, "
       "prismatic, ball or universal"},
      {links + joint("j1", "universal", "base", "a") + joint("j2", "fixed", "a", "b"),
       "joint 'j1' has no <axis2>; expected one, with its <xyz>, on a universal joint"},
  };
  for (const Case& c : cases) {
    const auto loaded = load_model(arm_model(c.body));
    ASSERT_TRUE(loaded->model) << loaded->errors;
    Diagnostics diagnostics;
    try {
      articulate(*loaded->model, {}, diagnostics);
      ADD_FAILURE() << "accepted: " << c.message;
    } catch (const LoadError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(c.message), std::string::npos) << what;
      EXPECT_NE(what.find("arm.sdf:"), std::string::npos) << "its file and line: " << what;
      EXPECT_NE(what.find("<model[arm]/joint["), std::string::npos) << "its element: " << what;
    }
  }
}

/// The period of small swings of the bob of `model_text` (hung from a fixed base) started at
/// `q0` on its joints, read from the downward zero crossings of coordinate `watched`.
double small_swing_period(const std::string& model_text, const Eigen::VectorXd& q0, int watched) {
  const auto loaded = load_model(model_text);
  EXPECT_TRUE(loaded->model) << loaded->errors;
  Diagnostics diagnostics;
  const ModelArticulation tree = articulate(*loaded->model, {}, diagnostics);
  const ArticulatedModel rig = build_articulated_model(tree, Pose());
  ArticulatedState state = neutral_state(rig);
  state.q = q0;
  ArticulatedData data = make_articulated_data(rig);
  const double bob_mass = tree.groups.back().mass;
  const ArticulatedLoads weight = [&](double, const ArticulatedState&, ArticulatedData& d) {
    d.tau.setZero();
    for (Vec6& F : d.F_L)
      F.setZero();
    d.F_L.back() = testing::weight_and_buoyancy_L(d.X_WL.back(), bob_mass, Vec3::Zero(), 0.0,
                                                  Vec3::Zero(), kGravity_W);
  };
  std::vector<double> crossings;
  double previous = state.q[watched];
  for (int k = 1; k <= 5000; ++k) {
    integrate_articulated(rig, data, state, (k - 1) * 1e-3, 1e-3, weight);
    if (previous > 0.0 && state.q[watched] <= 0.0)
      crossings.push_back((k - 1 + previous / (previous - state.q[watched])) * 1e-3);
    previous = state.q[watched];
  }
  EXPECT_GE(crossings.size(), 3u);
  return (crossings.back() - crossings.front()) / static_cast<double>(crossings.size() - 1);
}

TEST(Articulation, AUniversalJointSwingsABobAboutEitherAxisAsAHingeAboutThatAxisWould) {
  // A 2 kg bob 0.5 m under a pivot: about x, T = 2 pi sqrt((m l^2 + I_xx) / (m g l)); about y
  // with I_yy. On a universal joint (x, then y) its small swings about either axis take the
  // revolute joint's period (the cross weighs nothing), and its rotation is R_x(q1) R_y(q2).
  const std::string bob = arm_link("base", "0 0 0 0 0 0", 20.0) + arm_link("bob", "0 0 -0.5 0 0 0");
  auto pivot = [&](const std::string& type, const std::string& axes) {
    return arm_model(bob + R"(<joint name="pivot" type=")" + type +
                     R"("><parent>base</parent><child>bob</child><pose>0 0 0.5 0 0 0</pose>)" +
                     axes + "</joint>");
  };
  const std::string universal =
      pivot("universal", "<axis><xyz>1 0 0</xyz></axis><axis2><xyz>0 1 0</xyz></axis2>");
  const double m = 2.0, l = 0.5, g = 9.80665;
  const double T_x = 2 * kPi * std::sqrt((m * l * l + 0.02) / (m * g * l));
  const double T_y = 2 * kPi * std::sqrt((m * l * l + 0.03) / (m * g * l));
  EXPECT_NEAR(small_swing_period(universal, Eigen::Vector2d(0.01, 0.0), 0) / T_x, 1.0, 1e-5);
  EXPECT_NEAR(small_swing_period(universal, Eigen::Vector2d(0.0, 0.01), 1) / T_y, 1.0, 1e-5);
  EXPECT_NEAR(small_swing_period(pivot("revolute", "<axis><xyz>1 0 0</xyz></axis>"),
                                 Eigen::VectorXd::Constant(1, 0.01), 0) /
                  T_x,
              1.0, 1e-5);

  const auto loaded = load_model(universal);
  Diagnostics diagnostics;
  const ArticulatedModel rig =
      build_articulated_model(articulate(*loaded->model, {}, diagnostics), Pose());
  ASSERT_EQ(rig.links.size(), 2u);
  EXPECT_EQ(rig.links[0].name, "pivot::cross");
  EXPECT_TRUE(rig.links[0].frame_only);
  EXPECT_EQ(rig.links[1].joint_name, "pivot::axis2");
  ArticulatedData data = make_articulated_data(rig);
  ArticulatedState state = neutral_state(rig);
  state.q << 0.4, -0.7;
  forward_kinematics(rig, state, data);
  const Mat3 expected =
      (Eigen::AngleAxisd(0.4, Vec3::UnitX()) * Eigen::AngleAxisd(-0.7, Vec3::UnitY()))
          .toRotationMatrix();
  EXPECT_LT((data.X_WL[1].R - expected).norm(), 1e-14);
  // The pivot sits 0.5 m above the bob (a joint's pose is its child's): at the origin.
  EXPECT_LT((data.X_WL[1].p - expected * Vec3(0, 0, -0.5)).norm(), 1e-14);
}

TEST(Articulation, AMovingLinkWithoutInertiaIsRefusedAtItsInertial) {
  const std::string body =
      arm_link("base", "0 0 0 0 0 0") + R"(<link name="rotor"><inertial><mass>0.001</mass>
      <inertia><ixx>0</ixx><iyy>0</iyy><izz>0</izz></inertia></inertial></link>
      <joint name="spin" type="continuous"><parent>base</parent><child>rotor</child>
        <axis><xyz>1 0 0</xyz></axis></joint>)";
  const auto loaded = load_model(arm_model(body));
  ASSERT_TRUE(loaded->model) << loaded->errors;
  Diagnostics diagnostics;
  const ModelArticulation tree = articulate(*loaded->model, {}, diagnostics);
  try {
    build_articulated_model(tree);
    ADD_FAILURE() << "a moving link without inertia was accepted";
  } catch (const LoadError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("link 'rotor': its mass matrix M_RB + M_A is not symmetric positive "
                        "definite"),
              std::string::npos)
        << what;
    EXPECT_NE(what.find("<model[arm]/link[rotor]>"), std::string::npos) << what;
  }
  // Kept fixed (as an actuator standing in for a propeller's spin keeps it), it merges.
  const ModelArticulation kept = articulate(*loaded->model, {"spin"}, diagnostics);
  EXPECT_EQ(kept.groups.size(), 1u);
  EXPECT_EQ(kept.fixed_joints.at("spin"), "kept fixed");
}

TEST(Articulation, UuvSimulatorsRexrovWithItsOberon7IsATreeOfNineBodies) {
  const std::filesystem::path urdf =
      testing::foreign_corpus() / "uuv" / "generated" / "rexrov_oberon7" / "model.urdf";
  if (!std::filesystem::exists(urdf)) GTEST_SKIP() << "no corpus at " << urdf;
  sdf::Root root;
  root.Load(urdf.string());
  ASSERT_TRUE(root.Model());
  std::set<std::string> thrusters;
  for (int i = 0; i < 8; ++i)
    thrusters.insert(fmt::format("rexrov/thruster_{}_joint", i));
  Diagnostics diagnostics;
  const ModelArticulation tree = articulate(*root.Model(), thrusters, diagnostics);

  // The vehicle with its sensors, thrusters and the arm's base (on UUV's zero-range "anchor"),
  // then the arm: azimuth, shoulder, elbow, roll, pitch, wrist and the gripper's two fingers
  // (their tips are on zero-range joints in UUV's file: they move with the fingers).
  ASSERT_EQ(tree.groups.size(), 9u);
  EXPECT_EQ(tree.groups[0].root_link, "rexrov/base_link");
  EXPECT_EQ(tree.fixed_joints.at("oberon7/anchor"), "equal limits");
  EXPECT_EQ(tree.fixed_joints.at("rexrov/dvl_joint"), "equal limits");
  EXPECT_EQ(tree.fixed_joints.at("rexrov/thruster_3_joint"), "kept fixed");
  std::vector<std::string> joints;
  for (const GroupJoint& j : tree.joints)
    joints.push_back(j.name);
  EXPECT_EQ(joints,
            (std::vector<std::string>{"oberon7/azimuth", "oberon7/shoulder", "oberon7/elbow",
                                      "oberon7/roll", "oberon7/pitch", "oberon7/wrist",
                                      "oberon7/finger_left_joint", "oberon7/finger_right_joint"}));
  EXPECT_EQ(tree.fixed_joints.at("oberon7/finger_tip_left_joint"), "equal limits");
  // UUV's shoulder: <dynamics damping="50" friction="150"/>, +-1.5708 rad, 0.17 rad/s, 5000 N m.
  const JointDynamics& shoulder = tree.joints[1].dynamics;
  EXPECT_EQ(shoulder.damping, 50.0);
  EXPECT_EQ(shoulder.friction, 150.0);
  EXPECT_NEAR(shoulder.upper, 1.57079637, 1e-8);
  EXPECT_NEAR(shoulder.velocity_limit, 0.17, 1e-12);
  EXPECT_EQ(shoulder.effort_limit, 5000.0);
  const ArticulatedModel rov = build_articulated_model(tree);
  EXPECT_EQ(rov.nv, 14);

  // Hung from a fixed vehicle in air, the arm under its weight stays within its limits and
  // holds still where its friction holds it (150 N m at the shoulder).
  const ArticulatedModel arm = build_articulated_model(tree, Pose());
  ArticulatedState state = neutral_state(arm);
  ArticulatedData data = make_articulated_data(arm);
  const ArticulatedLoads weight = [&](double, const ArticulatedState&, ArticulatedData& d) {
    d.tau.setZero();
    for (size_t i = 0; i < arm.links.size(); ++i) {
      const LinkGroup& group = tree.groups[i + 1];
      d.F_L[i] = testing::weight_and_buoyancy_L(d.X_WL[i], group.mass, group.p_GoGcm, 0.0,
                                                Vec3::Zero(), kGravity_W);
    }
  };
  for (int k = 0; k < 1000; ++k)
    integrate_articulated(arm, data, state, k * 1e-3, 1e-3, weight);
  ASSERT_TRUE(state.q.allFinite() && state.v.allFinite());
  for (const ArticulatedLink& link : arm.links) {
    EXPECT_GE(state.q[link.q_start], link.dynamics.lower) << link.joint_name;
    EXPECT_LE(state.q[link.q_start], link.dynamics.upper) << link.joint_name;
  }
}

}  // namespace
}  // namespace leeway::sdfio
