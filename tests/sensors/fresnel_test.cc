// The Fresnel reflectance (sensors/fresnel.h) against its closed forms: normal incidence,
// Brewster's angle (where the p-polarised half vanishes), grazing incidence (and R rising towards
// it), total internal reflection beyond the critical angle, and reciprocity (light crossing
// either way along the same path reflects the same fraction).
#include "leeway/sensors/fresnel.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace leeway {
namespace {

constexpr double kN = kSeaWaterRefractiveIndex;

TEST(Fresnel, NormalIncidenceReflectsTheSquaredIndexContrast) {
  const double expected = std::pow((kN - 1.0) / (kN + 1.0), 2);  // 0.0211 for n = 1.34
  EXPECT_NEAR(fresnel_reflectance(1.0, 1.0, kN), expected, 1e-15);
  EXPECT_NEAR(fresnel_reflectance(1.0, kN, 1.0), expected, 1e-15);
  EXPECT_NEAR(expected, 0.0211, 1e-4);
}

TEST(Fresnel, AtBrewstersAngleOnlyTheSPolarisationReflects) {
  // tan theta_B = n: r_p = 0, so R = r_s^2 / 2 with r_s = (c_i - n c_t) / (c_i + n c_t), where at
  // Brewster's angle theta_t = 90 deg - theta_B, so c_t = sin theta_B.
  const double theta_b = std::atan(kN);
  const double c_i = std::cos(theta_b), c_t = std::sin(theta_b);
  const double r_s = (c_i - kN * c_t) / (c_i + kN * c_t);
  EXPECT_NEAR(fresnel_reflectance(c_i, 1.0, kN), 0.5 * r_s * r_s, 1e-14);
}

TEST(Fresnel, GrazingLightIsAllReflectedAndLessTheSteeperItFalls) {
  EXPECT_NEAR(fresnel_reflectance(0.0, 1.0, kN), 1.0, 1e-15);
  // From the air, R never falls as the incidence grows (the s half rises faster than the p half
  // falls towards Brewster's angle): a calm sea mirrors the horizon, not the sky overhead.
  double previous = fresnel_reflectance(1.0, 1.0, kN);
  for (int deg = 1; deg <= 90; ++deg) {
    const double r = fresnel_reflectance(std::cos(deg * std::numbers::pi / 180), 1.0, kN);
    EXPECT_GE(r, previous) << deg;
    previous = r;
  }
}

TEST(Fresnel, BeyondTheCriticalAngleLightStaysInTheWater) {
  const double critical = std::asin(1.0 / kN);  // 48.3 deg
  EXPECT_EQ(fresnel_reflectance(std::cos(critical + 1e-6), kN, 1.0), 1.0);
  EXPECT_LT(fresnel_reflectance(std::cos(critical - 0.05), kN, 1.0), 1.0);
}

TEST(Fresnel, EitherWayAlongOnePathReflectsTheSame) {
  for (const double deg : {5.0, 20.0, 35.0, 45.0}) {
    // Inside the water at theta_w, leaving into air at theta_a: n sin theta_w = sin theta_a.
    const double theta_w = deg * std::numbers::pi / 180;
    const double theta_a = std::asin(kN * std::sin(theta_w));
    EXPECT_NEAR(fresnel_reflectance(std::cos(theta_w), kN, 1.0),
                fresnel_reflectance(std::cos(theta_a), 1.0, kN), 1e-14)
        << deg;
  }
}

}  // namespace
}  // namespace leeway
