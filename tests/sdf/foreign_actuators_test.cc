// gz-sim's, UUV Simulator's and VRX classic's actuator plugins load with their meaning: each
// loaded thruster or foil gives the force its plugin's own equations give, at the point and along
// the axis its joints and links say.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <numbers>

#include "leeway/hydro/foil_parameters.h"
#include "leeway/hydro/fossen_parameters.h"
#include "leeway/propulsion/control_surface.h"
#include "leeway/propulsion/rotor_parameters.h"
#include "leeway/propulsion/thrust_curve_parameters.h"
#include "leeway/propulsion/thruster.h"
#include "leeway/world/step.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

using testing::expect_mentions;
using testing::line_of;
using testing::load;
using testing::load_error;
using testing::load_scenario;
using testing::world_sdf;

std::string link(const std::string& name, const std::string& pose) {
  return R"(<link name=")" + name + R"("><pose>)" + pose + R"(</pose>
    <inertial><mass>0.5</mass><inertia><ixx>0.01</ixx><iyy>0.01</iyy><izz>0.01</izz>
      <ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia></inertial></link>)";
}

std::string joint(const std::string& name, const std::string& parent, const std::string& child,
                  const std::string& xyz, const std::string& limit = "") {
  return R"(<joint name=")" + name + R"(" type="revolute"><parent>)" + parent + "</parent><child>" +
         child + "</child><axis><xyz>" + xyz + "</xyz>" + limit + "</axis></joint>";
}

/// A 10 kg base link at the model origin, with extra links, joints and plugins.
std::string model(const std::string& parts) {
  return R"(<model name="boat"><link name="base">
    <inertial><mass>10</mass><inertia><ixx>1</ixx><iyy>2</iyy><izz>2</izz>
      <ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia></inertial></link>)" +
         parts + "</model>";
}

/// An outboard as VRX builds it: an engine on a steering joint, a propeller hanging below it.
const std::string kOutboard =
    link("engine", "-2 1 0.3 0 0 0") + link("propeller", "-2.3 1 -0.2 0 0 0") +
    joint("engine_joint", "base", "engine", "0 0 1",
          "<limit><lower>-3.14</lower><upper>3.14</upper><velocity>10</velocity></limit>") +
    joint("propeller_joint", "engine", "propeller", "1 0 0");

std::string gz_thruster(const std::string& params) {
  return R"(<plugin filename="gz-sim-thruster-system" name="gz::sim::systems::Thruster">
    <joint_name>propeller_joint</joint_name>)" +
         params + "</plugin>";
}

const std::string kSteering =
    R"(<plugin filename="gz-sim-joint-position-controller-system"
               name="gz::sim::systems::JointPositionController">
      <joint_name>engine_joint</joint_name><use_velocity_commands>true</use_velocity_commands>
      <cmd_max>1</cmd_max><cmd_min>-1</cmd_min></plugin>)";

/// The command topic the file names for actuator `name` (sim/wiring.h).
std::string command_topic(const Scenario& s, const std::string& name) {
  const int i = s.model.actuator_index(s.model.bodies.at(0).model_name, name);
  EXPECT_GE(i, 0) << name;
  return i < 0 ? "" : s.wiring.actuators[static_cast<std::size_t>(i)].command_topic;
}

const ActuatorModel& actuator(const Model& m, const std::string& name) {
  const int i = m.actuator_index("boat", name);
  EXPECT_GE(i, 0) << name;
  return m.actuators.at(static_cast<std::size_t>(i));
}

