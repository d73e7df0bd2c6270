#include "leeway/env/vector_field.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "test_util.h"

namespace leeway {
namespace {

using testing::field_of;

/// A field on an uneven grid whose values are an affine function of (x, y, z, t): linear
/// interpolation must reproduce it exactly inside the grid.
VectorField affine_field() {
  RegularGrid f;
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
  return field_of(f);
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
  f.placement = local_placement(Vec3(1000.0, 2000.0, 0.0));
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
  RegularGrid g;
  g.x = {0.0, 10.0};
  g.y = {0.0};
  g.z = {0.0};
  g.t = {0.0};
  g.values = {Vec3(1, 0, 0), Vec3(3, 0, 0)};
  EXPECT_DOUBLE_EQ(sample_field(field_of(g), Vec3(2.5, 77.0, -30.0), 1e5).x(), 1.5);
}

TEST(VectorField, StartTimeShiftsTheFileClock) {
  VectorField f = affine_field();
  f.start_time = 40.0;  // simulation t = 10 is the file's t = 50
  const Vec3 p(3.0, -1.0, -12.0);
  EXPECT_LT((sample_field(f, p, 10.0) - affine(p, 50.0)).norm(), 1e-14);
}

/// An L-shaped mesh (a river bend): three unit squares, each split in two, nodes on a 1 m
/// lattice. The L's notch (x, y in (1, 2)) is land.
MeshSeries l_shaped_river(std::function<Vec3(const Eigen::Vector2d&, double)> value) {
  std::vector<Eigen::Vector2d> nodes;
  for (int j = 0; j <= 2; ++j)
    for (int i = 0; i <= 2; ++i)
      nodes.emplace_back(i, j);
  auto id = [](int i, int j) { return j * 3 + i; };
  std::vector<std::array<int, 3>> triangles;
  for (auto [i, j] : {std::pair{0, 0}, std::pair{1, 0}, std::pair{0, 1}}) {
    triangles.push_back({id(i, j), id(i + 1, j), id(i + 1, j + 1)});
    triangles.push_back({id(i, j), id(i, j + 1), id(i + 1, j + 1)});  // clockwise: reoriented
  }
  MeshSeries m;
  m.mesh = make_triangle_mesh(nodes, triangles);
  m.t = {0.0, 10.0};
  for (double t : m.t)
    for (const auto& n : m.mesh.nodes)
      m.values.push_back(value(n, t));
  return m;
}

TEST(VectorField, MeshInterpolationIsExactOnLinearFields) {
  auto linear = [](const Eigen::Vector2d& p, double t) {
    return Vec3(0.3 + 0.1 * p.x() - 0.05 * p.y() + 0.01 * t, -0.2 * p.x() + 0.02 * t, 0.0);
  };
  VectorField f = field_of(l_shaped_river(linear));
  EXPECT_EQ(std::get<MeshSeries>(f.data).mesh.triangles.size(), 6u);
  EXPECT_EQ(std::get<MeshSeries>(f.data).mesh.boundary_edges.size(), 8u);
  for (const Eigen::Vector2d& p : {Eigen::Vector2d(0.2, 0.7), Eigen::Vector2d(1.9, 0.1),
                                   Eigen::Vector2d(0.5, 1.99), Eigen::Vector2d(1.0, 1.0)}) {
    for (double t : {0.0, 2.5, 10.0}) {
      EXPECT_LT((sample_field(f, Vec3(p.x(), p.y(), -1.0), t) - linear(p, t)).norm(), 1e-14)
          << p.transpose() << " at " << t;
    }
  }
  // In the notch (land) the nearest river bank holds: (1.6, 1.2) is closest to the edge
  // y = 1 at (1.6, 1), 0.2 m away; fading over 0.8 m keeps 3/4 of it.
  const Vec3 bank = linear({1.6, 1.0}, 5.0);
  EXPECT_LT((sample_field(f, Vec3(1.6, 1.2, 0.0), 5.0) - bank).norm(), 1e-14);
  f.outside = OutsidePolicy::kFade;
  f.fade_distance = 0.8;
  EXPECT_LT((sample_field(f, Vec3(1.6, 1.2, 0.0), 5.0) - 0.75 * bank).norm(), 1e-14);
  f.outside = OutsidePolicy::kZero;
  EXPECT_EQ(sample_field(f, Vec3(1.6, 1.2, 0.0), 5.0), Vec3::Zero());
  EXPECT_EQ(sample_field(f, Vec3(-3.0, 0.5, 0.0), 5.0), Vec3::Zero());
}

TEST(VectorField, MeshRejectsBadTopology) {
  EXPECT_THROW(make_triangle_mesh({{0, 0}, {1, 0}}, {{0, 1, 2}}), std::invalid_argument);
  EXPECT_THROW(make_triangle_mesh({{0, 0}, {1, 0}, {2, 0}}, {{0, 1, 2}}), std::invalid_argument);
  EXPECT_THROW(make_triangle_mesh({{0, 0}, {1, NAN}, {2, 0}}, {{0, 1, 2}}), std::invalid_argument);
}

TEST(VectorField, MeshLocatorAgreesWithBruteForceOnALargeMesh) {
  // A 60 x 40 lattice of jittered nodes: every query must land in a triangle that contains it.
  std::vector<Eigen::Vector2d> nodes;
  const int nx = 60, ny = 40;
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i)
      nodes.emplace_back(i + 0.3 * std::sin(1.7 * i + 2.3 * j), j + 0.3 * std::cos(2.9 * i - j));
  std::vector<std::array<int, 3>> triangles;
  for (int j = 0; j + 1 < ny; ++j)
    for (int i = 0; i + 1 < nx; ++i) {
      const int a = j * nx + i;
      triangles.push_back({a, a + 1, a + nx + 1});
      triangles.push_back({a, a + nx + 1, a + nx});
    }
  const TriangleMesh m = make_triangle_mesh(nodes, triangles);
  for (int k = 0; k < 2000; ++k) {
    const Eigen::Vector2d p(1.0 + 57.0 * std::fmod(0.6180339887 * k, 1.0),
                            1.0 + 37.0 * std::fmod(0.7548776662 * k, 1.0));
    const MeshLocation at = locate(m, p);
    ASSERT_EQ(at.outside_F, Eigen::Vector2d::Zero()) << p.transpose();
    Eigen::Vector2d back = Eigen::Vector2d::Zero();
    for (int c = 0; c < 3; ++c) {
      EXPECT_GE(at.weight[c], -1e-12);
      back += at.weight[c] * m.nodes[at.node[c]];
    }
    EXPECT_LT((back - p).norm(), 1e-12);
  }
}

}  // namespace
}  // namespace leeway
