// External wrenches from clients (interfaces/entity_wrench.h, the command inbox): the frames and
// the entity names, closed form; the inbox's one-step and persistent wrenches reach the steps
// they are due at.
#include "leeway/transport/entity_wrench.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "leeway/sdf/load_world.h"
#include "leeway/transport/command_inbox.h"
#include "test_util.h"
#include "transport/served_run.h"

namespace leeway {
namespace {

TEST(EntityWrench, AWorldFrameForceAtAnOffsetBecomesTheBodysForceAndMomentAboutBo) {
  // Body yawed +90 degrees: B's x is W's y. A 10 N force along W's x acts along B's -y; at 1 m
  // ahead of Bo on B's x it turns the body clockwise seen from above: -10 N m about B's z. A
  // torque of 5 N m about W's z is 5 N m about B's z (the axes coincide).
  const Quat q_WB(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitZ()));
  const WorldWrench w{{10.0, 0.0, 0.0}, {0.0, 0.0, 5.0}, {1.0, 0.0, 0.0}};
  const Vec6 F = wrench_about_Bo_in_B(w, q_WB);
  Vec6 expected;
  expected << 0.0, -10.0, 0.0, 0.0, 0.0, -5.0;
  EXPECT_LT((F - expected).norm(), 1e-12) << F.transpose();

  // Pitched nose-down 90 degrees: B's x is W's -z. Up (W's z) is B's -x; a force up at 2 m
  // along B's z (W's x) pushes that point up: a moment about B's y of 2 x (-F)... r x F with
  // r = (0, 0, 2), F_B = (-F, 0, 0): (0 * 0 - 2 * 0, 2 * (-F) - 0, 0) = (0, -2F, 0).
  const Quat q_pitch(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitY()));
  const Vec6 G = wrench_about_Bo_in_B({{0.0, 0.0, 3.0}, Vec3::Zero(), {0.0, 0.0, 2.0}}, q_pitch);
  expected << -3.0, 0.0, 0.0, 0.0, -6.0, 0.0;
  EXPECT_LT((G - expected).norm(), 1e-12) << G.transpose();
}

TEST(EntityWrench, EntitiesAreAModelByNameItsReferenceLinkOrABodysIdAndNothingElse) {
  const Scenario scenario = default_scenario();
  const Model& model = scenario.model;
  const int wamv = model.body_index("wamv");
  ASSERT_GE(wamv, 0);
  const std::string link = "wamv::" + model.bodies[static_cast<std::size_t>(wamv)].link_name;
  EXPECT_EQ(body_of_entity(model, "wamv", 0, 2).body, wamv);           // MODEL
  EXPECT_EQ(body_of_entity(model, "wamv", 0, 0).body, wamv);           // NONE
  EXPECT_EQ(body_of_entity(model, link, 0, 3).body, wamv);             // LINK
  EXPECT_EQ(body_of_entity(model, "", wamv + 1, 0).body, wamv);        // pose/info's id
  EXPECT_LT(body_of_entity(model, "wamv", 0, 3).body, 0);              // a model is no link
  EXPECT_LT(body_of_entity(model, link, 0, 2).body, 0);                // nor a link a model
  EXPECT_LT(body_of_entity(model, "wamv::other_link", 0, 3).body, 0);  // not the body's frame
  EXPECT_LT(body_of_entity(model, "", 0, 0).body, 0);
  EXPECT_LT(body_of_entity(model, "", model.bodies.size() + 1, 0).body, 0);
  const ResolvedBody sensor = body_of_entity(model, "wamv", 0, 6);  // SENSOR
  EXPECT_LT(sensor.body, 0);
  EXPECT_NE(sensor.error.find("expected MODEL (2) or LINK (3)"), std::string::npos) << sensor.error;
  const ResolvedBody unknown = body_of_entity(model, "nosuch", 0, 2);
  EXPECT_NE(unknown.error.find("'nosuch'"), std::string::npos) << unknown.error;
}

