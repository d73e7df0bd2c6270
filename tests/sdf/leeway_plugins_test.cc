// Leeway's own hydrodynamics and environment elements.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "leeway/core/frames.h"
#include "leeway/propulsion/control_surface.h"
#include "leeway/propulsion/thruster.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

using testing::load;
using testing::simple_model;
using testing::world_sdf;

std::string leeway_hydro(const std::string& params) {
  return R"(<plugin filename="leeway-hydrodynamics" name="leeway::Hydrodynamics">)" + params +
         "</plugin>";
}

std::string matrix_text(const Mat6& M) {
  std::string s;
  for (int i = 0; i < 6; ++i) {
    for (int j = 0; j < 6; ++j)
      s += std::to_string(M(i, j)) + " ";
  }
  return s;
}

TEST(LeewayHydrodynamics, FrdMatricesAreConvertedToFlu) {
  Mat6 A = Vec6(5, 20, 30, 1, 4, 4).asDiagonal();
  A(dof::u, dof::w) = A(dof::w, dof::u) = 0.5;  // surge-heave coupling: sign flips
  A(dof::w, dof::q) = A(dof::q, dof::w) = 0.7;  // heave-pitch coupling: unchanged
  const Model m = load(world_sdf(
      simple_model(leeway_hydro("<frame>frd</frame><added_mass>" + matrix_text(A) +
                                "</added_mass>"
                                "<linear_damping>1 2 3 4 5 6</linear_damping>"
                                "<quadratic_damping>" +
                                matrix_text(Mat6::Identity() * 2) + "</quadratic_damping>"))));
  const BodyModel& b = m.bodies[0];
  EXPECT_DOUBLE_EQ(b.M_A(dof::u, dof::w), -0.5);
  EXPECT_DOUBLE_EQ(b.M_A(dof::w, dof::q), 0.7);
  EXPECT_TRUE(b.M_A.isApprox(flip_flu_frd(A), 0.0));
  EXPECT_EQ(b.damping.linear.diagonal(), Vec6(1, 2, 3, 4, 5, 6));
  EXPECT_EQ(b.damping.quadratic.size(), 6u);
}

TEST(LeewayHydrodynamics, ReferencePointTransportsAddedMass) {
  // Heave added mass a about P = (1, 0, 0): about Bo it gains a heave-pitch coupling -a and a
  // pitch term a (1 m)^2, since w_P = w - q * 1 m.
  const Model m = load(world_sdf(simple_model(
      leeway_hydro("<reference_point>1 0 0</reference_point>"
                   "<added_mass>" +
                   matrix_text(Mat6(Vec6(0, 0, 40, 0, 0, 0).asDiagonal())) + "</added_mass>"))));
  const Mat6& A = m.bodies[0].M_A;
  EXPECT_DOUBLE_EQ(A(dof::w, dof::w), 40.0);
  EXPECT_DOUBLE_EQ(A(dof::w, dof::q), -40.0);
  EXPECT_DOUBLE_EQ(A(dof::q, dof::q), 40.0);
  EXPECT_EQ(m.bodies[0].damping.p_BoP, Vec3(1, 0, 0));
}

TEST(LeewayHydrodynamics, AsymmetricAddedMassIsSymmetrisedWithAWarning) {
  Mat6 A = Mat6(Vec6(5, 20, 30, 1, 4, 4).asDiagonal());
  A(dof::v, dof::r) = 2.0;  // and (r, v) left at 0
  Diagnostics d;
  const Model m = load_world_string(
      world_sdf(simple_model(leeway_hydro("<added_mass>" + matrix_text(A) + "</added_mass>"))),
      "t.sdf", d);
  EXPECT_DOUBLE_EQ(m.bodies[0].M_A(dof::v, dof::r), 1.0);
  EXPECT_DOUBLE_EQ(m.bodies[0].M_A(dof::r, dof::v), 1.0);
  ASSERT_EQ(d.warnings().size(), 1u);
  EXPECT_NE(d.warnings()[0].message.find("not symmetric"), std::string::npos);
  // Within the rounding of a table printed to five figures (0.001 of 30: 3e-5), no word.
  A(dof::v, dof::r) = 0.0;
  A(dof::w, dof::q) = 0.001;
  Diagnostics rounded;
  load_world_string(
      world_sdf(simple_model(leeway_hydro("<added_mass>" + matrix_text(A) + "</added_mass>"))),
      "t.sdf", rounded);
  EXPECT_TRUE(rounded.warnings().empty()) << rounded.warnings().front().str();
}

