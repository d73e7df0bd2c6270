// Rays against the convex primitives, planes, triangles, triangle meshes and a gridded seabed
// (geometry/ray.h, geometry/triangle_scene.h, env/bathymetry.h), against closed forms, and for
// any ray: the hit point is on the surface, where the normal is the surface's outward one (for a
// convex shape, n . p = max over the shape of n . x: the support function's value).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <numbers>

#include "leeway/env/bathymetry.h"
#include "leeway/geometry/ray.h"
#include "leeway/geometry/triangle_scene.h"

namespace leeway {
namespace {

Ray ray(const Vec3& o, const Vec3& d) {
  return {o, d.normalized()};
}

TEST(RayCast, ASphereIsMetAtTheNearRootOfItsQuadratic) {
  const auto hit = ray_cast(Sphere{1.0}, ray({-5, 0.3, 0}, {1, 0, 0}), 100.0);
  ASSERT_TRUE(hit);
  EXPECT_NEAR(hit->distance, 5.0 - std::sqrt(1.0 - 0.09), 1e-14);
  EXPECT_NEAR((hit->normal - Vec3(-std::sqrt(0.91), 0.3, 0)).norm(), 0.0, 1e-14);
  EXPECT_FALSE(ray_cast(Sphere{1.0}, ray({-5, 1.01, 0}, {1, 0, 0}), 100.0));  // passes by
  EXPECT_FALSE(ray_cast(Sphere{1.0}, ray({-5, 0, 0}, {-1, 0, 0}), 100.0));    // behind it
  EXPECT_FALSE(ray_cast(Sphere{1.0}, ray({-5, 0, 0}, {1, 0, 0}), 3.9));       // beyond range
  EXPECT_FALSE(ray_cast(Sphere{1.0}, ray({0.2, 0, 0}, {1, 0, 0}), 100.0));    // from inside
}

TEST(RayCast, AnEllipsoidIsASphereInScaledCoordinates) {
  const Ellipsoid e{Vec3(2.0, 1.0, 0.5)};
  const auto hit = ray_cast(e, ray({0.5, 0.2, 3}, {0, 0, -1}), 100.0);
  ASSERT_TRUE(hit);
  const double z = 0.5 * std::sqrt(1.0 - 0.0625 - 0.04);
  EXPECT_NEAR(hit->distance, 3.0 - z, 1e-14);
  const Vec3 n = Vec3(0.5 / 4.0, 0.2, z / 0.25).normalized();
  EXPECT_NEAR((hit->normal - n).norm(), 0.0, 1e-14);
}

TEST(RayCast, ABoxIsEnteredThroughTheSlabEnteredLast) {
  const Box box{Vec3(1.0, 2.0, 0.5)};
  // Down onto the top face from a slant: z = 0.5 at t = (3 - 0.5) / cos.
  const Vec3 d = Vec3(0.3, -0.2, -1.0).normalized();
  const auto hit = ray_cast(box, {Vec3(0, 0, 3), d}, 100.0);
  ASSERT_TRUE(hit);
  EXPECT_NEAR(hit->distance, 2.5 / -d.z(), 1e-14);
  EXPECT_EQ(hit->normal, Vec3(0, 0, 1));
  // Along x onto the -x face.
  const auto side = ray_cast(box, ray({-4, 1.5, 0.2}, {1, 0, 0}), 100.0);
  ASSERT_TRUE(side);
  EXPECT_NEAR(side->distance, 3.0, 1e-15);
  EXPECT_EQ(side->normal, Vec3(-1, 0, 0));
  EXPECT_FALSE(ray_cast(box, ray({-4, 2.5, 0}, {1, 0, 0}), 100.0));
}

TEST(RayCast, ACylinderIsMetOnItsSideOrItsEnds) {
  const Cylinder c{0.5, 1.0};  // r 0.5, z in [-1, 1]
  const auto side = ray_cast(c, ray({-3, 0.3, 0.7}, {1, 0, 0}), 100.0);
  ASSERT_TRUE(side);
  EXPECT_NEAR(side->distance, 3.0 - 0.4, 1e-14);
  EXPECT_NEAR((side->normal - Vec3(-0.8, 0.6, 0)).norm(), 0.0, 1e-14);
  const auto end = ray_cast(c, ray({0.1, 0.2, 4}, {0, 0, -1}), 100.0);
  ASSERT_TRUE(end);
  EXPECT_NEAR(end->distance, 3.0, 1e-15);
  EXPECT_EQ(end->normal, Vec3(0, 0, 1));
  EXPECT_FALSE(ray_cast(c, ray({-3, 0.3, 1.2}, {1, 0, 0}), 100.0));  // over its end
}

TEST(RayCast, ACapsuleIsMetOnItsCaps) {
  const Capsule c{0.5, 1.0};
  const auto cap = ray_cast(c, ray({0.3, 0, 5}, {0, 0, -1}), 100.0);
  ASSERT_TRUE(cap);
  EXPECT_NEAR(cap->distance, 5.0 - 1.0 - 0.4, 1e-14);
  EXPECT_NEAR((cap->normal - Vec3(0.6, 0, 0.8)).norm(), 0.0, 1e-14);
}

TEST(RayCast, AConeIsMetOnItsSlopeOrItsBase) {
  const Cone cone{1.0, 1.0};  // base r 1 at z = -1, apex at z = +1: r(z) = (1 - z) / 2
  // Along x at z = 0, where the radius is 0.5.
  const auto slope = ray_cast(cone, ray({-3, 0, 0}, {1, 0, 0}), 100.0);
  ASSERT_TRUE(slope);
  EXPECT_NEAR(slope->distance, 2.5, 1e-14);
  EXPECT_NEAR((slope->normal - Vec3(-2, 0, 1).normalized()).norm(), 0.0, 1e-14);
  const auto base = ray_cast(cone, ray({0.5, 0.5, -4}, {0, 0, 1}), 100.0);
  ASSERT_TRUE(base);
  EXPECT_NEAR(base->distance, 3.0, 1e-15);
  EXPECT_EQ(base->normal, Vec3(0, 0, -1));
  // Above the apex, the upper nappe of the quadric is not the cone.
  EXPECT_FALSE(ray_cast(cone, ray({-3, 0, 1.5}, {1, 0, 0}), 100.0));
}

RC_GTEST_PROP(RayCast, AHitIsOnTheSurfaceWithItsOutwardNormal, ()) {
  const int kind = *rc::gen::inRange(0, 6);
  const auto size = [] { return 0.2 + *rc::gen::inRange(0, 1000) * 0.002; };
  ConvexShape shape;
  switch (kind) {
    case 0:
      shape = Sphere{size()};
      break;
    case 1:
      shape = Box{Vec3(size(), size(), size())};
      break;
    case 2:
      shape = Cylinder{size(), size()};
      break;
    case 3:
      shape = Capsule{size(), size()};
      break;
    case 4:
      shape = Ellipsoid{Vec3(size(), size(), size())};
      break;
    default:
      shape = Cone{size(), size()};
      break;
  }
  const auto unit = [] {
    Vec3 v;
    for (int i = 0; i < 3; ++i)
      v[i] = *rc::gen::inRange(-1000, 1001) * 1e-3;
    return v.norm() > 0.1 ? Vec3(v.normalized()) : Vec3::UnitZ();
  };
  // From 5 m off towards a point near the centre: most rays hit.
  const Vec3 from = 5.0 * unit();
  const Vec3 aim = 0.3 * unit();
  const auto hit = ray_cast(shape, ray(from, aim - from), 100.0);
  if (!hit) return;
  const Vec3 p = from + hit->distance * (aim - from).normalized();
  RC_ASSERT(std::abs(hit->normal.norm() - 1.0) < 1e-12);
  RC_ASSERT(std::abs(hit->normal.dot(p) - hit->normal.dot(support(shape, hit->normal))) < 1e-9);
  RC_ASSERT(hit->normal.dot(aim - from) <= 0.0);  // entered, not left
}

TEST(RayCast, PlanesAndTrianglesAreSeenFromTheirFrontOnly) {
  const Vec3 n = Vec3(0.1, -0.2, 1.0).normalized();
  const auto hit = ray_cast_plane(n, -30.0, ray({4, 5, 0}, {0, 0, -1}), 100.0);
  ASSERT_TRUE(hit);
  EXPECT_NEAR(hit->distance, (n.dot(Vec3(4, 5, 0)) + 30.0) / n.z(), 1e-12);
  EXPECT_FALSE(ray_cast_plane(n, -30.0, ray({4, 5, -40}, {0, 0, 1}), 100.0));  // from below

  const Vec3 a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
  const auto tri = ray_cast_triangle(a, b, c, ray({0.2, 0.3, 2}, {0, 0, -1}), 10.0);
  ASSERT_TRUE(tri);
  EXPECT_DOUBLE_EQ(tri->distance, 2.0);
  EXPECT_EQ(tri->normal, Vec3(0, 0, 1));
  EXPECT_FALSE(ray_cast_triangle(a, b, c, ray({0.2, 0.3, -2}, {0, 0, 1}), 10.0));
  EXPECT_FALSE(ray_cast_triangle(a, b, c, ray({0.6, 0.6, 2}, {0, 0, -1}), 10.0));  // outside
}

/// A grid of triangles over [x0, x0 + n h] x [y0, y0 + n h] on the plane z = z0 + sx x + sy y.
TriangleScene::Mesh sloping_mesh(double x0, double y0, double z0, double sx, double sy, int n,
                                 double h) {
  TriangleScene::Mesh m;
  for (int j = 0; j <= n; ++j) {
    for (int i = 0; i <= n; ++i) {
      const double x = x0 + i * h, y = y0 + j * h;
      m.vertices_W.emplace_back(x, y, z0 + sx * x + sy * y);
    }
  }
  const auto id = [&](int i, int j) { return static_cast<std::uint32_t>(j * (n + 1) + i); };
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) {
      m.faces.push_back({id(i, j), id(i + 1, j), id(i + 1, j + 1)});
      m.faces.push_back({id(i, j), id(i + 1, j + 1), id(i, j + 1)});
    }
  }
  return m;
}