TEST(EntityWrench, TheInboxGivesAOneStepWrenchToOneStepAndAPersistentOneUntilCleared) {
  // Free from the start: VRX's task holds the WAM-V on its platform for the first 10 s.
  Scenario scenario = default_scenario(/*controllers=*/false);
  scenario.model.holds.clear();
  Simulation served(scenario);
  Simulation direct(scenario);
  CommandInbox inbox(served.model());
  const auto wamv = static_cast<std::size_t>(served.model().body_index("wamv"));
  const WorldWrench push{{300.0, -200.0, 50.0}, {0.0, 0.0, 120.0}, {1.5, 0.0, 0.5}};
  const WorldWrench nudge{{0.0, 800.0, 0.0}, Vec3::Zero(), Vec3::Zero()};
  inbox.offer_wrench(wamv, "test", push, /*persistent=*/true);
  inbox.offer_wrench(wamv, "test", nudge, /*persistent=*/false);
  inbox.offer_wrench(wamv, "test", {{NAN, 0.0, 0.0}, Vec3::Zero(), Vec3::Zero()}, true);  // dropped
  for (int k = 0; k < 40; ++k) {
    if (k == 30) inbox.clear_wrenches(wamv);
    Inputs from_inbox;
    inbox.take_inputs(served, from_inbox);
    Inputs expected;
    if (k < 30) {
      expected.F_ext_Bo_B.assign(direct.model().bodies.size(), Vec6::Zero());
      const Quat& q_WB = direct.state().bodies[wamv].q_WB;
      expected.F_ext_Bo_B[wamv] = wrench_about_Bo_in_B(push, q_WB);
      if (k == 0) expected.F_ext_Bo_B[wamv] += wrench_about_Bo_in_B(nudge, q_WB);
    }
    // None, or zero (a clear leaves the bodies' wrenches at zero for a step).
    if (expected.F_ext_Bo_B.empty() && !from_inbox.F_ext_Bo_B.empty()) {
      EXPECT_TRUE(from_inbox.F_ext_Bo_B[wamv].isZero(0.0)) << "step " << k;
    }
    ASSERT_TRUE(served.step(from_inbox).ok);
    ASSERT_TRUE(direct.step(expected).ok);
    ASSERT_TRUE(served.state().bodies == direct.state().bodies) << "step " << k;
  }
  // The persistent push moved the WAM-V: the test is not comparing two idle boats.
  EXPECT_GT(served.state().bodies[wamv].V_WB_B.head<3>().norm(), 1e-3);
}

TEST(EntityWrench, TheInboxRefusesWrenchesPastTheBodysLimitCountingWhatItHolds) {
  // A uniform 1 x 2 x 2 m box of 12 kg: I = m / 12 diag(b^2 + c^2, ...) = diag(8, 5, 5) kg m^2,
  // so its length sqrt(6 tr(I) / m) is its diagonal, 3 m; 10 g x 12 kg = 1176.798 N.
  BodyModel box = testing::make_body(12.0, Vec3(8.0, 5.0, 5.0));
  box.model_name = "box";
  const Model model = testing::make_model({box}, 0.01);
  const WrenchLimit limit = external_wrench_limit(model.bodies[0], model.client_limits);
  EXPECT_NEAR(limit.length, 3.0, 1e-12);
  EXPECT_NEAR(limit.force, 1176.798, 1e-9);
  EXPECT_NEAR(limit.torque, 3.0 * 1176.798, 1e-9);

  Simulation sim(model);
  CommandInbox inbox(model);
  const auto force_x = [](double f) { return WorldWrench{{f, 0, 0}, Vec3::Zero(), Vec3::Zero()}; };
  const auto taken = [&] {  // the force along x the next step gets
    Inputs in;
    inbox.take_inputs(sim, in);
    return in.F_ext_Bo_B.empty() ? 0.0 : in.F_ext_Bo_B[0][0];
  };
  inbox.offer_wrench(0, "t", force_x(0.6 * limit.force), /*persistent=*/true);
  inbox.offer_wrench(0, "t", force_x(-0.6 * limit.force), true);  // 1.2 x the limit in all
  inbox.offer_wrench(0, "t", force_x(0.3 * limit.force), false);
  inbox.offer_wrench(0, "t", force_x(0.3 * limit.force), false);  // 1.2 again
  EXPECT_NEAR(taken(), 0.9 * limit.force, 1e-9);
  inbox.offer_wrench(0, "t", force_x(0.3 * limit.force), false);  // the last one-step one went
  EXPECT_NEAR(taken(), 0.9 * limit.force, 1e-9);
  EXPECT_NEAR(taken(), 0.6 * limit.force, 1e-9);
  inbox.offer_wrench(0, "t", force_x(1e12), false);
  inbox.offer_wrench(0, "t", force_x(1e30), true);
  EXPECT_NEAR(taken(), 0.6 * limit.force, 1e-9);
  // A small force far off Bo is a large torque: 100 N at 40 m is 4000 N m > 3530 N m.
  inbox.clear_wrenches(0);
  inbox.offer_wrench(0, "t", {{0, 100, 0}, Vec3::Zero(), {40, 0, 0}}, true);
  inbox.offer_wrench(0, "t", {{0, 100, 0}, Vec3::Zero(), {30, 0, 0}}, true);  // 3000 N m: taken
  Inputs in;
  inbox.take_inputs(sim, in);
  EXPECT_NEAR(in.F_ext_Bo_B[0][5], 3000.0, 1e-9);
  // Cleared, the whole limit is free again.
  inbox.clear_wrenches(0);
  inbox.offer_wrench(0, "t", force_x(limit.force), true);
  EXPECT_NEAR(taken(), limit.force, 1e-9);
}

