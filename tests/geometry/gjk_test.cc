// GJK distances against closed forms, and an optimality certificate for random pairs of every
// shape: a distance is the true one exactly when some direction separates the shapes by it.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "leeway/geometry/convex_shape.h"
#include "leeway/geometry/gjk.h"

namespace leeway {
namespace {

constexpr double kTol = 3e-8;  // [m]: GJK's promise, 1e-8 of distances up to 3 m

Eigen::Isometry3d at(const Vec3& p, const Eigen::AngleAxisd& r = Eigen::AngleAxisd::Identity()) {
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.translation() = p;
  X.linear() = r.toRotationMatrix();
  return X;
}

/// h_S(n) = max over the shape of n . x, in W.
double support_value(const ConvexShape& s, const Eigen::Isometry3d& X_WS, const Vec3& n_W) {
  return n_W.dot(X_WS * support(s, X_WS.linear().transpose() * n_W));
}

TEST(ConvexShape, SupportPointsLieOnTheSurfaceAndBoundTheShape) {
  const std::vector<ConvexShape> shapes = {
      Sphere{0.7},       Box{Vec3(1.0, 0.5, 0.25)},      Cylinder{0.4, 1.5},
      Capsule{0.3, 0.8}, Ellipsoid{Vec3(2.0, 0.5, 1.0)}, Cone{0.5, 0.3}};
  // Largest |x| over the shape, by hand: the corner, the rim, the cap's pole, the long axis,
  // the base's rim.
  const std::vector<double> radii = {0.7, std::sqrt(1.3125),   std::hypot(0.4, 1.5), 1.1,
                                     2.0, std::hypot(0.5, 0.3)};
  std::mt19937 rng(7);
  std::normal_distribution<double> gauss;
  for (std::size_t k = 0; k < shapes.size(); ++k) {
    EXPECT_DOUBLE_EQ(bounding_radius(shapes[k]), radii[k]) << k;
    double largest = 0.0;
    for (int i = 0; i < 20000; ++i) {
      const Vec3 d(gauss(rng), gauss(rng), gauss(rng));
      const Vec3 s = support(shapes[k], d);
      largest = std::max(largest, s.norm());
      // Support points are extreme: no other support point lies farther along d.
      const Vec3 other = support(shapes[k], Vec3(gauss(rng), gauss(rng), gauss(rng)));
      EXPECT_LE(d.dot(other), d.dot(s) + 1e-12) << k;
    }
    EXPECT_LE(largest, radii[k] + 1e-12) << k;
    EXPECT_GT(largest, 0.98 * radii[k]) << k;
  }
  EXPECT_NEAR(volume(Box{Vec3(1.0, 0.5, 0.25)}), 1.0, 1e-15);
  EXPECT_NEAR(volume(Capsule{1.0, 1.0}), 2.0 * kPi + 4.0 / 3.0 * kPi, 1e-13);
  EXPECT_NEAR(volume(Cone{0.5, 0.5}), kPi * 0.25 / 3.0, 1e-15);
  EXPECT_EQ(centroid(Cone{0.5, 0.5}), Vec3(0.0, 0.0, -0.25));
  EXPECT_EQ(support(Cone{0.5, 0.5}, Vec3(0.1, 0.0, 1.0)), Vec3(0.0, 0.0, 0.5));   // the apex
  EXPECT_EQ(support(Cone{0.5, 0.5}, Vec3(1.0, 0.0, 0.1)), Vec3(0.5, 0.0, -0.5));  // the rim
}

TEST(Gjk, TwoSpheresAreTheirCentresApartLessTheRadii) {
  const Vec3 c(3.0, -1.0, 2.0);
  const ShapeDistance d = shape_distance(Sphere{0.5}, at(Vec3::Zero()), Sphere{1.2}, at(c));
  EXPECT_FALSE(d.overlap);
  EXPECT_NEAR(d.distance, c.norm() - 1.7, kTol);
  EXPECT_LT((d.p_WA - 0.5 * c.normalized()).norm(), 1e-4);
  EXPECT_LT((d.p_WB - (c - 1.2 * c.normalized())).norm(), 1e-4);
  EXPECT_NEAR((d.p_WB - d.p_WA).norm(), d.distance, 1e-12);
  EXPECT_TRUE(shape_distance(Sphere{2.0}, at(Vec3::Zero()), Sphere{1.8}, at(c)).overlap);
}

TEST(Gjk, BoxesMeetFaceToFaceAndCornerToFace) {
  const Box a{Vec3(1.0, 1.0, 1.0)}, b{Vec3(0.5, 0.5, 0.5)};
  // Axis-aligned, offset sideways: only the x gap counts.
  EXPECT_NEAR(shape_distance(a, at(Vec3::Zero()), b, at(Vec3(3.25, 0.7, -0.3))).distance, 1.75,
              1e-12);
  // Diagonal offset: the gap from corner (1, 1, 1) to corner (1.5, 2, 1.5) of B.
  EXPECT_NEAR(shape_distance(a, at(Vec3::Zero()), b, at(Vec3(2.0, 2.5, 2.0))).distance,
              std::sqrt(0.25 + 1.0 + 0.25), 1e-12);
  // B turned 45 deg about z points an edge at A's face: gap x - 1 - h sqrt(2).
  const Eigen::AngleAxisd yaw45(kPi / 4, Vec3::UnitZ());
  EXPECT_NEAR(shape_distance(a, at(Vec3::Zero()), b, at(Vec3(2.5, 0.0, 0.0), yaw45)).distance,
              1.5 - 0.5 * std::sqrt(2.0), 1e-12);
  EXPECT_TRUE(shape_distance(a, at(Vec3::Zero()), b, at(Vec3(1.6, 0.0, 0.0), yaw45)).overlap);
  // Face to face, touching exactly.
  EXPECT_TRUE(shape_distance(a, at(Vec3::Zero()), b, at(Vec3(1.5, 0.2, 0.0))).overlap);
}

TEST(Gjk, ASphereNearACylinderMeetsItsEndItsSideOrItsRim) {
  const Cylinder cyl{0.5, 1.0};  // radius 0.5, length 2, axis z
  const Sphere ball{0.25};
  const auto gap = [&](const Vec3& p) {
    return shape_distance(cyl, at(Vec3::Zero()), ball, at(p)).distance;
  };
  EXPECT_NEAR(gap(Vec3(0.1, 0.2, 2.0)), 2.0 - 1.0 - 0.25, kTol);             // the end
  EXPECT_NEAR(gap(Vec3(1.2, 1.6, 0.4)), 2.0 - 0.5 - 0.25, kTol);             // the side
  EXPECT_NEAR(gap(Vec3(1.5, 0.0, 2.0)), std::hypot(1.0, 1.0) - 0.25, kTol);  // the rim
  // Laid along x (SDF cylinders are along their own z): the side is now below x's axis.
  const Eigen::AngleAxisd pitch90(kPi / 2, Vec3::UnitY());
  EXPECT_NEAR(
      shape_distance(cyl, at(Vec3::Zero(), pitch90), ball, at(Vec3(0.9, 0.0, -1.0))).distance,
      1.0 - 0.5 - 0.25, kTol);
}

TEST(Gjk, CapsulesAreTheirAxesApartLessTheRadii) {
  // Crossed at right angles, axes 2 m apart along z: the segments' distance is 2.
  const Capsule c{0.3, 1.0};
  const Eigen::AngleAxisd roll90(kPi / 2, Vec3::UnitX()), pitch90(kPi / 2, Vec3::UnitY());
  EXPECT_NEAR(
      shape_distance(c, at(Vec3::Zero(), roll90), c, at(Vec3(0.2, 0.1, 2.0), pitch90)).distance,
      2.0 - 0.6, kTol);
  // End to end along their common axis.
  EXPECT_NEAR(shape_distance(c, at(Vec3::Zero()), c, at(Vec3(0.0, 0.0, 3.0))).distance,
              3.0 - 2.0 - 0.6, kTol);
}

TEST(Gjk, AnEllipsoidMeetsAPlaneFaceAtItsSemiAxis) {
  // Turned 90 deg about z, the long semi-axis (2) points along y at the box's face at y = 3.
  const Ellipsoid e{Vec3(2.0, 0.5, 1.0)};
  const Box wall{Vec3(5.0, 0.5, 5.0)};
  const Eigen::AngleAxisd yaw90(kPi / 2, Vec3::UnitZ());
  EXPECT_NEAR(shape_distance(e, at(Vec3::Zero(), yaw90), wall, at(Vec3(0.0, 3.5, 0.0))).distance,
              1.0, kTol);
  EXPECT_NEAR(shape_distance(e, at(Vec3::Zero()), wall, at(Vec3(0.0, 3.5, 0.0))).distance, 2.5,
              1e-9);
}

/// Random shapes of every kind in random poses.
ConvexShape random_shape(std::mt19937& rng) {
  std::uniform_real_distribution<double> size(0.05, 2.0);
  switch (std::uniform_int_distribution<int>(0, 4)(rng)) {
    case 0:
      return Sphere{size(rng)};
    case 1:
      return Box{Vec3(size(rng), size(rng), size(rng))};
    case 2:
      return Cylinder{size(rng), size(rng)};
    case 3:
      return Capsule{size(rng), size(rng)};
    default:
      return Ellipsoid{Vec3(size(rng), size(rng), size(rng))};
  }
}

Eigen::Isometry3d random_pose(std::mt19937& rng, double spread) {
  std::uniform_real_distribution<double> u(-spread, spread);
  std::normal_distribution<double> gauss;
  const Quat q = Quat(gauss(rng), gauss(rng), gauss(rng), gauss(rng)).normalized();
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.translation() = Vec3(u(rng), u(rng), u(rng));
  X.linear() = q.toRotationMatrix();
  return X;
}

/// The point p lies in the shape: no direction's support plane has it outside.
void expect_inside(const ConvexShape& s, const Eigen::Isometry3d& X_WS, const Vec3& p_W,
                   std::mt19937& rng, int trial) {
  std::normal_distribution<double> gauss;
  for (int k = 0; k < 200; ++k) {
    const Vec3 u = Vec3(gauss(rng), gauss(rng), gauss(rng)).normalized();
    ASSERT_LE(u.dot(p_W), support_value(s, X_WS, u) + 1e-9) << trial;
  }
}

TEST(Gjk, EveryDistanceIsCertifiedByItsWitnessesAndASeparatingDirection) {
  // Two points p_A, p_B of the shapes bound the distance from above by |p_B - p_A|; a unit
  // direction n bounds it from below by min over B of n.x - max over A of n.x
  // = -h_B(-n) - h_A(n). Both checked here from the shapes alone, so when the bounds meet the
  // distance is proven. Overlaps are checked the other way: no direction may separate them.
  std::mt19937 rng(2026);
  std::normal_distribution<double> gauss;
  int separated = 0, overlapping = 0, most_iterations = 0;
  double worst_gap = 0.0, worst_witness = 0.0;
  for (int trial = 0; trial < 4000; ++trial) {
    const ConvexShape a = random_shape(rng), b = random_shape(rng);
    const Eigen::Isometry3d X_WA = random_pose(rng, 3.0), X_WB = random_pose(rng, 3.0);
    const ShapeDistance d = shape_distance(a, X_WA, b, X_WB);
    most_iterations = std::max(most_iterations, d.iterations);
    if (d.overlap) {
      ++overlapping;
      for (int k = 0; k < 200; ++k) {
        const Vec3 n = Vec3(gauss(rng), gauss(rng), gauss(rng)).normalized();
        EXPECT_GE(support_value(a, X_WA, n) + support_value(b, X_WB, -n), -1e-9) << trial;
      }
      continue;
    }
    ++separated;
    expect_inside(a, X_WA, d.p_WA, rng, trial);
    expect_inside(b, X_WB, d.p_WB, rng, trial);
    EXPECT_NEAR((d.p_WB - d.p_WA).norm(), d.distance, 1e-12 * (1.0 + d.distance)) << trial;
    const double lower = -support_value(b, X_WB, -d.n_W) - support_value(a, X_WA, d.n_W);
    EXPECT_NEAR(lower, d.lower_bound, 1e-12) << trial;
    worst_gap = std::max(worst_gap, (d.distance - lower) / d.distance);
    // The witnesses' own direction separates nearly as well (the distance is stationary there).
    const Vec3 n = (d.p_WB - d.p_WA) / d.distance;
    const double witness_lower = -support_value(b, X_WB, -n) - support_value(a, X_WA, n);
    worst_witness = std::max(worst_witness, d.distance - witness_lower);
  }
  EXPECT_GT(separated, 1000);
  EXPECT_GT(overlapping, 300);
  EXPECT_LE(worst_gap, 1e-8);
  EXPECT_LT(worst_witness, 1e-4);  // [m]
  EXPECT_LT(most_iterations, 128) << "a query hit the iteration cap";
  std::cout << "separated " << separated << ", overlapping " << overlapping
            << ", most support queries " << most_iterations << ", worst relative gap " << worst_gap
            << ", worst witness gap " << worst_witness << " m"
            << "\n";
}

TEST(Gjk, IsSymmetricAndDeterministic) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 500; ++trial) {
    const ConvexShape a = random_shape(rng), b = random_shape(rng);
    const Eigen::Isometry3d X_WA = random_pose(rng, 3.0), X_WB = random_pose(rng, 3.0);
    const ShapeDistance ab = shape_distance(a, X_WA, b, X_WB);
    const ShapeDistance ba = shape_distance(b, X_WB, a, X_WA);
    EXPECT_EQ(ab.overlap, ba.overlap);
    EXPECT_NEAR(ab.distance, ba.distance, 1e-8 * (1.0 + ab.distance));
    EXPECT_EQ(shape_distance(a, X_WA, b, X_WB).distance, ab.distance);
  }
}

}  // namespace
}  // namespace leeway
