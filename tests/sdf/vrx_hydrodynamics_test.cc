// VRX's SimpleHydrodynamics block loads with VRX's meaning: magnitudes, VRX's code defaults, and
// the WAM-V's own coefficients giving the forces VRX's formula gives.
#include <gtest/gtest.h>

#include "leeway/body/dynamics.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

using testing::expect_mentions;
using testing::load;
using testing::load_error;
using testing::simple_model;
using testing::world_sdf;

std::string vrx_hydro(const std::string& params,
                      const std::string& filename = "libSimpleHydrodynamics.so") {
  return R"(<plugin name="vrx::SimpleHydrodynamics" filename=")" + filename + R"(">
    <link_name>base</link_name>)" +
         params + "</plugin>";
}

// VRX's WAM-V (wamv_gazebo_dynamics_plugin.xacro, research/vrx.md 3).
const std::string kWamv = R"(
    <xDotU>0.0</xDotU><yDotV>0.0</yDotV><nDotR>0.0</nDotR>
    <xU>100.0</xU><xUU>150.0</xUU><yV>100.0</yV><yVV>100.0</yVV><zW>500.0</zW>
    <kP>300.0</kP><kPP>600.0</kPP><mQ>900.0</mQ><mQQ>900.0</mQQ><nR>800.0</nR><nRR>800.0</nRR>)";

Vec6 damping(const Model& m, const Vec6& nu) {
  BodyState s;
  s.V_WB_B = nu;
  return compute_body_wrenches(m.bodies[0], Environment{}, EnvironmentState{}, 0.0, s, HeldLoads{})
      .terms[BodyWrenches::kDamping];
}

TEST(VrxSimpleHydrodynamics, TheWamvsCoefficientsGiveVrxsForces) {
  // tau_i = -(L_i + Q_i |nu_i|) nu_i on each axis, with VRX's magnitudes.
  const Model m = load(world_sdf(simple_model(vrx_hydro(kWamv))));
  Vec6 nu;
  nu << 2.0, -0.5, 0.1, 0.2, -0.1, 0.3;
  const Vec6 F = damping(m, nu);
  const double L[6] = {100, 100, 500, 300, 900, 800}, Q[6] = {150, 100, 0, 600, 900, 800};
  for (int i = 0; i < 6; ++i)
    EXPECT_NEAR(F[i], -(L[i] + Q[i] * std::abs(nu[i])) * nu[i], 1e-9) << i;
  // Added mass: zero where the WAM-V sets it, VRX's 0.1 where it leaves the default.
  const Mat6& A = m.bodies[0].M_A;
  EXPECT_EQ(A(dof::u, dof::u), 0.0);
  EXPECT_EQ(A(dof::r, dof::r), 0.0);
  EXPECT_EQ(A(dof::w, dof::w), 0.1);
  EXPECT_EQ(A(dof::q, dof::q), 0.1);
}

TEST(VrxSimpleHydrodynamics, AnEmptyBlockTakesVrxsCodeDefaults) {
  for (const char* filename : {"libSimpleHydrodynamics.so", "SimpleHydrodynamics"}) {
    const Model m = load(world_sdf(simple_model(vrx_hydro("", filename))));
    const Vec6 expected_added = (Vec6() << 5, 5, 0.1, 0.1, 0.1, 1).finished();
    EXPECT_EQ(m.bodies[0].M_A.diagonal(), expected_added) << filename;
    Vec6 nu = Vec6::Constant(0.5);
    EXPECT_EQ(damping(m, nu), Vec6::Constant(-20 * 0.5)) << filename;  // linear 20, no quadratic
  }
}

TEST(VrxSimpleHydrodynamics, BadBlocksAreClearErrors) {
  std::string text = world_sdf(simple_model(vrx_hydro("<xU>-100</xU>")));
  expect_mentions(load_error("vrx_sign.sdf", text),
                  {"vrx_sign.sdf:" + std::to_string(testing::line_of(text, "<xU>")), "xU", "-100",
                   "VRX applies the sign"});
  text = world_sdf(simple_model(vrx_hydro("<xUabsU>10</xUabsU>")));
  expect_mentions(load_error("vrx_unknown.sdf", text), {"xUabsU", "xUU"});
  text = world_sdf(simple_model(
      R"(<plugin name="vrx::SimpleHydrodynamics" filename="libSimpleHydrodynamics.so">
    <xU>10</xU></plugin>)"));
  expect_mentions(load_error("vrx_link.sdf", text), {"vrx_link.sdf:", "link_name"});
}

}  // namespace
}  // namespace leeway