TEST(EntityWrench, AWorldScalesTheBoundOrStatesAModelsOwn) {
  // Two 10 kg bodies of inertia (1, 2, 2) kg m^2: length sqrt(6 x 5 / 10) = sqrt(3) m. At
  // <wrench_g> 2, "a" takes 2 x 9.80665 x 10 = 196.133 N; "b" takes what the world states.
  const auto body = [](const std::string& name) {
    return "<model name='" + name +
           "'><link name='l'><inertial><mass>10</mass><inertia>"
           "<ixx>1</ixx><iyy>2</iyy><izz>2</izz></inertia></inertial></link></model>";
  };
  const std::string world =
      "<?xml version='1.0'?><sdf version='1.9'><world name='w'>"
      "<plugin filename='leeway-client-limits' name='leeway::ClientLimits'>"
      "<wrench_g>2</wrench_g><model name='b'><max_force>50</max_force>"
      "<max_torque>10</max_torque></model></plugin>" +
      body("a") + body("b") + "</world></sdf>";
  Diagnostics d;
  const Model model = load_world_string(world, "limits.sdf", d);
  const WrenchLimit a = external_wrench_limit(model.bodies[0], model.client_limits);
  EXPECT_NEAR(a.force, 196.133, 1e-9);
  EXPECT_NEAR(a.torque, 196.133 * std::sqrt(3.0), 1e-9);
  EXPECT_FALSE(a.stated);
  const WrenchLimit b = external_wrench_limit(model.bodies[1], model.client_limits);
  EXPECT_EQ(b.force, 50.0);
  EXPECT_EQ(b.torque, 10.0);
  EXPECT_TRUE(b.stated);

  Simulation sim(model);
  CommandInbox inbox(model);
  inbox.offer_wrench(0, "t", {{190, 0, 0}, Vec3::Zero(), Vec3::Zero()}, false);  // a: taken
  inbox.offer_wrench(1, "t", {{60, 0, 0}, Vec3::Zero(), Vec3::Zero()}, false);   // b: refused
  inbox.offer_wrench(1, "t", {{0, 0, 0}, {0, 0, 11}, Vec3::Zero()}, false);      // b: refused
  inbox.offer_wrench(1, "t", {{40, 0, 0}, {0, 0, 9}, Vec3::Zero()}, false);      // b: taken
  Inputs in;
  inbox.take_inputs(sim, in);
  EXPECT_EQ(in.F_ext_Bo_B[0][0], 190.0);
  EXPECT_EQ(in.F_ext_Bo_B[1][0], 40.0);
  EXPECT_EQ(in.F_ext_Bo_B[1][5], 9.0);
}

}  // namespace
}  // namespace leeway
