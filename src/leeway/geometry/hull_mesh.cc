#include "leeway/geometry/hull_mesh.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace leeway {
namespace {

using Triangle = std::array<std::uint32_t, 3>;

struct EdgeUse {
  std::uint64_t key;  ///< (min, max) vertex pair
  int direction;      ///< +1 when traversed min -> max
  bool operator<(const EdgeUse& o) const { return key < o.key; }
};

HullMeshCheck count_edge_defects(const std::vector<Triangle>& faces) {
  std::vector<EdgeUse> edges;
  edges.reserve(faces.size() * 3);
  for (const Triangle& f : faces) {
    for (int i = 0; i < 3; ++i) {
      const std::uint64_t a = f[i], b = f[(i + 1) % 3];
      edges.push_back({(std::min(a, b) << 32) | std::max(a, b), a < b ? 1 : -1});
    }
  }
  std::sort(edges.begin(), edges.end());
  HullMeshCheck check;
  for (std::size_t i = 0; i < edges.size();) {
    std::size_t j = i;
    int direction_sum = 0;
    while (j < edges.size() && edges[j].key == edges[i].key)
      direction_sum += edges[j++].direction;
    const std::size_t uses = j - i;
    if (uses == 1) ++check.open_edges;
    if (uses > 2) ++check.non_manifold_edges;
    if (uses == 2 && direction_sum != 0) ++check.misoriented_edges;
    i = j;
  }
  return check;
}

}  // namespace

VolumeCentroid enclosed_volume(const std::vector<Vec3>& vertices,
                               const std::vector<Triangle>& faces) {
  // Tetrahedra from the first vertex rather than the origin: the same exact sum, less rounding
  // for a mesh far from its frame's origin.
  VolumeCentroid out;
  if (vertices.empty()) return out;
  const Vec3 o = vertices[faces.empty() ? 0 : faces[0][0]];
  double six_v = 0.0;
  Vec3 moment = Vec3::Zero();
  for (const Triangle& f : faces) {
    const Vec3 a = vertices[f[0]] - o, b = vertices[f[1]] - o, c = vertices[f[2]] - o;
    const double d = a.dot(b.cross(c));
    six_v += d;
    moment += d * (a + b + c);
  }
  out.volume = six_v / 6.0;
  out.centroid = six_v != 0.0 ? Vec3(o + moment / (4.0 * six_v)) : o;
  return out;
}

HullMeshBuild make_hull_mesh(std::vector<Vec3> p_BoV, std::vector<Triangle> faces) {
  HullMeshBuild out;
  Eigen::AlignedBox3d box;
  for (const Vec3& p : p_BoV)
    box.extend(p);
  const double min_double_area = 2e-12 * (p_BoV.empty() ? 0.0 : box.diagonal().squaredNorm());
  std::vector<Triangle> kept;
  kept.reserve(faces.size());
  for (const Triangle& f : faces) {
    const bool repeated = f[0] == f[1] || f[1] == f[2] || f[0] == f[2];
    if (!repeated &&
        (p_BoV[f[1]] - p_BoV[f[0]]).cross(p_BoV[f[2]] - p_BoV[f[0]]).norm() > min_double_area) {
      kept.push_back(f);
    } else {
      ++out.check.degenerate_dropped;
    }
  }
  const int dropped = out.check.degenerate_dropped;
  out.check = count_edge_defects(kept);
  out.check.degenerate_dropped = dropped;
  const VolumeCentroid vc = enclosed_volume(p_BoV, kept);
  out.mesh.p_BoV = std::move(p_BoV);
  out.mesh.faces = std::move(kept);
  out.mesh.volume = vc.volume;
  out.mesh.p_BoCv = vc.centroid;
  precompute_geometry(out.mesh);
  return out;
}

