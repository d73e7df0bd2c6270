// Closed-mesh checks and the volume integrals of generated meshes against closed forms.
#include <gtest/gtest.h>

#include <cmath>

#include "leeway/geometry/hull_mesh.h"
#include "leeway/geometry/mesh_shapes.h"

namespace leeway {
namespace {

TEST(HullMesh, BoxVolumeAndCentroidAreExact) {
  const HullMesh box = box_mesh(Vec3(4.0, 2.0, 1.0), 3);
  EXPECT_EQ(box.faces.size(), 12u * 9u);
  EXPECT_NEAR(box.volume, 8.0, 1e-12);
  EXPECT_LT(box.p_BoCv.norm(), 1e-14);
  const HullMesh moved = transformed(box, Eigen::Translation3d(1.0, -2.0, 3.0) *
                                              Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()));
  EXPECT_NEAR(enclosed_volume(moved.p_BoV, moved.faces).volume, 8.0, 1e-12);
  EXPECT_LT((enclosed_volume(moved.p_BoV, moved.faces).centroid - Vec3(1, -2, 3)).norm(), 1e-12);
}

TEST(HullMesh, PolygonalShapesHaveTheirPolyhedronVolumes) {
  // A cylinder of n segments has the inscribed polygon's area: n/2 r^2 sin(2 pi / n).
  const int n = 24;
  const HullMesh cylinder = cylinder_mesh(0.5, 2.0, n);
  EXPECT_NEAR(cylinder.volume, n / 2.0 * 0.25 * std::sin(2 * kPi / n) * 2.0, 1e-12);
  // A fine sphere approaches 4/3 pi r^3 from below.
  const HullMesh sphere = sphere_mesh(1.0, 64, 128);
  EXPECT_LT(sphere.volume, 4.0 / 3.0 * kPi);
  EXPECT_NEAR(sphere.volume / (4.0 / 3.0 * kPi), 1.0, 2e-3);
  EXPECT_LT(sphere.p_BoCv.norm(), 1e-12);
}

TEST(HullMesh, SectionedHullIsClosedWithTheStatedTriangleCount) {
  SectionedHullShape shape;  // 16 stations x 16 points: Stonefish's benchmark demi-hull
  const HullMesh hull = sectioned_hull_mesh(shape);
  EXPECT_EQ(hull.faces.size(), 512u);
  const HullMeshBuild rebuilt = make_hull_mesh(hull.p_BoV, hull.faces);
  EXPECT_TRUE(rebuilt.check.closed());
  EXPECT_TRUE(rebuilt.check.oriented());
  EXPECT_GT(hull.volume, 0.0);
  // Smaller than the enclosing elliptic cylinder, larger than its amidships part alone.
  EXPECT_LT(hull.volume, kPi * 0.2 * 0.25 * 4.0);
  EXPECT_GT(hull.volume, kPi * 0.2 * 0.25 * 4.0 * 0.6);
}

TEST(HullMesh, EveryTaperFractionClosesTheHull) {
  // (1 - (1 - f)) / f rounds above 1 for some f (0.3 among them): the stem's section must still
  // close rather than turn into NaN.
  for (double f = 0.05; f < 0.95; f += 0.05) {
    SectionedHullShape shape;
    shape.bow_fraction = f;
    shape.stern_fraction = 0.05;
    SCOPED_TRACE(f);
    const HullMesh hull = sectioned_hull_mesh(shape);
    EXPECT_TRUE(std::isfinite(hull.volume));
    EXPECT_GT(hull.volume, 0.0);
  }
}

TEST(HullMesh, BowRiseLiftsTheStemAndKeepsTheVolume) {
  // Between two parallel sections the ruled surface encloses h/6 (A0 + 4 A_mid + A1) whatever
  // the sections' offset, so sliding the bow sections up shears the hull without changing its
  // volume; the stem's section is centred at bow_rise.
  SectionedHullShape shape;
  const HullMesh straight = sectioned_hull_mesh(shape);
  shape.bow_rise = 0.3;
  const HullMesh upswept = sectioned_hull_mesh(shape);
  EXPECT_NEAR(upswept.volume, straight.volume, 1e-12 * straight.volume);
  double top = -1e9, bottom_at_stem = 1e9;
  for (const Vec3& v : upswept.p_BoV) {
    top = std::max(top, v.z());
    if (v.x() > 0.5 * shape.length - 1e-12) bottom_at_stem = std::min(bottom_at_stem, v.z());
  }
  EXPECT_NEAR(top, shape.bow_rise + shape.end_scale * shape.half_depth, 1e-12);
  EXPECT_NEAR(bottom_at_stem, shape.bow_rise - shape.end_scale * shape.half_depth, 1e-12);
  EXPECT_GT(upswept.p_BoCv.z(), straight.p_BoCv.z());
}

TEST(HullMesh, DefectsAreCounted) {
  const HullMesh box = box_mesh(Vec3(1, 1, 1));
  {
    auto faces = box.faces;
    faces.pop_back();  // a hole: the missing triangle's three edges are open
    const HullMeshBuild b = make_hull_mesh(box.p_BoV, faces);
    EXPECT_EQ(b.check.open_edges, 3);
    EXPECT_FALSE(b.check.closed());
  }
  {
    auto faces = box.faces;
    std::swap(faces[0][1], faces[0][2]);  // one flipped face
    const HullMeshBuild b = make_hull_mesh(box.p_BoV, faces);
    EXPECT_TRUE(b.check.closed());
    EXPECT_EQ(b.check.misoriented_edges, 3);
  }
  {
    auto faces = box.faces;
    for (auto& f : faces)
      std::swap(f[1], f[2]);  // inside out: consistent, but the volume is negative
    const HullMeshBuild b = make_hull_mesh(box.p_BoV, faces);
    EXPECT_TRUE(b.check.closed() && b.check.oriented());
    EXPECT_NEAR(b.mesh.volume, -1.0, 1e-12);
  }
  {
    auto faces = box.faces;
    auto vertices = box.p_BoV;
    faces.push_back({0, 0, 1});  // repeated vertex
    vertices.push_back(vertices[0] + Vec3(1e-15, 0, 0));
    faces.push_back({0, 1, static_cast<std::uint32_t>(vertices.size() - 1)});  // zero area
    const HullMeshBuild b = make_hull_mesh(vertices, faces);
    EXPECT_EQ(b.check.degenerate_dropped, 2);
    EXPECT_TRUE(b.check.closed() && b.check.oriented());
  }
}

TEST(HullMesh, WeldingTurnsATriangleSoupIntoAClosedMesh) {
  const HullMesh box = box_mesh(Vec3(1, 2, 3), 2);
  std::vector<Vec3> soup;
  std::vector<std::array<std::uint32_t, 3>> faces;
  for (const auto& f : box.faces) {
    const auto base = static_cast<std::uint32_t>(soup.size());
    for (std::uint32_t v : f)
      soup.push_back(box.p_BoV[v] + Vec3(1e-9, -1e-9, 0));  // STL-like rounding
    faces.push_back({base, base + 1, base + 2});
  }
  EXPECT_EQ(make_hull_mesh(soup, faces).check.open_edges, 3 * static_cast<int>(faces.size()));
  weld_vertices(soup, faces, 1e-6);
  EXPECT_EQ(soup.size(), box.p_BoV.size());
  const HullMeshBuild b = make_hull_mesh(soup, faces);
  EXPECT_TRUE(b.check.closed() && b.check.oriented());
  EXPECT_NEAR(b.mesh.volume, 6.0, 1e-9);
}

}  // namespace
}  // namespace leeway
