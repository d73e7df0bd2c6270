#include "leeway/geometry/gjk.h"

#include <algorithm>
#include <array>
#include <limits>

namespace leeway {
namespace {

/// At most four vertices and their barycentric weights of the point closest to the origin.
struct Simplex {
  std::array<SupportPoint, 4> v;
  std::array<double, 4> weight{};
  int n = 0;

  Vec3 closest() const {
    Vec3 p = Vec3::Zero();
    for (int i = 0; i < n; ++i)
      p += weight[i] * v[i].w;
    return p;
  }
  /// Keeps the vertices listed, with their weights.
  void keep(std::initializer_list<std::pair<int, double>> kept) {
    Simplex s;
    for (const auto& [i, lambda] : kept) {
      s.v[s.n] = v[i];
      s.weight[s.n++] = lambda;
    }
    *this = s;
  }
};

void closest_on_segment(Simplex& s) {
  const Vec3& a = s.v[0].w;
  const Vec3 ab = s.v[1].w - a;
  const double len2 = ab.squaredNorm();
  const double t = len2 > 0.0 ? -a.dot(ab) / len2 : 0.0;
  if (t <= 0.0) return s.keep({{0, 1.0}});
  if (t >= 1.0) return s.keep({{1, 1.0}});
  s.keep({{0, 1.0 - t}, {1, t}});
}

/// Ericson 5.1.5 with the query point at the origin.
void closest_on_triangle(Simplex& s) {
  const Vec3 &a = s.v[0].w, &b = s.v[1].w, &c = s.v[2].w;
  const Vec3 ab = b - a, ac = c - a;
  const double d1 = -ab.dot(a), d2 = -ac.dot(a);
  if (d1 <= 0.0 && d2 <= 0.0) return s.keep({{0, 1.0}});
  const double d3 = -ab.dot(b), d4 = -ac.dot(b);
  if (d3 >= 0.0 && d4 <= d3) return s.keep({{1, 1.0}});
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) {
    const double t = d1 / (d1 - d3);
    return s.keep({{0, 1.0 - t}, {1, t}});
  }
  const double d5 = -ab.dot(c), d6 = -ac.dot(c);
  if (d6 >= 0.0 && d5 <= d6) return s.keep({{2, 1.0}});
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) {
    const double t = d2 / (d2 - d6);
    return s.keep({{0, 1.0 - t}, {2, t}});
  }
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0) {
    const double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    return s.keep({{1, 1.0 - t}, {2, t}});
  }
  const double sum = va + vb + vc;
  if (!(sum > 0.0)) {
    // Collinear vertices: the nearest of the segment between the outer two.
    Simplex ab_seg = s, ac_seg = s, bc_seg = s;
    ab_seg.keep({{0, 0.0}, {1, 0.0}});
    ac_seg.keep({{0, 0.0}, {2, 0.0}});
    bc_seg.keep({{1, 0.0}, {2, 0.0}});
    Simplex* best = nullptr;
    for (Simplex* seg : {&ab_seg, &ac_seg, &bc_seg}) {
      closest_on_segment(*seg);
      if (!best || seg->closest().squaredNorm() < best->closest().squaredNorm()) best = seg;
    }
    s = *best;
    return;
  }
  s.keep({{0, va / sum}, {1, vb / sum}, {2, vc / sum}});
}

