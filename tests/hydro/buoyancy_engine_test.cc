// The buoyancy engine's force (hydro/buoyancy_engine.h) against gz-sim's formula.
#include "leeway/hydro/buoyancy_engine.h"

#include <gtest/gtest.h>

#include "leeway/core/rotation.h"

namespace leeway {
namespace {

TEST(BuoyancyEngine, PushesByTheVolumeBeyondNeutralAtItsLinkAndWeighsItsOilWhenDry) {
  BuoyancyEngine e;
  e.p_BoL_B = Vec3(0.5, 0, 0);
  e.fluid_density = 1025.0;
  e.neutral_volume = 0.002;
  e.surface_z = 0.0;
  const Vec3 g_W(0, 0, -9.81);
  const Mat3 R_WB = quat_from_euler_zyx(0.0, 0.0, 0.7).toRotationMatrix();  // yawed: force stays up
  // Under water, 1 litre beyond neutral: 1025 * 9.81 * 0.001 N up, at the link, in B.
  const Vec6 F = buoyancy_engine_wrench(e, 0.003, Vec3(0, 0, -5), R_WB, g_W);
  const Vec3 f_B = R_WB.transpose() * Vec3(0, 0, 1025 * 9.81 * 0.001);
  EXPECT_LT((F.head<3>() - f_B).norm(), 1e-12);
  EXPECT_LT((F.tail<3>() - Vec3(0.5, 0, 0).cross(f_B)).norm(), 1e-12);
  EXPECT_LT(buoyancy_engine_wrench(e, 0.002, Vec3(0, 0, -5), R_WB, g_W).norm(), 1e-15);
  // Its link above the surface (the body's origin is not): only the oil's weight, down.
  const Mat3 I = Mat3::Identity();
  const Mat3 pitched = quat_from_euler_zyx(0.0, -0.5, 0.0).toRotationMatrix();  // link up 0.24 m
  const Vec6 dry = buoyancy_engine_wrench(e, 0.003, Vec3(0, 0, -0.1), pitched, g_W);
  EXPECT_LT((pitched * Vec3(dry.head<3>()) - Vec3(0, 0, -1025 * 9.81 * 0.002)).norm(), 1e-12);
  // No surface: wet everywhere.
  e.surface_z.reset();
  EXPECT_NEAR(buoyancy_engine_wrench(e, 0.003, Vec3(0, 0, 100), I, g_W)[2], 1025 * 9.81 * 0.001,
              1e-12);
}

}  // namespace
}  // namespace leeway
