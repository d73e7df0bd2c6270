// gz-sim's hydrodynamics and buoyancy systems load with gz-sim's meaning.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numbers>

#include "leeway/body/dynamics.h"
#include "leeway/core/geo.h"
#include "leeway/world/step.h"
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
  // SDF 1.11's cone (base at -L/2, apex at +L/2), which libsdformat 12 keeps as an unknown
  // element: pi r^2 L / 3, its centre of volume L/4 above the base.
  EXPECT_NEAR(volume("<cone><radius>0.5</radius><length>2</length></cone>"), pi * 0.25 * 2 / 3,
              1e-12);
  const std::string cone =
      "<collision name='c'><geometry><cone><radius>0.5</radius><length>2"
      "</length></cone></geometry></collision>";
  const Model m = load(world_sdf(simple_model("", "m", cone),
                                 R"(<plugin filename="gz-sim-buoyancy-system" name="b"/>)"));
  EXPECT_LT((std::get<SubmergedRestoring>(m.bodies[0].restoring).p_BoBcb - Vec3(0, 0, -0.5)).norm(),
            1e-15);
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
  // gz-sim's scoped names: a model around a nested one, or a link, enables it too.
  const auto nested = [&](const std::string& name) {
    return "<model name='" + name + "'>" + simple_model("", "inner", col) + "</model>";
  };
  const std::string scoped = R"(<plugin filename="gz-sim-buoyancy-system" name="b">
      <enable>outer_a</enable><enable>outer_b::inner::base</enable></plugin>)";
  const Model n =
      load(world_sdf(nested("outer_a") + nested("outer_b") + nested("outer_c"), scoped, "0 0 -10"));
  ASSERT_EQ(n.bodies.size(), 3u);
  EXPECT_EQ(n.bodies[2].model_name, "outer_c::inner");
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(std::get<SubmergedRestoring>(n.bodies[i].restoring).f_buoyancy_W.z(),
                i < 2 ? 1e4 : 0.0, 1e-9)
        << n.bodies[i].model_name;
  }
}

/// The fluid's wrench on the body at rest at its initial pose, about Bo in B: the restoring
/// term (weight and the top layer's buoyancy) and the graded layers' floats.
Vec6 fluid_wrench(const Model& m) {
  const BodyModel& b = m.bodies[0];
  BodyState s{b.p_WB0, b.q_WB0, Vec6::Zero()};
  const BodyWrenches w =
      compute_body_wrenches(b, m.environment, EnvironmentState{}, 0.0, s, HeldLoads{});
  return w.terms[BodyWrenches::kRestoring] + w.terms[BodyWrenches::kShapeFloats];
}

TEST(GzBuoyancy, GradedLayersPushAsTheFluidOfEachLayer) {
  // A 1 m cube, its centre at z = 0.1 and 1 m to the side of the link, across three fluids:
  // 1200 below z = -0.2, 1025 up to z = 0.3, 1.2 above: 0.2, 0.5 and 0.3 m^3 of them.
  const std::string graded = R"(<plugin filename="gz-sim-buoyancy-system" name="b">
      <graded_buoyancy><default_density>1200</default_density>
        <density_change><above_depth>0.3</above_depth><density>1.2</density></density_change>
        <density_change><above_depth>-0.2</above_depth><density>1025</density></density_change>
      </graded_buoyancy></plugin>)";
  const auto cube = [](const std::string& pose) {
    return R"(<model name="m"><pose>)" + pose + R"(</pose><link name="base">
      <inertial><mass>10</mass><inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz></inertia></inertial>
      <collision name="c"><pose>1 0 0 0 0 0</pose>
        <geometry><box><size>1 1 1</size></box></geometry></collision></link></model>)";
  };
  const Model m = load(world_sdf(cube("0 0 0.1 0 0 0"), graded, "0 0 -10"));
  const double push = 10.0 * (1200 * 0.2 + 1025 * 0.5 + 1.2 * 0.3);
  const Vec6 F = fluid_wrench(m);
  EXPECT_NEAR(F(2), push - 10.0 * 10.0, 1e-9);  // less the 10 kg body's weight
  EXPECT_NEAR(F(4), -push * 1.0, 1e-9);         // every layer's centroid 1 m along x
  EXPECT_NEAR(F(3), 0.0, 1e-9);
  // Turned a quarter about x, the cube still spans the same heights: the same push (gz-sim
  // before PR #3880 sliced rotated shapes by unrotated planes; Leeway turns the planes).
  const Model turned = load(world_sdf(cube("0 0 0.1 1.5707963267948966 0 0"), graded, "0 0 -10"));
  const Vec3 f_W = turned.bodies[0].q_WB0 * Vec3(fluid_wrench(turned).head<3>());
  EXPECT_NEAR(f_W.z(), push - 100.0, 1e-9);
}