TEST(GzThruster, ThrustCommandPushesAlongTheJointAxisAtThePropeller) {
  // VRX's WAM-V engine (research/vrx.md 2.6): the command is the thrust, within [-1000, 2353.5].
  const Model m = load(world_sdf(model(kOutboard + gz_thruster(R"(
      <thrust_coefficient>0.004422</thrust_coefficient><fluid_density>1000</fluid_density>
      <propeller_diameter>0.2</propeller_diameter><velocity_control>true</velocity_control>
      <max_thrust_cmd>2353.5</max_thrust_cmd><namespace>wamv</namespace>)"))));
  const Thruster& t = m.bodies[0].thrusters.at(0);
  const ActuatorModel& a = actuator(m, "propeller_joint");
  EXPECT_EQ(a.unit, "N");
  EXPECT_EQ(a.command_min, -1000.0);  // gz-sim's default
  EXPECT_EQ(a.command_max, 2353.5);
  EXPECT_TRUE(std::holds_alternative<ZeroOrderRotor>(a.dynamics.dynamics));  // instantaneous
  EXPECT_EQ(check_command(a, 3000.0).value, 2353.5);
  EXPECT_EQ(t.azimuth_actuator, -1);  // nothing drives the engine joint
  const Vec6 F = thruster_wrench(t, 500.0, 0.0, Vec6::Zero(), Vec3::Zero());
  Vec6 expected;
  expected << 500, 0, 0, 0, -0.2 * 500, -1.0 * 500;  // p x F with p = (-2.3, 1, -0.2)
  EXPECT_LT((F - expected).norm(), 1e-9) << F.transpose();
  // Forward and astern alike, as gz-sim applies the command itself.
  EXPECT_NEAR(thruster_wrench(t, -800.0, 0.0, Vec6::Zero(), Vec3::Zero())[0], -800.0, 1e-9);
}

TEST(GzThruster, ShaftSpeedCommandUsesRhoCtD4) {
  // T = rho C_t D^4 w|w| = 1000 * 0.004422 * 0.2^4 * 100^2 = 70.752 N.
  const Model m = load(world_sdf(model(kOutboard + gz_thruster(R"(
      <use_angvel_cmd>true</use_angvel_cmd><thrust_coefficient>0.004422</thrust_coefficient>
      <fluid_density>1000</fluid_density><propeller_diameter>0.2</propeller_diameter>)"))));
  const Thruster& t = m.bodies[0].thrusters.at(0);
  EXPECT_EQ(actuator(m, "propeller_joint").unit, "rad/s");
  EXPECT_NEAR(thruster_wrench(t, 100.0, 0.0, Vec6::Zero(), Vec3::Zero())[0], 70.752, 1e-9);
  EXPECT_NEAR(thruster_wrench(t, -100.0, 0.0, Vec6::Zero(), Vec3::Zero())[0], -70.752, 1e-9);
}

TEST(GzThruster, CommandTopicsAreGzSimsForAServedRun) {
  const auto thruster_topic = [](const std::string& params) {
    return command_topic(load_scenario(world_sdf(model(kOutboard + gz_thruster(params)))),
                         "propeller_joint");
  };
  EXPECT_EQ(thruster_topic(""), "/model/boat/joint/propeller_joint/cmd_thrust");
  EXPECT_EQ(thruster_topic("<use_angvel_cmd>true</use_angvel_cmd><thrust_coefficient>0.004"
                           "</thrust_coefficient>"),
            "/model/boat/joint/propeller_joint/cmd_vel");
  EXPECT_EQ(thruster_topic("<namespace>wamv</namespace><topic>thrusters/left/thrust</topic>"),
            "/wamv/thrusters/left/thrust");  // VRX's
  EXPECT_EQ(thruster_topic("<namespace>wamv</namespace>"),
            "/model/wamv/joint/propeller_joint/cmd_thrust");
  const auto steering_topic = [](const std::string& params) {
    const std::string plugin =
        R"(<plugin filename="gz-sim-joint-position-controller-system"
                   name="gz::sim::systems::JointPositionController">
          <joint_name>engine_joint</joint_name><use_velocity_commands>true</use_velocity_commands>)" +
        params + "</plugin>";
    return command_topic(load_scenario(world_sdf(model(kOutboard + plugin))), "engine_joint");
  };
  EXPECT_EQ(steering_topic(""), "/model/boat/joint/engine_joint/0/cmd_pos");
  EXPECT_EQ(steering_topic("<topic>wamv/thrusters/left/pos</topic>"), "/wamv/thrusters/left/pos");
  EXPECT_EQ(steering_topic("<sub_topic>steer</sub_topic>"), "/model/boat/steer");
}

TEST(GzThruster, DeadbandZeroesSmallThrusts) {
  const Model m = load(world_sdf(model(kOutboard + gz_thruster("<deadband>20</deadband>"))));
  const Thruster& t = m.bodies[0].thrusters.at(0);
  EXPECT_EQ(thruster_wrench(t, 19.0, 0.0, Vec6::Zero(), Vec3::Zero()).norm(), 0.0);
  EXPECT_NEAR(thruster_wrench(t, 21.0, 0.0, Vec6::Zero(), Vec3::Zero())[0], 21.0, 1e-12);
}

TEST(GzThruster, SteeringJointMakesAnAzimuthThatSwingsThePropeller) {
  // The engine turns 0.5 rad about z at (-2, 1, 0.3); the propeller, 0.3 m behind and 0.5 m
  // below it, swings with it, and the thrust turns with it.
  const Model m = load(world_sdf(model(kOutboard + kSteering + gz_thruster(""))));
  const Thruster& t = m.bodies[0].thrusters.at(0);
  const ActuatorModel& steer = actuator(m, "engine_joint");
  EXPECT_EQ(steer.unit, "rad");
  EXPECT_EQ(steer.dynamics.max_rate, 1.0);  // cmd_max
  EXPECT_NEAR(steer.dynamics.x_max, 3.14, 1e-12);
  EXPECT_EQ(t.azimuth_actuator, m.actuator_index("boat", "engine_joint"));
  const double az = 0.5;
  const Vec3 a(std::cos(az), std::sin(az), 0.0);
  const Vec3 pivot(-2, 1, 0.3);
  const Vec3 p = pivot + Vec3(-0.3 * std::cos(az), -0.3 * std::sin(az), -0.5);
  const Vec6 F = thruster_wrench(t, 100.0, az, Vec6::Zero(), Vec3::Zero());
  EXPECT_LT((F.head<3>() - 100.0 * a).norm(), 1e-9);
  EXPECT_LT((F.tail<3>() - p.cross(100.0 * a)).norm(), 1e-9) << F.transpose();
}

TEST(GzThruster, OnlyJointsNoActuatorStandsInForAreWarnedAboutAsFixed) {
  const auto fixed_warnings = [](const std::string& parts) {
    Diagnostics d;
    load_world_string(world_sdf(model(parts)), "test.sdf", d);
    std::vector<std::string> joints;
    for (const Diagnostic& w : d.warnings()) {
      if (w.message.find("treated as fixed") != std::string::npos) joints.push_back(w.message);
    }
    return joints;
  };
  // Steered: the spin and steering joints are the thruster's; nothing to say.
  EXPECT_TRUE(fixed_warnings(kOutboard + kSteering + gz_thruster("")).empty());
  // Unsteered: the engine joint no longer turns, and the load says so.
  const std::vector<std::string> w = fixed_warnings(kOutboard + gz_thruster(""));
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("engine_joint"), std::string::npos);
}

/// gz-sim's LiftDrag force (its LiftDrag.cc equations, below the stall) for a body velocity
/// v [m/s] at a foil with forward f and upward u, in a fluid of density rho.
Vec3 gz_lift_drag(const Vec3& v, const Vec3& f, const Vec3& u, double cla, double cda, double area,
                  double rho) {
  const Vec3 span = f.cross(u).normalized();
  const Vec3 v_plane = v - v.dot(span) * span;
  const Vec3 lift_dir = span.cross(v_plane).normalized();
  const double angle = std::acos(std::clamp(lift_dir.dot(u), -1.0, 1.0));
  const double alpha = lift_dir.dot(f) >= 0.0 ? angle : -angle;
  const double q = 0.5 * rho * v_plane.squaredNorm();
  return cla * alpha * q * area * lift_dir -
         std::abs(cda * alpha) * q * area * v_plane.normalized();
}

const std::string kRudder =
    link("rudder", "-1 0 0 0 0 0") + joint("rudder_joint", "base", "rudder", "0 0 1",
                                           "<limit><lower>-0.6</lower><upper>0.6</upper></limit>");
const std::string kLiftDrag = R"(<plugin filename="gz-sim-lift-drag-system"
                                         name="gz::sim::systems::LiftDrag">
    <link_name>rudder</link_name><air_density>1000</air_density><area>0.1</area>
    <cla>4.0</cla><cda>0.2</cda><alpha_stall>0.3</alpha_stall><cla_stall>-1</cla_stall>
    <cda_stall>0.5</cda_stall><forward>1 0 0</forward><upward>0 1 0</upward><cp>0 0 0</cp>
  </plugin>)";

TEST(GzLiftDrag, ForcesMatchGzSimsEquationsBelowTheStall) {
  const Model m = load(world_sdf(model(kRudder + kLiftDrag)));
  const ControlSurface& s = m.bodies[0].control_surfaces.at(0);
  EXPECT_EQ(s.fluid, Fluid::kWater);  // air_density 1000
  EXPECT_EQ(s.actuator, -1);          // no controller: held at 0
  const double rho = m.environment.fluid_density;
  for (const Vec3& v : {Vec3(2, 0.2, 0), Vec3(2, -0.3, 0.1), Vec3(1.5, 0.05, -0.4)}) {
    Vec6 nu = Vec6::Zero();
    nu.head<3>() = v;
    const Vec6 F = control_surface_wrench(s, 0.0, nu, Vec3::Zero(), rho);
    const Vec3 expected = gz_lift_drag(v, Vec3::UnitX(), Vec3::UnitY(), 4.0, 0.2, 0.1, rho);
    EXPECT_LT((F.head<3>() - expected).norm(), 1e-9 * expected.norm()) << v.transpose();
    EXPECT_LT((F.tail<3>() - Vec3(-1, 0, 0).cross(expected)).norm(), 1e-9);
  }
}

TEST(GzLiftDrag, ItsOwnDensityWinsOverTheWorldsAsInGzSim) {
  // The plugin states 1000 kg/m^3; the world's water is 1025. A step's control-surface term, at
  // the body's start velocity, is gz-sim's force at 1000, not at 1025 (2.5 % more).
  Model m = load(world_sdf(model(kRudder + kLiftDrag)));
  ASSERT_EQ(m.environment.fluid_density, 1025.0);
  const ControlSurface& s = m.bodies[0].control_surfaces.at(0);
  EXPECT_EQ(s.fluid_density, 1000.0);
  const Vec3 v(2, 0.2, 0);
  m.bodies[0].V_WB_B0.head<3>() = v;
  State state = make_initial_state(m);
  StepData data = make_step_data(m);
  Workspace ws;
  ASSERT_TRUE(step(m, state, {}, ws, &data).ok);
  const Vec3 F = data.bodies[0].wrenches.terms[BodyWrenches::kControlSurfaces].head<3>();
  const Vec3 expected = gz_lift_drag(v, Vec3::UnitX(), Vec3::UnitY(), 4.0, 0.2, 0.1, 1000.0);
  EXPECT_LT((F - expected).norm(), 1e-4);
  EXPECT_GT((F - gz_lift_drag(v, Vec3::UnitX(), Vec3::UnitY(), 4.0, 0.2, 0.1, 1025.0)).norm(),
            0.02 * expected.norm());
  // Without <air_density>, the world's air (gz-sim would take 1.2041).
  std::string unstated = kLiftDrag;
  unstated.replace(unstated.find("<air_density>1000</air_density>"), 31, "");
  const Model air = load(world_sdf(model(kRudder + unstated)));
  const ControlSurface& in_air = air.bodies[0].control_surfaces.at(0);
  EXPECT_EQ(in_air.fluid, Fluid::kAir);
  EXPECT_EQ(in_air.fluid_density, 0.0);
}

TEST(GzBuoyancyEngine, GzSimsBoxRisesAsItsBladderFills) {
  // gz-sim's test/worlds/buoyancy_engine.sdf: a 1000 kg, 1 m^3 box, neutral in water of
  // 1000 kg/m^3, with a bladder at its neutral 2 litres. Commanded to 3 litres, it fills at
  // r = 0.3 l/s for T = 10/3 s: the push rho g r t gives z = a' t^3 / 6 (a' = rho g r / m), then
  // the full 9.8 N.
  const std::filesystem::path file =
      testing::foreign_corpus() / "gz-sim" / "test" / "worlds" / "buoyancy_engine.sdf";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no foreign corpus: " << file;
  Diagnostics d;
  const Model m = load_world_file(file.string(), d);
  const int box = m.body_index("buoyant_box");
  const int bladder = m.actuator_index("buoyant_box", "buoyancy_engine");
  ASSERT_GE(bladder, 0);
  EXPECT_EQ(m.actuators[static_cast<std::size_t>(bladder)].unit, "m^3");
  State s = make_initial_state(m);
  EXPECT_EQ(s.actuators[static_cast<std::size_t>(bladder)], 0.002);
  Inputs fill;
  fill.commands.assign(m.actuators.size(), std::nullopt);
  fill.commands[static_cast<std::size_t>(bladder)] = 0.003;
  for (int k = 0; k < 1000; ++k)  // 1 s: still filling
    ASSERT_TRUE(step(m, s, fill).ok);
  const double a = 1000 * 9.8 * 0.0003 / 1000;
  EXPECT_NEAR(s.actuators[static_cast<std::size_t>(bladder)], 0.0023, 1e-12);
  EXPECT_NEAR(s.bodies[static_cast<std::size_t>(box)].p_WB.z(), a / 6.0, 1e-12);
  for (int k = 0; k < 4000; ++k)  // to 5 s: full since 10/3 s
    ASSERT_TRUE(step(m, s).ok);
  const double T = 10.0 / 3.0, tail = 5.0 - T, g_full = 9.8 * 1000 * 0.001 / 1000;
  const double z = a * T * T * T / 6.0 + a * T * T / 2.0 * tail + g_full * tail * tail / 2.0;
  EXPECT_NEAR(s.bodies[static_cast<std::size_t>(box)].p_WB.z(), z, 1e-9);
}

TEST(GzLinearBattery, GzSimsSubCoastsOnceItsBatteryIsFlat) {
  // gz-sim's test/worlds/thruster_battery.sdf: a 100.1 kg sub with no drag and no gravity, its
  // thruster commanded to 300 N, and a 14.4 V battery holding 0.00005 Ah (0.18 C) that draws
  // 28.8 W once the sub is commanded. Its current rises as i(t) = 2 A (1 - e^-t) (tau 1 s), so
  // it is flat when 2 (t - 1 + e^-t) / 3600 = 0.00005: t = 0.4426 s. The thruster then stops,
  // and the sub coasts at 300 t / 100.1 m/s.
  const std::filesystem::path file =
      testing::foreign_corpus() / "gz-sim" / "test" / "worlds" / "thruster_battery.sdf";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no foreign corpus: " << file;
  Diagnostics d;
  const Model m = load_world_file(file.string(), d);
  ASSERT_EQ(m.batteries.size(), 1u);
  const int thruster = m.actuator_index("sub", "propeller_joint");
  EXPECT_EQ(m.actuators[static_cast<std::size_t>(thruster)].battery, 0);
  double t_flat = 0.0;  // the drain time of the closed form, by bisection
  for (double lo = 0.0, hi = 2.0; hi - lo > 1e-12;) {
    t_flat = (lo + hi) / 2;
    ((2.0 * (t_flat - 1.0 + std::exp(-t_flat)) / 3600.0 < 0.00005) ? lo : hi) = t_flat;
  }
  State s = make_initial_state(m);
  Inputs full;
  full.commands.assign(m.actuators.size(), 300.0);
  ASSERT_TRUE(step(m, s, full).ok);
  int flat_at = 0;
  for (int k = 2; k <= 2000; ++k) {
    ASSERT_TRUE(step(m, s).ok);
    if (!flat_at && s.batteries[0].flat(m.batteries[0])) flat_at = k;
  }
  ASSERT_GT(flat_at, 0);
  EXPECT_NEAR(flat_at * m.dt, t_flat, 0.003);  // the discrete drain, within 3 steps
  // Thrust acted over the steps that began with charge left, flat_at of them; since then the
  // sub coasts.
  const auto velocity_W = [&]() -> Vec3 {
    return s.bodies[0].q_WB * Vec3(linear(s.bodies[0].V_WB_B));
  };
  EXPECT_NEAR(velocity_W().x(), 300.0 * flat_at * m.dt / m.bodies[0].mass, 1e-9);
  EXPECT_EQ(s.actuators[static_cast<std::size_t>(thruster)], 0.0);
  const Vec3 coasting = velocity_W();
  for (int k = 0; k < 1000; ++k)
    ASSERT_TRUE(step(m, s).ok);
  EXPECT_LT((velocity_W() - coasting).norm(), 1e-12);
}

TEST(GzLinearBattery, AThrusterDrawsFromTheBatteryItNames) {
  // gz-sim's battery_thruster_consumer.sdf: model2's thruster draws its 500 W from
  // linear_battery2 on top of the battery's own 500 W; a name no battery has is an error.
  const std::filesystem::path file =
      testing::foreign_corpus() / "gz-sim" / "test" / "worlds" / "battery_thruster_consumer.sdf";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no foreign corpus: " << file;
  const std::string text = testing::read_text(file);
  Diagnostics d;
  const Model m = load_world_string(text, file.string(), d);
  ASSERT_EQ(m.batteries.size(), 2u);
  const ActuatorModel& consumer =
      m.actuators[static_cast<std::size_t>(m.actuator_index("model2", "propeller_joint"))];
  EXPECT_EQ(m.batteries[static_cast<std::size_t>(consumer.battery)].name, "linear_battery2");
  EXPECT_EQ(consumer.power_load, 500.0);
  // Both drain from t = 0 (<start_draining>); model2's twice as fast at first: 1000 W.
  State s = make_initial_state(m);
  ASSERT_TRUE(step(m, s).ok);
  const double k = m.dt / 1.9499, V = 12.592;
  EXPECT_NEAR(s.batteries[0].current, k * 500.0 / V, 1e-12);
  EXPECT_NEAR(s.batteries[1].current, k * 1000.0 / V, 1e-12);
  std::string wrong = text;
  wrong.replace(wrong.find("<battery_name>linear_battery2</battery_name>"), 44,
                "<battery_name>spare</battery_name>");
  testing::expect_mentions(testing::load_error("consumer.sdf", wrong),
                           {"thruster 'propeller_joint' of model 'model2'", "battery 'spare'"});
}

TEST(GzJointPositionController, ANestedModelsJointKeepsItsScopedName) {
  // gz-sim's joint_position_controller_nested_models.sdf drives model2's rotor_joint and its
  // nested model21's, named model21::rotor_joint: two actuators, as gz-sim has two topics.
  const std::filesystem::path file = testing::foreign_corpus() / "gz-sim" / "test" / "worlds" /
                                     "joint_position_controller_nested_models.sdf";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no foreign corpus: " << file;
  Diagnostics d;
  const Model m = load_world_file(file.string(), d);
  EXPECT_GE(m.actuator_index("model2", "rotor_joint"), 0);
  EXPECT_GE(m.actuator_index("model2", "model21::rotor_joint"), 0);
}

TEST(GzJointPositionController, OneCommandForSeveralJointsFromItsInitialPosition) {
  // gz-sim 8's multiple <joint_name>: one command turns two rudders, within the range both
  // allow; <initial_position> is where it starts and stays until commanded; commands from an
  // Actuators message (use_actuator_msg) arrive by the actuator's name.
  const std::string rudders = kRudder + link("rudder2", "-1 1 0 0 0 0") +
                              joint("rudder2_joint", "base", "rudder2", "0 0 1",
                                    "<limit><lower>-0.3</lower><upper>0.5</upper></limit>");
  std::string second_foil = kLiftDrag;
  second_foil.replace(second_foil.find("<link_name>rudder<"), 18, "<link_name>rudder2<");
  const std::string controller =
      R"(<plugin filename="gz-sim-joint-position-controller-system"
                 name="gz::sim::systems::JointPositionController">
        <joint_name>rudder_joint</joint_name><joint_name>rudder2_joint</joint_name>
        <initial_position>0.2</initial_position><use_velocity_commands>true</use_velocity_commands>
        <use_actuator_msg>true</use_actuator_msg><actuator_number>0</actuator_number></plugin>)";
  const Model m = load(world_sdf(model(rudders + controller + kLiftDrag + second_foil)));
  ASSERT_EQ(m.actuators.size(), 1u);
  const int a = m.actuator_index("boat", "rudder_joint");
  const auto& surfaces = m.bodies[0].control_surfaces;
  ASSERT_EQ(surfaces.size(), 2u);
  EXPECT_EQ(surfaces[0].actuator, a);
  EXPECT_EQ(surfaces[1].actuator, a);
  EXPECT_EQ(m.actuators[0].dynamics.x_min, -0.3);  // the narrower of the two ranges
  EXPECT_EQ(m.actuators[0].dynamics.x_max, 0.5);
  State s = make_initial_state(m);
  EXPECT_EQ(s.actuators[0], 0.2);
  for (int k = 0; k < 100; ++k)
    ASSERT_TRUE(step(m, s).ok);
  EXPECT_EQ(s.actuators[0], 0.2);  // held, not drifting back to 0
  EXPECT_EQ(check_command(m.actuators[0], 0.55).value, 0.5);
}

TEST(GzLiftDrag, AControlledHingeDeflectsTheFoil) {
  // Turned 0.1 rad about +z in a 2 m/s surge, the rudder meets the flow at +0.1 rad (gz-sim:
  // forward and upward turn with the link): lift 4 * 0.1 q A along +y, drag 0.2 * 0.1 q A aft.
  const std::string controller =
      R"(<plugin filename="gz-sim-joint-position-controller-system"
                 name="gz::sim::systems::JointPositionController">
        <joint_name>rudder_joint</joint_name></plugin>)";
  Diagnostics d;
  const Model m =
      load_world_string(world_sdf(model(kRudder + controller + kLiftDrag)), "test.sdf", d);
  const ControlSurface& s = m.bodies[0].control_surfaces.at(0);
  EXPECT_EQ(s.actuator, m.actuator_index("boat", "rudder_joint"));
  bool warned = false;  // the effort PID is not simulated, and the load says so
  for (const Diagnostic& w : d.warnings())
    warned |= w.message.find("PID") != std::string::npos;
  EXPECT_TRUE(warned);
  const double rho = m.environment.fluid_density, q = 0.5 * rho * 4.0;
  Vec6 nu = Vec6::Zero();
  nu[0] = 2.0;
  const Vec6 F = control_surface_wrench(s, 0.1, nu, Vec3::Zero(), rho);
  EXPECT_NEAR(F[1], 4.0 * 0.1 * q * 0.1, 1e-9);
  EXPECT_NEAR(F[0], -0.2 * 0.1 * q * 0.1, 1e-9);
}

std::string uuv_thruster(const std::string& extra) {
  return R"(<plugin name="rexrov_4_thruster_model" filename="libuuv_thruster_ros_plugin.so">
      <linkName>thruster_4</linkName><jointName>thruster_4_joint</jointName>
      <thrusterID>4</thrusterID><clampMax>0</clampMax><clampMin>0</clampMin>
      <thrustMin>0</thrustMin><thrustMax>0</thrustMax>
      <dynamics><type>FirstOrder</type><timeConstant>0.05</timeConstant></dynamics>
      <conversion><type>Basic</type><rotorConstant>0.00031</rotorConstant></conversion>)" +
         extra + "</plugin>";
}
// RexROV's thruster 4 (research/uuv.md 2.1): at (-0.412125, 0.505415, 0.129), yawed 45 degrees.
const std::string kRexRovThruster =
    link("thruster_4", "-0.412125 0.505415 0.129 0 0 0.7853981633974483") +
    joint("thruster_4_joint", "base", "thruster_4", "1 0 0");

