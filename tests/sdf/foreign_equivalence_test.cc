// Foreign plugin blocks against their Leeway equivalents (issue 6): a vehicle written with
// gz-sim's, VRX's or UUV Simulator's plugins, in their own syntax and sign conventions, and the
// same vehicle written with Leeway's own elements, the numbers converted by hand, load into
// bodies that give the same wrench, term by term, in every state tried.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

#include "leeway/body/dynamics.h"
#include "leeway/propulsion/thruster.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

using testing::load;
using testing::simple_model;
using testing::world_sdf;

/// Poses and twists that turn every axis: a heeled, trimmed, yawed body moving on all six.
std::vector<BodyState> states() {
  std::vector<BodyState> out;
  const double twists[3][6] = {{1.3, -0.4, 0.25, 0.7, -0.2, 0.35},
                               {-0.6, 0.9, -0.5, -0.3, 0.45, -0.8},
                               {2.5, 0.1, 0.05, 0.02, 0.01, 0.6}};
  const double angles[3][3] = {{0.1, -0.05, 0.7}, {-0.3, 0.2, -2.0}, {0.0, 0.0, 3.0}};
  for (int k = 0; k < 3; ++k) {
    BodyState s;
    s.p_WB = Vec3(1.0 * k, -2.0, -3.0 - k);
    s.q_WB = Eigen::AngleAxisd(angles[k][2], Vec3::UnitZ()) *
             Eigen::AngleAxisd(angles[k][1], Vec3::UnitY()) *
             Eigen::AngleAxisd(angles[k][0], Vec3::UnitX());
    s.V_WB_B = Eigen::Map<const Vec6>(twists[k]);
    out.push_back(s);
  }
  return out;
}

/// Every term of both bodies' wrenches agrees to `relative` of the larger, in every state, and
/// their added-mass matrices agree to the same; the term the plugins give, `acting`, is not zero.
void expect_same_forces(const Model& foreign, const Model& own, BodyWrenches::Term acting,
                        double relative = 1e-12) {
  const BodyModel &a = foreign.bodies.at(0), &b = own.bodies.at(0);
  EXPECT_LE((a.M_A - b.M_A).norm(), relative * b.M_A.norm()) << a.M_A << "\n\n" << b.M_A;
  double acted = 0.0;
  for (const BodyState& s : states()) {
    const BodyWrenches wa =
        compute_body_wrenches(a, foreign.environment, EnvironmentState{}, 0.0, s, HeldLoads{});
    const BodyWrenches wb =
        compute_body_wrenches(b, own.environment, EnvironmentState{}, 0.0, s, HeldLoads{});
    for (int term = 0; term < BodyWrenches::kCount; ++term) {
      const Vec6 &fa = wa.terms[static_cast<std::size_t>(term)],
                 &fb = wb.terms[static_cast<std::size_t>(term)];
      if (term == acting) acted = std::max(acted, fb.norm());
      EXPECT_LE((fa - fb).norm(), relative * std::max(1.0, fb.norm()))
          << BodyWrenches::name(term) << ": " << fa.transpose() << " vs " << fb.transpose();
    }
  }
  EXPECT_GT(acted, 1.0) << BodyWrenches::name(acting);  // the comparison compared something
}

TEST(ForeignEquivalence, GzSimHydrodynamicsIsLeewaysElementWithFossensSigns) {
  // gz-sim's SNAME derivatives are negative where they resist; Leeway's matrices are Fossen's,
  // positive. Couplings included: sway-yaw added mass and yaw-from-sway damping.
  const std::string gz = R"(
  <plugin filename="gz-sim-hydrodynamics-system" name="gz::sim::systems::Hydrodynamics">
    <link_name>base</link_name>
    <xDotU>-12</xDotU><yDotV>-30</yDotV><zDotW>-40</zDotW><kDotP>-1</kDotP><mDotQ>-6</mDotQ>
    <nDotR>-5</nDotR><yDotR>-2</yDotR><nDotV>-2</nDotV>
    <xU>-3</xU><yV>-20</yV><zW>-25</zW><kP>-1</kP><mQ>-4</mQ><nR>-6</nR><nV>-1.5</nV>
    <xUabsU>-5.6</xUabsU><yVabsV>-40</yVabsV><zWabsW>-50</zWabsW><kPabsP>-0.5</kPabsP>
    <mQabsQ>-3</mQabsQ><nRabsR>-4</nRabsR>
  </plugin>)";
  const std::string own = R"(
  <plugin filename="leeway-hydrodynamics" name="leeway::Hydrodynamics">
    <frame>flu</frame>
    <added_mass>12 0 0 0 0 0  0 30 0 0 0 2  0 0 40 0 0 0  0 0 0 1 0 0  0 0 0 0 6 0
                0 2 0 0 0 5</added_mass>
    <linear_damping>3 0 0 0 0 0  0 20 0 0 0 0  0 0 25 0 0 0  0 0 0 1 0 0  0 0 0 0 4 0
                    0 1.5 0 0 0 6</linear_damping>
    <quadratic_damping>5.6 40 50 0.5 3 4</quadratic_damping>
  </plugin>)";
  expect_same_forces(load(world_sdf(simple_model(gz))), load(world_sdf(simple_model(own))),
                     BodyWrenches::kDamping);
}