TEST(TriangleScene, AMeshFarFromTheOriginIsHitToDoublePrecision) {
  // 80,000 triangles on a 3% slope, 5 km from W's origin: Embree's single precision finds the
  // triangle, double precision the point.
  const double sx = 0.03, sy = -0.01, z0 = -142.0;  // 40 m down at (5100, 5100)
  const TriangleScene scene({sloping_mesh(5000.0, 5000.0, z0, sx, sy, 200, 1.0)});
  EXPECT_EQ(scene.triangle_count(), 80000u);
  const Vec3 n = Vec3(-sx, -sy, 1.0).normalized();
  const double c = n.z() * z0;  // n . x = c on the plane
  for (const Vec3& d : {Vec3(0, 0, -1), Vec3(0.3, 0.2, -1), Vec3(-0.5, 0.1, -0.8)}) {
    const Ray r = ray({5100.3, 5099.7, 0.0}, d);
    const auto hit = scene.cast(r, 500.0);
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->distance, (c - n.dot(r.origin)) / n.dot(r.direction), 1e-9);
    EXPECT_NEAR((hit->normal_W - n).norm(), 0.0, 1e-12);
    EXPECT_FALSE(scene.cast(r, hit->distance - 1e-6));
  }
  EXPECT_FALSE(scene.cast(ray({4000, 4000, 0}, {0, 0, -1}), 500.0));  // beside the mesh
}