TEST(UuvThruster, RexRovThrusterLoadsWithItsDynamicsAndConversion) {
  const Model m = load(world_sdf(
      model(kRexRovThruster + uuv_thruster("<thrust_efficiency>0.9</thrust_efficiency>"))));
  const ActuatorModel& a = actuator(m, "thruster_4");
  ASSERT_TRUE(std::holds_alternative<FirstOrderRotor>(a.dynamics.dynamics));
  EXPECT_EQ(std::get<FirstOrderRotor>(a.dynamics.dynamics).time_constant, 0.05);
  EXPECT_EQ(a.command_max, INFINITY);  // UUV's 0 and 0: no clamping
  // 0.9 * 0.00031 * 1000^2 = 279 N along the joint's axis, at the thruster link's origin.
  const Thruster& t = m.bodies[0].thrusters.at(0);
  const Vec3 axis(std::sqrt(0.5), std::sqrt(0.5), 0.0);
  const Vec6 F = thruster_wrench(t, 1000.0, 0.0, Vec6::Zero(), Vec3::Zero());
  EXPECT_LT((F.head<3>() - 279.0 * axis).norm(), 1e-9);
  EXPECT_LT((F.tail<3>() - Vec3(-0.412125, 0.505415, 0.129).cross(279.0 * axis)).norm(), 1e-9);
}