TEST(ForeignEquivalence, VrxSimpleHydrodynamicsIsLeewaysElementOnTheDiagonal) {
  // VRX's magnitudes on each axis (the WAM-V's damping, VRX's default added mass).
  const std::string vrx = R"(
  <plugin filename="libSimpleHydrodynamics.so" name="vrx::SimpleHydrodynamics">
    <link_name>base</link_name>
    <xU>100.0</xU><xUU>150.0</xUU><yV>100.0</yV><yVV>100.0</yVV><zW>500.0</zW>
    <kP>300.0</kP><kPP>600.0</kPP><mQ>900.0</mQ><mQQ>900.0</mQQ><nR>800.0</nR><nRR>800.0</nRR>
  </plugin>)";
  const std::string own = R"(
  <plugin filename="leeway-hydrodynamics" name="leeway::Hydrodynamics">
    <added_mass>5 0 0 0 0 0  0 5 0 0 0 0  0 0 0.1 0 0 0  0 0 0 0.1 0 0  0 0 0 0 0.1 0
                0 0 0 0 0 1</added_mass>
    <linear_damping>100 100 500 300 900 800</linear_damping>
    <quadratic_damping>150 100 0 600 900 800</quadratic_damping>
  </plugin>)";
  expect_same_forces(load(world_sdf(simple_model(vrx))), load(world_sdf(simple_model(own))),
                     BodyWrenches::kDamping);
}

