#include "leeway/env/triangle_mesh.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

namespace leeway {
namespace {

double cross(const Eigen::Vector2d& a, const Eigen::Vector2d& b) {
  return a.x() * b.y() - a.y() * b.x();
}

/// Barycentric weights of p in triangle (a, b, c); all >= -tolerance when inside.
std::array<double, 3> barycentric(const Eigen::Vector2d& a, const Eigen::Vector2d& b,
                                  const Eigen::Vector2d& c, const Eigen::Vector2d& p) {
  const double area = cross(b - a, c - a);
  const double wa = cross(b - p, c - p) / area;
  const double wb = cross(c - p, a - p) / area;
  return {wa, wb, 1.0 - wa - wb};
}

}  // namespace

TriangleMesh make_triangle_mesh(std::vector<Eigen::Vector2d> nodes,
                                std::vector<std::array<int, 3>> triangles) {
  TriangleMesh m;
  m.nodes = std::move(nodes);
  for (std::size_t i = 0; i < m.nodes.size(); ++i) {
    if (!m.nodes[i].allFinite()) {
      throw std::invalid_argument(fmt::format("node {} has a non-finite coordinate", i));
    }
  }
  Eigen::Vector2d lo = Eigen::Vector2d::Constant(std::numeric_limits<double>::infinity());
  Eigen::Vector2d hi = -lo;
  for (auto t : triangles) {
    for (int k : t) {
      if (k < 0 || static_cast<std::size_t>(k) >= m.nodes.size()) {
        throw std::invalid_argument(
            fmt::format("a triangle uses node {}; there are {} nodes", k, m.nodes.size()));
      }
    }
    const Eigen::Vector2d &a = m.nodes[t[0]], &b = m.nodes[t[1]], &c = m.nodes[t[2]];
    const double area = cross(b - a, c - a);
    const double scale = std::max({(b - a).squaredNorm(), (c - a).squaredNorm(), 1e-300});
    if (std::abs(area) <= 1e-12 * scale) continue;  // degenerate: carries no area
    if (area < 0.0) std::swap(t[1], t[2]);
    m.triangles.push_back(t);
    for (int k : t) {
      lo = lo.cwiseMin(m.nodes[k]);
      hi = hi.cwiseMax(m.nodes[k]);
    }
  }
  if (m.triangles.empty()) throw std::invalid_argument("no triangle with a non-zero area");

  // Boundary: the edges one triangle uses.
  std::map<std::pair<int, int>, int> uses;
  for (const auto& t : m.triangles) {
    for (int e = 0; e < 3; ++e) {
      const int a = t[e], b = t[(e + 1) % 3];
      ++uses[{std::min(a, b), std::max(a, b)}];
    }
  }
  for (const auto& [edge, count] : uses) {
    if (count == 1) m.boundary_edges.push_back({edge.first, edge.second});
  }

  // Buckets about as large as a triangle, so each holds a handful.
  const Eigen::Vector2d span = (hi - lo).cwiseMax(1e-9);
  m.bucket_size = std::sqrt(span.x() * span.y() / static_cast<double>(m.triangles.size()));
  m.bucket_size = std::max({m.bucket_size, span.x() / 4096.0, span.y() / 4096.0});
  m.bucket_min = lo;
  m.buckets_x = static_cast<int>(span.x() / m.bucket_size) + 1;
  m.buckets_y = static_cast<int>(span.y() / m.bucket_size) + 1;
  auto bucket_range = [&](const std::array<int, 3>& t) {
    Eigen::Vector2d tlo = m.nodes[t[0]], thi = m.nodes[t[0]];
    for (int k : t) {
      tlo = tlo.cwiseMin(m.nodes[k]);
      thi = thi.cwiseMax(m.nodes[k]);
    }
    auto cell = [&](double v, double origin, int n) {
      return std::clamp(static_cast<int>((v - origin) / m.bucket_size), 0, n - 1);
    };
    return std::array<int, 4>{
        cell(tlo.x(), lo.x(), m.buckets_x), cell(thi.x(), lo.x(), m.buckets_x),
        cell(tlo.y(), lo.y(), m.buckets_y), cell(thi.y(), lo.y(), m.buckets_y)};
  };
  const std::size_t n_buckets = static_cast<std::size_t>(m.buckets_x) * m.buckets_y;
  std::vector<std::uint32_t> count(n_buckets + 1, 0);
  for (const auto& t : m.triangles) {
    const auto r = bucket_range(t);
    for (int j = r[2]; j <= r[3]; ++j)
      for (int i = r[0]; i <= r[1]; ++i)
        ++count[static_cast<std::size_t>(j) * m.buckets_x + i + 1];
  }
  for (std::size_t b = 0; b < n_buckets; ++b)
    count[b + 1] += count[b];
  m.bucket_start = count;
  m.bucket_triangles.resize(count.back());
  for (std::uint32_t ti = 0; ti < m.triangles.size(); ++ti) {
    const auto r = bucket_range(m.triangles[ti]);
    for (int j = r[2]; j <= r[3]; ++j)
      for (int i = r[0]; i <= r[1]; ++i)
        m.bucket_triangles[count[static_cast<std::size_t>(j) * m.buckets_x + i]++] = ti;
  }
  return m;
}

MeshLocation locate(const TriangleMesh& m, const Eigen::Vector2d& p) {
  const Eigen::Vector2d rel = (p - m.bucket_min) / m.bucket_size;
  if (rel.x() >= 0.0 && rel.y() >= 0.0 && rel.x() < m.buckets_x && rel.y() < m.buckets_y) {
    const std::size_t b =
        static_cast<std::size_t>(rel.y()) * m.buckets_x + static_cast<std::size_t>(rel.x());
    for (std::uint32_t k = m.bucket_start[b]; k < m.bucket_start[b + 1]; ++k) {
      const auto& t = m.triangles[m.bucket_triangles[k]];
      const auto w = barycentric(m.nodes[t[0]], m.nodes[t[1]], m.nodes[t[2]], p);
      constexpr double kOnEdge = -1e-12;
      if (w[0] >= kOnEdge && w[1] >= kOnEdge && w[2] >= kOnEdge) return {t, w, {0.0, 0.0}};
    }
  }
  // Outside: the closest point on the boundary.
  MeshLocation best;
  double best_d2 = std::numeric_limits<double>::infinity();
  for (const auto& e : m.boundary_edges) {
    const Eigen::Vector2d &a = m.nodes[e[0]], &b = m.nodes[e[1]];
    const Eigen::Vector2d ab = b - a;
    const double s = std::clamp((p - a).dot(ab) / ab.squaredNorm(), 0.0, 1.0);
    const Eigen::Vector2d q = a + s * ab;
    const double d2 = (p - q).squaredNorm();
    if (d2 < best_d2) {
      best_d2 = d2;
      best = {{e[0], e[1], e[1]}, {1.0 - s, s, 0.0}, p - q};
    }
  }
  return best;
}

}  // namespace leeway
