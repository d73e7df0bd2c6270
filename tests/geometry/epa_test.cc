// The penetration depth of two overlapping convex shapes (geometry/epa.h) against closed forms:
// spheres (r_A + r_B - |c|), boxes (the least overlap of their extents), a sphere in a box's face;
// and, for random overlapping pairs of every kind, the two facts that define it: moving B by the
// depth along the normal separates the shapes, and moving it less far, in that direction or any
// other, does not.
#include "leeway/geometry/epa.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "leeway/core/rotation.h"

namespace leeway {
namespace {

Eigen::Isometry3d placed_at(const Vec3& p, const Quat& q = Quat::Identity()) {
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.translation() = p;
  X.linear() = q.toRotationMatrix();
  return X;
}

ShapePenetration penetration(const ConvexShape& a, const Eigen::Isometry3d& X_WA,
                             const ConvexShape& b, const Eigen::Isometry3d& X_WB) {
  const ShapeDistance d = shape_distance(a, X_WA, b, X_WB);
  EXPECT_TRUE(d.overlap);
  return shape_penetration(a, X_WA, b, X_WB, d);
}

TEST(Epa, TwoSpheresOverlapByTheSumOfTheirRadiiLessTheirCentresDistance) {
  const Vec3 c(0.6, -0.4, 0.5);  // |c| = 0.877, radii 0.5 + 1.2
  const ShapePenetration p =
      penetration(Sphere{0.5}, placed_at(Vec3::Zero()), Sphere{1.2}, placed_at(c));
  const Vec3 n = c.normalized();
  std::printf("spheres: depth %.9f (closed form %.9f) after %d support points\n", p.depth,
              1.7 - c.norm(), p.iterations);
  EXPECT_TRUE(p.converged);
  EXPECT_NEAR(p.depth, 1.7 - c.norm(), 1e-6);
  EXPECT_LT((p.n_W - n).norm(), 1e-3);
  EXPECT_LT((p.p_WA - 0.5 * n).norm(), 2e-3);
  EXPECT_LT((p.p_WB - (c - 1.2 * n)).norm(), 2e-3);
}

TEST(Epa, TwoBoxesOverlapByTheLeastOverlapOfTheirExtents) {
  // A: x in [-1, 1], y in [-0.5, 0.5], z in [-0.25, 0.25]; B: a 1 m cube at (1.4, 0.2, 0), so
  // x overlaps 0.1 m, y 0.8 m, z 0.5 m: B leaves along +x after 0.1 m.
  const ShapePenetration p = penetration(Box{Vec3(1.0, 0.5, 0.25)}, placed_at(Vec3::Zero()),
                                         Box{Vec3(0.5, 0.5, 0.5)}, placed_at(Vec3(1.4, 0.2, 0.0)));
  EXPECT_TRUE(p.converged);
  EXPECT_NEAR(p.depth, 0.1, 1e-9);
  EXPECT_LT((p.n_W - Vec3::UnitX()).norm(), 1e-9);
  EXPECT_NEAR(p.p_WA.x(), 1.0, 1e-9);  // on A's +x face
  EXPECT_NEAR(p.p_WB.x(), 0.9, 1e-9);  // on B's -x face
  EXPECT_NEAR((p.p_WA - p.p_WB).norm(), p.depth, 1e-9);
}

TEST(Epa, ASphereSunkIntoABoxFaceIsItsRadiusLessItsHeightAboveTheFace) {
  const ShapePenetration p = penetration(Box{Vec3(1.0, 1.0, 1.0)}, placed_at(Vec3::Zero()),
                                         Sphere{0.5}, placed_at(Vec3(0.2, -0.3, 1.2)));
  EXPECT_TRUE(p.converged);
  EXPECT_NEAR(p.depth, 0.3, 1e-7);
  EXPECT_LT((p.n_W - Vec3::UnitZ()).norm(), 1e-6);
  EXPECT_LT((p.p_WB - Vec3(0.2, -0.3, 0.7)).norm(), 1e-3);  // the sphere's lowest point
}

TEST(Epa, MovingBByTheDepthAlongTheNormalSeparatesThePairAndNoShorterMoveDoes) {
  const std::vector<ConvexShape> shapes = {Sphere{0.7}, Box{Vec3(1.0, 0.5, 0.25)},
                                           Cylinder{0.4, 1.5}, Capsule{0.3, 0.8},
                                           Ellipsoid{Vec3(2.0, 0.5, 1.0)}};
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::normal_distribution<double> gauss;
  const auto random_rotation = [&] {
    return Quat(Eigen::Vector4d(gauss(rng), gauss(rng), gauss(rng), gauss(rng)).normalized());
  };
  int pairs = 0, worst_iterations = 0;
  double worst_gap = 0.0;
  while (pairs < 300) {
    const ConvexShape& a = shapes[rng() % shapes.size()];
    const ConvexShape& b = shapes[rng() % shapes.size()];
    const Eigen::Isometry3d X_WA = placed_at(Vec3::Zero(), random_rotation());
    const Eigen::Isometry3d X_WB = placed_at(1.2 * Vec3(u(rng), u(rng), u(rng)), random_rotation());
    const ShapeDistance d = shape_distance(a, X_WA, b, X_WB);
    if (!d.overlap) continue;
    ++pairs;
    const ShapePenetration p = shape_penetration(a, X_WA, b, X_WB, d);
    worst_iterations = std::max(worst_iterations, p.iterations);
    ASSERT_GE(p.depth, 0.0);
    ASSERT_NEAR(p.n_W.norm(), 1.0, 1e-12);
    // Moved by the depth and 1 mm more along n, B is clear of A; 1 mm less, it is not.
    Eigen::Isometry3d X_moved = X_WB;
    X_moved.translation() += (p.depth + 1e-3) * p.n_W;
    const ShapeDistance apart = shape_distance(a, X_WA, b, X_moved);
    EXPECT_FALSE(apart.overlap) << pairs;
    worst_gap = std::max(worst_gap, std::abs(apart.distance - 1e-3));
    if (p.depth > 2e-3) {
      X_moved.translation() = X_WB.translation() + (p.depth - 1e-3) * p.n_W;
      EXPECT_TRUE(shape_distance(a, X_WA, b, X_moved).overlap) << pairs;
      // Nor does a move as long in another direction.
      const Vec3 other = Vec3(gauss(rng), gauss(rng), gauss(rng)).normalized();
      X_moved.translation() = X_WB.translation() + (p.depth - 1e-3) * other;
      EXPECT_TRUE(shape_distance(a, X_WA, b, X_moved).overlap) << pairs;
    }
    EXPECT_NEAR((p.p_WA - p.p_WB).dot(p.n_W), p.depth, 1e-3) << pairs;
  }
  std::printf(
      "300 overlapping pairs: the depth is off by at most %.2e m; at most %d support "
      "points\n",
      worst_gap, worst_iterations);
  EXPECT_LT(worst_gap, 5e-6);  // EPA stops within 1e-9 m + 1e-6 of depths up to 3 m
}

}  // namespace
}  // namespace leeway
