// VRX classic's dynamics and wind plugins (usv_gazebo_dynamics_plugin, usv_gazebo_wind_plugin)
// load with classic's meaning: its coefficient subset and defaults, its 2 x n buoyancy grid, and
// its wind law in body axes on the true wind, in each of the wind plugin's three spellings.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "leeway/body/dynamics.h"
#include "leeway/hydro/strip_buoyancy.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

using testing::expect_mentions;
using testing::load;
using testing::load_error;
using testing::simple_model;
using testing::world_sdf;

std::string classic_dynamics(const std::string& params) {
  return R"(<plugin name="usv_dynamics_wamv_gazebo" filename="libusv_gazebo_dynamics_plugin.so">)" +
         params + "</plugin>";
}

// VRX classic's WAM-V (wamv_gazebo/urdf/dynamics/wamv_gazebo_dynamics_plugin.xacro).
const std::string kClassicWamv = R"(
    <bodyName>base</bodyName><waterLevel>0</waterLevel><waterDensity>997.8</waterDensity>
    <xDotU>0.0</xDotU><yDotV>0.0</yDotV><nDotR>0.0</nDotR>
    <xU>51.3</xU><xUU>72.4</xUU><yV>40.0</yV><yVV>0.0</yVV><zW>500.0</zW>
    <kP>50.0</kP><mQ>50.0</mQ><nR>400.0</nR><nRR>0.0</nRR>
    <hullRadius>0.213</hullRadius><boatWidth>2.4</boatWidth><boatLength>4.9</boatLength>
    <length_n>2</length_n><wave_model>ocean_waves</wave_model>)";

BodyWrenches wrenches(const Model& m, const BodyState& s) {
  return compute_body_wrenches(m.bodies[0], m.environment, EnvironmentState{}, 0.0, s, HeldLoads{});
}

TEST(VrxClassicDynamics, TheWamvsBlockGivesClassicsDampingAndGrid) {
  const Model m = load(world_sdf(simple_model(classic_dynamics(kClassicWamv)), "", "0 0 -9.81"));
  const BodyModel& b = m.bodies[0];
  // Classic's added mass: zero where the WAM-V sets it, 0.1 fixed on heave, roll and pitch.
  EXPECT_EQ(b.M_A.diagonal(), (Vec6() << 0, 0, 0.1, 0.1, 0.1, 0).finished());
  BodyState s;
  s.p_WB = Vec3(0, 0, -0.1);
  s.V_WB_B << 2.0, -0.5, 0.1, 0.2, -0.1, 0.3;
  const BodyWrenches w = wrenches(m, s);
  const double L[6] = {51.3, 40, 500, 50, 50, 400}, Q[6] = {72.4, 0, 0, 0, 0, 0};
  for (int i = 0; i < 6; ++i) {
    EXPECT_NEAR(w.terms[BodyWrenches::kDamping][i],
                -(L[i] + Q[i] * std::abs(s.V_WB_B[i])) * s.V_WB_B[i], 1e-9)
        << i;
  }
  // Level, 0.1 m deep: four points, each carrying L/n = 2.45 m of a 0.213 m hull's segment.
  ASSERT_EQ(b.strip_hulls.size(), 1u);
  ASSERT_EQ(b.strip_hulls[0].p_BoP.size(), 4u);
  const double lift = 4 * circle_segment_area(0.213, 0.1) * 2.45 * 997.8 * 9.81;
  const Vec6 F = w.terms[BodyWrenches::kStripBuoyancy];
  EXPECT_NEAR(F[2], lift, 1e-9 * lift);
  EXPECT_NEAR(F.cwiseAbs().sum() - std::abs(F[2]), 0.0, 1e-9 * lift);  // nothing else
  // Bow down: the fore points are deeper, so the lift pitches the bow back up (q < 0 in FLU).
  s.q_WB = Quat(Eigen::AngleAxisd(0.05, Vec3::UnitY()));
  EXPECT_LT(wrenches(m, s).terms[BodyWrenches::kStripBuoyancy][dof::q], -100.0);
}

