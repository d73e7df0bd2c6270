#include "leeway/sdf/load_world.h"

#include <gtest/gtest.h>
#include <cstdlib>
#include <filesystem>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

#include "leeway/core/rotation.h"
#include "leeway/world/state.h"
#include "leeway/world/step.h"
#include "sdf/sdf_test_util.h"
#include "temp_file.h"

namespace leeway {
namespace {

namespace fs = std::filesystem;
using testing::expect_mentions;
using testing::line_of;
using testing::load;
using testing::load_error;
using testing::simple_model;
using testing::world_sdf;

TEST(LoadWorld, WorldSettings) {
  const Model m = load(R"(<?xml version="1.0"?>
<sdf version="1.9"><world name="harbour">
  <physics name="p" type="x"><max_step_size>0.002</max_step_size></physics>
  <gravity>0 0 -9.8</gravity>
  <spherical_coordinates><surface_model>EARTH_WGS84</surface_model>
    <latitude_deg>-33.7</latitude_deg><longitude_deg>150.6</longitude_deg>
    <elevation>12</elevation><heading_deg>0</heading_deg></spherical_coordinates>
</world></sdf>)");
  EXPECT_EQ(m.world_name, "harbour");
  EXPECT_DOUBLE_EQ(m.dt, 0.002);
  EXPECT_EQ(m.gravity_W, Vec3(0, 0, -9.8));
  ASSERT_TRUE(m.origin.has_value());
  EXPECT_DOUBLE_EQ(m.origin->latitude_deg, -33.7);
  EXPECT_DOUBLE_EQ(m.origin->longitude_deg, 150.6);
  EXPECT_DOUBLE_EQ(m.origin->altitude_m, 12.0);
  EXPECT_TRUE(m.bodies.empty());
}

TEST(LoadWorld, ModelPoseAndInertia) {
  const Model m = load(world_sdf(R"(<model name="boat"><pose>1 2 3 0.1 0.2 0.3</pose>
  <link name="hull"><pose>0.5 0 0 0 0 0</pose>
    <inertial><pose>0.1 0 -0.2 0 0 0</pose><mass>40</mass>
      <inertia><ixx>4</ixx><iyy>5</iyy><izz>6</izz><ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia>
    </inertial></link></model>)"));
  ASSERT_EQ(m.bodies.size(), 1u);
  const BodyModel& b = m.bodies[0];
  EXPECT_EQ(b.model_name, "boat");
  EXPECT_EQ(b.link_name, "hull");
  EXPECT_DOUBLE_EQ(b.mass, 40.0);
  EXPECT_TRUE(b.p_BoBcm.isApprox(Vec3(0.1, 0, -0.2), 1e-15));
  const Quat q = quat_from_euler_zyx(0.1, 0.2, 0.3);
  EXPECT_TRUE(b.p_WB0.isApprox(Vec3(1, 2, 3) + q * Vec3(0.5, 0, 0), 1e-14));
  EXPECT_NEAR(std::abs(b.q_WB0.dot(q)), 1.0, 1e-15);
  EXPECT_TRUE(b.M_RB.isApprox(
      rigid_body_mass_matrix(40, Vec3(0.1, 0, -0.2), Vec3(4, 5, 6).asDiagonal()), 1e-14));
  EXPECT_TRUE((b.M_inv * (b.M_RB + b.M_A)).isIdentity(1e-12));
}

TEST(LoadWorld, LinksAreMergedWithTheParallelAxisTheorem) {
  // Two 1 kg point-like links 1 m apart along y, joined by a fixed joint: CoM midway,
  // I_xx = I_zz = 2 * 1 kg * (0.5 m)^2 = 0.5 kg m^2 about it, plus the links' own 2 * 0.01.
  const Model m = load(world_sdf(R"(<model name="dumbbell">
  <link name="a"><inertial><mass>1</mass><inertia><ixx>0.01</ixx><iyy>0.01</iyy><izz>0.01</izz>
    <ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia></inertial></link>
  <link name="b"><pose>0 1 0 0 0 0</pose><inertial><mass>1</mass><inertia><ixx>0.01</ixx>
    <iyy>0.01</iyy><izz>0.01</izz><ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia></inertial></link>
  <joint name="j" type="fixed"><parent>a</parent><child>b</child></joint>
</model>)"));
  const BodyModel& b = m.bodies[0];
  EXPECT_DOUBLE_EQ(b.mass, 2.0);
  EXPECT_TRUE(b.p_BoBcm.isApprox(Vec3(0, 0.5, 0), 1e-15));
  EXPECT_TRUE(b.I_Bcm.isApprox(Mat3(Vec3(0.52, 0.02, 0.52).asDiagonal()), 1e-14));
}

TEST(LoadWorld, StaticModelsAreScenery) {
  const Model m = load(world_sdf(R"(<model name="pier"><static>true</static>
    <link name="l"><collision name="c"><geometry><box><size>1 1 1</size></box></geometry>
    </collision></link></model>)"));
  EXPECT_TRUE(m.bodies.empty());
}

TEST(LoadWorld, NestedModelsAreModelsOfTheirOwnAsInGzSim) {
  // A course (no links of its own) holding two buoys, one of them static, turned and moved:
  // each free buoy is a body at its composed pose, named by its scoped name. A boat's mast,
  // a nested model its joint holds, is part of the boat's body.
  const std::string buoy = simple_model("", "buoy");
  const std::string text =
      world_sdf(R"(<model name="course"><pose>10 0 0 0 0 1.5707963267948966</pose>
      <model name="red"><pose>2 0 -1 0 0 0</pose><link name="base"><inertial><mass>3</mass>
        <inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz></inertia></inertial></link></model>
      <model name="post"><static>true</static><pose>0 5 0 0 0 0</pose><link name="base">
        <collision name="c"><geometry><box><size>1 1 1</size></box></geometry></collision>
      </link></model>
    </model>
    <model name="boat"><link name="hull"><inertial><mass>5</mass>
        <inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz></inertia></inertial></link>
      <model name="mast"><link name="pole"><inertial><mass>1</mass>
        <inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz></inertia></inertial></link></model>
      <joint name="step" type="fixed"><parent>hull</parent><child>mast::pole</child></joint>
    </model>)");
  Diagnostics d;
  const Model m = load_world_file(testing::write_temp("nested.sdf", text), d);
  ASSERT_EQ(m.bodies.size(), 2u);
  EXPECT_EQ(m.bodies[0].model_name, "course::red");
  EXPECT_EQ(m.bodies[0].mass, 3.0);
  EXPECT_LT((m.bodies[0].p_WB0 - Vec3(10.0, 2.0, -1.0)).norm(), 1e-12);  // turned 90 deg
  EXPECT_EQ(m.bodies[1].model_name, "boat");
  EXPECT_EQ(m.bodies[1].mass, 6.0);  // the mast a joint holds is part of the boat's body
  ASSERT_EQ(m.colliders.size(), 1u);
  EXPECT_EQ(m.colliders[0].model_name, "course::post");
  EXPECT_EQ(m.colliders[0].body, -1);
  EXPECT_LT((m.colliders[0].X_WB.translation() - Vec3(5.0, 0.0, 0.0)).norm(), 1e-12);
  EXPECT_TRUE(d.warnings().empty());
}

TEST(LoadWorld, RelativePathWorks) {
  // sdformat 12 cannot open bare relative paths; the loader must.
  const std::string path = testing::write_temp("relative.sdf", world_sdf(simple_model("")));
  const auto cwd = std::filesystem::current_path();
  std::filesystem::current_path(std::filesystem::path(path).parent_path());
  Diagnostics d;
  EXPECT_EQ(load_world_file("relative.sdf", d).bodies.size(), 1u);
  std::filesystem::current_path(cwd);
}

TEST(LoadWorld, AModelFixedToTheWorldIsStaticSceneryAndABallJointToItIsRefused) {
  // As gz-sim holds it: UUV's BOP panel and VRX's platform are anchored by a fixed joint to the
  // world, whatever their <static>.
  const std::string anchored = world_sdf(R"(<model name="panel"><pose>1 2 -3 0 0 0.5</pose>
    <link name="block"><inertial><mass>50</mass><inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz>
      </inertia></inertial>
      <collision name="c"><geometry><box><size>1 1 1</size></box></geometry></collision></link>
    <joint name="world_joint" type="fixed"><parent>world</parent><child>block</child></joint>
  </model>)",
                                         "", "0 0 -9.81");
  const Model m = load(anchored);
  EXPECT_TRUE(m.bodies.empty());  // nothing to integrate: it cannot fall
  ASSERT_EQ(m.colliders.size(), 1u);
  EXPECT_EQ(m.colliders[0].body, -1);
  EXPECT_LT((m.colliders[0].X_WB.translation() - Vec3(1, 2, -3)).norm(), 1e-12);
  // A ball joint to the world would need a constraint Leeway does not have: refused, with what
  // to do, rather than dropped (the model would fall). Revolute and prismatic ones hold it on
  // their axis (reference/world_joints_test.cc).
  std::string ball = anchored;
  ball.replace(ball.find("type=\"fixed\""), 12, "type=\"ball\"");
  expect_mentions(load_error("ball.sdf", ball),
                  {"ball.sdf:" + std::to_string(line_of(ball, "<joint")), "joint 'world_joint'",
                   "ball", "expected a fixed joint"});
}

/// ../shared/foreign beside the checkout: VRX's, UUV Simulator's and gz-sim's own files (its
/// README gives their provenance). It is not part of a user's clone: the tests that need it say
/// so and skip without it.
TEST(LoadWorld, UuvSimulatorsBopPanelStaysWhereItsWorldJointHoldsIt) {
  const fs::path models = testing::foreign_corpus() / "uuv" / "uuv_gazebo_worlds" / "models";
  if (!fs::is_directory(models / "bop_panel"))
    GTEST_SKIP() << "no foreign corpus at " << models << ": UUV Simulator's bop_panel not tested";
  const testing::ScopedModelPaths paths({{"LEEWAY_RESOURCE_PATH", testing::joined({models})}});
  Diagnostics d;
  // 1000 kg on a fixed joint to the world, 10 m down: before, it fell 4.9 m in its first second.
  const std::string text = world_sdf(
      "<include><uri>model://bop_panel</uri><pose>0 0 -10 0 0 0</pose></include>", "", "0 0 -9.81");
  const Model m = load_world_file(testing::write_temp("bop_panel.sdf", text), d);
  ASSERT_FALSE(m.colliders.empty());
  EXPECT_EQ(m.colliders[0].body, -1);
  EXPECT_LT((m.colliders[0].X_WB.translation() - Vec3(0, 0, -10)).norm(), 1e-12);
  // Its five valves turn on revolute joints, as in gz-sim: a tree hanging from the world, each
  // valve's origin (its hinge) where it was after a second under gravity.
  ASSERT_EQ(m.trees.size(), 1u);
  ASSERT_EQ(m.bodies.size(), 5u);
  State state = make_initial_state(m);
  const State start = state;
  Workspace ws;
  for (int k = 0; k < static_cast<int>(std::lround(1.0 / m.dt)); ++k)
    ASSERT_TRUE(step(m, state, {}, ws).ok);
  for (std::size_t i = 0; i < m.bodies.size(); ++i)
    EXPECT_LT((state.bodies[i].p_WB - start.bodies[i].p_WB).norm(), 1e-9) << m.bodies[i].model_name;
  // Its ROV panel holds its panel by a revolute joint whose limits are both 0: locked, so
  // anchored as well (gz-sim holds it at the limit), the panel itself scenery.
  const Model rov = load_world_file(
      testing::write_temp(
          "rov_bop_panel.sdf",
          world_sdf("<include><uri>model://rov_bop_panel</uri></include>", "", "0 0 -9.81")),
      d);
  ASSERT_FALSE(rov.colliders.empty());
  EXPECT_EQ(rov.colliders[0].body, -1);  // its valves turn, as the BOP panel's
}

TEST(LoadWorld, UuvSimulatorsGeneratedRexRovLoadsAndMovesAsItsParametersSay) {
  // UUV Simulator's launch writes its thruster and sensor links with 1 g and zero inertia:
  // harmless once merged into the 1862.87 kg hull, so accepted (the merged body is checked).
  const fs::path foreign = testing::foreign_corpus() / "uuv";
  if (!fs::is_directory(foreign / "generated" / "rexrov_default"))
    GTEST_SKIP() << "no foreign corpus at " << foreign << ": the generated RexROV not tested";
  const testing::ScopedModelPaths paths(
      {{"LEEWAY_RESOURCE_PATH", testing::joined({foreign / "generated", foreign})}});
  Diagnostics d;
  const std::string text =
      world_sdf("<include><uri>model://rexrov_default</uri><pose>0 0 -20 0 0 0</pose></include>",
                "", "0 0 -9.81");
  const Model m = load_world_file(testing::write_temp("rexrov_default.sdf", text), d);
  ASSERT_EQ(m.bodies.size(), 1u);
  // The hull, 19 links of 1 g, 3 of 15 g and 3 of 100 g, as the URDF lists them.
  EXPECT_NEAR(m.bodies[0].mass, 1862.87 + 19 * 0.001 + 3 * 0.015 + 3 * 0.1, 1e-9);
  EXPECT_EQ(m.actuators.size(), 8u);  // its eight thrusters

  // It moves as UUV's parameters say. At rest its first acceleration is M^-1 F, with M the
  // rigid body's mass matrix plus UUV's added mass, which UUV applies in FRD axes (its ToNED
  // flips y and z of the link's FLU: research/uuv.md 1), and F the net buoyancy (1.83826 m^3 of
  // water at 1028 kg/m^3 less its weight) at the centre of buoyancy 0.3 m above the origin,
  // against the weight at its centre of mass.
  const BodyModel& b = m.bodies[0];
  Mat6 M_A;
  M_A << 779.79, -6.8773, -103.32, 8.5426, -165.54, -7.8033,  //
      -6.8773, 1222, 51.29, 409.44, -5.8488, 62.726,          //
      -103.32, 51.29, 3659.9, 6.1112, -386.42, 10.774,        //
      8.5426, 409.44, 6.1112, 534.9, -10.027, 21.019,         //
      -165.54, -5.8488, -386.42, -10.027, 842.69, -1.1162,    //
      -7.8033, 62.726, 10.775, 21.019, -1.1162, 224.32;
  const Vec6 flip = (Vec6() << 1, -1, -1, 1, -1, -1).finished();  // FRD <-> FLU
  // Berg's 10.774 against 10.775 is averaged (with a warning), as a mass matrix is symmetric.
  const Mat6 M = rigid_body_mass_matrix(b.mass, b.p_BoBcm, b.I_Bcm) +
                 flip.asDiagonal() * (0.5 * (M_A + M_A.transpose())) * flip.asDiagonal();
  const Vec3 buoyancy(0.0, 0.0, 1.83826 * 1028 * 9.81), weight(0.0, 0.0, -b.mass * 9.81);
  Vec6 F;
  F << buoyancy + weight, Vec3(0.0, 0.0, 0.3).cross(buoyancy) + b.p_BoBcm.cross(weight);
  const Vec6 expected = M.lu().solve(F);
  State s = make_initial_state(m);
  Workspace ws;
  StepData data = make_step_data(m);
  ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
  EXPECT_LT((data.bodies[0].nu_dot - expected).norm(), 1e-9 * expected.norm());
  // And it rises to the speed where UUV's heave damping (728.4 w + 1821.01 w^2) takes its net
  // buoyancy, as UUV's RexROV does (0.2298 m/s with the hull's mass alone).
  for (int k = 0; k < 6000; ++k)
    ASSERT_TRUE(step(m, s).ok);  // 60 s
  const double net = F(2);
  const double w = (-728.4 + std::sqrt(728.4 * 728.4 + 4 * 1821.01 * net)) / (2 * 1821.01);
  const Vec3 v_W = s.bodies[0].q_WB * Vec3(s.bodies[0].V_WB_B.head<3>());
  EXPECT_NEAR(v_W.z(), w, 2e-3 * w);
}

/// Where VRX's generated WAM-V and the models its URDF names are found.
testing::ScopedModelPaths generated_wamv_paths(const fs::path& vrx) {
  return testing::ScopedModelPaths(
      {{"LEEWAY_RESOURCE_PATH",
        testing::joined({vrx / "generated", vrx / "vrx_gz" / "models", vrx / "vrx_urdf", vrx})}});
}

TEST(LoadWorld, VrxsGeneratedWamvLoadsInEachLayoutAndFloatsAtRest) {
  // The WAM-V as VRX's launch generates it (H, T and X thruster layouts), with the <name> VRX
  // writes into its Thruster and JointPositionController blocks: it loads, and left alone in
  // calm water it comes to rest afloat.
  const fs::path vrx = testing::foreign_corpus() / "vrx";
  if (!fs::is_directory(vrx / "generated" / "wamv_H"))
    GTEST_SKIP() << "no foreign corpus at " << vrx << ": the generated WAM-V not tested";
  const testing::ScopedModelPaths paths = generated_wamv_paths(vrx);
  for (const char* layout : {"wamv_H", "wamv_T", "wamv_X"}) {
    SCOPED_TRACE(layout);
    Diagnostics d;
    const std::string text = world_sdf(
        std::string("<include><uri>model://") + layout + "</uri></include>", "", "0 0 -9.81");
    Model m = load_world_file(testing::write_temp(std::string(layout) + ".sdf", text), d);
    ASSERT_EQ(m.bodies.size(), 1u);
    EXPECT_GE(m.actuators.size(), 2u);
    State s = make_initial_state(m);
    for (int i = 0; i < 3000; ++i)  // 30 s
      ASSERT_TRUE(step(m, s).ok);
    EXPECT_LT(s.bodies[0].V_WB_B.norm(), 1e-2);
    EXPECT_LT(s.bodies[0].p_WB.z(), 0.0);  // afloat, its origin below the surface
    EXPECT_GT(s.bodies[0].p_WB.z(), -0.5);
  }
}

TEST(LoadWorld, TheShippedWamvCarriesVrxsCamerasAndLidarWhereVrxsGeneratedOneDoes) {
  // models/wamv's stereo pair, starboard camera and VLP-16 against VRX's generated WAM-V (its
  // URDF's sensor links, posts and arms folded into base_link by the loader): the same poses
  // and the same blocks.
  const fs::path vrx = testing::foreign_corpus() / "vrx";
  if (!fs::is_directory(vrx / "generated" / "wamv_H"))
    GTEST_SKIP() << "no foreign corpus at " << vrx << ": the generated WAM-V not tested";
  const auto load_wamv = [](const std::string& uri, const std::string& file) {
    Diagnostics d;
    return load_world_file(
        testing::write_temp(
            file, world_sdf("<include><uri>" + uri + "</uri><name>wamv</name>" + "</include>", "",
                            "0 0 -9.81")),
        d);
  };
  Model vrx_wamv;
  {
    const testing::ScopedModelPaths paths = generated_wamv_paths(vrx);
    vrx_wamv = load_wamv("model://wamv_H", "vrx_wamv.sdf");
  }
  const Model shipped = load_wamv(std::string(LEEWAY_SOURCE_DIR) + "/models/wamv", "wamv.sdf");
  for (const char* name : {"front_left_camera_sensor", "front_right_camera_sensor",
                           "middle_right_camera_sensor", "lidar_wamv_sensor"}) {
    SCOPED_TRACE(name);
    const auto find = [&](const Model& m) -> const SensorModel* {
      for (const SensorModel& s : m.sensors)
        if (s.name == name) return &s;
      return nullptr;
    };
    const SensorModel *a = find(vrx_wamv), *b = find(shipped);
    ASSERT_TRUE(a && b);
    EXPECT_LT((a->X_BS.translation() - b->X_BS.translation()).norm(), 1e-9);
    // (sdformat's URDF conversion writes the lumped links' angles to six significant digits.)
    EXPECT_LT((a->X_BS.linear() - b->X_BS.linear()).norm(), 1e-5);
    EXPECT_EQ(a->rate_hz, b->rate_hz);
    if (const auto* camera = std::get_if<CameraModel>(&a->kind)) {
      const auto& other = std::get<CameraModel>(b->kind);
      EXPECT_EQ(camera->width, other.width);
      EXPECT_EQ(camera->height, other.height);
      EXPECT_EQ(camera->horizontal_fov, other.horizontal_fov);
      EXPECT_EQ(camera->near, other.near);
      EXPECT_EQ(camera->far, other.far);
      EXPECT_EQ(camera->noise_stddev, other.noise_stddev);
    } else {
      const auto &x = std::get<LidarModel>(a->kind), &y = std::get<LidarModel>(b->kind);
      EXPECT_EQ(x.horizontal_samples, y.horizontal_samples);
      EXPECT_EQ(x.vertical_samples, y.vertical_samples);
      EXPECT_EQ(x.horizontal_min, y.horizontal_min);
      EXPECT_EQ(x.horizontal_max, y.horizontal_max);
      EXPECT_EQ(x.vertical_min, y.vertical_min);
      EXPECT_EQ(x.vertical_max, y.vertical_max);
      EXPECT_EQ(x.range_min, y.range_min);
      EXPECT_EQ(x.range_max, y.range_max);
      EXPECT_EQ(x.range_noise.white_stddev, y.range_noise.white_stddev);
    }
  }
}

TEST(LoadWorld, VrxsGeneratedWamvReachesTheSpeedOfVrxsDampingLawAtFullThrust) {
  // Both engines at their 2353.53 N maximum, in calm water: the surge speed where VRX's
  // SimpleHydrodynamics damping (xU 100, xUU 150, as the URDF writes them) takes the thrust,
  // 100 u + 150 u^2 = 4707.07 N. Its actuators go by their joint names less the URDF's `wamv/`.
  const fs::path vrx = testing::foreign_corpus() / "vrx";
  if (!fs::is_directory(vrx / "generated" / "wamv_H"))
    GTEST_SKIP() << "no foreign corpus at " << vrx << ": the generated WAM-V not tested";
  const testing::ScopedModelPaths paths = generated_wamv_paths(vrx);
  Diagnostics d;
  const std::string text =
      world_sdf("<include><uri>model://wamv_H</uri><name>wamv</name></include>", "", "0 0 -9.81");
  const Model m = load_world_file(testing::write_temp("wamv_full_thrust.sdf", text), d);
  Inputs in;
  in.commands.resize(m.actuators.size());
  for (const char* engine : {"left_engine_propeller_joint", "right_engine_propeller_joint"}) {
    const int i = m.actuator_index("wamv", engine);
    ASSERT_GE(i, 0) << engine;
    in.commands[static_cast<std::size_t>(i)] = 2353.53383667818;
  }
  State s = make_initial_state(m);
  for (int k = 0; k < 12000; ++k)  // 120 s at 10 ms
    ASSERT_TRUE(step(m, s, in).ok);
  const double thrust = 2.0 * 2353.53383667818;
  const double u = (-100.0 + std::sqrt(100.0 * 100.0 + 4.0 * 150.0 * thrust)) / (2.0 * 150.0);
  EXPECT_NEAR(s.bodies[0].V_WB_B(0), u, 1e-3 * u);
  // Straight ahead and level (it trims bow-up a little, so its body w is not zero).
  EXPECT_LT(std::abs(s.bodies[0].V_WB_B(1)), 1e-3 * u);
  EXPECT_LT(std::abs((s.bodies[0].q_WB * Vec3(s.bodies[0].V_WB_B.head<3>())).z()), 1e-3 * u);
}

TEST(LoadWorld, DefaultWorldLoadsCleanly) {
  Diagnostics d;
  const Scenario m = load_scenario_file(std::string(LEEWAY_SOURCE_DIR) + "/worlds/default.sdf", d);
  EXPECT_EQ(m.model.bodies.size(), 1u);  // the WAM-V, with its autopilot, on the wayfinding task
  EXPECT_EQ(m.controllers.size(), 1u);
  ASSERT_EQ(m.tasks.size(), 1u);
  EXPECT_EQ(m.tasks[0].goals.size(), 4u);
  EXPECT_TRUE(d.warnings().empty()) << d.warnings().front().str();
}

}  // namespace
}  // namespace leeway
