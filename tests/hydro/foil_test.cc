// The foil model: lift across and drag along the apparent flow at every angle and orientation,
// no lift head-on for a symmetric foil, stall, the angle's sign and a rudder's yaw moment.
#include "leeway/hydro/foil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace leeway {
namespace {

std::vector<FoilCoefficients> laws() {
  TableFoil table;  // a symmetric section with a stall near 15 deg, over the full circle
  for (int deg = -180; deg < 180; deg += 5) {
    const double a = deg * kPi / 180;
    table.alpha.push_back(a);
    table.C_L.push_back(std::abs(deg) <= 15 ? 5.7 * a : 1.1 * std::sin(2 * a));
    table.C_D.push_back(0.01 + 1.2 * std::sin(a) * std::sin(a));
    table.C_M.push_back(-0.1 * std::sin(a));
  }
  return {FlatPlateFoil{1.5, 1.0}, table, TwoLinesFoil{0.0, 4.13, 0.2, 0.17, -1.1, 0.03},
          WingFoil{}};
}

TEST(Foil, LiftIsAcrossAndDragAlongTheFlowAtEveryAngle) {
  std::mt19937 rng(3);
  std::normal_distribution<double> g;
  for (const FoilCoefficients& law : laws()) {
    for (int k = 0; k < 500; ++k) {
      Foil foil;
      foil.span_B = Vec3(g(rng), g(rng), g(rng)).normalized();
      foil.chord_B = foil.span_B.cross(Vec3(g(rng), g(rng), g(rng))).normalized();
      foil.p_BoP_B = Vec3(g(rng), g(rng), g(rng));
      foil.area = 0.3;
      foil.chord = 0.2;
      foil.coefficients = law;
      const Vec3 v(3 * g(rng), 3 * g(rng), 3 * g(rng));
      const double delta = g(rng), rho = 1025.0;
      const FoilLoad load = foil_load(foil, delta, v, rho);
      const Vec3 v_p = v - v.dot(foil.span_B) * foil.span_B;
      const Vec3 d = v_p.normalized(), across = foil.span_B.cross(d);
      const FoilCoefficientValues c = foil_coefficients(law, load.alpha);
      const double qA = 0.5 * rho * v_p.squaredNorm() * foil.area;
      ASSERT_GE(c.C_D, 0.0) << load.alpha;  // drag never thrusts
      EXPECT_NEAR(load.f_B.dot(d), qA * c.C_D, 1e-9 * qA);
      EXPECT_NEAR(load.f_B.dot(across), qA * c.C_L, 1e-9 * qA);
      EXPECT_NEAR(load.f_B.dot(foil.span_B), 0.0, 1e-9 * qA);
      EXPECT_NEAR(load.speed, v_p.norm(), 1e-12);
    }
  }
}

TEST(Foil, SymmetricFoilHasNoLiftHeadOnAndTheAngleHasItsSign) {
  for (const FoilCoefficients& law : laws()) {
    Foil foil;
    foil.area = 1.0;
    foil.coefficients = law;
    const FoilLoad head_on = foil_load(foil, 0.0, Vec3(-2, 0, 0), 1000.0);
    EXPECT_NEAR(head_on.alpha, 0.0, 1e-15);
    EXPECT_NEAR(head_on.f_B.y(), 0.0, 1e-9);
    EXPECT_LT(head_on.f_B.x(), 1e-9);  // any drag pushes downstream
    // Flow onto the foil from its +n side (n = s x c = +y here) at 0.1 rad: alpha = +0.1, and
    // the lift pushes it towards -n.
    const FoilLoad from_left =
        foil_load(foil, 0.0, Vec3(-std::cos(0.1), -std::sin(0.1), 0), 1000.0);
    EXPECT_NEAR(from_left.alpha, 0.1, 1e-12);
    EXPECT_LT(from_left.f_B.y(), 0.0);
  }
}

TEST(Foil, StallReducesLift) {
  // Tethys's fins (research/uuv.md 4.4): cla 4.13, stall at 0.17 rad, cla_stall -1.1.
  const TwoLinesFoil fin{0.0, 4.13, 0.2, 0.17, -1.1, 0.03};
  const double at_stall = foil_coefficients(fin, 0.17).C_L;
  EXPECT_NEAR(at_stall, 4.13 * 0.17, 1e-12);
  EXPECT_LT(foil_coefficients(fin, 0.3).C_L, at_stall);
  EXPECT_NEAR(foil_coefficients(fin, -0.3).C_L, -foil_coefficients(fin, 0.3).C_L, 1e-12);
  // UUV Simulator's drag turned negative below zero (its issue #351): not here.
  EXPECT_GT(foil_coefficients(fin, -0.1).C_D, 0.0);
}

TEST(Foil, WingHasItsLiftingLineSlopeItsStallAndAPlateBroadside) {
  WingFoil w;  // AR 2, stall at 0.3 rad, C_D0 0.05, e 0.9, C_N90 1.2, M 50
  const double slope = 2 * kPi * 2.0 / (2.0 + 2.0);  // Prandtl: pi per rad for AR 2
  const FoilCoefficientValues small = foil_coefficients(w, 0.05);
  // Attached: the blend's separated share at 0.05 rad is e^{-50 * 0.25} ~ 4e-6.
  EXPECT_NEAR(small.C_L, slope * 0.05, 1e-5);
  EXPECT_NEAR(small.C_D, 0.05 + small.C_L * small.C_L / (kPi * 0.9 * 2.0), 1e-5);
  // Stall: halfway at the stall angle, then the separated plate's third of the lift.
  const double attached_at_stall = slope * 0.3;
  const double separated_at_stall = 1.2 * std::sin(0.3) * std::cos(0.3);
  EXPECT_NEAR(foil_coefficients(w, 0.3).C_L, 0.5 * (attached_at_stall + separated_at_stall), 1e-3);
  EXPECT_LT(foil_coefficients(w, 0.5).C_L, 0.7 * foil_coefficients(w, 0.27).C_L);
  for (double a = 0.28; a < 0.35; a += 0.01)  // through the stall (the plate climbs after)
    EXPECT_LT(foil_coefficients(w, a + 0.01).C_L, foil_coefficients(w, a).C_L) << a;
  // Broadside it is a plate: no lift, all drag.
  EXPECT_NEAR(foil_coefficients(w, kPi / 2).C_L, 0.0, 1e-12);
  EXPECT_NEAR(foil_coefficients(w, kPi / 2).C_D, 0.05 + 1.2, 1e-12);
  // Odd lift, even drag, periodic.
  for (double a = -3.1; a < 3.1; a += 0.1) {
    EXPECT_NEAR(foil_coefficients(w, -a).C_L, -foil_coefficients(w, a).C_L, 1e-12) << a;
    EXPECT_NEAR(foil_coefficients(w, -a).C_D, foil_coefficients(w, a).C_D, 1e-12) << a;
    EXPECT_NEAR(foil_coefficients(w, a + 2 * kPi).C_L, foil_coefficients(w, a).C_L, 1e-9) << a;
  }
  // A very sharp stall does not overflow into NaN.
  w.stall_sharpness = 1e4;
  EXPECT_TRUE(std::isfinite(foil_coefficients(w, 3.0).C_L));
  EXPECT_TRUE(std::isfinite(foil_coefficients(w, -3.0).C_D));
}

TEST(Foil, RudderDeflectedToStarboardTurnsTheBoatToStarboard) {
  // A rudder 1 m aft of Bo, chord forward, span up (FLU); delta > 0 turns the leading edge to
  // port and the trailing edge to starboard, throwing the water to starboard: the stern is
  // pushed to port and the bow swings to starboard (negative yaw moment in FLU).
  Foil rudder;
  rudder.p_BoP_B = Vec3(-1, 0, 0);
  rudder.area = 0.02;
  rudder.coefficients = FlatPlateFoil{1.5, 1.0};
  const FoilLoad load = foil_load(rudder, 0.2, Vec3(-2, 0, 0), 1000.0);  // moving ahead at 2 m/s
  const Vec6 F = foil_wrench(rudder, load);
  EXPECT_NEAR(load.alpha, -0.2, 1e-12);
  EXPECT_GT(F[1], 0.0);  // towards port
  EXPECT_LT(F[5], 0.0);  // bow to starboard
  EXPECT_LT(F[0], 0.0);  // and it drags
}

TEST(Foil, TableIsContinuousRoundTheCircle) {
  const TableFoil t = std::get<TableFoil>(laws()[1]);
  const FoilCoefficientValues a = foil_coefficients(t, kPi - 1e-9),
                              b = foil_coefficients(t, -kPi + 1e-9);
  EXPECT_NEAR(a.C_L, b.C_L, 1e-6);
  EXPECT_NEAR(a.C_D, b.C_D, 1e-6);
}

}  // namespace
}  // namespace leeway
