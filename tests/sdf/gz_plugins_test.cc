// gz-sim's hydrodynamics and buoyancy systems load with gz-sim's meaning.
#include <gtest/gtest.h>
#include <numbers>

#include "leeway/body/dynamics.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

using testing::load;
using testing::simple_model;
using testing::world_sdf;

std::string gz_hydro(const std::string& params) {
  return R"(<plugin filename="gz-sim-hydrodynamics-system" name="gz::sim::systems::Hydrodynamics">
    <link_name>base</link_name>)" +
         params + "</plugin>";
}

TEST(GzHydrodynamics, AddedMassIsMinusTheSnameDerivative) {
  const Model m =
      load(world_sdf(simple_model(gz_hydro("<xDotU>-5</xDotU><yDotV>-7</yDotV><nDotR>-1.5</"
                                           "nDotR><zDotQ>-0.3</zDotQ><mDotW>-0.3</mDotW>"))));
  const Mat6& A = m.bodies[0].M_A;
  EXPECT_DOUBLE_EQ(A(dof::u, dof::u), 5.0);
  EXPECT_DOUBLE_EQ(A(dof::v, dof::v), 7.0);
  EXPECT_DOUBLE_EQ(A(dof::r, dof::r), 1.5);
  EXPECT_DOUBLE_EQ(A(dof::w, dof::q), 0.3);  // zDotQ: heave force from pitch acceleration
  EXPECT_DOUBLE_EQ(A(dof::q, dof::w), 0.3);
}

TEST(GzHydrodynamics, DampingSemantics) {
  // xU = -5 at u = 2 gives a 10 N opposing force (gz-sim's test value); xUabsU is |u|u;
  // yVabsR is v |r|; the signed nRV is r v.
  const Model m = load(world_sdf(
      simple_model(gz_hydro("<xU>-5</xU><xUabsU>-2</xUabsU><yVabsR>-3</yVabsR><nRV>-4</nRV>"))));
  const BodyModel& b = m.bodies[0];
  BodyState s;
  s.V_WB_B << 2.0, -1.0, 0, 0, 0, -0.5;
  const Vec6 F = compute_body_wrenches(b, Environment{}, EnvironmentState{}, 0.0, s, HeldLoads{})
                     .terms[BodyWrenches::kDamping];
  EXPECT_DOUBLE_EQ(F[dof::u], -5 * 2.0 - 2 * 2.0 * 2.0);
  EXPECT_DOUBLE_EQ(F[dof::v], -3 * (-1.0) * 0.5);
  EXPECT_DOUBLE_EQ(F[dof::r], -4 * (-0.5) * (-1.0));
}

TEST(GzHydrodynamics, FlagsAndCurrent) {
  const Model m = load(world_sdf(simple_model(
      gz_hydro("<xDotU>-5</xDotU><disable_added_mass>true</disable_added_mass>"
               "<default_current>0.5 -0.2 0</default_current><namespace>x</namespace>"))));
  EXPECT_TRUE(m.bodies[0].M_A.isZero(0.0));
  EXPECT_FALSE(m.bodies[0].added_mass_coriolis);
  EXPECT_EQ(*m.bodies[0].v_current_override_W, Vec3(0.5, -0.2, 0));
  const Model m2 =
      load(world_sdf(simple_model(gz_hydro("<disable_coriolis>1</disable_coriolis>"))));
  EXPECT_FALSE(m2.bodies[0].added_mass_coriolis);
}