TEST(VrxClassicDynamics, AnAlmostEmptyBlockTakesClassicsCodeDefaults) {
  const Model m = load(
      world_sdf(simple_model(classic_dynamics("<waterLevel>0</waterLevel><length_n>3</length_n>")),
                "", "0 0 -9.81"));
  const BodyModel& b = m.bodies[0];
  EXPECT_EQ(b.M_A.diagonal(), (Vec6() << 5, 5, 0.1, 0.1, 0.1, 1).finished());
  EXPECT_EQ(b.damping.linear.diagonal(), Vec6::Constant(20.0));
  EXPECT_TRUE(b.damping.quadratic.empty());
  const StripHull& h = b.strip_hulls.at(0);
  EXPECT_EQ(h.hull_radius, 0.213);
  EXPECT_EQ(h.fluid_density, 997.7735);
  EXPECT_NEAR(h.strip_length, 1.35 / 3, 1e-15);
  // 2 hulls x 3 points at x = ((j - 1/2)/3 - 1/2) 1.35 and y = -+0.5.
  ASSERT_EQ(h.p_BoP.size(), 6u);
  EXPECT_NEAR(h.p_BoP[0].x(), -0.45, 1e-15);
  EXPECT_NEAR(h.p_BoP[1].x(), 0.0, 1e-15);
  EXPECT_NEAR(h.p_BoP[5].x(), 0.45, 1e-15);
  EXPECT_EQ(h.p_BoP[0].y(), -0.5);
  EXPECT_EQ(h.p_BoP[5].y(), 0.5);
}

TEST(VrxClassicDynamics, BadBlocksAreClearErrors) {
  std::string text = world_sdf(simple_model(classic_dynamics("<waterLevel>0</waterLevel>")));
  expect_mentions(load_error("classic_n.sdf", text),
                  {"classic_n.sdf:" + std::to_string(testing::line_of(text, "<plugin")), "length_n",
                   "VRX's WAM-V: 2"});
  text = world_sdf(
      simple_model(classic_dynamics("<waterLevel>0</waterLevel><length_n>2.5</length_n>")));
  expect_mentions(load_error("classic_half.sdf", text), {"2.5", "whole number"});
  text = world_sdf(simple_model(classic_dynamics("<length_n>2</length_n><zDotW>3</zDotW>")));
  expect_mentions(load_error("classic_unknown.sdf", text), {"zDotW", "nDotR"});
  text = world_sdf(simple_model(classic_dynamics("<length_n>2</length_n><xU>-51.3</xU>")));
  expect_mentions(load_error("classic_sign.sdf", text), {"-51.3", "VRX applies the sign"});
  text = world_sdf(simple_model(classic_dynamics("<length_n>2</length_n><bodyName>x</bodyName>")));
  expect_mentions(load_error("classic_link.sdf", text), {"'x'", "not a link of model", "(base)"});

  // Without <waterLevel> classic assumed 0.5 m; Leeway floats the grid on the world's surface.
  Diagnostics d;
  load_world_string(world_sdf(simple_model(classic_dynamics("<length_n>2</length_n>"))),
                    "classic.sdf", d);
  ASSERT_EQ(d.warnings().size(), 1u);
  expect_mentions(d.warnings()[0].str(), {"classic.sdf:", "<waterLevel>", "0.5 m"});
}

/// The windage VRX classic's law gives on the true wind `V_W` for a body at `q_WB`.
Vec6 classic_windage(const Vec3& V_W, const Quat& q_WB, double Cx, double Cy, double Cn) {
  const Vec3 a = q_WB.conjugate() * V_W;
  return (Vec6() << Cx * a.x() * std::abs(a.x()), Cy * a.y() * std::abs(a.y()), 0, 0, 0,
          -2 * Cn * a.x() * a.y())
      .finished();
}

/// A 9 m/s wind towards the east on a body heading 30 degrees left of it, at 3 m/s: classic's
/// force comes from the wind alone, in body axes.
void expect_classic_windage(const Model& m, double Cx, double Cy, double Cn) {
  BodyState s;
  s.q_WB = Quat(Eigen::AngleAxisd(std::numbers::pi / 6, Vec3::UnitZ()));
  s.V_WB_B << 3.0, 0.5, 0, 0, 0, 0.1;
  const Vec6 F = wrenches(m, s).terms[BodyWrenches::kWindage];
  const Vec6 expected = classic_windage(Vec3(9, 0, 0), s.q_WB, Cx, Cy, Cn);
  EXPECT_LE((F - expected).norm(), 1e-9) << F.transpose() << " vs " << expected.transpose();
  EXPECT_GT(expected.norm(), 10.0);
}

TEST(VrxClassicWind, TheWorldPluginsTwoSpellingsPushWithTheTrueWindInBodyAxes) {
  const std::string law = R"(<wind_direction>0</wind_direction>
      <wind_mean_velocity>9</wind_mean_velocity><var_wind_gain_constants>0</var_wind_gain_constants>
      <var_wind_time_constants>5</var_wind_time_constants><update_rate>1</update_rate>)";
  const Model early = load(world_sdf(simple_model("", "wamv"), R"(
    <plugin name="wind" filename="libusv_gazebo_wind_plugin.so">
      <wind_obj><name>wamv</name><link_name>base</link_name>
        <coeff_vector>0.5 0.5 0.33</coeff_vector></wind_obj>)" + law +
                                                                   "</plugin>"));
  expect_classic_windage(early, 0.5, 0.5, 0.33);
  const Model late = load(world_sdf(simple_model("", "wamv"), R"(
    <plugin name="wind" filename="libusv_gazebo_wind_plugin.so">
      <wind_obj><model_name>wamv</model_name>
        <link><link_name>base</link_name><coeff_vector>0.4 0.6 0.2</coeff_vector></link>
      </wind_obj>)" + law + "</plugin>"));
  expect_classic_windage(late, 0.4, 0.6, 0.2);
  EXPECT_EQ(late.environment.wind.gust_tau, 5.0);
}