TEST(LeewayHydrodynamics, BuoyancyAndRestoring) {
  const Model sub =
      load(world_sdf(simple_model(leeway_hydro(
                         "<buoyancy><volume>0.01</volume><center>0 0 0.05</center></buoyancy>")),
                     R"(<plugin filename="leeway-environment" name="leeway::Environment">
           <fluid_density>1000</fluid_density><current>0.1 0.2 0</current></plugin>)",
                     "0 0 -10"));
  const auto& r = std::get<SubmergedRestoring>(sub.bodies[0].restoring);
  EXPECT_NEAR(r.f_buoyancy_W.z(), 100.0, 1e-12);
  EXPECT_EQ(r.p_BoBcb, Vec3(0, 0, 0.05));
  EXPECT_EQ(sub.environment.current.steady_W, Vec3(0.1, 0.2, 0));
  EXPECT_FALSE(sub.bodies[0].v_current_override_W.has_value());

  Mat6 G = Mat6::Zero();
  G(dof::w, dof::w) = 2e4;
  G(dof::p, dof::p) = 1e3;
  G(dof::w, dof::q) = G(dof::q, dof::w) = 50;
  const Model surf = load(world_sdf(simple_model(leeway_hydro(
      "<frame>frd</frame><restoring><matrix>" + matrix_text(G) +
      "</matrix><center_of_flotation>0.1 0.2 0.3</center_of_flotation></restoring>"))));
  const auto& lr = std::get<LinearRestoring>(surf.bodies[0].restoring);
  EXPECT_EQ(lr.G(dof::w, dof::q), 50.0);  // heave and pitch both flip: the coupling does not
  EXPECT_EQ(lr.p_BoF, Vec3(0.1, -0.2, -0.3));
}

}  // namespace
}  // namespace leeway