TEST(ForeignEquivalence, ADampingThatFeedsEnergyInIsRefusedAlikeInEverySyntax) {
  // One description (hydro/fossen_parameters.h) bounds the damping's diagonal: a sway damping
  // that pushes the body along is refused at its element in each syntax, in the syntax's sign.
  const auto refusal = [](const std::string& file, const std::string& plugin,
                          const std::string& element, const std::vector<std::string>& mentions) {
    const std::string text = world_sdf(simple_model(plugin));
    const std::string message = testing::load_error(file, text);
    testing::expect_mentions(message,
                             {file + ":" + std::to_string(testing::line_of(text, element))});
    for (const std::string& m : mentions)
      testing::expect_mentions(message, {m});
  };
  const std::string reason = "a damping that does not dissipate feeds energy into the motion";
  refusal("own.sdf", R"(<plugin filename="leeway-hydrodynamics" name="leeway::Hydrodynamics">
    <linear_damping>3 -20 25 1 4 6</linear_damping></plugin>)",
          "<linear_damping>",
          {"got -20 in <linear_damping>, the sway entry of D_l, the linear damping [kg/s]",
           "expected >= 0: " + reason});
  refusal("own_quadratic.sdf", R"(<plugin filename="leeway-hydrodynamics"
    name="leeway::Hydrodynamics"><frame>frd</frame>
    <quadratic_damping>0 0 0 0 0 0  0 0 0 0 0 0  0 0 0 0 0 0  0 0 0 0 0 0  0 0 0 0 0 0
                       0 0 0 0 0 -4</quadratic_damping></plugin>)",
          "<quadratic_damping>",
          {"got -4 in <quadratic_damping>, the yaw entry of D_q, the quadratic damping [kg m^2]",
           "expected >= 0: " + reason});
  refusal("gz.sdf", R"(<plugin filename="gz-sim-hydrodynamics-system"
    name="gz::sim::systems::Hydrodynamics"><link_name>base</link_name>
    <yV>20</yV></plugin>)",
          "<yV>",
          {"got 20 in <yV>, the sway entry of D_l, the linear damping [kg/s]",
           "expected <= 0 (SNAME's sign: a derivative that opposes the motion is negative): " +
               reason});
  refusal("vrx.sdf", R"(<plugin filename="libSimpleHydrodynamics.so"
    name="vrx::SimpleHydrodynamics"><link_name>base</link_name>
    <yV>-20</yV></plugin>)",
          "<yV>",
          {"got -20 in <yV>, the sway entry of D_l, the linear damping [kg/s]",
           "expected >= 0 (a magnitude: VRX applies the sign itself): " + reason});
  refusal("own_fade.sdf", R"(<plugin filename="leeway-hydrodynamics" name="leeway::Hydrodynamics">
    <linear_damping_speed_fade>3 -3 0 0 0 0</linear_damping_speed_fade></plugin>)",
          "<linear_damping_speed_fade>", {"got -3 for sway (place 2)", "[s/m] >= 0"});

  // Off the diagonal a coefficient of either sign is a coupling, not a source of energy, and an
  // added mass is bounded by M_RB + M_A alone: both load, in every syntax.
  const Model gz = load(world_sdf(simple_model(R"(<plugin filename="gz-sim-hydrodynamics-system"
    name="gz::sim::systems::Hydrodynamics"><link_name>base</link_name>
    <yR>3</yR><xDotU>2</xDotU><yVabsR>1.5</yVabsR></plugin>)")));
  EXPECT_EQ(gz.bodies[0].damping.linear(dof::v, dof::r), -3.0);
  EXPECT_EQ(gz.bodies[0].M_A(dof::u, dof::u), -2.0);
  ASSERT_EQ(gz.bodies[0].damping.quadratic.size(), 1u);
  EXPECT_EQ(gz.bodies[0].damping.quadratic[0].coefficient, -1.5);
}

TEST(ForeignEquivalence, GzSimBuoyancyIsLeewaysVolumeAtTheShapesCentroid) {
  // gz-sim fills the world with water and lifts rho g V at the collision shapes' centroid: a
  // 1 x 0.5 x 0.4 m box 0.1 m ahead of and 0.05 m below the link origin.
  const std::string box = R"(<collision name="c"><pose>0.1 0 -0.05 0 0 0</pose>
      <geometry><box><size>1 0.5 0.4</size></box></geometry></collision>)";
  const Model gz = load(world_sdf(simple_model("", "m", box), R"(
    <plugin filename="gz-sim-buoyancy-system" name="gz::sim::systems::Buoyancy">
      <uniform_fluid_density>1025</uniform_fluid_density></plugin>)",
                                  "0 0 -9.80665"));
  const Model own = load(world_sdf(simple_model(R"(
  <plugin filename="leeway-hydrodynamics" name="leeway::Hydrodynamics">
    <buoyancy><volume>0.2</volume><center>0.1 0 -0.05</center></buoyancy>
  </plugin>)",
                                                "m", box),
                                   R"(
    <plugin filename="leeway-environment" name="leeway::Environment">
      <fluid_density>1025</fluid_density><surface_level>1e6</surface_level></plugin>)",
                                   "0 0 -9.80665"));
  expect_same_forces(gz, own, BodyWrenches::kRestoring);
}

/// Leeway's wind, 9 m/s towards 30 degrees (in radians), on the WAM-V's coefficients in the hull
/// plugin's VRX law, evaluated as `options` say.
Model leeway_wind_on_vrx_windage(const std::string& options) {
  return load(world_sdf(simple_model(R"(<plugin filename="leeway-hull" name="leeway::Hull">
    <windage><vrx>0.5 0.5 0.33</vrx>)" +
                                     options + "</windage></plugin>"),
                        R"(<plugin filename="leeway-environment" name="leeway::Environment">
      <wind><speed>9</speed><direction>)" +
                            std::to_string(std::numbers::pi / 6) + "</direction></wind></plugin>"));
}