TEST(UuvThruster, AFrameOnlyLinkWithoutAnInertialIsWarnedAboutItsKilogram) {
  // URDF lets a thruster link go without one; SDF then gives it 1 kg, which counts in the body.
  Diagnostics d;
  const Model m = load_world_string(
      world_sdf(model(R"(<link name="thruster_4"><pose>-0.4 0.5 0.1 0 0 0</pose></link>)" +
                      joint("thruster_4_joint", "base", "thruster_4", "1 0 0") + uuv_thruster(""))),
      "test.sdf", d);
  EXPECT_NEAR(m.bodies[0].mass, 11.0, 1e-12);
  ASSERT_EQ(d.warnings().size(), 1u);
  testing::expect_mentions(d.warnings()[0].message, {"thruster_4", "<inertial>", "1 kg"});
}

TEST(UuvThruster, EverySpellingOfThePluginLoadsTheSameThruster) {
  // UUV Simulator 0.6's name, its 0.5 name (the LAUV and SAGA packages'), and the plain builds'.
  const Vec6 expected = [] {
    const Model m = load(world_sdf(model(kRexRovThruster + uuv_thruster(""))));
    return thruster_wrench(m.bodies[0].thrusters.at(0), 1000.0, 0.0, Vec6::Zero(), Vec3::Zero());
  }();
  EXPECT_GT(expected.norm(), 300.0);
  for (const char* spelling :
       {"libthruster_ros_plugin.so", "libuuv_thruster_plugin.so", "libthruster_plugin.so"}) {
    std::string text = uuv_thruster("");
    text.replace(text.find("libuuv_thruster_ros_plugin.so"), 29, spelling);
    const Model m = load(world_sdf(model(kRexRovThruster + text)));
    ASSERT_EQ(m.bodies[0].thrusters.size(), 1u) << spelling;
    const Vec6 F =
        thruster_wrench(m.bodies[0].thrusters.at(0), 1000.0, 0.0, Vec6::Zero(), Vec3::Zero());
    EXPECT_EQ(F, expected) << spelling;
  }
}

