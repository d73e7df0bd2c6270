// UUV Simulator's underwater object plugin loads with its meaning: RexROV's block as UUV
// Simulator's description writes it (research/uuv.md 2.1) gives its added mass, damping and
// buoyancy in Leeway's FLU convention, and the damping force UUV Simulator's own equations give.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <numbers>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "leeway/core/frames.h"
#include "leeway/hydro/damping.h"
#include "leeway/hydro/shape_added_mass.h"
#include "leeway/world/state.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

using testing::load;
using testing::world_sdf;

// Berg's added-mass matrix (FRD, research/uuv.md 2.1), with its asymmetric (2,5)/(5,2) pair.
const char* kBergAddedMass =
    "779.79 -6.8773 -103.32 8.5426 -165.54 -7.8033 "
    "-6.8773 1222 51.29 409.44 -5.8488 62.726 "
    "-103.32 51.29 3659.9 6.1112 -386.42 10.774 "
    "8.5426 409.44 6.1112 534.9 -10.027 21.019 "
    "-165.54 -5.8488 -386.42 -10.027 842.69 -1.1162 "
    "-7.8033 62.726 10.775 21.019 -1.1162 224.32";

std::string rexrov(const std::string& link_block) {
  return R"(<model name="rexrov"><link name="base_link">
    <inertial><mass>1862.87</mass><inertia><ixx>525.39</ixx><ixy>1.44</ixy><ixz>33.41</ixz>
      <iyy>794.2</iyy><iyz>2.6</iyz><izz>691.23</izz></inertia></inertial></link>
    <plugin name="uuv_plugin" filename="libuuv_underwater_object_ros_plugin.so">
      <fluid_density>1028.0</fluid_density>
      <flow_velocity_topic>hydrodynamics/current_velocity</flow_velocity_topic>
      <debug>0</debug>
      )" +
         link_block + "</plugin></model>";
}

std::string fossen_block(const std::string& extra = "",
                         const std::string& volume =
                             "<neutrally_buoyant>0</neutrally_buoyant><volume>1.83826</volume>") {
  return R"(<link name="base_link">)" + volume + R"(
        <box><width>1.5</width><length>2.6</length><height>1.6</height></box>
        <center_of_buoyancy>0 0 0.3</center_of_buoyancy>
        <hydrodynamic_model><type>fossen</type>
          <added_mass>)" +
         std::string(kBergAddedMass) + R"(</added_mass>
          <linear_damping>-74.82 -69.48 -728.4 -268.8 -309.77 -105</linear_damping>
          <quadratic_damping>-748.22 -992.53 -1821.01 -672 -774.44 -523.27</quadratic_damping>
          )" +
         extra + "</hydrodynamic_model></link>";
}

/// A world with water of density 1028 and standard gravity.
std::string world(const std::string& model) {
  return world_sdf(model, R"(<plugin filename="leeway" name="leeway::Environment">
      <fluid_density>1028</fluid_density></plugin>)",
                   "0 0 -9.81");
}

