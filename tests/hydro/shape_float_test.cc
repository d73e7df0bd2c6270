// The float's drag stiffness bound (hydro/shape_float.h) against its closed form.
#include "leeway/hydro/shape_float.h"

#include <gtest/gtest.h>

#include <cmath>

#include "leeway/core/spatial.h"

namespace leeway {
namespace {

TEST(ShapeFloatDragRate, MatchesTheClosedFormForAnIsotropicBody) {
  // A body of mass m and isotropic inertia I0 about Bo (its centre of mass), a sphere float of
  // radius r at height d on z. The drag at point p relaxes the body at c m (1/m + |p|^2 / I0)
  // at most (skew(p) skew(p)^T has eigenvalues |p|^2, |p|^2, 0); the bounding box's worst corner
  // is (r, r, d + r). The angular drag adds c_ang m L^2 / I0, L = 2 r.
  const double m = 20.0, I0 = 1.5, r = 0.3, d = -1.7;
  ShapeFloat f;
  f.shape = {ShapeKind::kSphere, Vec3::Zero(), r, 0.0};
  f.X_BS.translation() = Vec3(0.0, 0.0, d);
  f.linear_drag = 25.0;
  f.angular_drag = 2.0;
  f.link_mass = m;
  Mat3 I = Mat3::Identity() * I0;
  const Mat6 M_inv = rigid_body_mass_matrix(m, Vec3::Zero(), I).inverse();
  const double corner2 = 2.0 * r * r + (std::abs(d) + r) * (std::abs(d) + r);
  const double expected =
      25.0 * m * (1.0 / m + corner2 / I0) + 2.0 * m * (2.0 * r) * (2.0 * r) / I0;
  EXPECT_NEAR(shape_float_drag_rate(f, M_inv), expected, 1e-9 * expected);
  // A float at the centre of mass of a heavy body is not stiff: the rate is c_lin plus a little.
  f.X_BS.translation().setZero();
  const Mat6 heavy = rigid_body_mass_matrix(m, Vec3::Zero(), I * 1e6).inverse();
  EXPECT_NEAR(shape_float_drag_rate(f, heavy), 25.0, 1e-4);
}

}  // namespace
}  // namespace leeway