TEST(UuvThruster, LimitsEfficienciesAndGainKeepUuvsOrder) {
  // u = gain clamp(cmd); T = clamp(eta_T conv(eta_x x), thrustMin, thrustMax).
  const std::string extra = R"(<gain>2</gain><propeller_efficiency>0.5</propeller_efficiency>)";
  std::string text = uuv_thruster(extra);
  text.replace(text.find("<clampMax>0"), 11, "<clampMax>600");
  text.replace(text.find("<clampMin>0"), 11, "<clampMin>-600");
  text.replace(text.find("<thrustMax>0"), 12, "<thrustMax>200");
  text.replace(text.find("<thrustMin>0"), 12, "<thrustMin>-100");
  const Model m = load(world_sdf(model(kRexRovThruster + text)));
  const ActuatorModel& a = actuator(m, "thruster_4");
  EXPECT_EQ(a.command_max, 600.0);
  EXPECT_EQ(effective_command(a, 500.0, 0.0), 1000.0);
  const Thruster& t = m.bodies[0].thrusters.at(0);
  const auto T = [&](double x) {
    return thruster_wrench(t, x, 0.0, Vec6::Zero(), Vec3::Zero()).head<3>().norm();
  };
  EXPECT_NEAR(T(1000.0), 0.00031 * 500.0 * 500.0, 1e-9);  // 77.5 N: eta_x halves the state
  EXPECT_NEAR(T(2000.0), 200.0, 1e-9);                    // 310 N capped at thrustMax
}

std::string uuv_fin(const std::string& liftdrag) {
  return link("fin_0", "-1 0 0 0 0 0") +
         joint("fin_0_joint", "base", "fin_0", "0 0 1",
               "<limit><lower>-0.4</lower><upper>0.4</upper></limit>") +
         R"(<plugin name="fin0" filename="libuuv_fin_ros_plugin.so">
      <link_name>fin_0</link_name><joint_name>fin_0_joint</joint_name><fin_id>0</fin_id>
      <current_velocity_topic>hydrodynamics/current_velocity</current_velocity_topic>
      <dynamics><type>FirstOrder</type><timeConstant>0.1</timeConstant></dynamics>
      <liftdrag>)" +
         liftdrag + "</liftdrag></plugin>";
}

TEST(UuvFin, QuadraticLawGivesLAlphaU2AndDAlpha2U2) {
  // Deflected 0.1 rad in a 2 m/s surge: lift 10 * 0.1 * 4 = 4 N, drag 5 * 0.01 * 4 = 0.2 N.
  const Model m = load(world_sdf(model(uuv_fin(
      "<type>Quadratic</type><lift_constant>10</lift_constant><drag_constant>5</drag_constant>"))));
  const ActuatorModel& a = actuator(m, "fin_0");
  EXPECT_EQ(a.dynamics.x_max, 0.4);
  EXPECT_EQ(a.unit, "rad");
  const ControlSurface& s = m.bodies[0].control_surfaces.at(0);
  Vec6 nu = Vec6::Zero();
  nu[0] = 2.0;
  const Vec6 F = control_surface_wrench(s, 0.1, nu, Vec3::Zero(), m.environment.fluid_density);
  EXPECT_NEAR(F[1], 4.0, 1e-9);
  EXPECT_NEAR(F[0], -0.2, 1e-9);
  EXPECT_NEAR(F[5], -1.0 * 4.0, 1e-9);  // at the fin link's origin, 1 m aft
}

TEST(UuvFin, TheTwoLinesLawKeepsItsOwnFluidDensity) {
  const Model m = load(world_sdf(model(
      uuv_fin("<type>TwoLines</type><area>0.05</area><fluid_density>1028</fluid_density><a0>0</a0>"
              "<alpha_stall>0.3</alpha_stall><cla>4</cla><cla_stall>-1</cla_stall><cda>0.2</cda>"
              "<cda_stall>0.5</cda_stall>"))));
  EXPECT_EQ(m.environment.fluid_density, 1025.0);
  EXPECT_EQ(m.bodies[0].control_surfaces.at(0).fluid_density, 1028.0);
}

TEST(UuvFin, EverySpellingOfThePluginLoadsTheSameFin) {
  const std::string law =
      "<type>Quadratic</type><lift_constant>10</lift_constant><drag_constant>5</drag_constant>";
  for (const char* spelling :
       {"libfin_ros_plugin.so", "libuuv_fin_plugin.so", "libfin_plugin.so"}) {
    std::string text = uuv_fin(law);
    text.replace(text.find("libuuv_fin_ros_plugin.so"), 24, spelling);
    const Model m = load(world_sdf(model(text)));
    ASSERT_EQ(m.bodies[0].control_surfaces.size(), 1u) << spelling;
    Vec6 nu = Vec6::Zero();
    nu[0] = 2.0;
    const Vec6 F = control_surface_wrench(m.bodies[0].control_surfaces[0], 0.1, nu, Vec3::Zero(),
                                          m.environment.fluid_density);
    EXPECT_NEAR(F[1], 4.0, 1e-9) << spelling;  // L delta U^2, as the 0.6 spelling gives
  }
}

TEST(UuvFin, TwoLinesDragNeverPushes) {
  // UUV Simulator's c_d = cda alpha turned negative for alpha < 0 (its issue #351): here the drag
  // opposes the flow on both sides.
  const Model m = load(world_sdf(model(
      uuv_fin("<type>TwoLines</type><area>0.05</area><fluid_density>1028</fluid_density><a0>0</a0>"
              "<alpha_stall>0.3</alpha_stall><cla>3</cla><cla_stall>-2</cla_stall><cda>0.4</cda>"
              "<cda_stall>1</cda_stall>"))));
  const ControlSurface& s = m.bodies[0].control_surfaces.at(0);
  Vec6 nu = Vec6::Zero();
  nu[0] = 2.0;
  for (const double delta : {-0.2, 0.2}) {
    const Vec6 F = control_surface_wrench(s, delta, nu, Vec3::Zero(), 1028.0);
    EXPECT_LT(F[0], 0.0) << delta;
    EXPECT_NEAR(F[1], 3.0 * delta * 0.5 * 1028.0 * 4.0 * 0.05, 1e-9);
  }
}

std::string vrx_thrust(const std::string& blocks) {
  return R"(<plugin name="wamv_gazebo_thrust" filename="libusv_gazebo_thrust_plugin.so">
      <cmdTimeout>1.0</cmdTimeout><robotNamespace>wamv</robotNamespace>)" +
         blocks + "</plugin>";
}
std::string vrx_block(const std::string& side, bool angle) {
  return R"(<thruster><linkName>)" + side + R"(_propeller</linkName>
      <propJointName>)" +
         side + R"(_propeller_joint</propJointName>
      <engineJointName>)" +
         side + R"(_engine_joint</engineJointName>
      <cmdTopic>thrusters/)" +
         side + R"(_thrust_cmd</cmdTopic>
      <angleTopic>thrusters/)" +
         side + R"(_thrust_angle</angleTopic>
      <enableAngle>)" +
         (angle ? "true" : "false") + R"(</enableAngle>
      <mappingType>1</mappingType><maxCmd>1.0</maxCmd><maxForceFwd>250.0</maxForceFwd>
      <maxForceRev>-100.0</maxForceRev><maxAngle>1.5707963267948966</maxAngle></thruster>)";
}
std::string vrx_engine(const std::string& side, double y) {
  const std::string Y = std::to_string(y);
  return link(side + "_engine", "-2.373776 " + Y + " 0.318237 0 0 0") +
         link(side + "_propeller", "-2.651932 " + Y + " -0.191134 0 0 0") +
         joint(side + "_engine_joint", "base", side + "_engine", "0 0 1",
               "<limit><lower>-3.14</lower><upper>3.14</upper><velocity>10</velocity></limit>") +
         joint(side + "_propeller_joint", side + "_engine", side + "_propeller", "1 0 0");
}