TEST(UuvUnderwaterObject, RexRovLoadsInFlu) {
  Diagnostics d;
  const Model m = load_world_string(world(rexrov(fossen_block())), "rexrov.sdf", d);
  const BodyModel& b = m.bodies.at(0);
  // FRD -> FLU: the surge-heave coupling -103.32 changes sign, the heave-pitch -386.42 does not.
  EXPECT_NEAR(b.M_A(dof::u, dof::u), 779.79, 1e-9);
  EXPECT_NEAR(b.M_A(dof::w, dof::w), 3659.9, 1e-9);
  EXPECT_NEAR(b.M_A(dof::u, dof::w), 103.32, 1e-9);
  EXPECT_NEAR(b.M_A(dof::w, dof::q), -386.42, 1e-9);
  // Symmetrised without a word: 10.774 against 10.775 is the rounding of the printed table.
  EXPECT_NEAR(b.M_A(dof::w, dof::r), 0.5 * (10.774 + 10.775), 1e-9);
  for (const Diagnostic& w : d.warnings())
    EXPECT_EQ(w.message.find("symmetric"), std::string::npos) << w.message;
  EXPECT_EQ(b.damping.linear.diagonal(), Vec6(74.82, 69.48, 728.4, 268.8, 309.77, 105));
  // Net buoyancy: 1.83826 m^3 of water at 1028 kg/m^3 against 1862.87 kg (+263.5 N).
  const auto& r = std::get<SubmergedRestoring>(b.restoring);
  EXPECT_NEAR((r.f_buoyancy_W + r.f_weight_W).z(), (1.83826 * 1028 - 1862.87) * 9.81, 1e-6);
  EXPECT_NEAR((r.f_buoyancy_W + r.f_weight_W).z(), 263.5, 0.2);
  EXPECT_EQ(r.p_BoBcb, Vec3(0, 0, 0.3));
}

TEST(UuvUnderwaterObject, DampingForceIsUuvSimulatorsEquation) {
  // UUV Simulator: nu_r in FRD, tau = D_lin nu + u D_u nu + D_q |nu| nu (negative coefficients),
  // back to FLU. Leeway's damping wrench must be that force, for any twist.
  const std::string forward =
      "<linear_damping_forward_speed>-10 -20 -30 -1 -2 -3"
      "</linear_damping_forward_speed>";
  const Model m = load(world(rexrov(fossen_block(forward))));
  const DampingModel& D = m.bodies[0].damping;
  const Vec6 lin(-74.82, -69.48, -728.4, -268.8, -309.77, -105);
  const Vec6 du(-10, -20, -30, -1, -2, -3);
  const Vec6 dq(-748.22, -992.53, -1821.01, -672, -774.44, -523.27);
  Vec6 nu_flu;
  nu_flu << 1.2, -0.3, 0.2, 0.05, -0.1, 0.3;
  const Vec6 nu = flip_flu_frd(nu_flu);
  const Vec6 tau_frd = lin.cwiseProduct(nu) + nu[0] * du.cwiseProduct(nu) +
                       dq.cwiseProduct(nu.cwiseAbs()).cwiseProduct(nu);
  const Vec6 F = damping_wrench(D, nu_flu);
  EXPECT_LT((F - flip_flu_frd(tau_frd)).norm(), 1e-9 * tau_frd.norm()) << F.transpose();
}

TEST(UuvUnderwaterObject, ScalingOffsetsAndNeutralBuoyancy) {
  const std::string knobs =
      "<scaling_added_mass>2</scaling_added_mass><offset_added_mass>10</offset_added_mass>"
      "<scaling_damping>0.5</scaling_damping><offset_linear_damping>-2</offset_linear_damping>";
  const Model m = load(world(
      rexrov(fossen_block(knobs, "<neutrally_buoyant>1</neutrally_buoyant><volume>1</volume>"))));
  const BodyModel& b = m.bodies[0];
  EXPECT_NEAR(b.M_A(dof::u, dof::u), 2 * (779.79 + 10), 1e-9);
  EXPECT_NEAR(b.damping.linear(dof::u, dof::u), 0.5 * (74.82 + 2), 1e-9);
  const auto& r = std::get<SubmergedRestoring>(b.restoring);
  EXPECT_NEAR((r.f_buoyancy_W + r.f_weight_W).norm(), 0.0, 1e-9);  // neutral, whatever <volume>
}

TEST(UuvUnderwaterObject, DampingThatFeedsEnergyInIsRefused) {
  // UUV's dissipative damping is negative; an offset that turns the surge term positive would
  // make the vehicle gain energy (UUV's own test vehicle, all +1, diverges within a second).
  const std::string text =
      world(rexrov(fossen_block("<offset_linear_damping>100</offset_linear_damping>")));
  testing::expect_mentions(
      testing::load_error("energy.sdf", text),
      {"energy.sdf:", "got 25.18", "in <linear_damping>, the surge entry of D_l",
       "after UUV Simulator's scaling and offsets [kg/s]", "expected <= 0 (UUV Simulator's sign",
       "feeds energy"});
}