TEST(GzBuoyancy, GradedBallBobsBetweenItsAnalyticTurningPoints) {
  // gz-sim's graded_buoyancy.sdf ball: 25 kg, r = 0.2 m, released with its centre at the
  // surface z = 0 (water 1000 below, air 1 above). Nothing damps it, so it falls to the depth
  // z_min where the fluid has given back all the weight's work: integral over [z_min, 0] of
  // (B(z) - m g) dz = 0, B(z) = g (1000 V_w(z) + 1 (V - V_w(z))), V_w the cap below z = 0.
  const double r = 0.2, m = 25.0, g = 9.81, pi = std::numbers::pi;
  const auto wet = [&](double z) {
    const double t = std::clamp(r - z, 0.0, 2.0 * r);
    return pi * t * t * (3.0 * r - t) / 3.0;
  };
  const double V = 4.0 / 3.0 * pi * r * r * r;
  const auto excess = [&](double z) { return g * (1000.0 * wet(z) + (V - wet(z))) - m * g; };
  const auto work = [&](double z_min) {  // Simpson over [z_min, 0]
    const int n = 2000;
    double sum = excess(z_min) + excess(0.0);
    for (int i = 1; i < n; ++i)
      sum += (i % 2 ? 4.0 : 2.0) * excess(z_min * (1.0 - double(i) / n));
    return sum * (-z_min) / (3.0 * n);
  };
  double lo = -2.0 * r, hi = -1e-6;  // work < 0 just below the start, > 0 at full immersion
  for (int i = 0; i < 100; ++i)
    ((work((lo + hi) / 2) > 0.0) ? lo : hi) = (lo + hi) / 2;
  const double z_min = (lo + hi) / 2;

  const std::string graded = R"(<plugin filename="gz-sim-buoyancy-system" name="b">
      <graded_buoyancy><default_density>1000</default_density>
        <density_change><above_depth>0</above_depth><density>1</density></density_change>
      </graded_buoyancy></plugin>)";
  const std::string ball = R"(<model name="ball"><link name="body"><inertial><mass>25</mass>
      <inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz></inertia></inertial>
      <collision name="c"><geometry><sphere><radius>0.2</radius></sphere></geometry></collision>
      </link></model>)";
  Model model = load(world_sdf(ball, graded, "0 0 -9.81"));
  State s = make_initial_state(model);
  double lowest = 0.0, highest = -1.0;
  for (int k = 0; k < 1000; ++k) {  // 10 s at 10 ms: several bobs
    ASSERT_TRUE(step(model, s).ok);
    lowest = std::min(lowest, s.bodies[0].p_WB.z());
    if (k > 100) highest = std::max(highest, s.bodies[0].p_WB.z());
  }
  EXPECT_NEAR(lowest, z_min, 1e-4);
  EXPECT_NEAR(highest, 0.0, 1e-4);  // and back up to where it started
}

TEST(GzHydrodynamics, SignedSquareDragIsWarnedAbout) {
  Diagnostics d;
  load_world_string(testing::world_sdf(testing::simple_model(gz_hydro("<xUU>-2</xUU>"))), "w.sdf",
                    d);
  ASSERT_EQ(d.warnings().size(), 1u);
  EXPECT_NE(d.warnings()[0].str().find("<xUabsU>"), std::string::npos) << d.warnings()[0].str();
  EXPECT_NE(d.warnings()[0].str().find("u*u"), std::string::npos) << d.warnings()[0].str();
}