/// Ericson 5.1.6: the nearest point of the faces the origin lies outside of; false when the
/// tetrahedron holds the origin.
bool closest_on_tetrahedron(Simplex& s) {
  const Vec3 &a = s.v[0].w, &b = s.v[1].w, &c = s.v[2].w, &d = s.v[3].w;
  const double volume6 = (b - a).dot((c - a).cross(d - a));
  const double scale = std::max({(b - a).norm(), (c - a).norm(), (d - a).norm()});
  // A flat tetrahedron holds no volume: every face is a candidate.
  const bool flat = std::abs(volume6) <= 1e-12 * scale * scale * scale;
  constexpr std::array<std::array<int, 4>, 4> kFaces = {
      {{0, 1, 2, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {1, 3, 2, 0}}};
  bool outside_any = false;
  Simplex best;
  double best_d2 = std::numeric_limits<double>::infinity();
  for (const auto& f : kFaces) {
    const Vec3& p0 = s.v[f[0]].w;
    const Vec3 n = (s.v[f[1]].w - p0).cross(s.v[f[2]].w - p0);
    const double side_origin = -p0.dot(n);
    const double side_opposite = (s.v[f[3]].w - p0).dot(n);
    if (!flat && side_origin * side_opposite >= 0.0) continue;
    outside_any = true;
    Simplex face;
    face.v = {s.v[f[0]], s.v[f[1]], s.v[f[2]], s.v[f[3]]};
    face.n = 3;
    closest_on_triangle(face);
    const double d2 = face.closest().squaredNorm();
    if (d2 < best_d2) {
      best_d2 = d2;
      best = face;
    }
  }
  if (!outside_any) return false;
  s = best;
  return true;
}

/// Reduces the simplex to the smallest one holding its point nearest the origin; false when
/// it holds the origin itself.
bool reduce(Simplex& s) {
  switch (s.n) {
    case 1:
      s.weight[0] = 1.0;
      return true;
    case 2:
      closest_on_segment(s);
      return true;
    case 3:
      closest_on_triangle(s);
      return true;
    default:
      return closest_on_tetrahedron(s);
  }
}

constexpr double kTouching = 1e-9;        // [m]
constexpr double kGjkRelativeGap = 1e-8;  // upper bound - lower bound, relative to the distance
constexpr int kGjkMaxIterations = 128;
constexpr int kMaxRestarts = 4;

}  // namespace

SupportPoint minkowski_support(const ConvexShape& a, const Eigen::Isometry3d& X_WA,
                               const ConvexShape& b, const Eigen::Isometry3d& X_WB,
                               const Vec3& d_W) {
  SupportPoint v;
  v.a = X_WA * support(a, X_WA.linear().transpose() * d_W);
  v.b = X_WB * support(b, X_WB.linear().transpose() * -d_W);
  v.w = v.a - v.b;
  return v;
}

ShapeDistance shape_distance(const ConvexShape& a, const Eigen::Isometry3d& X_WA,
                             const ConvexShape& b, const Eigen::Isometry3d& X_WB) {
  const auto vertex = [&](const Vec3& d_W) { return minkowski_support(a, X_WA, b, X_WB, d_W); };
  const auto single = [](const SupportPoint& v) {
    Simplex s;
    s.v[0] = v;
    s.weight[0] = 1.0;
    s.n = 1;
    return s;
  };
  ShapeDistance out;
  Simplex s = single(vertex(X_WB.translation() - X_WA.translation()));
  out.iterations = 1;
  Vec3 v = s.v[0].w;
  Simplex best = s;  // the simplex of the smallest |v| so far: the upper bound
  double upper = v.norm();
  double lower = 0.0;              // the largest v . w / |v| so far
  Vec3 n_lower = -v.normalized();  // the direction that gave it (Eigen leaves 0 as 0)
  int restarts = 0;
  while (out.iterations < kGjkMaxIterations) {
    if (upper <= kTouching) break;
    const SupportPoint w = vertex(-v);
    ++out.iterations;
    if (const double bound = v.dot(w.w) / v.norm(); bound > lower) {
      lower = bound;
      n_lower = -v / v.norm();
    }
    if (upper - lower <= kGjkRelativeGap * upper) break;
    Simplex next = s;
    const bool repeated = std::any_of(s.v.begin(), s.v.begin() + s.n,
                                      [&](const SupportPoint& u) { return u.w == w.w; });
    if (!repeated) {
      next.v[next.n++] = w;
      if (!reduce(next)) {  // the tetrahedron holds the origin
        upper = 0.0;
        best = next;
        break;
      }
    }
    const Vec3 v_next = next.closest();
    if (repeated || v_next.norm() >= v.norm()) {
      // Rounding in a sliver of a simplex (nearly coincident points, which a curved face
      // produces as GJK closes in) stalls the descent before the bounds meet: start again
      // from the newest support point, which lies close to the answer.
      if (restarts++ == kMaxRestarts) break;
      s = single(w);
      v = w.w;
      continue;
    }
    s = next;
    v = v_next;
    if (v.norm() < upper) {
      upper = v.norm();
      best = s;
    }
  }
  if (upper <= kTouching) {
    out.overlap = true;
    out.simplex = best.v;
    out.simplex_size = best.n;
    return out;
  }
  out.distance = upper;
  out.lower_bound = lower;
  out.n_W = n_lower;
  for (int i = 0; i < best.n; ++i) {
    out.p_WA += best.weight[i] * best.v[i].a;
    out.p_WB += best.weight[i] * best.v[i].b;
  }
  return out;
}

}  // namespace leeway