TEST(UuvUnderwaterObject, EverySpellingOfThePluginLoadsTheSameBody) {
  // UUV Simulator 0.6 (with and without ROS) and 0.5, whose name the Desistek SAGA package keeps.
  for (const char* spelling :
       {"libuuv_underwater_object_plugin.so", "libunderwater_object_ros_plugin.so",
        "libunderwater_object_plugin.so"}) {
    const Model m = load(world(std::string(R"(<model name="ball"><link name="base">
      <inertial><mass>100</mass><inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz>
        <ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia></inertial></link>
      <plugin name="uuv" filename=")") +
                               spelling + R"(">
        <link name="base"><volume>0.1</volume>
          <hydrodynamic_model><type>sphere</type><radius>0.3</radius></hydrodynamic_model>
        </link></plugin></model>)"));
    const auto* r = std::get_if<SubmergedRestoring>(&m.bodies[0].restoring);
    ASSERT_NE(r, nullptr) << spelling;
    EXPECT_NEAR(r->f_buoyancy_W.z(), 0.1 * 1028 * 9.81, 1e-6) << spelling;
    EXPECT_GT(m.bodies[0].M_A(dof::v, dof::v), 0.0) << spelling;
  }
}

TEST(UuvUnderwaterObject, SphereUsesUuvsCoefficients) {
  const Model m = load(world(R"(<model name="ball"><link name="base">
    <inertial><mass>100</mass><inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz>
      <ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia></inertial></link>
    <plugin name="uuv" filename="libuuv_underwater_object_plugin.so">
      <link name="base"><volume>0.1</volume>
        <hydrodynamic_model><type>sphere</type><radius>0.3</radius></hydrodynamic_model>
      </link></plugin></model>)"));
  const BodyModel& b = m.bodies[0];
  const double r = 0.3, rho = 1028;
  EXPECT_NEAR(b.M_A(dof::v, dof::v), 2.0 / 3.0 * rho * std::numbers::pi * r * r * r, 1e-9);
  EXPECT_EQ(b.M_A(dof::p, dof::p), 0.0);
  ASSERT_EQ(b.damping.quadratic.size(), 3u);
  EXPECT_NEAR(b.damping.quadratic[2].coefficient, 0.5 * rho * 0.5 * std::numbers::pi * r * r, 1e-9);
}

TEST(UuvUnderwaterObject, ThePluginsOwnWaterWinsOverTheWorlds) {
  // UUV Simulator computes the body's buoyancy and its shape's added mass with the plugin's
  // <fluid_density>; a world of fresh water (1000 kg/m^3) changes neither.
  const std::string fresh = R"(<plugin filename="leeway" name="leeway::Environment">
      <fluid_density>1000</fluid_density></plugin>)";
  Diagnostics d;
  const Model m =
      load_world_string(world_sdf(rexrov(fossen_block()), fresh, "0 0 -9.81"), "rexrov.sdf", d);
  ASSERT_EQ(m.environment.fluid_density, 1000.0);
  const auto& r = std::get<SubmergedRestoring>(m.bodies.at(0).restoring);
  EXPECT_NEAR((r.f_buoyancy_W + r.f_weight_W).z(), (1.83826 * 1028 - 1862.87) * 9.81, 1e-6);

  const auto ball = [&](const std::string& density) {
    return load(world_sdf(R"(<model name="ball"><link name="base">
    <inertial><mass>100</mass><inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz>
      <ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia></inertial></link>
    <plugin name="uuv" filename="libuuv_underwater_object_plugin.so">)" +
                              density + R"(<link name="base"><volume>0.1</volume>
        <hydrodynamic_model><type>sphere</type><radius>0.3</radius></hydrodynamic_model>
      </link></plugin></model>)",
                          fresh, "0 0 -9.81"));
  };
  const double r3 = 0.3 * 0.3 * 0.3;
  for (const auto& [density, rho] :
       {std::pair{std::string("<fluid_density>1028</fluid_density>"), 1028.0},
        std::pair{std::string(), 1000.0}}) {  // unstated: the world's
    const BodyModel b = ball(density).bodies.at(0);
    EXPECT_NEAR(b.M_A(dof::v, dof::v), 2.0 / 3.0 * rho * std::numbers::pi * r3, 1e-9) << rho;
    EXPECT_NEAR(std::get<SubmergedRestoring>(b.restoring).f_buoyancy_W.z(), 0.1 * rho * 9.81, 1e-9)
        << rho;
  }
}

