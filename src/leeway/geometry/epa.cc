#include "leeway/geometry/epa.h"

#include <array>
#include <cmath>
#include <numbers>
#include <utility>

namespace leeway {
namespace {

constexpr int kMaxIterations = 128;
constexpr int kMaxPoints = 4 + kMaxIterations;
constexpr int kMaxFaces = 512;
constexpr double kAbsoluteGap = 1e-9;  // [m]
constexpr double kRelativeGap = 1e-6;

// No default member initializers here: the polytope's storage is left uninitialised, as every
// entry is written before it is read.
struct Face {
  std::array<int, 3> v;
  Vec3 n;           // outward unit normal
  double distance;  // of its plane from the origin
};
struct Point {
  Vec3 w, a, b;  // as SupportPoint
};
struct Edge {
  int from, to;
};

/// The polytope, in fixed storage (about 35 kB, on the stack) so that a contact query allocates
/// nothing.
struct Polytope {
  std::array<Point, kMaxPoints> points;
  int point_count = 0;
  std::array<Face, kMaxFaces> faces;
  int face_count = 0;
  Vec3 inside = Vec3::Zero();  // a point inside the polytope, which orients every face

  int add_point(const SupportPoint& p) {
    points[static_cast<std::size_t>(point_count)] = {p.w, p.a, p.b};
    return point_count++;
  }
  /// Adds face (i, j, k), turned so that its normal points away from `inside`; false for a
  /// face without area.
  bool add_face(int i, int j, int k) {
    const Vec3 &a = points[static_cast<std::size_t>(i)].w,
               &b = points[static_cast<std::size_t>(j)].w,
               &c = points[static_cast<std::size_t>(k)].w;
    Vec3 n = (b - a).cross(c - a);
    const double area2 = n.norm();
    if (!(area2 > 1e-300)) return false;
    n /= area2;
    Face f;
    f.v = {i, j, k};
    if (n.dot(inside - a) > 0.0) {
      n = -n;
      std::swap(f.v[1], f.v[2]);
    }
    f.n = n;
    f.distance = n.dot(a);
    faces[static_cast<std::size_t>(face_count++)] = f;
    return true;
  }
  const Vec3& w(int i) const { return points[static_cast<std::size_t>(i)].w; }
};

/// Six times the signed volume of the tetrahedron (a, b, c, d).
double volume6(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
  return (b - a).dot((c - a).cross(d - a));
}

/// Grows GJK's simplex (1 to 4 points, the origin in it or on it) to a tetrahedron with volume
/// that holds the origin, from support points across the simplex. False when it cannot: the
/// origin is then on D's boundary (a support point GJK found is at the origin).
template <typename Support>
bool initial_tetrahedron(const ShapeDistance& overlap, const Support& support,
                         std::array<SupportPoint, 4>& tet) {
  int n = overlap.simplex_size;
  for (int i = 0; i < n; ++i)
    tet[static_cast<std::size_t>(i)] = overlap.simplex[static_cast<std::size_t>(i)];
  const auto scale = [&] {
    double s = 0.0;
    for (int i = 0; i < n; ++i)
      s = std::max(s, tet[static_cast<std::size_t>(i)].w.norm());
    return std::max(s, 1e-12);
  };
  if (n == 1) {
    if (tet[0].w.norm() <= 1e-12) return false;  // a support point at the origin: touching
    for (int k = 0; k < 6; ++k) {
      const SupportPoint p = support((k < 3 ? 1.0 : -1.0) * Vec3::Unit(k % 3));
      if ((p.w - tet[0].w).norm() > 1e-9 * scale()) {
        tet[1] = p;
        n = 2;
        break;
      }
    }
  }
  if (n == 2) {
    const Vec3 u = (tet[1].w - tet[0].w).normalized();
    int least = 0;
    for (int k = 1; k < 3; ++k)
      if (std::abs(u[k]) < std::abs(u[least])) least = k;
    const Vec3 d0 = u.cross(Vec3::Unit(least)).normalized();
    for (int k = 0; k < 6 && n == 2; ++k) {
      const Vec3 d = Eigen::AngleAxisd(k * std::numbers::pi / 3.0, u) * d0;
      const SupportPoint p = support(d);
      const Vec3 off = p.w - tet[0].w;
      if ((off - off.dot(u) * u).norm() > 1e-9 * scale()) {
        tet[2] = p;
        n = 3;
      }
    }
  }
  if (n == 3) {
    const Vec3 normal = (tet[1].w - tet[0].w).cross(tet[2].w - tet[0].w);
    // Towards the origin's side of the triangle's plane first.
    const double side = -normal.dot(tet[0].w);
    for (const double sign : {side >= 0.0 ? 1.0 : -1.0, side >= 0.0 ? -1.0 : 1.0}) {
      const SupportPoint p = support(sign * normal);
      if (std::abs(volume6(tet[0].w, tet[1].w, tet[2].w, p.w)) > 1e-12 * std::pow(scale(), 3)) {
        tet[3] = p;
        n = 4;
        break;
      }
    }
  }
  if (n < 4) return false;
  const Vec3 &a = tet[0].w, &b = tet[1].w, &c = tet[2].w, &d = tet[3].w;
  const double v = volume6(a, b, c, d);
  if (std::abs(v) <= 1e-15 * std::pow(scale(), 3)) return false;
  // The origin must not lie outside any face: its barycentric weights (volumes with the origin
  // for one vertex, over the whole) all >= 0, within rounding.
  const Vec3 o = Vec3::Zero();
  const double least = -1e-12 * std::abs(v);
  for (const double part :
       {volume6(o, b, c, d), volume6(a, o, c, d), volume6(a, b, o, d), volume6(a, b, c, o)}) {
    if (part * (v > 0.0 ? 1.0 : -1.0) < least) return false;
  }
  return true;
}

/// Barycentric weights of p in triangle (a, b, c), p in its plane.
Vec3 barycentric(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 v0 = b - a, v1 = c - a, v2 = p - a;
  const double d00 = v0.dot(v0), d01 = v0.dot(v1), d11 = v1.dot(v1);
  const double d20 = v2.dot(v0), d21 = v2.dot(v1);
  const double den = d00 * d11 - d01 * d01;
  if (!(den > 0.0)) return Vec3(1.0, 0.0, 0.0);
  const double v = (d11 * d20 - d01 * d21) / den, w = (d00 * d21 - d01 * d20) / den;
  return Vec3(1.0 - v - w, v, w);
}

}  // namespace

ShapePenetration shape_penetration(const ConvexShape& a, const Eigen::Isometry3d& X_WA,
                                   const ConvexShape& b, const Eigen::Isometry3d& X_WB,
                                   const ShapeDistance& overlap) {
  ShapePenetration out;
  const auto support = [&](const Vec3& d_W) {
    ++out.iterations;
    return minkowski_support(a, X_WA, b, X_WB, d_W);
  };
  std::array<SupportPoint, 4> tet;
  if (!initial_tetrahedron(overlap, support, tet)) {
    // Touching on D's boundary: no depth. The witnesses are GJK's nearest support point.
    const SupportPoint& p = overlap.simplex[0];
    out.p_WA = p.a;
    out.p_WB = p.b;
    const Vec3 between = X_WB.translation() - X_WA.translation();
    if (between.norm() > 0.0) out.n_W = between.normalized();
    out.converged = true;
    return out;
  }
  Polytope poly;
  for (const SupportPoint& p : tet)
    poly.add_point(p);
  poly.inside = (tet[0].w + tet[1].w + tet[2].w + tet[3].w) / 4.0;
  poly.add_face(0, 1, 2);
  poly.add_face(0, 1, 3);
  poly.add_face(0, 2, 3);
  poly.add_face(1, 2, 3);

  std::array<Edge, 3 * kMaxFaces> horizon;
  const auto nearest_face = [&] {
    Face nearest = poly.faces[0];
    for (int f = 1; f < poly.face_count; ++f) {
      if (poly.faces[static_cast<std::size_t>(f)].distance < nearest.distance)
        nearest = poly.faces[static_cast<std::size_t>(f)];
    }
    return nearest;
  };
  while (poly.point_count < kMaxPoints) {
    const Face face = nearest_face();
    const SupportPoint p = support(face.n);
    const double reach = face.n.dot(p.w);
    if (reach - face.distance <= kAbsoluteGap + kRelativeGap * std::abs(reach)) {
      out.converged = true;
      break;
    }
    // Every face that sees the new point goes; the edges they do not share form the horizon.
    const auto sees = [&](const Face& g) {
      return g.n.dot(p.w - poly.w(g.v[0])) > 1e-12 * std::abs(reach);
    };
    int edges = 0, kept = 0;
    for (int f = 0; f < poly.face_count; ++f) {
      const Face& g = poly.faces[static_cast<std::size_t>(f)];
      if (!sees(g)) {
        ++kept;
        continue;
      }
      for (int e = 0; e < 3; ++e) {
        const Edge edge{g.v[static_cast<std::size_t>(e)],
                        g.v[static_cast<std::size_t>((e + 1) % 3)]};
        bool shared = false;
        for (int h = 0; h < edges; ++h) {
          const Edge& other = horizon[static_cast<std::size_t>(h)];
          if (other.from == edge.to && other.to == edge.from) {
            horizon[static_cast<std::size_t>(h)] = horizon[static_cast<std::size_t>(--edges)];
            shared = true;
            break;
          }
        }
        if (!shared) horizon[static_cast<std::size_t>(edges++)] = edge;
      }
    }
    if (kept + edges > kMaxFaces) break;  // out of room: the polytope as it stands
    kept = 0;
    for (int f = 0; f < poly.face_count; ++f) {
      const Face& g = poly.faces[static_cast<std::size_t>(f)];
      if (!sees(g)) poly.faces[static_cast<std::size_t>(kept++)] = g;
    }
    poly.face_count = kept;
    const int new_point = poly.add_point(p);
    for (int h = 0; h < edges; ++h)
      poly.add_face(horizon[static_cast<std::size_t>(h)].from,
                    horizon[static_cast<std::size_t>(h)].to, new_point);
  }
  const Face face = nearest_face();
  out.depth = std::max(face.distance, 0.0);
  out.n_W = face.n;
  const Point &p0 = poly.points[static_cast<std::size_t>(face.v[0])],
              &p1 = poly.points[static_cast<std::size_t>(face.v[1])],
              &p2 = poly.points[static_cast<std::size_t>(face.v[2])];
  const Vec3 lambda = barycentric(face.distance * face.n, p0.w, p1.w, p2.w);
  out.p_WA = lambda[0] * p0.a + lambda[1] * p1.a + lambda[2] * p2.a;
  out.p_WB = lambda[0] * p0.b + lambda[1] * p1.b + lambda[2] * p2.b;
  return out;
}

}  // namespace leeway
