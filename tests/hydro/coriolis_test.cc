#include "leeway/hydro/coriolis.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace leeway {
namespace {

Vec6 random_vec6(double scale) {
  Vec6 v;
  for (int i = 0; i < 6; ++i)
    v[i] = *rc::gen::inRange(-1000, 1000) * scale / 1000.0;
  return v;
}

/// A random symmetric positive-definite mass matrix, possibly with every coupling.
Mat6 random_mass_matrix() {
  Mat6 A;
  for (int i = 0; i < 6; ++i)
    A.col(i) = random_vec6(10.0);
  return A * A.transpose() + Mat6::Identity();
}

TEST(Coriolis, MatchesGzSimUnitOracle) {
  // gz-sim Hydrodynamics_TEST: SNAME M_A = diag(-1..-6), nu = [1..6] gives -C_A with these rows;
  // in Leeway's positive convention that is C(diag(1..6), nu).
  Vec6 diag, nu;
  diag << 1, 2, 3, 4, 5, 6;
  nu << 1, 2, 3, 4, 5, 6;
  Mat6 expected;
  expected << 0, 0, 0, 0, 9, -4,  //
      0, 0, 0, -9, 0, 1,          //
      0, 0, 0, 4, -1, 0,          //
      0, 9, -4, 0, 36, -25,       //
      -9, 0, 1, -36, 0, 16,       //
      4, -1, 0, 25, -16, 0;
  EXPECT_TRUE(coriolis_matrix(Mat6(diag.asDiagonal()), nu).isApprox(expected, 1e-15));
}

RC_GTEST_PROP(Coriolis, IsSkewSymmetricAndDoesNoWork, ()) {
  const Mat6 M = random_mass_matrix();
  const Vec6 nu = random_vec6(5.0);
  const Mat6 C = coriolis_matrix(M, nu);
  const double scale = M.norm() * nu.squaredNorm();
  RC_ASSERT((C + C.transpose()).cwiseAbs().maxCoeff() == 0.0);
  RC_ASSERT(std::abs(nu.dot(C * nu)) <= 1e-12 * scale);
  // The matrix-free wrench is the same quantity.
  RC_ASSERT((coriolis_wrench(M, nu) + C * nu).norm() <= 1e-12 * scale);
}

RC_GTEST_PROP(Coriolis, CancellingTheMunkMomentRemovesExactlyIt, ()) {
  // Only the moment v x (M11 v) goes; note that this makes C_A no longer power-neutral, which is
  // why it is an explicit model choice.
  const Mat6 M = random_mass_matrix();
  const Vec6 nu = random_vec6(5.0);
  const Vec3 v = nu.head<3>();
  const Vec6 difference =
      coriolis_wrench(M, nu) - coriolis_wrench(M, nu, MunkMoment::kCancelMoment);
  RC_ASSERT(difference.head<3>().isZero(0.0));
  RC_ASSERT((difference.tail<3>() - (M.topLeftCorner<3, 3>() * v).cross(v)).norm() <=
            1e-12 * M.norm() * nu.squaredNorm());
}

TEST(Coriolis, MunkMomentOfASlenderBody) {
  // Added masses a_u < a_v: a body moving at u, v gets N = (a_u - a_v) u v, which turns it
  // broadside to the flow (Newman 1977, section 4.13).
  Vec6 diag;
  diag << 5.0, 50.0, 50.0, 0.0, 8.0, 8.0;
  Vec6 nu;
  nu << 2.0, 0.5, 0.0, 0.0, 0.0, 0.0;
  const Vec6 F = coriolis_wrench(Mat6(diag.asDiagonal()), nu);
  EXPECT_NEAR(F[dof::r], (5.0 - 50.0) * 2.0 * 0.5, 1e-13);
  EXPECT_NEAR(F.head<3>().norm(), 0.0, 1e-15);
  EXPECT_NEAR(coriolis_wrench(Mat6(diag.asDiagonal()), nu, MunkMoment::kCancelMoment)[dof::r], 0.0,
              1e-15);
}

RC_GTEST_PROP(Coriolis, CancellingSkewPairsKeepsZeroPowerAndMatchesFossensRemus, ()) {
  // Fossen's REMUS 100 zeroes C_A(4,0), (0,4), (4,2), (2,4), (5,0), (0,5), (5,1), (1,5) of a
  // diagonal added mass. Written out for diagonal A: surge loses A33 w q - A22 v r, sway A11 u r,
  // heave A11 u q, pitch and yaw their Munk moments (A33 - A11) u w and (A11 - A22) u v.
  Vec6 diag;
  diag << *rc::gen::inRange(1, 100), *rc::gen::inRange(1, 100), *rc::gen::inRange(1, 100),
      *rc::gen::inRange(1, 10), *rc::gen::inRange(1, 10), *rc::gen::inRange(1, 10);
  const Mat6 A = diag.asDiagonal();
  const Vec6 nu = random_vec6(3.0);
  const double u = nu[0], v = nu[1], w = nu[2], q = nu[4], r = nu[5];
  Vec6 removed;
  removed << -diag[2] * w * q + diag[1] * v * r, -diag[0] * u * r, diag[0] * u * q, 0.0,
      (diag[2] - diag[0]) * u * w, (diag[0] - diag[1]) * u * v;
  const Vec6 F = coriolis_wrench(A, nu, MunkMoment::kCancelSkewPairs);
  RC_ASSERT((coriolis_wrench(A, nu) - F - removed).norm() <= 1e-12 * (1.0 + F.norm()));
  RC_ASSERT(std::abs(F.dot(nu)) <= 1e-12 * (1.0 + F.norm() * nu.norm()));
}

}  // namespace
}  // namespace leeway