TEST(GzHydrodynamics, IgnitionSpellingIsAccepted) {
  const Model m = load(world_sdf(simple_model(
      R"(<plugin filename="ignition-gazebo-hydrodynamics-system"
                 name="ignition::gazebo::systems::Hydrodynamics">
           <link_name>base</link_name><xDotU>-2</xDotU></plugin>)")));
  EXPECT_DOUBLE_EQ(m.bodies[0].M_A(0, 0), 2.0);
}

TEST(GzBuoyancy, VolumeAndCentreFromCollisionShapes) {
  // gz-sim's test submarine hull: a cylinder of radius 0.2 m and length 2 m,
  // V = 0.25132741228718347 m^3; here offset 0.1 m up, plus a 0.1 m sphere 1 m forward.
  const std::string collisions = R"(
    <collision name="hull"><pose>0 0 0.1 0 1.5707963267948966 0</pose>
      <geometry><cylinder><radius>0.2</radius><length>2</length></cylinder></geometry></collision>
    <collision name="dome"><pose>1 0 0 0 0 0</pose>
      <geometry><sphere><radius>0.1</radius></sphere></geometry></collision>)";
  const std::string buoyancy = R"(<plugin filename="gz-sim-buoyancy-system"
      name="gz::sim::systems::Buoyancy"><uniform_fluid_density>1025</uniform_fluid_density></plugin>)";
  const Model m = load(world_sdf(simple_model("", "sub", collisions), buoyancy, "0 0 -9.81"));
  const auto& r = std::get<SubmergedRestoring>(m.bodies[0].restoring);
  const double v_cyl = 0.25132741228718347, v_sph = 4.0 / 3.0 * std::numbers::pi * 1e-3;
  EXPECT_NEAR(r.f_buoyancy_W.z(), 1025 * (v_cyl + v_sph) * 9.81, 1e-9);
  EXPECT_TRUE(r.p_BoBcb.isApprox(Vec3(v_sph * 1.0, 0, v_cyl * 0.1) / (v_cyl + v_sph), 1e-14));
  EXPECT_NEAR(r.f_weight_W.z(), -10 * 9.81, 1e-12);
}

TEST(GzBuoyancy, EveryPrimitiveVolume) {
  auto volume = [](const std::string& geometry) {
    const std::string col = "<collision name='c'><geometry>" + geometry + "</geometry></collision>";
    const std::string buoyancy = R"(<plugin filename="gz-sim-buoyancy-system" name="b">
        <uniform_fluid_density>1</uniform_fluid_density></plugin>)";
    const Model m = load(world_sdf(simple_model("", "m", col), buoyancy, "0 0 -1"));
    return std::get<SubmergedRestoring>(m.bodies[0].restoring).f_buoyancy_W.z();
  };
  constexpr double pi = std::numbers::pi;
  EXPECT_NEAR(volume("<box><size>1 2 3</size></box>"), 6.0, 1e-12);
  EXPECT_NEAR(volume("<sphere><radius>0.5</radius></sphere>"), 4.0 / 3 * pi * 0.125, 1e-12);
  EXPECT_NEAR(volume("<cylinder><radius>0.5</radius><length>2</length></cylinder>"), pi * 0.5,
              1e-12);
  EXPECT_NEAR(volume("<ellipsoid><radii>1 2 3</radii></ellipsoid>"), 4.0 / 3 * pi * 6, 1e-12);
  EXPECT_NEAR(volume("<capsule><radius>0.5</radius><length>2</length></capsule>"),
              pi * 0.25 * 2 + 4.0 / 3 * pi * 0.125, 1e-12);
}

TEST(GzBuoyancy, EnableRestrictsItToNamedModels) {
  const std::string col =
      "<collision name='c'><geometry><box><size>1 1 1</size></box></geometry></collision>";
  const std::string buoyancy = R"(<plugin filename="gz-sim-buoyancy-system" name="b">
      <enable>floaty</enable></plugin>)";
  const Model m = load(world_sdf(simple_model("", "floaty", col) + simple_model("", "sinky", col),
                                 buoyancy, "0 0 -10"));
  EXPECT_NEAR(std::get<SubmergedRestoring>(m.bodies[0].restoring).f_buoyancy_W.z(), 1e4, 1e-9);
  EXPECT_EQ(std::get<SubmergedRestoring>(m.bodies[1].restoring).f_buoyancy_W.z(), 0.0);
}

TEST(GzHydrodynamics, SignedSquareDragIsWarnedAbout) {
  Diagnostics d;
  load_world_string(testing::world_sdf(testing::simple_model(gz_hydro("<xUU>-2</xUU>"))), "w.sdf",
                    d);
  ASSERT_EQ(d.warnings().size(), 1u);
  EXPECT_NE(d.warnings()[0].str().find("<xUabsU>"), std::string::npos) << d.warnings()[0].str();
  EXPECT_NE(d.warnings()[0].str().find("u*u"), std::string::npos) << d.warnings()[0].str();
}

}  // namespace
}  // namespace leeway