namespace leeway {
namespace {

TEST(LeewayActuators, LogisticThrustPivotAndQuadraticFoilLoad) {
  // VRX's fit written in Leeway's syntax; an outboard swinging about a pivot 0.3 m ahead of its
  // propeller; UUV Simulator's quadratic fin law without an area.
  const Model m = testing::load(testing::world_sdf(testing::simple_model(R"(
    <plugin filename="leeway" name="leeway::Thruster">
      <actuator>outboard</actuator><position>-2.3 0 -0.2</position>
      <thrust><logistic><forward>0.01 59.82 5.0 0.38 0.56 0.28</forward>
        <reverse>-199.13 -0.09 8.84 5.34 0.99 -0.57</reverse>
        <max_forward>250</max_forward><max_reverse>100</max_reverse></logistic></thrust>
      <azimuth><actuator>steer</actuator><pivot>-2 0 -0.2</pivot></azimuth>
    </plugin>
    <plugin filename="leeway-foil" name="leeway::Foil">
      <foil><coefficients><quadratic><lift_constant>10</lift_constant>
        <drag_constant>5</drag_constant></quadratic></coefficients></foil>
    </plugin>)")));
  const Thruster& t = m.bodies[0].thrusters.at(0);
  EXPECT_NEAR(thruster_wrench(t, 1.0, 0.0, Vec6::Zero(), Vec3::Zero())[0], 242.7, 0.05);
  EXPECT_EQ(thruster_wrench(t, -1.0, 0.0, Vec6::Zero(), Vec3::Zero())[0], -100.0);
  const ThrusterPose turned = thruster_pose(t, std::numbers::pi / 2);
  EXPECT_LT((turned.p_BoP_B - Vec3(-2.0, -0.3, -0.2)).norm(), 1e-12);
  const ControlSurface& fin = m.bodies[0].control_surfaces.at(0);
  Vec6 nu = Vec6::Zero();
  nu[0] = 2.0;  // 0.1 rad of flow onto it: lift 10 * 0.1 * 2^2, whatever the density
  nu[1] = -2.0 * std::tan(0.1);
  const Vec6 F = control_surface_wrench(fin, 0.0, nu, Vec3::Zero(), 1.0);
  const double U2 = nu.head<2>().squaredNorm();
  EXPECT_NEAR(F.head<3>().norm(), U2 * std::hypot(10 * 0.1, 5 * 0.01), 1e-9);
}

TEST(LeewayActuators, AirFanWithAzimuthFixedKeelAndSailLoad) {
  const Model m = testing::load(testing::world_sdf(testing::simple_model(R"(
    <plugin filename="leeway" name="leeway::Thruster">
      <actuator>fan</actuator><fluid>air</fluid><disc_radius>0.1</disc_radius>
      <position>-0.3 0 0.2</position>
      <thrust><quadratic><k_forward>1</k_forward></quadratic></thrust>
      <azimuth><actuator>fan_angle</actuator><unit>rad</unit><turn_axis>0 0 1</turn_axis>
        <state_min>-0.5</state_min><state_max>0.5</state_max><max_rate>2</max_rate></azimuth>
    </plugin>
    <plugin filename="leeway-foil" name="leeway::Foil">
      <foil><position>0 0 -0.3</position><area>0.08</area>
        <coefficients><wing><aspect_ratio>4</aspect_ratio><stall_angle>0.3</stall_angle>
        </wing></coefficients></foil>
    </plugin>
    <plugin filename="leeway" name="leeway::ControlSurface">
      <actuator>sheet</actuator><unit>m</unit><fluid>air</fluid>
      <state_min>0</state_min><state_max>1</state_max>
      <sail><mast>0.15 0 0</mast><boom_block>0.5</boom_block><deck_block>0.4</deck_block>
        <foil><position>-0.1 0 0.8</position><area>1</area>
          <coefficients><flat_plate/></coefficients></foil></sail>
    </plugin>)"),
                                                   "", "0 0 -9.81"));
  ASSERT_EQ(m.actuators.size(), 3u);
  EXPECT_EQ(m.actuators[0].name, "fan");
  EXPECT_EQ(m.actuators[1].name, "fan_angle");
  EXPECT_EQ(m.actuators[1].dynamics.x_max, 0.5);
  EXPECT_EQ(m.actuators[1].dynamics.max_rate, 2.0);
  EXPECT_EQ(m.actuators[2].name, "sheet");
  const BodyModel& b = m.bodies[0];
  ASSERT_EQ(b.thrusters.size(), 1u);
  EXPECT_EQ(b.thrusters[0].actuator, 0);
  EXPECT_EQ(b.thrusters[0].azimuth_actuator, 1);
  EXPECT_EQ(b.thrusters[0].fluid, Fluid::kAir);
  EXPECT_EQ(b.thrusters[0].disc_radius, 0.1);
  ASSERT_EQ(b.control_surfaces.size(), 2u);
  EXPECT_EQ(b.control_surfaces[0].actuator, -1);  // the keel holds its angle
  EXPECT_EQ(b.control_surfaces[0].fluid, Fluid::kWater);
  EXPECT_EQ(b.control_surfaces[1].actuator, 2);
  EXPECT_EQ(b.control_surfaces[1].fluid, Fluid::kAir);
  const Sail& sail = std::get<Sail>(b.control_surfaces[1].law);
  EXPECT_EQ(sail.boom_block, 0.5);
  EXPECT_EQ(sail.deck_block, 0.4);
  EXPECT_TRUE(sail.p_BoM_B.isApprox(Vec3(0.15, 0, 0)));
  EXPECT_EQ(m.environment.air_density, 1.225);
}

}  // namespace
}  // namespace leeway