void precompute_geometry(HullMesh& mesh) {
  mesh.face_geometry.clear();
  mesh.face_geometry.reserve(mesh.faces.size());
  mesh.vertex_geometry.assign(mesh.p_BoV.size(), VertexGeometry{});
  for (const Triangle& f : mesh.faces) {
    const Vec3 &a = mesh.p_BoV[f[0]], &b = mesh.p_BoV[f[1]], &c = mesh.p_BoV[f[2]];
    const FaceGeometry g{0.5 * (b - a).cross(c - a), a + b + c, 0.0};
    mesh.face_geometry.push_back(g);
    mesh.face_geometry.back().area = g.N_B.norm();
    for (std::uint32_t v : f) {
      VertexGeometry& vg = mesh.vertex_geometry[v];
      const Vec3 arm = mesh.p_BoV[v] + g.sum_r_B;
      vg.M += g.N_B;
      vg.J += arm.cross(g.N_B);
      vg.G += arm * g.N_B.transpose();
      vg.area += g.N_B.norm() / 3.0;
    }
  }
}

void weld_vertices(std::vector<Vec3>& p_BoV, std::vector<Triangle>& faces, double tolerance) {
  // Cells of the tolerance's size: a vertex's twin is in its own cell or a neighbouring one.
  auto cell_of = [&](const Vec3& p) -> Eigen::Array3i {
    return (p.array() / tolerance).floor().cast<int>();
  };
  auto key_of = [](const Eigen::Array3i& c) {
    return (static_cast<std::uint64_t>(c.x() & 0x1fffff) << 42) |
           (static_cast<std::uint64_t>(c.y() & 0x1fffff) << 21) |
           static_cast<std::uint64_t>(c.z() & 0x1fffff);
  };
  std::unordered_multimap<std::uint64_t, std::uint32_t> cells;
  std::vector<Vec3> welded;
  std::vector<std::uint32_t> remap(p_BoV.size());
  for (std::size_t i = 0; i < p_BoV.size(); ++i) {
    const Eigen::Array3i c = cell_of(p_BoV[i]);
    std::int64_t found = -1;
    for (int dx = -1; dx <= 1 && found < 0; ++dx)
      for (int dy = -1; dy <= 1 && found < 0; ++dy)
        for (int dz = -1; dz <= 1 && found < 0; ++dz) {
          const auto range = cells.equal_range(key_of(c + Eigen::Array3i(dx, dy, dz)));
          for (auto it = range.first; it != range.second; ++it) {
            if ((welded[it->second] - p_BoV[i]).norm() <= tolerance) {
              found = it->second;
              break;
            }
          }
        }
    if (found < 0) {
      found = static_cast<std::int64_t>(welded.size());
      welded.push_back(p_BoV[i]);
      cells.emplace(key_of(c), static_cast<std::uint32_t>(found));
    }
    remap[i] = static_cast<std::uint32_t>(found);
  }
  for (Triangle& f : faces)
    for (std::uint32_t& v : f)
      v = remap[v];
  p_BoV = std::move(welded);
}

HullMesh transformed(const HullMesh& mesh, const Eigen::Isometry3d& X_AB) {
  HullMesh out = mesh;
  for (Vec3& p : out.p_BoV)
    p = X_AB * p;
  out.p_BoCv = X_AB * mesh.p_BoCv;
  precompute_geometry(out);
  return out;
}

void append(HullMesh& a, const HullMesh& b) {
  const auto offset = static_cast<std::uint32_t>(a.p_BoV.size());
  a.p_BoV.insert(a.p_BoV.end(), b.p_BoV.begin(), b.p_BoV.end());
  for (const Triangle& f : b.faces)
    a.faces.push_back({f[0] + offset, f[1] + offset, f[2] + offset});
  const double v = a.volume + b.volume;
  a.p_BoCv = v != 0.0 ? Vec3((a.volume * a.p_BoCv + b.volume * b.p_BoCv) / v) : a.p_BoCv;
  a.volume = v;
  precompute_geometry(a);
}

}  // namespace leeway