TEST(ForeignEquivalence, VrxWindIsLeewaysWindWithVrxsWindageInWorldAxes) {
  // USVWind's 9 m/s towards 30 degrees (ENU) on the WAM-V's coefficients; Leeway's wind in
  // radians and the same law in the hull plugin, evaluated in world axes as VRX's gz plugin does.
  const Model vrx = load(world_sdf(simple_model(""), R"(
    <plugin filename="libUSVWind.so" name="vrx::USVWind">
      <wind_obj><name>m</name><link_name>base</link_name><coeff_vector>0.5 0.5 0.33</coeff_vector>
      </wind_obj><wind_direction>30</wind_direction><wind_mean_velocity>9</wind_mean_velocity>
    </plugin>)"));
  expect_same_forces(vrx, leeway_wind_on_vrx_windage("<world_axes>true</world_axes>"),
                     BodyWrenches::kWindage, 1e-6);  // the direction written to 6 decimals
}

TEST(ForeignEquivalence, VrxClassicDynamicsIsSimpleHydrodynamicsAndASurfaceGrid) {
  // Classic's damping is SimpleHydrodynamics' with 0.1 added mass fixed on heave, roll and pitch;
  // its grid is a Surface whose points carry L/n each: 2 x 4 points on a 4.9 m hull, here with
  // the water at -3.1 m so that the first state's heeled hull is partly under.
  const std::string classic = R"(
  <plugin name="usv_dynamics" filename="libusv_gazebo_dynamics_plugin.so">
    <bodyName>base</bodyName><waterLevel>-3.1</waterLevel><waterDensity>997.8</waterDensity>
    <xDotU>3</xDotU><yDotV>4</yDotV><nDotR>2</nDotR><xU>51.3</xU><xUU>72.4</xUU><yV>40</yV>
    <yVV>10</yVV><zW>500</zW><kP>50</kP><mQ>60</mQ><nR>400</nR><nRR>30</nRR>
    <hullRadius>0.3</hullRadius><boatWidth>2.4</boatWidth><boatLength>4.9</boatLength>
    <length_n>4</length_n><wave_model>ocean_waves</wave_model>
  </plugin>)";
  const std::string own = R"(
  <plugin filename="leeway-hydrodynamics" name="leeway::Hydrodynamics">
    <added_mass>3 0 0 0 0 0  0 4 0 0 0 0  0 0 0.1 0 0 0  0 0 0 0.1 0 0  0 0 0 0 0.1 0
                0 0 0 0 0 2</added_mass>
    <linear_damping>51.3 40 500 50 60 400</linear_damping>
    <quadratic_damping>72.4 10 0 0 0 30</quadratic_damping>
  </plugin>
  <plugin filename="libSurface.so" name="vrx::Surface">
    <link_name>base</link_name><hull_length>9.8</hull_length><hull_radius>0.3</hull_radius>
    <fluid_level>-3.1</fluid_level><fluid_density>997.8</fluid_density>
    <points><point>-1.8375 -1.2 0</point><point>-0.6125 -1.2 0</point><point>0.6125 -1.2 0</point>
      <point>1.8375 -1.2 0</point><point>-1.8375 1.2 0</point><point>-0.6125 1.2 0</point>
      <point>0.6125 1.2 0</point><point>1.8375 1.2 0</point></points>
  </plugin>)";
  expect_same_forces(load(world_sdf(simple_model(classic), "", "0 0 -9.81")),
                     load(world_sdf(simple_model(own), "", "0 0 -9.81")),
                     BodyWrenches::kStripBuoyancy);
}

TEST(ForeignEquivalence, VrxClassicWindIsLeewaysWindWithVrxsWindageOnTheTrueWind) {
  // Classic's world plugin, in its last version's spelling, against Leeway's wind and the same
  // law in the hull plugin, in body axes on the true wind, as classic evaluates it.
  const Model classic = load(world_sdf(simple_model(""), R"(
    <plugin name="wind" filename="libusv_gazebo_wind_plugin.so">
      <wind_obj><model_name>m</model_name>
        <link><link_name>base</link_name><coeff_vector>0.5 0.5 0.33</coeff_vector></link>
      </wind_obj><wind_direction>30</wind_direction><wind_mean_velocity>9</wind_mean_velocity>
    </plugin>)"));
  expect_same_forces(classic, leeway_wind_on_vrx_windage("<true_wind>true</true_wind>"),
                     BodyWrenches::kWindage, 1e-6);  // the direction written to 6 decimals
}

/// A 10 kg base and one thruster link on a joint along `axis`, at `pose`.
std::string thruster_model(const std::string& pose, const std::string& axis,
                           const std::string& plugin) {
  return R"(<model name="boat"><link name="base">
    <inertial><mass>10</mass><inertia><ixx>1</ixx><iyy>2</iyy><izz>2</izz>
      <ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia></inertial></link>
    <link name="propeller"><pose>)" +
         pose + R"(</pose>
    <inertial><mass>0.5</mass><inertia><ixx>0.01</ixx><iyy>0.01</iyy><izz>0.01</izz>
      <ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia></inertial></link>
    <joint name="shaft" type="revolute"><parent>base</parent><child>propeller</child>
      <axis><xyz>)" +
         axis + R"(</xyz></axis></joint>)" + plugin + "</model>";
}