TEST(TriangleScene, ABadFaceIsNamed) {
  TriangleScene::Mesh m;
  m.vertices_W = {Vec3::Zero(), Vec3::UnitX(), Vec3::UnitY()};
  m.faces = {{0, 1, 2}, {0, 1, 3}};
  try {
    TriangleScene scene({m});
    FAIL() << "a face beyond the vertices was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "mesh 0, face 1: vertex index 3 beyond its 3 vertices");
  }
}

Bathymetry grid(int nx, int ny, double h, double (*z)(double, double)) {
  Bathymetry b;
  for (int i = 0; i < nx; ++i)
    b.x.push_back(i * h);
  for (int j = 0; j < ny; ++j)
    b.y.push_back(j * h);
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i)
      b.seabed_z.push_back(z(i * h, j * h));
  return b;
}

TEST(SeabedRay, AUniformSlopeIsMetExactly) {
  const Bathymetry b =
      grid(60, 60, 2.0, [](double x, double y) { return -30.0 + 0.1 * x - 0.05 * y; });
  const Vec3 n = Vec3(-0.1, 0.05, 1.0).normalized();
  const double c = n.z() * -30.0;
  for (const Vec3& d : {Vec3(0, 0, -1), Vec3(0.5, 0.5, -1), Vec3(-0.4, 0.2, -0.5)}) {
    const Ray r = ray({50.3, 61.1, -2.0}, d);
    const auto hit = ray_cast_seabed(b, r, 200.0);
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->distance, (c - n.dot(r.origin)) / n.dot(r.direction), 1e-9);
    EXPECT_NEAR((hit->normal - n).norm(), 0.0, 1e-9);
  }
  EXPECT_FALSE(ray_cast_seabed(b, ray({50, 60, -50}, {0, 0, -1}), 200.0));  // under it
  EXPECT_FALSE(ray_cast_seabed(b, ray({50, 60, -2}, {0, 0, -1}), 10.0));    // out of range
}

TEST(SeabedRay, ACurvedSeabedIsMetOnItsBilinearSurface) {
  const Bathymetry b = grid(30, 30, 1.0, [](double x, double y) { return -20.0 + 0.02 * x * y; });
  const Ray r = ray({3.2, 4.7, 0.0}, {0.7, 0.4, -1.0});
  const auto hit = ray_cast_seabed(b, r, 100.0);
  ASSERT_TRUE(hit);
  const Vec3 p = r.origin + hit->distance * r.direction;
  EXPECT_NEAR(p.z(), seabed_height(b, p.x(), p.y()), 1e-9);
  // Nothing nearer: the ray's clearance is positive all the way there.
  for (double t = 0.0; t < hit->distance - 1e-6; t += 0.01) {
    const Vec3 q = r.origin + t * r.direction;
    ASSERT_GT(q.z(), seabed_height(b, q.x(), q.y()));
  }
}

TEST(SeabedRay, LandStopsARay) {
  Bathymetry b = grid(20, 3, 1.0, [](double, double) { return -10.0; });
  for (int j = 0; j < 3; ++j)
    for (int i = 12; i < 20; ++i)
      b.seabed_z[static_cast<std::size_t>(j * 20 + i)] = std::nan("");
  // Level, along x, at z = -5: land begins past the cell centre at x = 11.
  const auto hit = ray_cast_seabed(b, ray({2.0, 1.0, -5.0}, {1, 0, 0}), 50.0);
  ASSERT_TRUE(hit);
  EXPECT_NEAR(hit->distance, 9.0, 1e-8);
}

}  // namespace
}  // namespace leeway