/// A neutrally buoyant 1.2 m tube of radius 0.1 m (L/D = 6) with UUV Simulator's cylinder model.
std::string tube(const std::string& axis, const std::string& extra = "") {
  return R"(<model name="tube"><link name="base">
    <inertial><mass>38</mass><inertia><ixx>0.2</ixx><iyy>4.6</iyy><izz>4.6</izz>
      <ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia></inertial></link>
    <plugin name="uuv" filename="libuuv_underwater_object_ros_plugin.so">
      <link name="base"><neutrally_buoyant>1</neutrally_buoyant>
        <hydrodynamic_model><type>cylinder</type><radius>0.1</radius><length>1.2</length>
          <axis>)" +
         axis + "</axis>" + extra + "</hydrodynamic_model></link></plugin></model>";
}

TEST(UuvUnderwaterObject, CylinderGivesTheForcesOfItsLeewayEquivalent) {
  // The same tube written as leeway::Hydrodynamics with the numbers worked by hand: the added
  // mass of hydro/shape_added_mass.h, end-on drag 1/2 rho 0.99 pi r^2, cross-flow drag
  // 1/2 rho 0.82 (2 r L) and the strip-theory moment rho 0.82 r L^4 / 32 (UUV's C_d at L/D = 6).
  const double rho = 1028, r = 0.1, L = 1.2, pi = std::numbers::pi;
  const Vec6 added = cylinder_added_mass(rho, r, L);
  const Vec6 quadratic(0.5 * rho * 0.99 * pi * r * r, 0.5 * rho * 0.82 * 2 * r * L,
                       0.5 * rho * 0.82 * 2 * r * L, 0.0, rho * 0.82 * r * std::pow(L, 4) / 32,
                       rho * 0.82 * r * std::pow(L, 4) / 32);
  const std::string equivalent =
      fmt::format(R"(<model name="tube"><link name="base">
    <inertial><mass>38</mass><inertia><ixx>0.2</ixx><iyy>4.6</iyy><izz>4.6</izz>
      <ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia></inertial></link>
    <plugin filename="leeway-hydrodynamics" name="leeway::Hydrodynamics">
      <added_mass>{}</added_mass><quadratic_damping>{}</quadratic_damping>
      <buoyancy><volume>{}</volume></buoyancy></plugin></model>)",
                  fmt::join(Mat6(added.asDiagonal()).reshaped<Eigen::RowMajor>(), " "),
                  fmt::join(quadratic, " "), 38.0 / rho);
  const BodyModel uuv = load(world(tube("i"))).bodies.at(0);
  const BodyModel own = load(world(equivalent)).bodies.at(0);
  EXPECT_LT((uuv.M_A - own.M_A).norm(), 1e-9 * own.M_A.norm());
  Vec6 nu;
  nu << 1.3, -0.4, 0.25, 0.7, -0.2, 0.35;
  const Vec6 F = damping_wrench(uuv.damping, nu), F_own = damping_wrench(own.damping, nu);
  EXPECT_LT((F - F_own).norm(), 1e-9 * F_own.norm()) << F.transpose() << "\n" << F_own.transpose();
  // The physics behind the numbers: across the axis the tube carries nearly the 2-D circle's
  // rho pi r^2 per metre (k_2 = 0.918 at L/D = 6), along it a few percent.
  EXPECT_NEAR(uuv.M_A(dof::v, dof::v) / (rho * pi * r * r * L), 0.918, 0.002);
  EXPECT_NEAR(uuv.M_A(dof::u, dof::u) / (rho * pi * r * r * L), 0.045, 0.002);
  EXPECT_EQ(uuv.M_A(dof::p, dof::p), 0.0);
}