TEST(VrxThrust, HLayoutPushesWithTheLogisticFitAndStopsOnTimeout) {
  // VRX classic's H layout: two aft engines, GLF(1) = 242.7 N, commands older than 1 s are 0.
  const Model m =
      load(world_sdf(model(vrx_engine("left", 1.027135) + vrx_engine("right", -1.027135) +
                           vrx_thrust(vrx_block("left", false) + vrx_block("right", false)))));
  ASSERT_EQ(m.bodies[0].thrusters.size(), 2u);
  const ActuatorModel& left = actuator(m, "left_thrust_cmd");
  EXPECT_EQ(left.watchdog_timeout, 1.0);
  EXPECT_EQ(left.command_max, 1.0);
  EXPECT_EQ(effective_command(left, 1.0, 1.01), 0.0);
  const Thruster& t = m.bodies[0].thrusters[0];
  const Vec6 F = thruster_wrench(t, 1.0, 0.0, Vec6::Zero(), Vec3::Zero());
  EXPECT_NEAR(F[0], 242.7, 0.05);
  EXPECT_NEAR(F[5], -1.027135 * F[0], 1e-9);  // the port engine turns the boat to starboard
  EXPECT_EQ(thruster_wrench(t, -1.0, 0.0, Vec6::Zero(), Vec3::Zero())[0], -100.0);
}

TEST(VrxThrust, EnabledAngleSteersAboutTheEngineJoint) {
  const Model m =
      load(world_sdf(model(vrx_engine("left", 1.027135) + vrx_thrust(vrx_block("left", true)))));
  const ActuatorModel& angle = actuator(m, "left_thrust_angle");
  EXPECT_NEAR(angle.command_max, std::numbers::pi / 2, 1e-12);
  EXPECT_EQ(angle.dynamics.max_rate, 10.0);  // the joint's velocity limit
  const Thruster& t = m.bodies[0].thrusters[0];
  const ThrusterPose pose = thruster_pose(t, std::numbers::pi / 2);
  EXPECT_LT((pose.axis_B - Vec3::UnitY()).norm(), 1e-12);
  // The propeller, 0.278156 m behind the steering joint, swings to starboard of it.
  EXPECT_LT((pose.p_BoP_B - Vec3(-2.373776, 1.027135 - 0.278156, -0.191134)).norm(), 1e-9);
}

// One description of each foil law's parameters (hydro/foil_parameters.h), read by every
// dialect: the same range and the same message wherever a law is stated, each dialect's own
// defaults, and the reference's tables as the description says.

/// The coefficients, of law `Law`, of the first body's first control surface.
template <class Law>
const Law& coefficients_of(const Model& m) {
  return std::get<Law>(std::get<Foil>(m.bodies.at(0).control_surfaces.at(0).law).coefficients);
}

TEST(FoilParameters, EveryDialectRefusesANegativeStallAngleAlike) {
  const std::string two_lines =
      "<a0>0</a0><cla>4</cla><cda>0.2</cda><alpha_stall>-0.3</alpha_stall>"
      "<cla_stall>-1</cla_stall><cda_stall>0.5</cda_stall>";
  const std::string leeway = world_sdf(testing::simple_model(
      R"(<plugin filename="leeway" name="leeway::ControlSurface"><actuator>rudder</actuator>
      <foil><area>0.1</area><coefficients><two_lines>)" +
      two_lines + "</two_lines></coefficients></foil></plugin>"));
  std::string gz_plugin = kLiftDrag;
  gz_plugin.replace(gz_plugin.find("0.3</alpha_stall>"), 3, "-0.3");
  const std::string gz = world_sdf(model(kRudder + gz_plugin));
  const std::string uuv = world_sdf(model(uuv_fin(
      "<type>TwoLines</type><area>0.05</area><fluid_density>1028</fluid_density>" + two_lines)));
  for (const auto& [file, text] :
       {std::pair{"leeway.sdf", leeway}, std::pair{"gz.sdf", gz}, std::pair{"uuv.sdf", uuv}}) {
    expect_mentions(load_error(file, text),
                    {fmt::format("{}:{}", file, line_of(text, "-0.3</alpha_stall>")),
                     "got -0.3, expected the stall angle [rad] > 0"});
  }
}