TEST(VrxClassicWind, TheModelPluginSetsTheWorldsWindAndAReversedMeanTurnsIt) {
  // Classic's 2018 WAM-V: a model plugin; a negative mean blows towards the opposite direction.
  Diagnostics d;
  const Model m = load_world_string(world_sdf(simple_model(R"(
    <plugin name="usv_wind_wamv" filename="libusv_gazebo_wind_plugin.so">
      <bodyName>base</bodyName><wind_direction>180</wind_direction>
      <wind_coeff_vector>0.5 0.5 0.33</wind_coeff_vector><wind_mean_velocity>-9</wind_mean_velocity>
      <var_wind_gain_constants>2</var_wind_gain_constants>
      <var_wind_time_constants>5</var_wind_time_constants><random_seed></random_seed>
    </plugin>)",
                                                           "wamv")),
                                    "classic_wind.sdf", d);
  const WindModel& w = m.environment.wind;
  EXPECT_EQ(w.mean_speed, 9.0);
  EXPECT_NEAR(std::remainder(w.direction, 2 * std::numbers::pi), 0.0, 1e-15);
  EXPECT_EQ(w.gust, GustKind::kFirstOrder);
  EXPECT_EQ(w.gust_sigma, 2.0);
  ASSERT_EQ(d.warnings().size(), 1u);  // the seed, replaced by the run's
  expect_mentions(d.warnings()[0].str(), {"random_seed", "--seed"});
  Model calm = m;
  calm.environment.wind.gust_sigma = 0.0;  // the law alone, without the gust's sample
  expect_classic_windage(calm, 0.5, 0.5, 0.33);
}

TEST(VrxClassicWind, BadBlocksAreClearErrors) {
  const std::string no_coeff = world_sdf(simple_model("", "wamv"), R"(
    <plugin name="wind" filename="libusv_gazebo_wind_plugin.so">
      <wind_obj><name>wamv</name><link_name>base</link_name></wind_obj></plugin>)");
  expect_mentions(load_error("classic_coeff.sdf", no_coeff),
                  {"classic_coeff.sdf:" + std::to_string(testing::line_of(no_coeff, "<wind_obj>")),
                   "coeff_vector", "collision shapes", "0.5 0.5 0.33"});
  const std::string two_links = world_sdf(simple_model("", "wamv"), R"(
    <plugin name="wind" filename="libusv_gazebo_wind_plugin.so">
      <wind_obj><model_name>wamv</model_name>
        <link><link_name>base</link_name><coeff_vector>1 1 1</coeff_vector></link>
        <link><link_name>mast</link_name><coeff_vector>1 1 1</coeff_vector></link>
      </wind_obj></plugin>)");
  expect_mentions(load_error("classic_links.sdf", two_links),
                  {"classic_links.sdf:" + std::to_string(testing::line_of(two_links, "mast")),
                   "a second <link>", "one <link>"});
  const std::string same_model = world_sdf(simple_model("", "wamv"), R"(
    <plugin name="wind" filename="libusv_gazebo_wind_plugin.so">
      <wind_obj><name>wamv</name><link_name>base</link_name><coeff_vector>1 1 1</coeff_vector>
      </wind_obj>
      <wind_obj><model_name>wamv</model_name><link_name>base</link_name>
        <coeff_vector>1 1 1</coeff_vector></wind_obj></plugin>)");
  expect_mentions(
      load_error("classic_same.sdf", same_model),
      {"classic_same.sdf:" + std::to_string(testing::line_of(same_model, "<model_name>")),
       "a second VRX windage for model 'wamv'", "expected one per model"});
  const std::string twice = world_sdf(simple_model(R"(
    <plugin name="usv_wind" filename="libusv_gazebo_wind_plugin.so">
      <wind_coeff_vector>1 1 1</wind_coeff_vector></plugin>)",
                                                   "wamv"),
                                      R"(
    <plugin filename="leeway-environment" name="leeway::Environment">
      <wind><speed>4</speed></wind></plugin>)");
  expect_mentions(
      load_error("classic_twice.sdf", twice),
      {"classic_twice.sdf:" + std::to_string(testing::line_of(twice, "usv_wind")), "already set at",
       "classic_twice.sdf:" + std::to_string(testing::line_of(twice, "<wind>")),
       "expected one wind"});
}

}  // namespace
}  // namespace leeway
