// VRX's marker buoy lying on its side at VRX's 4 ms step (its task worlds place the buoys so,
// pitch 1.57). The classic model's numbers: 20 kg, its centre of mass 2 m below the origin with
// I = (1, 1, 0.1) kg m^2 about it, one PolyhedraBuoyancyDrag cylinder (r 0.325 m, 0.1 m long,
// 0.3 m below the origin), linear_drag 25, angular_drag 2. The float's drag, 1.7 m from a centre
// of mass with that little inertia, relaxes the motion within 0.4 ms: explicit RK4 at 4 ms
// diverged (the buoy was thrown 300 m up within 30 s). Integrated in substeps it must right itself
// and come to rest at its analytic draft, as a run at a 16 times finer step does.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "leeway/core/rotation.h"
#include "leeway/world/step.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

std::string buoy_world(double dt) {
  return R"(<?xml version="1.0"?>
<sdf version="1.9"><world name="w">
  <physics name="p" type="leeway"><max_step_size>)" +
         std::to_string(dt) + R"(</max_step_size></physics>
  <gravity>0 0 -9.81</gravity>
  <model name="buoy"><pose>0 0 0 0 1.57 0</pose>
    <link name="link"><inertial><pose>0 0 -2 0 0 0</pose><mass>20</mass>
      <inertia><ixx>1</ixx><iyy>1</iyy><izz>0.1</izz></inertia></inertial></link>
    <plugin name="vrx::PolyhedraBuoyancyDrag" filename="libPolyhedraBuoyancyDrag.so">
      <fluid_density>1000</fluid_density><fluid_level>0</fluid_level>
      <linear_drag>25</linear_drag><angular_drag>2</angular_drag>
      <buoyancy name="collision_outer"><link_name>link</link_name><pose>0 0 -0.3 0 0 0</pose>
        <geometry><cylinder><radius>0.325</radius><length>0.1</length></cylinder></geometry>
      </buoyancy>
    </plugin>
  </model>
</world></sdf>
)";
}

TEST(StiffFloat, VrxsMarkerBuoyOnItsSideRightsItselfAtVrxsStep) {
  Diagnostics d;
  const Model coarse = load_world_file(testing::write_temp("buoy_4ms.sdf", buoy_world(0.004)), d);
  EXPECT_TRUE(d.warnings().empty());
  ASSERT_EQ(d.notes().size(), 1u);  // it says it takes substeps, and how many (with --verbose)
  testing::expect_mentions(d.notes()[0].str(), {"model 'buoy'", "substeps"});
  const Model fine = load_world_file(testing::write_temp("buoy_fine.sdf", buoy_world(0.00025)), d);
  State a = make_initial_state(coarse);
  State b = make_initial_state(fine);
  double highest = -1.0, worst_gap = 0.0;
  for (int k = 0; k < 5 * 250; ++k) {  // the first 5 s, where it rights itself
    ASSERT_TRUE(step(coarse, a).ok) << k;
    for (int j = 0; j < 16; ++j)
      ASSERT_TRUE(step(fine, b).ok);
    highest = std::max(highest, a.bodies[0].p_WB.z());
    worst_gap = std::max(worst_gap, (a.bodies[0].p_WB - b.bodies[0].p_WB).norm());
  }
  EXPECT_LT(worst_gap, 1e-5);            // the same motion as at a 16 times finer step [m]
  for (int k = 0; k < 595 * 250; ++k) {  // then ten minutes in all
    ASSERT_TRUE(step(coarse, a).ok) << k;
    highest = std::max(highest, a.bodies[0].p_WB.z());
  }
  // Never thrown out of the water: the origin stays within the buoy's reach above it.
  EXPECT_LT(highest, 0.5);
  // Upright and at rest, at the draft where the cylinder's wet part weighs 20 kg of water.
  const double draft = 20.0 / (1000.0 * std::numbers::pi * 0.325 * 0.325);
  EXPECT_NEAR(a.bodies[0].p_WB.z(), 0.35 - draft, 1e-6);
  EXPECT_LT(a.bodies[0].V_WB_B.norm(), 1e-6);
  EXPECT_NEAR(euler_zyx(a.bodies[0].q_WB).y(), 0.0, 1e-6);
}

}  // namespace
}  // namespace leeway