namespace mesh_buoyancy {

/// A box from (0, 0, 0) to (1, 1, 1) as an OBJ, its faces outward; `drop` leaves faces out.
std::string cube_obj(int drop = 0) {
  std::string obj = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n";
  const char* faces[] = {"1 3 2", "1 4 3", "5 6 7", "5 7 8", "1 2 6", "1 6 5",
                         "2 3 7", "2 7 6", "3 4 8", "3 8 7", "4 1 5", "4 5 8"};
  for (int i = drop; i < 12; ++i)
    obj += std::string("f ") + faces[i] + "\n";
  return obj;
}

std::string meshed(const std::string& uri, const std::string& pose = "0 0 0 0 0 0") {
  return "<collision name='c'><pose>" + pose + "</pose><geometry><mesh><uri>" + uri +
         "</uri><scale>2 1 0.5</scale></mesh></geometry></collision>";
}

const std::string kUniform = R"(<plugin filename="gz-sim-buoyancy-system" name="b">
    <uniform_fluid_density>1000</uniform_fluid_density></plugin>)";

}  // namespace mesh_buoyancy

TEST(GzBuoyancy, AClosedMeshBuoysByItsVolumeAtItsCentroid) {
  // The cube scaled (2, 1, 0.5) encloses 1 m^3 with its centroid at (1, 0.5, 0.25) in the
  // mesh's frame; the collision's pose turns it a quarter about z and moves it 3 m up.
  using namespace mesh_buoyancy;
  const std::string obj = testing::write_temp("cube.obj", cube_obj());
  const std::string collision = meshed("file://" + obj, "0 0 3 0 0 1.5707963267948966");
  const Model m = load(world_sdf(simple_model("", "m", collision), kUniform, "0 0 -10"));
  const auto& r = std::get<SubmergedRestoring>(m.bodies[0].restoring);
  EXPECT_NEAR(r.f_buoyancy_W.z(), 1000.0 * 1.0 * 10.0, 1e-9);
  EXPECT_LT((r.p_BoBcb - Vec3(-0.5, 1.0, 3.25)).norm(), 1e-12);
  // The same file by model://, as gz-sim finds a model's meshes.
  const std::filesystem::path root = std::filesystem::path(obj).parent_path() / "mesh_models";
  std::filesystem::create_directories(root / "cube_model" / "meshes");
  std::filesystem::copy_file(obj, root / "cube_model" / "meshes" / "cube.obj",
                             std::filesystem::copy_options::overwrite_existing);
  const testing::ScopedModelPaths paths({{"GZ_SIM_RESOURCE_PATH", root.string()}});
  const Model by_uri = load(world_sdf(
      simple_model("", "m", meshed("model://cube_model/meshes/cube.obj")), kUniform, "0 0 -10"));
  EXPECT_NEAR(std::get<SubmergedRestoring>(by_uri.bodies[0].restoring).f_buoyancy_W.z(), 1e4, 1e-9);
}

TEST(GzBuoyancy, AMeshThatEnclosesNothingIsAnErrorNamingIt) {
  using namespace mesh_buoyancy;
  const std::string open = testing::write_temp("open_cube.obj", cube_obj(1));
  const std::string text = world_sdf(simple_model("", "m", meshed(open)), kUniform);
  testing::expect_mentions(testing::load_error("open.sdf", text),
                           {"open.sdf:" + std::to_string(testing::line_of(text, "<uri>")),
                            "open_cube.obj", "not closed (3 open edges", "buoyancy"});
  const std::string missing =
      world_sdf(simple_model("", "m", meshed("model://nowhere/x.obj")), kUniform);
  testing::expect_mentions(testing::load_error("missing.sdf", missing),
                           {"no file 'model://nowhere/x.obj'"});
  // Graded buoyancy cuts primitives by its layers, not meshes (yet).
  const std::string closed = testing::write_temp("cube.obj", cube_obj());
  const std::string graded =
      world_sdf(simple_model("", "m", meshed(closed)),
                R"(<plugin filename="gz-sim-buoyancy-system" name="b"><graded_buoyancy>
         <default_density>1000</default_density><density_change><above_depth>0</above_depth>
         <density>1</density></density_change></graded_buoyancy></plugin>)");
  testing::expect_mentions(testing::load_error("graded.sdf", graded),
                           {"graded buoyancy", "mesh collision"});
}