TEST(UuvUnderwaterObject, CylinderAxisPicksTheLongDirection) {
  const BodyModel x = load(world(tube("i"))).bodies.at(0);
  for (const auto& [axis, along] : {std::pair{"j", dof::v}, std::pair{"k", dof::w}}) {
    const BodyModel b = load(world(tube(axis))).bodies.at(0);
    EXPECT_EQ(b.M_A(along, along), x.M_A(dof::u, dof::u)) << axis;
    EXPECT_EQ(b.M_A(dof::u, dof::u), x.M_A(dof::v, dof::v)) << axis;
    for (int rotation = dof::p; rotation <= dof::r; ++rotation) {
      const double expected = rotation == 3 + along ? 0.0 : x.M_A(dof::r, dof::r);
      EXPECT_EQ(b.M_A(rotation, rotation), expected) << axis << " " << rotation;
    }
  }
}

TEST(UuvUnderwaterObject, CylinderKeepsTheFossenBlocksOwnEntries) {
  // As in UUV Simulator, the shape writes its entries over the block; the rest of the block
  // stays, a rotational drag the block gives wins over the strip-theory estimate, and the
  // knobs scale the result.
  const BodyModel b = load(world(tube("i",
                                      "<linear_damping>-1 -2 -3 -4 -5 -6</linear_damping>"
                                      "<quadratic_damping>0 0 0 -7 -8 0</quadratic_damping>"
                                      "<scaling_damping>2</scaling_damping>")))
                          .bodies.at(0);
  EXPECT_EQ(b.damping.linear.diagonal(), Vec6(2, 4, 6, 8, 10, 12));
  std::map<int, double> quadratic;
  for (const QuadraticDampingTerm& t : b.damping.quadratic)
    quadratic[t.force] = t.coefficient;
  EXPECT_EQ(quadratic.at(dof::p), 14.0);
  EXPECT_EQ(quadratic.at(dof::q), 16.0);
  EXPECT_NEAR(quadratic.at(dof::r), 2 * 1028 * 0.82 * 0.1 * std::pow(1.2, 4) / 32, 1e-9);
}

/// A vehicle of two links bolted together, `base` and a `pod` turned and set off from it, each
/// with its own block (its added mass coupled, its damping quadratic on its own axes, its volume
/// off its origin), its frame B the link `canonical`'s: the other's block moves onto it.
std::string bolted_pair(const std::string& canonical) {
  return fmt::format(R"(<model name="pair" canonical_link="{}">
    <pose>0 0 -20 0 0 0</pose>
    <link name="base">
      <inertial><mass>60</mass><inertia><ixx>4</ixx><iyy>6</iyy><izz>7</izz>
        <ixy>0.3</ixy><ixz>0</ixz><iyz>0.1</iyz></inertia></inertial></link>
    <link name="pod">
      <pose>0.6 0.25 -0.15 0.3 -0.2 0.9</pose>
      <inertial><pose>0.1 0 0 0 0 0</pose><mass>15</mass><inertia><ixx>0.4</ixx>
        <iyy>0.9</iyy><izz>0.8</izz></inertia></inertial></link>
    <joint name="bolt" type="fixed"><parent>base</parent><child>pod</child></joint>
    <plugin name="uuv" filename="libuuv_underwater_object_ros_plugin.so">
      <fluid_density>1028</fluid_density>
      <link name="base"><volume>0.05</volume><center_of_buoyancy>0 0 0.05</center_of_buoyancy>
        <hydrodynamic_model><type>sphere</type><radius>0.25</radius></hydrodynamic_model></link>
      <link name="pod"><volume>0.012</volume><center_of_buoyancy>0.2 0 0.02</center_of_buoyancy>
        <hydrodynamic_model><type>fossen</type>
          <added_mass>12 0 1.5 0 2 0  0 25 0 -1 0 3  1.5 0 30 0 -2 0
                      0 -1 0 2 0 0  2 0 -2 0 4 0  0 3 0 0 0 5</added_mass>
          <linear_damping>-20 -40 -50 -3 -6 -5</linear_damping>
          <quadratic_damping>-30 -90 -110 -2 -8 -7</quadratic_damping>
        </hydrodynamic_model></link>
    </plugin></model>)",
                     canonical);
}