TEST(FoilParameters, EachDialectKeepsItsOwnDefaults) {
  // gz-sim's LiftDrag.cc: a0 0, cla 1, cda 0.01, alphaStall pi/2, claStall 0, cdaStall 1.
  const TwoLinesFoil gz = coefficients_of<TwoLinesFoil>(load(world_sdf(model(
      kRudder + R"(<plugin filename="gz-sim-lift-drag-system" name="gz::sim::systems::LiftDrag">
        <link_name>rudder</link_name></plugin>)"))));
  EXPECT_EQ(gz.a0, 0.0);
  EXPECT_EQ(gz.cla, 1.0);
  EXPECT_EQ(gz.cda, 0.01);
  EXPECT_EQ(gz.alpha_stall, std::numbers::pi / 2);
  EXPECT_EQ(gz.cla_stall, 0.0);
  EXPECT_EQ(gz.cda_stall, 1.0);
  // Leeway's has one default (a0 0) and UUV Simulator's none.
  const std::string leeway = world_sdf(testing::simple_model(
      R"(<plugin filename="leeway" name="leeway::ControlSurface"><actuator>rudder</actuator>
      <foil><area>0.1</area><coefficients><two_lines><cda>0.2</cda><alpha_stall>0.3</alpha_stall>
        <cla_stall>-1</cla_stall><cda_stall>0.5</cda_stall></two_lines></coefficients></foil>
      </plugin>)"));
  expect_mentions(
      load_error("leeway.sdf", leeway),
      {"leeway.sdf:", "missing <cla>, expected the lift slope below the stall [1/rad]"});
  const std::string uuv = world_sdf(model(uuv_fin(
      "<type>TwoLines</type><area>0.05</area><fluid_density>1028</fluid_density><cla>4</cla>"
      "<alpha_stall>0.3</alpha_stall><cla_stall>-1</cla_stall><cda>0.2</cda><cda_stall>0.5</"
      "cda_stall>")));
  expect_mentions(load_error("uuv.sdf", uuv), {"uuv.sdf:", "missing <a0>"});
}

TEST(FoilParameters, AWingTakesEveryParameterItsReferenceLists) {
  // <stall_sharpness> was documented and read, but refused as an unknown parameter.
  const Model m = load(world_sdf(testing::simple_model(
      R"(<plugin filename="leeway-foil" name="leeway::Foil"><foil><area>1</area><coefficients>
        <wing><aspect_ratio>4</aspect_ratio><stall_angle>0.3</stall_angle>
          <zero_lift_drag>0.02</zero_lift_drag><oswald_efficiency>0.8</oswald_efficiency>
          <normal_force_90>1.1</normal_force_90><stall_sharpness>20</stall_sharpness></wing>
      </coefficients></foil></plugin>)")));
  const WingFoil& w = coefficients_of<WingFoil>(m);
  EXPECT_EQ(w.aspect_ratio, 4.0);
  EXPECT_EQ(w.stall_angle, 0.3);
  EXPECT_EQ(w.zero_lift_drag, 0.02);
  EXPECT_EQ(w.oswald_efficiency, 0.8);
  EXPECT_EQ(w.normal_force_90, 1.1);
  EXPECT_EQ(w.stall_sharpness, 20.0);
}

/// The reference's row for a parameter: element, unit, default (`fallback_text` where the
/// default is not a number), values, meaning; a table cell writes | as \|.
std::string reference_row(const ParameterInfo& p, const std::string& fallback_text = "") {
  std::string meaning(p.meaning);
  for (std::size_t at = meaning.find('|'); at != std::string::npos; at = meaning.find('|', at + 2))
    meaning.replace(at, 1, "\\|");
  const std::string fallback = !fallback_text.empty() ? fallback_text
                               : p.fallback           ? fmt::format("{:g}", *p.fallback)
                                                      : "required";
  return fmt::format("| `<{}>` | {} | {} | {} | {} |", p.name, p.unit, fallback,
                     range_text(p.range), meaning);
}

/// The table that follows the line opening with `<law>` below the reference's `heading`.
std::string reference_table(const std::string& reference, const std::string& heading,
                            const std::string& law) {
  const std::size_t section = reference.find("\n### " + heading + "\n");
  if (section == std::string::npos) return "";
  const std::size_t at = reference.find(fmt::format("\n`<{}>`", law), section);
  const std::size_t table = reference.find("\n| element |", at);
  if (at == std::string::npos || table == std::string::npos) return "";
  return reference.substr(table, reference.find("\n\n", table) - table);
}

void expect_row(const std::string& table, const std::string& law, const std::string& row) {
  EXPECT_NE(table.find(row), std::string::npos)
      << "docs/sdf-reference.md's <" << law << "> lacks the row\n"
      << row;
}

template <class Params, std::size_t N>
void expect_reference_lists(const std::string& reference, const std::string& heading,
                            const std::string& law,
                            const std::array<NumberParameter<Params>, N>& table) {
  const std::string section = reference_table(reference, heading, law);
  ASSERT_FALSE(section.empty()) << "docs/sdf-reference.md has no table for <" << law << ">";
  for (const NumberParameter<Params>& p : table)
    expect_row(section, law, reference_row(p.info));
}

std::string reference_text() {
  return testing::read_text(std::filesystem::path(LEEWAY_SOURCE_DIR) / "docs" / "sdf-reference.md");
}

TEST(FoilParameters, TheReferenceListsEachLawsParametersAsDescribed) {
  const std::string reference = reference_text();
  const std::string heading = "The foil laws' parameters";
  expect_reference_lists(reference, heading, "flat_plate", kFlatPlateParameters);
  expect_reference_lists(reference, heading, "two_lines", kTwoLinesParameters);
  expect_reference_lists(reference, heading, "wing", kWingParameters);
  expect_reference_lists(reference, heading, "quadratic", kQuadraticParameters);
}

// The Fossen model's tables (hydro/fossen_parameters.h).

TEST(FossenParameters, TheReferenceListsTheTablesAsDescribed) {
  const std::string reference = reference_text();
  const std::size_t section = reference.find("\n### The Fossen model's tables\n");
  ASSERT_NE(section, std::string::npos) << "docs/sdf-reference.md has no section for the tables";
  const std::string tables =
      reference.substr(section, reference.find("\n### ", section + 1) - section);
  for (const MatrixParameterInfo& p :
       {kAddedMassParameter, kLinearDampingParameter, kQuadraticDampingParameter}) {
    expect_row(
        tables, std::string(p.name),
        fmt::format("| `<{}>` | {} | {}, {}, {}, {} | {} | {} |", p.name, p.symbol, p.units[0],
                    p.units[1], p.units[2], p.units[3], range_text(p.diagonal), p.meaning));
  }
  expect_row(tables, "linear_damping_speed_fade", reference_row(kLinearDampingSpeedFade));
}

// The rotors and thrust curves (propulsion/rotor_parameters.h, thrust_curve_parameters.h).

TEST(RotorParameters, TheReferenceListsEachLawsParametersAsDescribed) {
  const std::string reference = reference_text();
  const std::string heading = "The rotors' and thrust curves' parameters";
  expect_reference_lists(reference, heading, "first_order", kFirstOrderRotorParameters);
  expect_reference_lists(reference, heading, "yoerger", kYoergerRotorParameters);
  expect_reference_lists(reference, heading, "bessa", kBessaRotorParameters);
  expect_reference_lists(reference, heading, "quadratic", kQuadraticThrustParameters);
  expect_row(reference_table(reference, heading, "quadratic"), "quadratic",
             reference_row(kQuadraticReverse.info, "k_forward"));
  expect_reference_lists(reference, heading, "dead_zone", kDeadZoneThrustParameters);
  expect_reference_lists(reference, heading, "propeller", kPropellerParameters);
  expect_reference_lists(reference, heading, "propeller", kPropellerAdvanceParameters);
  expect_row(reference_table(reference, heading, "propeller"), "propeller",
             reference_row(kPropellerThrustCoefficient.info, "none: the advance form"));
  expect_reference_lists(reference, heading, "linear", kLinearThrustParameters);
  expect_reference_lists(reference, heading, "logistic", kLogisticCapParameters);
  expect_reference_lists(reference, heading, "open_water", kOpenWaterParameters);
}

/// Leeway's thruster with `dynamics` and `thrust` (the elements' contents).
std::string leeway_thruster(const std::string& dynamics, const std::string& thrust) {
  return testing::simple_model(R"(<plugin filename="leeway" name="leeway::Thruster">
      <actuator>prop</actuator><position>-1 0 0</position><axis>1 0 0</axis>
      <dynamics>)" + dynamics + "</dynamics>\n      <thrust>" +
                               thrust + "</thrust></plugin>");
}
/// UUV Simulator's thruster with its <dynamics> and <conversion> blocks' contents.
std::string uuv_thruster_with(const std::string& dynamics, const std::string& conversion) {
  return model(kRexRovThruster +
               R"(<plugin name="t" filename="libuuv_thruster_ros_plugin.so">
      <linkName>thruster_4</linkName><jointName>thruster_4_joint</jointName>
      <thrusterID>4</thrusterID>
      <dynamics>)" +
               dynamics + "</dynamics>\n      <conversion>" + conversion +
               "</conversion></plugin>");
}

const std::string kQuadratic = "<quadratic><k_forward>0.01</k_forward></quadratic>";
const std::string kBasic = "<type>Basic</type><rotorConstant>0.01</rotorConstant>";

TEST(RotorParameters, BothDialectsRefuseANegativeTimeConstantAlike) {
  const std::string leeway = world_sdf(leeway_thruster(
      "<first_order><time_constant>-0.1</time_constant></first_order>", kQuadratic));
  const std::string uuv = world_sdf(
      uuv_thruster_with("<type>FirstOrder</type><timeConstant>-0.1</timeConstant>", kBasic));
  for (const auto& [file, text, element] :
       {std::tuple{"leeway.sdf", leeway, "-0.1</time_constant>"},
        std::tuple{"uuv.sdf", uuv, "-0.1</timeConstant>"}}) {
    expect_mentions(load_error(file, text),
                    {fmt::format("{}:{}", file, line_of(text, element)),
                     "got -0.1, expected tau, the time to 63 % of a step [s] > 0"});
  }
}

TEST(RotorParameters, UuvsBessaRotorIsLeewaysInItsOwnSpellingWithNothingOptional) {
  const std::string bessa =
      "<inertia>0.1</inertia><k_v1>0.2</k_v1><k_v2>0.03</k_v2><k_t>0.4</k_t><r_m>0.5</r_m>";
  const Model leeway = load(world_sdf(leeway_thruster("<bessa>" + bessa + "</bessa>", kQuadratic)));
  const Model uuv = load(world_sdf(uuv_thruster_with(
      "<type>Bessa</type><Jmsp>0.1</Jmsp><Kv1>0.2</Kv1><Kv2>0.03</Kv2><Kt>0.4</Kt><Rm>0.5</Rm>",
      kBasic)));
  const auto& a = std::get<BessaRotor>(leeway.actuators.at(0).dynamics.dynamics);
  const auto& b = std::get<BessaRotor>(uuv.actuators.at(0).dynamics.dynamics);
  for (const auto& [x, y] :
       {std::pair{a.J_msp, b.J_msp}, std::pair{a.K_v1, b.K_v1}, std::pair{a.K_v2, b.K_v2},
        std::pair{a.K_t, b.K_t}, std::pair{a.R_m, b.R_m}})
    EXPECT_EQ(x, y);
  EXPECT_EQ(a.K_v2, 0.03);
  // A parameter UUV leaves out is named in UUV's spelling.
  expect_mentions(
      load_error("uuv.sdf", world_sdf(uuv_thruster_with(
                                "<type>Bessa</type><Jmsp>0.1</Jmsp><Kv2>0.03</Kv2><Kt>0.4</Kt>"
                                "<Rm>0.5</Rm>",
                                kBasic))),
      {"uuv.sdf:", "missing <Kv1>, expected K_v1, the linear friction [N m/x]"});
}

TEST(ThrustCurveParameters, ADeadZoneThatStartsAheadIsRefusedAtItsElementInBothDialects) {
  // delta_L > 0 would give thrust astern for a forward command. The kernel's check refused it at
  // the plugin; the description names the element, alike in both syntaxes.
  const std::string leeway = world_sdf(leeway_thruster(
      "<zero_order/>",
      "<dead_zone><c_l>1</c_l><c_r>1</c_r><delta_l>0.5</delta_l><delta_r>1</delta_r></dead_zone>"));
  const std::string uuv =
      world_sdf(uuv_thruster_with("<type>ZeroOrder</type>",
                                  "<type>Bessa</type><rotorConstantL>1</rotorConstantL>"
                                  "<rotorConstantR>1</rotorConstantR><deltaL>0.5</deltaL>"
                                  "<deltaR>1</deltaR>"));
  for (const auto& [file, text, element] : {std::tuple{"leeway.sdf", leeway, "0.5</delta_l>"},
                                            std::tuple{"uuv.sdf", uuv, "0.5</deltaL>"}}) {
    expect_mentions(load_error(file, text),
                    {fmt::format("{}:{}", file, line_of(text, element)),
                     "got 0.5, expected delta_L, the dead zone's end astern, in x |x| [x^2] <= 0"});
  }
}

TEST(ThrustCurveParameters, GzSimsPropellerKeepsItsDefaultsAndLeewaysRangeOfTheWakeFraction) {
  const auto curve = [](const Model& m) {
    return std::get<PropellerThrust>(m.bodies[0].thrusters.at(0).curve);
  };
  // gz-sim's Thruster.cc: D 0.02 m, w_f 0.2, alpha_1 1, alpha_2 0, rho 1000.
  const PropellerThrust gz = curve(
      load(world_sdf(model(kOutboard + gz_thruster("<use_angvel_cmd>true</use_angvel_cmd>")))));
  EXPECT_TRUE(gz.advance_form);
  EXPECT_EQ(gz.diameter, 0.02);
  EXPECT_EQ(gz.wake_fraction, 0.2);
  EXPECT_EQ(gz.alpha_1, 1.0);
  EXPECT_EQ(gz.alpha_2, 0.0);
  EXPECT_EQ(gz.fluid_density, 1000.0);
  // A wake fraction past 1 reverses the advance speed: refused in both syntaxes.
  const std::string gz_text = world_sdf(
      model(kOutboard + gz_thruster("<use_angvel_cmd>true</use_angvel_cmd><wake_fraction>1.5"
                                    "</wake_fraction>")));
  const std::string leeway_text = world_sdf(
      leeway_thruster("<zero_order/>",
                      "<propeller><diameter>0.2</diameter><wake_fraction>1.5</wake_fraction>"
                      "</propeller>"));
  for (const auto& [file, text] :
       {std::pair{"gz.sdf", gz_text}, std::pair{"leeway.sdf", leeway_text}}) {
    expect_mentions(load_error(file, text),
                    {fmt::format("{}:{}", file, line_of(text, "1.5</wake_fraction>")),
                     "got 1.5, expected w_f, the wake's share of the advance speed in [0, 1]"});
  }
}

TEST(ThrustCurveParameters, VrxsReverseCapIsLeewaysMagnitudeInVrxsSign) {
  // VRX states <maxForceRev> negative (-100 by default), Leeway <max_reverse> as a magnitude: the
  // same cap, F(-1) = -100 N, and the wrong sign refused at its element in either syntax.
  const auto wamv = [](const std::string& reverse) {
    std::string block = vrx_block("left", false);
    block.replace(block.find("<mappingType>1"), 14, "<mappingType>0");
    block.replace(block.find("-100.0</maxForceRev>"), 6, reverse);
    return world_sdf(model(vrx_engine("left", 1.0) + vrx_thrust(block)));
  };
  const auto leeway = [](const std::string& reverse) {
    return world_sdf(leeway_thruster("<zero_order/>",
                                     "<linear><max_command>1</max_command><max_forward>250"
                                     "</max_forward><max_reverse>" +
                                         reverse + "</max_reverse></linear>"));
  };
  const Model vrx = load(wamv("-100.0"));
  const Model own = load(leeway("100"));
  for (const Model* m : {&vrx, &own}) {
    const Thruster& t = m->bodies[0].thrusters.at(0);
    EXPECT_EQ(std::get<LinearThrust>(t.curve).max_reverse, 100.0);
    EXPECT_EQ(thruster_wrench(t, -1.0, 0.0, Vec6::Zero(), Vec3::Zero())[0], -100.0);
  }
  for (const auto& [file, text, element, message] :
       {std::tuple{"vrx.sdf", wamv("100.0"), "100.0</maxForceRev>",
                   "got 100, expected F_reverse, the thrust at full command astern [N] <= 0"},
        std::tuple{"leeway.sdf", leeway("-100"), "-100</max_reverse>",
                   "got -100, expected F_reverse, the thrust at full command astern [N] >= 0"}}) {
    expect_mentions(load_error(file, text),
                    {fmt::format("{}:{}", file, line_of(text, element)), message});
  }
}

TEST(ThrustCurveParameters, AnAdvanceRatioBesideAFixedCoefficientIsNotDroppedSilently) {
  // gz-sim ignores the advance form when C_t is given: Leeway does too in its syntax, and says so.
  Diagnostics d;
  const Model gz = load_world_string(
      world_sdf(model(kOutboard + gz_thruster("<use_angvel_cmd>true</use_angvel_cmd>"
                                              "<thrust_coefficient>0.004</thrust_coefficient>"
                                              "<alpha_2>0.3</alpha_2>"))),
      "gz.sdf", d);
  EXPECT_FALSE(std::get<PropellerThrust>(gz.bodies[0].thrusters.at(0).curve).advance_form);
  std::vector<std::string> beside;
  for (const Diagnostic& w : d.warnings()) {
    if (w.str().find("beside") != std::string::npos) beside.push_back(w.str());
  }
  ASSERT_EQ(beside.size(), 1u);
  expect_mentions(beside[0], {"gz.sdf:", "<alpha_2> beside <thrust_coefficient>", "ignored"});
  // In Leeway's own syntax it is an error.
  expect_mentions(
      load_error("leeway.sdf",
                 world_sdf(leeway_thruster("<zero_order/>",
                                           "<propeller><diameter>0.2</diameter><thrust_coefficient>"
                                           "0.004</thrust_coefficient><alpha_2>0.3</alpha_2>"
                                           "</propeller>"))),
      {"leeway.sdf:", "<alpha_2> beside <thrust_coefficient>", "expected one of the two forms"});
}

}  // namespace
}  // namespace leeway