TEST(GzBuoyancy, GzSimsDuckRisesByItsScaledMeshVolume) {
  // gz-sim's test/worlds/buoyancy.sdf.in, configured as gz-sim's CMake does: a 39 kg duck whose
  // collision is duck_collider.dae at scale 0.5, in water filling the world. Its collider
  // encloses 1.18892 m^3 (gz-common's corrected Volume(), gz-common#877), 1/8 of it scaled (as
  // gz-sim applies <scale> since gz-sim#3909): its rise is the closed form under the constant
  // net force g (rho V - m), whatever it turns.
  const std::optional<std::string> world = testing::configured_gz_world("buoyancy");
  if (!world) GTEST_SKIP() << "no foreign corpus: gz-sim's buoyancy.sdf.in not tested";
  Diagnostics d;
  const Model m = load_world_file(*world, d);
  const int duck = m.body_index("duck");
  ASSERT_GE(duck, 0);
  const double V = 1.18892 / 8.0, g = 9.8;
  const auto& r = std::get<SubmergedRestoring>(m.bodies[static_cast<std::size_t>(duck)].restoring);
  EXPECT_NEAR(r.f_buoyancy_W.z() / (1000.0 * g), V, 1e-5 / 8.0);  // gz-common's 6 digits
  State s = make_initial_state(m);
  for (int k = 0; k < 2000; ++k)
    ASSERT_TRUE(step(m, s).ok);
  const double a = (r.f_buoyancy_W.z() - 39.0 * g) / 39.0, t = 2.0;
  const Vec3 p = s.bodies[static_cast<std::size_t>(duck)].p_WB;
  // The duck tumbles (its centroid is off its centre of mass), so the integrator carries its
  // world velocity through a turning body frame: RK4's error there is 5e-9 of the rise.
  EXPECT_NEAR(p.z(), 0.5 * a * t * t, 1e-7 * 0.5 * a * t * t);
  EXPECT_LT((p.head<2>() - Eigen::Vector2d(2.0, 0.0)).norm(), 1e-6);
}

TEST(GzHydrodynamics, GzSimsTestWorldsHeaveDampingThatFeedsEnergyInIsRefused) {
  // gz-sim's test/worlds/hydrodynamics.sdf.in gives its second sphere and its three cylinders a
  // positive zW and zWabsW: in SNAME's sign, which gz-sim applies as written (F_z = zW w +
  // zWabsW w |w|), a heave damping that pushes them along, so that a sinking body sinks ever
  // faster. Leeway refuses it where it is written.
  const std::optional<std::string> world = testing::configured_gz_world("hydrodynamics");
  if (!world) GTEST_SKIP() << "no foreign corpus: gz-sim's hydrodynamics.sdf.in not tested";
  const std::string text = testing::read_text(*world);
  testing::expect_mentions(
      testing::load_error("hydrodynamics.sdf", text),
      {"hydrodynamics.sdf:" + std::to_string(testing::line_of(text, "<zWabsW>11.5359")),
       "model[sphere2]", "got 11.5359 in <zWabsW>, the heave entry of D_q",
       "quadratic damping [kg/m]", "expected <= 0 (SNAME's sign", "feeds energy"});
}

/// gz-sim's test world `name` without the models `dropped` (their <model> blocks cut out).
std::string gz_world_without(const std::string& name, const std::vector<std::string>& dropped) {
  const std::optional<std::string> world = testing::configured_gz_world(name);
  if (!world) return "";
  std::string text = testing::read_text(*world);
  for (const std::string& model : dropped) {
    const std::size_t begin = text.find("<model name=\"" + model + "\">");
    const std::size_t end = text.find("</model>", begin);
    if (begin == std::string::npos || end == std::string::npos) return "";
    text.erase(begin, end + 8 - begin);
  }
  return text;
}

TEST(GzHydrodynamics, GzSimsSphereIsCarriedByTheCurrentItLooksUp) {
  // gz-sim's test/worlds/hydrodynamics.sdf.in, configured, without the four bodies whose heave
  // damping feeds energy in (above): a 40 kg sphere whose current is looked up in an
  // EnvironmentPreload table giving 1 m/s along x throughout. Its xDotU is
  // +15.381, which in SNAME's sign is negative added mass (gz-sim and Leeway alike make it
  // 15.381 kg easier to accelerate), and its signed quadratic term xUU = 94.2475 pushes it by
  // c u_r^2 (u_r = u - 1 < 0, so forward): u_r(t) = -1 / (1 + k t) with k = c / (m - 15.381),
  // and x(t) = x0 + t - ln(1 + k t) / k.
  const std::string text =
      gz_world_without("hydrodynamics", {"sphere2", "cylinder1", "cylinder2", "cylinder3"});
  if (text.empty()) GTEST_SKIP() << "no foreign corpus: gz-sim's hydrodynamics.sdf.in not tested";
  Diagnostics d;
  const Model m = load_world_file(testing::write_temp("hydrodynamics.sdf", text), d);
  const auto i = static_cast<std::size_t>(m.body_index("sphere_current"));
  ASSERT_NE(m.bodies[i].current_lookup, nullptr);
  State s = make_initial_state(m);
  for (int k = 0; k < 3000; ++k)
    ASSERT_TRUE(step(m, s).ok);
  const double k = 94.2475 / (40.0 - 15.381), t = 3.0;
  EXPECT_NEAR(s.bodies[i].p_WB.x(), 4.0 + t - std::log1p(k * t) / k, 1e-9);
  EXPECT_NEAR(s.bodies[i].V_WB_B.x(), 1.0 - 1.0 / (1.0 + k * t), 1e-9);
  // The spheres without a lookup stay in the world's still water.
  EXPECT_EQ(s.bodies[static_cast<std::size_t>(m.body_index("sphere1"))].V_WB_B, Vec6::Zero());
}

