// gz-sim's DetachableJoint as VRX's launch writes it into the WAM-V (sdf/gz/detachable_joint.h):
// the vehicle is held at its start until its task releases it on /vrx/release, then moves.
#include <gtest/gtest.h>

#include <cmath>

#include "leeway/world/step.h"
#include "sdf_test_util.h"

namespace leeway {
namespace {

using testing::expect_mentions;
using testing::world_sdf;

const std::string kPlatform = R"(<model name="platform"><link name="dummy_upper"/>
    <joint name="world_joint" type="fixed"><parent>world</parent><child>dummy_upper</child>
    </joint></model>)";

std::string boat(const std::string& joint_params) {
  return R"(<model name="boat"><pose>1 2 5 0 0 0.3</pose>
    <link name="base_link"><inertial><mass>10</mass>
      <inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz></inertia></inertial></link>
    <plugin filename="gz-sim-detachable-joint-system" name="gz::sim::systems::DetachableJoint">
      )" +
         joint_params +
         R"(
    </plugin></model>)";
}

const std::string kVrxJoint = R"(<parent_link>base_link</parent_link>
      <child_model>platform</child_model><child_link>dummy_upper</child_link>
      <topic>/vrx/release</topic><suppress_child_warning>true</suppress_child_warning>)";

const std::string kVrxTask = R"(<plugin filename="libPerceptionScoringPlugin.so"
      name="vrx::PerceptionScoringPlugin"><initial_state_duration>3</initial_state_duration>
    </plugin>)";

TEST(DetachableJoint, VrxsTaskReleasesTheVehicleAsItLeavesItsInitialState) {
  Diagnostics d;
  const Model m = load_world_string(world_sdf(kPlatform + boat(kVrxJoint), kVrxTask, "0 0 -9.81"),
                                    "held.sdf", d);
  ASSERT_EQ(m.bodies.size(), 1u);
  ASSERT_EQ(m.holds.size(), 1u);
  EXPECT_EQ(m.holds[0].until, 3.0);
  State s = make_initial_state(m);
  // Held, in the air, over every step that ends before 3 s (body_state.h's KinematicHold);
  // the step that ends at 3 s is the first it moves in.
  for (int k = 0; k < 299; ++k)
    ASSERT_TRUE(step(m, s).ok);
  EXPECT_EQ(s.bodies[0].p_WB, m.bodies[0].p_WB0);
  EXPECT_EQ(s.bodies[0].V_WB_B, Vec6::Zero());
  for (int k = 0; k < 100; ++k)  // then one second of free fall
    ASSERT_TRUE(step(m, s).ok);
  EXPECT_NEAR(s.bodies[0].p_WB.z(), 5.0 - 0.5 * 9.81, 1e-9);
}

TEST(DetachableJoint, WithoutARelease) {
  // No VRX task in the world: nothing releases it yet, and the load says so.
  Diagnostics d;
  const Model m =
      load_world_string(world_sdf(kPlatform + boat(kVrxJoint), "", "0 0 -9.81"), "held.sdf", d);
  ASSERT_EQ(m.holds.size(), 1u);
  EXPECT_EQ(m.holds[0].until, INFINITY);
  ASSERT_EQ(d.warnings().size(), 1u);
  expect_mentions(d.warnings()[0].str(), {"model 'boat'", "'/vrx/release'", "whole run"});
  // gz-sim's own topic when none is given.
  std::string own = kVrxJoint;
  own.replace(own.find("<topic>/vrx/release</topic>"), 27, "");
  Diagnostics d2;
  load_world_string(world_sdf(kPlatform + boat(own), kVrxTask, "0 0 -9.81"), "own.sdf", d2);
  bool said = false;
  for (const Diagnostic& w : d2.warnings())
    said |= w.str().find("'/model/boat/detachable_joint/detach'") != std::string::npos;
  EXPECT_TRUE(said);
}

TEST(DetachableJoint, AMissingChildHoldsNothingAsInGzSim) {
  std::string loud = kVrxJoint;
  loud.replace(loud.find("true"), 4, "false");
  Diagnostics d;
  const Model m = load_world_string(world_sdf(boat(loud)), "alone.sdf", d);
  EXPECT_TRUE(m.holds.empty());
  ASSERT_EQ(d.warnings().size(), 1u);
  expect_mentions(d.warnings()[0].str(), {"no model 'platform'", "nothing holds 'boat'"});
  Diagnostics quiet;  // VRX's own suppresses the warning
  EXPECT_TRUE(load_world_string(world_sdf(boat(kVrxJoint)), "q.sdf", quiet).holds.empty());
  EXPECT_TRUE(quiet.warnings().empty());
}

TEST(DetachableJoint, WrongLinksAreErrorsNamingTheElement) {
  std::string parent = kVrxJoint;
  parent.replace(parent.find("base_link"), 9, "hull");
  const std::string text = world_sdf(kPlatform + boat(parent), kVrxTask);
  expect_mentions(testing::load_error("parent.sdf", text),
                  {"parent.sdf:" + std::to_string(testing::line_of(text, "<parent_link>")),
                   "model 'boat' has no link 'hull'"});
  std::string child = kVrxJoint;
  child.replace(child.find("dummy_upper"), 11, "deck");
  const std::string text2 = world_sdf(kPlatform + boat(child), kVrxTask);
  expect_mentions(testing::load_error("child.sdf", text2),
                  {"child.sdf:" + std::to_string(testing::line_of(text2, "<child_link>")),
                   "model 'platform' has no link 'deck'"});
}

}  // namespace
}  // namespace leeway