TEST(UuvUnderwaterObject, ABlockOnALinkBoltedToTheBodyActsWhereItWasWritten) {
  // Physics does not care which link is the body's frame: the pair sinks (its weight beats its
  // buoyancy), tumbles (its centres of mass and buoyancy apart) and drags, and the pod must
  // follow the same path whichever link is B and whichever block is moved onto it.
  Diagnostics d;
  const Model on_base = load_world_string(world(bolted_pair("base")), "base.sdf", d);
  const Model on_pod = load_world_string(world(bolted_pair("pod")), "pod.sdf", d);
  ASSERT_EQ(on_base.bodies.size(), 1u);
  ASSERT_EQ(on_pod.bodies.size(), 1u);
  // Each keeps the other link's damping on that link's axes.
  EXPECT_EQ(on_base.bodies[0].link_damping.size(), 1u);
  EXPECT_EQ(on_pod.bodies[0].link_damping.size(), 1u);
  const auto pod_in = [](const BodyModel& b) {
    for (const auto& [name, X_BL] : b.links)
      if (name == "pod") return X_BL.isometry();
    return Eigen::Isometry3d::Identity();
  };
  State base_state = make_initial_state(on_base), pod_state = make_initial_state(on_pod);
  Workspace ws_base, ws_pod;
  double worst_p = 0.0, worst_angle = 0.0, travelled = 0.0;
  const Eigen::Isometry3d X_BP = pod_in(on_base.bodies[0]);
  const Vec3 p_start = pod_state.bodies[0].p_WB;
  for (int k = 0; k < 500; ++k) {
    ASSERT_TRUE(step(on_base, base_state, {}, ws_base).ok);
    ASSERT_TRUE(step(on_pod, pod_state, {}, ws_pod).ok);
    const BodyState& b = base_state.bodies[0];
    const BodyState& p = pod_state.bodies[0];
    const Vec3 p_pod = b.p_WB + b.q_WB * X_BP.translation();
    const Quat q_pod = b.q_WB * Quat(X_BP.linear());
    worst_p = std::max(worst_p, (p_pod - p.p_WB).norm());
    worst_angle = std::max(worst_angle, q_pod.angularDistance(p.q_WB));
    travelled = (p.p_WB - p_start).norm();
  }
  std::printf(
      "bolted pair, 5 s: the pod travels %.3f m and turns; its two descriptions agree to "
      "%.1e m, %.1e rad\n",
      travelled, worst_p, worst_angle);
  EXPECT_GT(travelled, 0.5);
  EXPECT_GT(pod_state.bodies[0].q_WB.angularDistance(make_initial_state(on_pod).bodies[0].q_WB),
            0.05);
  EXPECT_LT(worst_p, 1e-9);
  EXPECT_LT(worst_angle, 1e-9);
}