TEST(GzHydrodynamics, ALookupFallsBackOutsideItsTableAndIsCheckedAtLoad) {
  // A table over [-1, 1]^3 giving (0.5 + t, -0.25, 0) at t = 0 and 1 s, in gz-sim's layout
  // with its own column names.
  std::string csv = "T,px,py,pz,cx,cy,cz\n";
  for (int t : {0, 1})
    for (int x : {-1, 1})
      for (int y : {-1, 1})
        for (int z : {-1, 1})
          csv += fmt::format("{},{},{},{},{},-0.25,0\n", t, x, y, z, 0.5 + t);
  const std::string table = testing::write_temp("lookup.csv", csv);
  const std::string preload = R"(<plugin filename="gz-sim-environment-preload-system"
      name="gz::sim::systems::EnvironmentPreload"><data>)" +
                              table + R"(</data>
      <dimensions><time>T</time><space><x>px</x><y>py</y><z>pz</z></space></dimensions>
    </plugin>)";
  const std::string columns =
      "<lookup_current_x>cx</lookup_current_x><lookup_current_y>cy</lookup_current_y>"
      "<lookup_current_z>cz</lookup_current_z>";
  const std::string plugin = gz_hydro("<default_current>0.3 0 0</default_current>" + columns);
  // The water a body at rest at x sees at time t: minus its velocity relative to the water.
  const auto water_at = [&](double x, int steps) {
    std::string model = simple_model(plugin);
    model.insert(model.find("<link"), "<pose>" + std::to_string(x) + " 0 0 0 0 0</pose>");
    const Model m = load(world_sdf(model, preload));
    State s = make_initial_state(m);
    StepData data = make_step_data(m);
    Workspace ws;
    for (int k = 0; k < steps; ++k)
      EXPECT_TRUE(step(m, s).ok);
    EXPECT_TRUE(step(m, s, {}, ws, &data).ok);
    return Vec3(-data.bodies[0].V_WrB_B.head<3>());
  };
  EXPECT_LT((water_at(0.2, 0) - Vec3(0.5, -0.25, 0)).norm(), 1e-12);
  EXPECT_LT((water_at(0.2, 50) - Vec3(1.0, -0.25, 0)).norm(), 1e-12);  // halfway in time
  EXPECT_LT((water_at(5.0, 0) - Vec3(0.3, 0, 0)).norm(), 1e-12);       // outside: its own

  // Two of the three, no table in the world, a column the table lacks: errors naming them.
  const std::string two =
      world_sdf(simple_model(gz_hydro("<lookup_current_x>cx</lookup_current_x>"
                                      "<lookup_current_y>cy</lookup_current_y>")),
                preload);
  testing::expect_mentions(
      testing::load_error("two.sdf", two),
      {"two.sdf:" + std::to_string(testing::line_of(two, "<lookup_current_x>")), "all three"});
  testing::expect_mentions(
      testing::load_error("none.sdf", world_sdf(simple_model(gz_hydro(columns)))),
      {"<lookup_current_x> names column 'cx'", "EnvironmentPreload"});
  std::string wrong = columns;
  wrong.replace(wrong.find(">cz<"), 4, ">cw<");
  testing::expect_mentions(
      testing::load_error("wrong.sdf", world_sdf(simple_model(gz_hydro(wrong)), preload)),
      {"EnvironmentPreload table", "no column 'cw'", "lookup.csv:1"});
}

