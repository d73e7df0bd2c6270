// Immersed volume and centroid of simple shapes against closed forms, and the identity that the
// parts below and above any plane make up the whole shape.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>

#include "leeway/hydro/shape_float.h"
#include "leeway/hydro/shape_immersion.h"

namespace leeway {
namespace {

constexpr double kTol = 1e-9;

/// Area of the circle segment of height t (0 .. 2r) and the depth of its centroid below the
/// chord: closed forms for the horizontal cylinder.
double segment_area(double r, double t) {
  const double theta = 2 * std::acos((r - t) / r);
  return 0.5 * r * r * (theta - std::sin(theta));
}
double segment_centroid_from_centre(double r, double t) {  // along -n, from the circle's centre
  const double theta = 2 * std::acos((r - t) / r);
  const double s = std::sin(theta / 2);
  return 4 * r * s * s * s / (3 * (theta - std::sin(theta)));
}

TEST(ShapeImmersion, SphereCapsMatchTheirClosedForms) {
  const double r = 0.7;
  for (double t : {0.0, 0.1, 0.7, 1.0, 1.4}) {
    const Immersion wet = immersed_sphere(r, {Vec3::UnitZ(), t - r});
    EXPECT_NEAR(wet.volume, kPi * t * t * (3 * r - t) / 3, kTol * r * r * r) << t;
  }
  const Immersion half = immersed_sphere(r, {Vec3::UnitZ(), 0.0});
  EXPECT_NEAR(half.centroid.z(), -3.0 * r / 8.0, kTol);
}

TEST(ShapeImmersion, EllipsoidIsAStretchedSphere) {
  // Half an ellipsoid under its x-y plane: V = 2/3 pi abc, centroid at -3c/8.
  const Vec3 axes(2.0, 1.0, 0.5);
  const Immersion half = immersed_ellipsoid(axes, {Vec3::UnitZ(), 0.0});
  EXPECT_NEAR(half.volume, 2.0 / 3.0 * kPi, kTol);
  EXPECT_NEAR(half.centroid.z(), -3.0 * 0.5 / 8.0, kTol);
  // Cut across x at x = a/2: a cap of the stretched sphere of height 1/2 (in units of a).
  const Immersion cap = immersed_ellipsoid(axes, {-Vec3::UnitX(), -1.0});
  EXPECT_NEAR(cap.volume, axes.prod() * kPi * 0.25 * (3 - 0.5) / 3, kTol);
}

TEST(ShapeImmersion, HorizontalCylinderIsASegmentTimesItsLength) {
  // Axis along z in the shape frame; the water's normal across it (axis horizontal).
  const double r = 0.25, L = 3.0;
  for (double t : {0.0, 0.05, 0.25, 0.4, 0.5}) {
    const Immersion wet = immersed_cylinder(r, L, {Vec3::UnitX(), t - r});
    EXPECT_NEAR(wet.volume, segment_area(r, t) * L, kTol * r * r * L) << t;
    if (t > 0.0) {
      EXPECT_NEAR(wet.centroid.x(), -segment_centroid_from_centre(r, t), kTol) << t;
    }
    EXPECT_NEAR(wet.centroid.z(), 0.0, kTol);
  }
}

TEST(ShapeImmersion, TiltedCylinderCutOnlyThroughItsSideIsExact) {
  // When the plane crosses the side but neither end, the wet volume is pi r^2 times the wet
  // length of the axis, and the centroid follows from the same linearity.
  const double r = 0.2, L = 4.0;
  const double tilt = 0.8;  // elevation of the plane's normal above the cylinder's cross-section
  const Vec3 n(std::cos(tilt), 0.0, std::sin(tilt));
  for (double h : {-0.5, 0.0, 0.3}) {
    const double s_axis = h / n.z();  // where the plane crosses the axis
    const Immersion wet = immersed_cylinder(r, L, {n, h});
    EXPECT_NEAR(wet.volume, kPi * r * r * (s_axis + L / 2), kTol) << h;
  }
}

TEST(ShapeImmersion, VerticalCylinderAndCapsule) {
  const double r = 0.3, L = 1.0;
  const Immersion cyl = immersed_cylinder(r, L, {Vec3::UnitZ(), 0.2});
  EXPECT_NEAR(cyl.volume, kPi * r * r * 0.7, kTol);
  EXPECT_NEAR(cyl.centroid.z(), (0.2 - 0.5) / 2, kTol);
  // Capsule: the lower hemisphere, then the cylinder up to 0.2.
  const Immersion cap = immersed_capsule(r, L, {Vec3::UnitZ(), 0.2});
  EXPECT_NEAR(cap.volume, 2.0 / 3.0 * kPi * r * r * r + kPi * r * r * 0.7, kTol);
  // Capsule on its side, cut at depth t: a segment along the cylinder and a sphere cap.
  const double t = 0.1;
  const Immersion side = immersed_capsule(r, L, {Vec3::UnitX(), t - r});
  EXPECT_NEAR(side.volume, segment_area(r, t) * L + kPi * t * t * (3 * r - t) / 3, kTol);
  // Tilted, cut through the cylinder only: a hemisphere plus pi r^2 x the wet axis length.
  const Vec3 n(std::cos(1.0), 0.0, std::sin(1.0));
  const Immersion tilted = immersed_capsule(r, 3.0, {n, 0.1});
  EXPECT_NEAR(tilted.volume, 2.0 / 3.0 * kPi * r * r * r + kPi * r * r * (0.1 / n.z() + 1.5), kTol);
}

TEST(ShapeImmersion, BoxCutDiagonallyIsAPrism) {
  // A unit cube cut by the plane through two opposite edges: half of it, centroid at (1/6, 1/6)
  // from the centre towards the wet corner edge.
  const Vec3 n = Vec3(1, 1, 0).normalized();
  const Immersion wet = immersed_box(Vec3(1, 1, 1), {n, 0.0});
  EXPECT_NEAR(wet.volume, 0.5, kTol);
  EXPECT_LT((wet.centroid - Vec3(-1.0 / 6, -1.0 / 6, 0)).norm(), kTol);
}

TEST(ShapeImmersion, UprightConeIsTheFrustumBelowTheWaterline) {
  // r = 0.5, L = 1 (base at z = -0.5, apex at +0.5), water up to z = w: the cone above it is a
  // small cone of height a = 0.5 - w and radius r a / L; what is below is the rest.
  const double r = 0.5, L = 1.0;
  const double V = kPi * r * r * L / 3.0, zc = -L / 4.0;  // the whole cone, its centroid
  for (const double w : {-0.4, -0.1, 0.0, 0.3, 0.49}) {
    const double a = 0.5 - w, ra = r * a / L;
    const double v_top = kPi * ra * ra * a / 3.0, z_top = w + a / 4.0;
    const Immersion wet = immersed_cone(r, L, {Vec3::UnitZ(), w});
    EXPECT_NEAR(wet.volume, V - v_top, kTol) << w;
    EXPECT_NEAR(wet.centroid.z(), (V * zc - v_top * z_top) / (V - v_top), kTol) << w;
    EXPECT_NEAR(wet.centroid.head<2>().norm(), 0.0, kTol) << w;
  }
  // Upside down (the water below the apex only): a small cone of height b = w + 0.5 at the tip.
  const double w = 0.2, b = 0.5 - w, rb = r * b / L;
  const Immersion tip = immersed_cone(r, L, {-Vec3::UnitZ(), -w});  // the part above z = 0.2
  EXPECT_NEAR(tip.volume, kPi * rb * rb * b / 3.0, kTol);
  EXPECT_NEAR(tip.centroid.z(), w + b / 4.0, kTol);
}

RC_GTEST_PROP(ShapeImmersion, WetAndDryPartsMakeTheWholeShape, ()) {
  // Below n.x <= h and below -n.x <= -h partition the shape: volumes add up to the whole and
  // the first moments to the whole's (every shape but the cone is centred on its origin; the
  // cone's centroid is a quarter of its length above its base).
  const int kind = *rc::gen::inRange(0, 6);
  FloatShape s;
  s.kind = static_cast<ShapeKind>(kind);
  s.size = Vec3(1.2, 0.7, 0.4);
  s.radius = 0.35;
  s.length = 0.9;
  const Vec3 n =
      Vec3(*rc::gen::inRange(-100, 101), *rc::gen::inRange(-100, 101), *rc::gen::inRange(-100, 101))
          .normalized();
  RC_PRE(n.allFinite());
  const double h = *rc::gen::inRange(-100, 101) / 100.0;
  const Immersion below = immersed(s, {n, h});
  const Immersion above = immersed(s, {-n, -h});
  const double whole = shape_volume(s);
  RC_ASSERT(std::abs(below.volume + above.volume - whole) < kTol * whole);
  const Vec3 centre = s.kind == ShapeKind::kCone ? Vec3(0, 0, -s.length / 4.0) : Vec3::Zero();
  RC_ASSERT(
      (below.volume * below.centroid + above.volume * above.centroid - whole * centre).norm() <
      kTol);
}

}  // namespace
}  // namespace leeway