TEST(UuvUnderwaterObject, EachBlockGoesToTheBodyOfItsLink) {
  // A vehicle with a one-link arm on a hinge: the arm's block is the arm body's, in its frame;
  // the vehicle's stays the vehicle's. The arm's cylinder gives no size: its <box> does.
  const std::string arm = R"(<model name="rov">
    <link name="hull"><inertial><mass>100</mass><inertia><ixx>10</ixx><iyy>20</iyy>
      <izz>20</izz></inertia></inertial></link>
    <link name="arm"><pose>1 0 0 0 0 0</pose><inertial><mass>3</mass><inertia><ixx>0.01</ixx>
      <iyy>0.1</iyy><izz>0.1</izz></inertia></inertial></link>
    <joint name="shoulder" type="revolute"><parent>hull</parent><child>arm</child>
      <axis><xyz>0 0 1</xyz></axis></joint>
    <plugin name="uuv" filename="libuuv_underwater_object_ros_plugin.so">
      <link name="hull"><volume>0.1</volume>
        <hydrodynamic_model><type>sphere</type><radius>0.3</radius></hydrodynamic_model></link>
      <link name="arm"><volume>0.002</volume>
        <box><width>0.6</width><length>0.1</length><height>0.08</height></box>
        <hydrodynamic_model><type>cylinder</type></hydrodynamic_model></link>
    </plugin></model>)";
  const Model m = load(world(arm));
  ASSERT_EQ(m.bodies.size(), 2u);
  ASSERT_EQ(m.bodies[1].model_name, "rov/arm");
  // The sphere's 2/3 rho pi r^3 on the hull alone.
  const double rho = 1028, pi = std::numbers::pi;
  EXPECT_NEAR(m.bodies[0].M_A(dof::u, dof::u), 2.0 / 3.0 * rho * pi * 0.027, 1e-9);
  EXPECT_NEAR(m.bodies[0].M_A(dof::r, dof::r), 0.0, 1e-12);
  // The arm's cylinder along its box's longest side (x), 0.6 m long, of radius half its
  // smallest side, 0.04 m.
  const Vec6 tube = cylinder_added_mass(rho, 0.04, 0.6);
  EXPECT_NEAR(m.bodies[1].M_A(dof::u, dof::u), tube[0], 1e-9);
  EXPECT_NEAR(m.bodies[1].M_A(dof::v, dof::v), tube[1], 1e-9);
  EXPECT_NEAR(m.bodies[1].M_A(dof::r, dof::r), tube[4], 1e-9);
  const auto& r = std::get<SubmergedRestoring>(m.bodies[1].restoring);
  EXPECT_NEAR(r.f_buoyancy_W.z(), 0.002 * rho * 9.81, 1e-9);
}

TEST(UuvUnderwaterObject, BlocksNamingNoLinkOrOneLinkTwiceAreRefused) {
  const auto two = [](const std::string& first, const std::string& second) {
    return world(rexrov(R"(<link name=")" + first + R"("><volume>1</volume>
      <hydrodynamic_model><type>sphere</type><radius>1</radius></hydrodynamic_model></link>
      <link name=")" + second +
                        R"("><volume>2</volume>
      <hydrodynamic_model><type>sphere</type><radius>1</radius></hydrodynamic_model></link>)"));
  };
  const std::string twice = two("base_link", "base_link");
  testing::expect_mentions(testing::load_error("twice.sdf", twice),
                           {"twice.sdf:" + std::to_string(testing::line_of(twice, "<volume>2")),
                            "a second hydrodynamics block on link 'base_link'", "one per link"});
  const std::string missing = two("base_link", "arm");
  testing::expect_mentions(testing::load_error("missing.sdf", missing),
                           {"missing.sdf:" + std::to_string(testing::line_of(missing, "<volume>2")),
                            "'arm'", "not a link of model 'rexrov'", "base_link"});
}

}  // namespace
}  // namespace leeway