// gz-sim's spherical tables (its underwater_currents.sdf): latitude in <x>, longitude in <y>,
// altitude in <z>, radians unless units="degrees", placed by the world's
// <spherical_coordinates>. A table linear in longitude, latitude and altitude is interpolated
// exactly, so the current a body sees says where the table put it: at the exact geodetic
// position of its W position (GeographicLib), to a millimetre (1e-6 in these values; the flat
// map leaves out the tilt of the vertical 500 m out, z d / R = 0.2 mm at 3 m depth).
TEST(GzHydrodynamics, ASphericalTableIsPlacedByTheWorldsGeodeticOrigin) {
  const Geodetic origin{36.8, -121.9, 2.0};  // Monterey Bay, 2 m above the ellipsoid
  const double deg = std::numbers::pi / 180.0;
  const auto table = [&](bool degrees) {
    std::string csv = "t,latitude,longitude,altitude,east,north,up\n";
    for (double lat : {origin.latitude_deg - 0.01, origin.latitude_deg + 0.01})
      for (double lon : {origin.longitude_deg - 0.01, origin.longitude_deg + 0.01})
        for (double alt : {-10.0, 10.0}) {
          const double a = degrees ? 1.0 : deg;
          csv += fmt::format("0,{:.17g},{:.17g},{},{:.17g},{:.17g},{}\n", lat * a, lon * a, alt,
                             100.0 * (lon - origin.longitude_deg),
                             100.0 * (lat - origin.latitude_deg), alt / 10.0);
        }
    return testing::write_temp(degrees ? "sphere_deg.csv" : "sphere_rad.csv", csv);
  };
  const std::string sphere = R"(<spherical_coordinates><surface_model>EARTH_WGS84</surface_model>
      <latitude_deg>36.8</latitude_deg><longitude_deg>-121.9</longitude_deg>
      <elevation>2</elevation><heading_deg>0</heading_deg></spherical_coordinates>)";
  const auto preload = [&](const std::string& units, const std::string& path) {
    return R"(<plugin filename="gz-sim-environment-preload-system"
      name="gz::sim::systems::EnvironmentPreload"><data>)" +
           path + R"(</data><dimensions><space reference="spherical")" + units +
           R"(><x>latitude</x><y>longitude</y><z>altitude</z></space></dimensions></plugin>)";
  };
  std::string model =
      simple_model(gz_hydro("<lookup_current_x>east</lookup_current_x><lookup_current_y>north"
                            "</lookup_current_y><lookup_current_z>up</lookup_current_z>"));
  const Vec3 p_W(300.0, -400.0, -3.0);
  model.insert(model.find("<link"),
               fmt::format("<pose>{} {} {} 0 0 0</pose>", p_W.x(), p_W.y(), p_W.z()));
  const Geodetic at = W_to_geodetic(origin, p_W);
  for (const auto& [units, path] : {std::pair{std::string(" units=\"degrees\""), table(true)},
                                    std::pair{std::string(), table(false)}}) {
    const Model m = load(world_sdf(model, sphere + preload(units, path)));
    State s = make_initial_state(m);
    StepData data = make_step_data(m);
    Workspace ws;
    ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
    const Vec3 water = -data.bodies[0].V_WrB_B.head<3>();
    EXPECT_NEAR(water.x(), 100.0 * (at.longitude_deg - origin.longitude_deg), 1e-6) << units;
    EXPECT_NEAR(water.y(), 100.0 * (at.latitude_deg - origin.latitude_deg), 1e-6) << units;
    // Altitude = the origin's + z; the Earth's curvature 500 m out (2 cm) is not added.
    EXPECT_NEAR(water.z(), (origin.altitude_m + p_W.z()) / 10.0, 2.5e-3) << units;
  }

  // Without <spherical_coordinates>, with other units or another reference: errors naming them.
  testing::expect_mentions(
      testing::load_error("no_origin.sdf", world_sdf(model, preload("", table(false)))),
      {"spherical coordinates", "<spherical_coordinates>"});
  testing::expect_mentions(
      testing::load_error("furlongs.sdf",
                          world_sdf(model, sphere + preload(" units=\"grads\"", table(false)))),
      {"units 'grads'", "radians"});
  std::string ecef = preload("", table(false));
  ecef.replace(ecef.find("spherical"), 9, "ecef");
  testing::expect_mentions(testing::load_error("ecef.sdf", world_sdf(model, sphere + ecef)),
                           {"space reference 'ecef'"});
}
}  // namespace
}  // namespace leeway