/// The two thrusters give the same wrench at each shaft state, at rest and moving.
void expect_same_thrust(const Model& foreign, const Model& own) {
  const Thruster &a = foreign.bodies.at(0).thrusters.at(0), &b = own.bodies.at(0).thrusters.at(0);
  for (double x : {-300.0, -40.0, 0.0, 25.0, 180.0, 900.0}) {
    for (const BodyState& s : states()) {
      const Vec6 Fa = thruster_wrench(a, x, 0.0, s.V_WB_B, Vec3(0.1, 0, 0));
      const Vec6 Fb = thruster_wrench(b, x, 0.0, s.V_WB_B, Vec3(0.1, 0, 0));
      EXPECT_LE((Fa - Fb).norm(), 1e-12 * std::max(1.0, Fb.norm()))
          << x << ": " << Fa.transpose() << " vs " << Fb.transpose();
    }
  }
  EXPECT_GT(thruster_wrench(b, 900.0, 0.0, Vec6::Zero(), Vec3::Zero()).norm(), 1.0);
}

TEST(ForeignEquivalence, GzSimThrusterOnShaftSpeedIsLeewaysPropellerCurve) {
  const std::string pose = "-2.3 1 -0.2 0 0 0";
  const Model gz = load(world_sdf(thruster_model(pose, "1 0 0", R"(
  <plugin filename="gz-sim-thruster-system" name="gz::sim::systems::Thruster">
    <joint_name>shaft</joint_name><use_angvel_cmd>true</use_angvel_cmd>
    <thrust_coefficient>0.004422</thrust_coefficient><fluid_density>1000</fluid_density>
    <propeller_diameter>0.2</propeller_diameter></plugin>)")));
  const Model own = load(world_sdf(thruster_model(pose, "1 0 0", R"(
  <plugin filename="leeway" name="leeway::Thruster"><actuator>shaft</actuator>
    <position>-2.3 1 -0.2</position><axis>1 0 0</axis><torque_factor>0</torque_factor>
    <thrust><propeller><diameter>0.2</diameter><fluid_density>1000</fluid_density>
      <thrust_coefficient>0.004422</thrust_coefficient></propeller></thrust></plugin>)")));
  expect_same_thrust(gz, own);
}

TEST(ForeignEquivalence, UuvThrusterIsLeewaysQuadraticCurveWithItsDynamics) {
  // RexROV's thruster 4: yawed 45 degrees; UUV's Basic conversion T = k x |x| and its
  // first-order rotor. UUV Simulator applies no shaft torque to the vehicle.
  const std::string pose = "-0.412125 0.505415 0.129 0 0 0.7853981633974483";
  const Model uuv = load(world_sdf(thruster_model(pose, "1 0 0", R"(
  <plugin name="rexrov_4_thruster_model" filename="libuuv_thruster_ros_plugin.so">
    <linkName>propeller</linkName><jointName>shaft</jointName><thrusterID>4</thrusterID>
    <dynamics><type>FirstOrder</type><timeConstant>0.05</timeConstant></dynamics>
    <conversion><type>Basic</type><rotorConstant>0.00031</rotorConstant></conversion></plugin>)")));
  const double c = std::sqrt(0.5);
  const Model own = load(world_sdf(thruster_model(pose, "1 0 0",
                                                  R"(
  <plugin filename="leeway" name="leeway::Thruster"><actuator>shaft</actuator>
    <position>-0.412125 0.505415 0.129</position><axis>)" +
                                                      std::to_string(c) + " " + std::to_string(c) +
                                                      R"( 0</axis><torque_factor>0</torque_factor>
    <dynamics><first_order><time_constant>0.05</time_constant></first_order></dynamics>
    <thrust><quadratic><k_forward>0.00031</k_forward></quadratic></thrust></plugin>)")));
  expect_same_thrust(uuv, own);
  const ActuatorModel &a = uuv.actuators.at(0), &b = own.actuators.at(0);
  ASSERT_TRUE(std::holds_alternative<FirstOrderRotor>(a.dynamics.dynamics));
  EXPECT_EQ(std::get<FirstOrderRotor>(a.dynamics.dynamics).time_constant,
            std::get<FirstOrderRotor>(b.dynamics.dynamics).time_constant);
}

}  // namespace
}  // namespace leeway
