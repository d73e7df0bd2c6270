#include "leeway/hydro/restoring.h"

#include <gtest/gtest.h>

#include "leeway/core/rotation.h"

namespace leeway {
namespace {

TEST(Restoring, SubmergedRightingMomentAtHeel) {
  // CoB 0.1 m above CoG: at heel phi the righting moment is -W BG sin(phi) about x.
  const double W = 1000.0, phi = 0.3;
  SubmergedRestoring r;
  r.f_weight_W = Vec3(0, 0, -W);
  r.f_buoyancy_W = Vec3(0, 0, W);
  r.p_BoBcb = Vec3(0, 0, 0.1);
  const Vec6 F = submerged_restoring_wrench(r, quat_from_euler_zyx(phi, 0, 0).toRotationMatrix());
  EXPECT_NEAR(F[dof::p], -W * 0.1 * std::sin(phi), 1e-12);
  EXPECT_NEAR(F.head<3>().norm(), 0.0, 1e-12);
}

TEST(Restoring, BuoyancyShrinksWithTheShareOfItsHeightBelowTheSurface) {
  // h = 1.6 m about Bo, surface at eta = 0.3 m.
  EXPECT_EQ(immersed_share(1.6, -0.5, 0.3), 1.0);  // top at 0.3: just covered
  EXPECT_EQ(immersed_share(1.6, 1.1, 0.3), 0.0);   // bottom at 0.3: just clear
  EXPECT_NEAR(immersed_share(1.6, 0.3, 0.3), 0.5, 1e-15);
  EXPECT_NEAR(immersed_share(1.6, 0.0, 0.3), 1.1 / 1.6, 1e-15);
  EXPECT_EQ(immersed_share(0.0, 50.0, 0.0), 1.0);  // no height: the fluid fills the world
  SubmergedRestoring r;
  r.f_weight_W = Vec3(0, 0, -900.0);
  r.f_buoyancy_W = Vec3(0, 0, 1000.0);
  r.p_BoBcb = Vec3(0, 0, 0.1);
  const Vec6 F =
      submerged_restoring_wrench(r, quat_from_euler_zyx(0.2, 0, 0).toRotationMatrix(), 0.25);
  EXPECT_NEAR(F.head<3>().norm(), 650.0, 1e-9);                 // 250 up, 900 down
  EXPECT_NEAR(F[dof::p], -250.0 * 0.1 * std::sin(0.2), 1e-12);  // righting, a quarter
}

TEST(Restoring, SubmergedWrenchIsMinusTheGradientOfItsPotential) {
  SubmergedRestoring r;
  r.f_weight_W = Vec3(0, 0, -900.0);
  r.f_buoyancy_W = Vec3(0, 0, 1000.0);
  r.p_BoBcm = Vec3(0.1, 0.0, -0.05);
  r.p_BoBcb = Vec3(-0.05, 0.02, 0.1);
  const Vec3 p(1.0, 2.0, -3.0);
  const Quat q = quat_from_euler_zyx(0.2, -0.1, 0.4);
  const Vec6 F = submerged_restoring_wrench(r, q.toRotationMatrix());
  // Virtual displacement along each body twist direction: dU = -F . dnu.
  const double h = 1e-6;
  for (int i = 0; i < 6; ++i) {
    Vec6 d = Vec6::Zero();
    d[i] = h;
    const Vec3 dp = q * Vec3(d.head<3>());
    const Quat qp = q * quat_exp(d.tail<3>()), qm = q * quat_exp(-d.tail<3>());
    const double dU = submerged_potential_energy(r, p + dp, qp.toRotationMatrix()) -
                      submerged_potential_energy(r, p - dp, qm.toRotationMatrix());
    EXPECT_NEAR(-dU / (2 * h), F[i], 1e-5) << "component " << i;
  }
}

TEST(Restoring, LinearRestoringAboutFlotationCentre) {
  LinearRestoring r;
  r.G(dof::w, dof::w) = 2e4;
  r.G(dof::p, dof::p) = 1.5e3;
  // Calm surface at z = 0.5: the body is 0.1 m high and heeled 0.01 rad.
  const Vec6 F =
      linear_restoring_wrench(r, Vec3(0, 0, 0.6), quat_from_euler_zyx(0.01, 0, 0), 0.5, 0.0, 0.0);
  EXPECT_NEAR(F[dof::w], -2e4 * 0.1, 1e-9);
  EXPECT_NEAR(F[dof::p], -1.5e3 * 0.01, 1e-12);
  // On a wave crest 0.6 m high sloping to the same heel, it is in equilibrium.
  EXPECT_LT(
      linear_restoring_wrench(r, Vec3(0, 0, 0.6), quat_from_euler_zyx(0.01, 0, 0), 0.6, 0.01, 0.0)
          .norm(),
      1e-9);
}

}  // namespace
}  // namespace leeway
