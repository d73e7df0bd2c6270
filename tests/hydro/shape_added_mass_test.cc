// The ellipsoid's added mass against the closed forms and Lamb's published table, and the
// cylinder estimate against its limits (hydro/shape_added_mass.h).
#include "leeway/hydro/shape_added_mass.h"

#include <gtest/gtest.h>

#include <cmath>

namespace leeway {
namespace {

TEST(EllipsoidAddedMass, SphereCarriesHalfItsDisplacedMassAndNoInertia) {
  const double rho = 1025, r = 0.4;
  const Vec6 M = ellipsoid_added_mass(rho, {r, r, r});
  const double half_displaced = 0.5 * rho * 4.0 / 3.0 * kPi * r * r * r;
  for (int i = 0; i < 3; ++i)
    EXPECT_NEAR(M[i], half_displaced, 1e-12 * half_displaced);
  for (int i = 3; i < 6; ++i)
    EXPECT_EQ(M[i], 0.0);
}

TEST(EllipsoidAddedMass, CoefficientsSumToTwoForAnyEllipsoid) {
  for (const Vec3& axes : {Vec3(3, 1, 0.5), Vec3(0.01, 2, 1), Vec3(7, 7, 0.2)}) {
    EXPECT_NEAR(lamb_coefficients(axes).sum(), 2.0, 1e-14) << axes.transpose();
  }
}

TEST(EllipsoidAddedMass, ProlateAndOblateSpheroidsMatchTheirClosedForms) {
  // Prolate, a > b = c, e^2 = 1 - b^2/a^2 (Lamb 373).
  for (const double ratio : {1.05, 3.0, 50.0}) {
    const double e = std::sqrt(1.0 - 1.0 / (ratio * ratio));
    const double log_term = std::log((1 + e) / (1 - e));
    const double alpha0 = 2.0 * (1.0 - e * e) / (e * e * e) * (0.5 * log_term - e);
    const double beta0 = 1.0 / (e * e) - (1.0 - e * e) / (2.0 * e * e * e) * log_term;
    EXPECT_NEAR(lamb_coefficients({ratio, 1, 1}).x(), alpha0, 1e-11) << ratio;
    EXPECT_NEAR(lamb_coefficients({ratio, 1, 1}).y(), beta0, 1e-11) << ratio;
    // k' = e^4 (beta0 - alpha0) / ((2 - e^2)(2 e^2 - (2 - e^2)(beta0 - alpha0)))
    const double k_rot = std::pow(e, 4) * (beta0 - alpha0) /
                         ((2 - e * e) * (2 * e * e - (2 - e * e) * (beta0 - alpha0)));
    EXPECT_NEAR(ellipsoid_k_factors({ratio, 1, 1})[5], k_rot, 1e-9) << ratio;
  }
  // Oblate, a < b = c, e^2 = 1 - a^2/b^2:  alpha0 = 2/e^2 (1 - sqrt(1 - e^2) asin(e) / e).
  for (const double ratio : {0.95, 0.3, 0.02}) {
    const double e = std::sqrt(1.0 - ratio * ratio);
    const double alpha0 = 2.0 / (e * e) * (1.0 - std::sqrt(1.0 - e * e) * std::asin(e) / e);
    EXPECT_NEAR(lamb_coefficients({ratio, 1, 1}).x(), alpha0, 1e-11) << ratio;
  }
}

TEST(EllipsoidAddedMass, ProlateSpheroidsReproduceLambsTable) {
  // Lamb (1932), section 373: a/b, then k_1 (axial), k_2 (transverse), k' (about a transverse
  // axis), computed by hand and printed to three decimals; the worst entry (k_2 at 2.00, 0.702)
  // is 0.0022 from the closed form below.
  struct Row {
    double a_over_b, k1, k2, k_rot;
  };
  for (const Row& row : {Row{1.50, 0.305, 0.621, 0.094}, Row{2.00, 0.209, 0.702, 0.240},
                         Row{2.99, 0.122, 0.803, 0.465}, Row{4.99, 0.059, 0.895, 0.701},
                         Row{6.97, 0.036, 0.933, 0.805}, Row{9.97, 0.021, 0.960, 0.883}}) {
    const Vec6 k = ellipsoid_k_factors({row.a_over_b, 1, 1});
    EXPECT_NEAR(k[0], row.k1, 2.5e-3) << row.a_over_b;
    EXPECT_NEAR(k[1], row.k2, 2.5e-3) << row.a_over_b;
    EXPECT_EQ(k[1], k[2]) << row.a_over_b;
    EXPECT_EQ(k[3], 0.0) << "rolling a spheroid about its axis moves no water";
    EXPECT_NEAR(k[4], row.k_rot, 2.5e-3) << row.a_over_b;
    EXPECT_EQ(k[4], k[5]) << row.a_over_b;
  }
}

TEST(EllipsoidAddedMass, ThinDiscBroadsideCarriesEightThirdsRhoRCubed) {
  // Lamb's circular disc of radius R moving along its normal: 8/3 rho R^3.
  const double rho = 1000, R = 0.5;
  const Vec6 M = ellipsoid_added_mass(rho, {1e-7 * R, R, R});
  EXPECT_NEAR(M[0], 8.0 / 3.0 * rho * R * R * R, 1e-6 * M[0]);
  EXPECT_NEAR(M[1], 0.0, 1e-6 * M[0]);  // edgewise it moves no water
}

TEST(EllipsoidAddedMass, PermutingTheAxesPermutesTheMatrix) {
  const Vec6 M = ellipsoid_added_mass(1000, {3, 1, 0.5});
  const Vec6 P = ellipsoid_added_mass(1000, {1, 0.5, 3});  // x -> z, y -> x, z -> y
  EXPECT_NEAR(P[2], M[0], 1e-12 * M[0]);
  EXPECT_NEAR(P[0], M[1], 1e-12 * M[1]);
  EXPECT_NEAR(P[1], M[2], 1e-12 * M[2]);
  EXPECT_NEAR(P[5], M[3], 1e-12 * M[3]);
  EXPECT_NEAR(P[3], M[4], 1e-12 * M[4]);
}

TEST(CylinderAddedMass, SlenderCylinderTendsToStripTheory) {
  // L / D = 50: across the axis, the 2-D circle's rho pi r^2 per metre; about a transverse axis,
  // rho pi r^2 L^3 / 12; along the axis, almost nothing.
  const double rho = 1028, r = 0.1, L = 10;
  const Vec6 M = cylinder_added_mass(rho, r, L);
  const double strip = rho * kPi * r * r * L;
  EXPECT_NEAR(M[1] / strip, 1.0, 0.01);
  EXPECT_EQ(M[1], M[2]);
  EXPECT_LT(M[0] / strip, 0.002);
  EXPECT_EQ(M[3], 0.0);
  EXPECT_NEAR(M[4] / (strip * L * L / 12.0), 1.0, 0.01);
}

TEST(CylinderAddedMass, SquareCylinderCarriesHalfItsDisplacedMass) {
  const double rho = 1000, r = 0.2, L = 0.4;
  const Vec6 M = cylinder_added_mass(rho, r, L);
  const double displaced = rho * kPi * r * r * L;
  for (int i = 0; i < 3; ++i)
    EXPECT_NEAR(M[i], 0.5 * displaced, 1e-12 * displaced);
}

}  // namespace
}  // namespace leeway
