#include "leeway/env/vector_field.h"

#include <gtest/gtest.h>

#include <cmath>

namespace leeway {
namespace {

/// A field on an uneven grid whose values are an affine function of (x, y, z, t): linear
/// interpolation must reproduce it exactly inside the grid.
VectorField affine_field() {
  VectorField f;
  f.x = {0.0, 10.0, 25.0};
  f.y = {-5.0, 5.0};
  f.z = {-20.0, -8.0, 0.0};
  f.t = {0.0, 100.0};
  f.values.resize(f.x.size() * f.y.size() * f.z.size() * f.t.size());
  for (std::size_t it = 0; it < f.t.size(); ++it)
    for (std::size_t iz = 0; iz < f.z.size(); ++iz)
      for (std::size_t iy = 0; iy < f.y.size(); ++iy)
        for (std::size_t ix = 0; ix < f.x.size(); ++ix) {
          const double x = f.x[ix], y = f.y[iy], z = f.z[iz], t = f.t[it];
          f.values[f.index(ix, iy, iz, it)] =
              Vec3(0.1 + 0.01 * x - 0.02 * y, 0.03 * z + 0.001 * t, -0.2 + 0.004 * x + 0.002 * t);
        }
  return f;
}

Vec3 affine(const Vec3& p, double t) {
  return {0.1 + 0.01 * p.x() - 0.02 * p.y(), 0.03 * p.z() + 0.001 * t,
          -0.2 + 0.004 * p.x() + 0.002 * t};
}

TEST(VectorField, ExactOnAffineFields) {
  const VectorField f = affine_field();
  for (const Vec3& p : {Vec3(3.0, -1.0, -12.0), Vec3(24.9, 4.9, -0.1), Vec3(10.0, 0.0, -8.0)}) {
    for (double t : {0.0, 37.5, 100.0}) {
      EXPECT_LT((sample_field(f, p, t) - affine(p, t)).norm(), 1e-14) << p.transpose() << " " << t;
    }
  }
}

TEST(VectorField, OffsetAndOutsidePolicies) {
  VectorField f = affine_field();
  f.offset_W = Vec3(1000.0, 2000.0, 0.0);
  EXPECT_LT(
      (sample_field(f, Vec3(1003.0, 1999.0, -12.0), 50.0) - affine(Vec3(3, -1, -12), 50.0)).norm(),
      1e-13);
  const Vec3 beyond(1000.0 + 35.0, 2000.0, -8.0);  // 10 m past x = 25
  const Vec3 edge = affine(Vec3(25.0, 0.0, -8.0), 50.0);
  f.outside = OutsidePolicy::kHold;
  EXPECT_LT((sample_field(f, beyond, 50.0) - edge).norm(), 1e-14);
  f.outside = OutsidePolicy::kFade;
  f.fade_distance = 40.0;
  EXPECT_LT((sample_field(f, beyond, 50.0) - 0.75 * edge).norm(), 1e-14);
  EXPECT_EQ(sample_field(f, beyond + Vec3(100, 0, 0), 50.0), Vec3::Zero());
  f.outside = OutsidePolicy::kZero;
  EXPECT_EQ(sample_field(f, beyond, 50.0), Vec3::Zero());
  // Before the first and after the last time the ends are held.
  EXPECT_LT((sample_field(f, Vec3(1003, 1999, -12), -10.0) - affine(Vec3(3, -1, -12), 0.0)).norm(),
            1e-14);
  EXPECT_LT(
      (sample_field(f, Vec3(1003, 1999, -12), 500.0) - affine(Vec3(3, -1, -12), 100.0)).norm(),
      1e-14);
}

TEST(VectorField, SingleValueAxesAreConstant) {
  VectorField f;
  f.x = {0.0, 10.0};
  f.y = {0.0};
  f.z = {0.0};
  f.t = {0.0};
  f.values = {Vec3(1, 0, 0), Vec3(3, 0, 0)};
  EXPECT_DOUBLE_EQ(sample_field(f, Vec3(2.5, 77.0, -30.0), 1e5).x(), 1.5);
}

}  // namespace
}  // namespace leeway
