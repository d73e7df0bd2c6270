#include "leeway/geometry/ray.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace leeway {
namespace {

/// The smallest root t >= 0 of A t^2 + 2 B t + C = 0 within [0, max] for which `accept(t)`
/// holds, by the form without cancellation (Numerical Recipes 5.6).
template <class Accept>
std::optional<double> first_root(double A, double B, double C, double max, Accept accept) {
  double roots[2];
  int n = 0;
  if (std::abs(A) < 1e-300) {
    if (B == 0.0) return std::nullopt;
    roots[n++] = -C / (2.0 * B);
  } else {
    const double disc = B * B - A * C;
    if (disc < 0.0) return std::nullopt;
    const double q = -(B + std::copysign(std::sqrt(disc), B));
    roots[n++] = q / A;
    if (q != 0.0) roots[n++] = C / q;
  }
  if (n == 2 && roots[1] < roots[0]) std::swap(roots[0], roots[1]);
  for (int i = 0; i < n; ++i) {
    if (roots[i] >= 0.0 && roots[i] <= max && accept(roots[i])) return roots[i];
  }
  return std::nullopt;
}

std::optional<RayHit> closer(std::optional<RayHit> a, std::optional<RayHit> b) {
  if (!a) return b;
  if (!b) return a;
  return b->distance < a->distance ? b : a;
}

std::optional<RayHit> sphere_at(double r, double z_centre, const Ray& ray, double max) {
  const Vec3 o = ray.origin - Vec3(0.0, 0.0, z_centre);
  const Vec3& d = ray.direction;
  const double C = o.squaredNorm() - r * r;
  if (C <= 0.0) return std::nullopt;  // inside
  const auto t = first_root(1.0, o.dot(d), C, max, [](double) { return true; });
  if (!t) return std::nullopt;
  return RayHit{*t, (o + *t * d) / r};
}

/// The lateral surface of the cylinder x^2 + y^2 = r^2 with |z| <= h.
std::optional<RayHit> cylinder_side(double r, double h, const Ray& ray, double max) {
  const Vec3& o = ray.origin;
  const Vec3& d = ray.direction;
  const double A = d.x() * d.x() + d.y() * d.y();
  const double C = o.x() * o.x() + o.y() * o.y() - r * r;
  if (C <= 0.0 || A == 0.0) return std::nullopt;  // inside the infinite cylinder, or along it
  const auto t = first_root(A, o.x() * d.x() + o.y() * d.y(), C, max,
                            [&](double t) { return std::abs(o.z() + t * d.z()) <= h; });
  if (!t) return std::nullopt;
  const Vec3 p = o + *t * d;
  return RayHit{*t, Vec3(p.x(), p.y(), 0.0) / r};
}

/// The disc of radius r in the plane z = z0 facing +z (side +1) or -z (side -1).
std::optional<RayHit> disc(double r, double z0, double side, const Ray& ray, double max) {
  const Vec3& o = ray.origin;
  const Vec3& d = ray.direction;
  if (side * (o.z() - z0) <= 0.0 || side * d.z() >= 0.0) return std::nullopt;
  const double t = (z0 - o.z()) / d.z();
  if (t > max) return std::nullopt;
  const Vec3 p = o + t * d;
  if (p.x() * p.x() + p.y() * p.y() > r * r) return std::nullopt;
  return RayHit{t, Vec3(0.0, 0.0, side)};
}

std::optional<RayHit> cast(const Sphere& s, const Ray& ray, double max) {
  return sphere_at(s.radius, 0.0, ray, max);
}

std::optional<RayHit> cast(const Ellipsoid& e, const Ray& ray, double max) {
  const Vec3 inv = e.semi_axes.cwiseInverse();
  const Vec3 o = ray.origin.cwiseProduct(inv), d = ray.direction.cwiseProduct(inv);
  const double C = o.squaredNorm() - 1.0;
  if (C <= 0.0) return std::nullopt;
  const auto t = first_root(d.squaredNorm(), o.dot(d), C, max, [](double) { return true; });
  if (!t) return std::nullopt;
  const Vec3 p = ray.origin + *t * ray.direction;
  return RayHit{*t, p.cwiseProduct(inv).cwiseProduct(inv).normalized()};
}

std::optional<RayHit> cast(const Box& b, const Ray& ray, double max) {
  const Vec3& o = ray.origin;
  const Vec3& d = ray.direction;
  const Vec3& h = b.half_size;
  if ((o.cwiseAbs() - h).maxCoeff() <= 0.0) return std::nullopt;  // inside
  double t_enter = -std::numeric_limits<double>::infinity(), t_exit = max;
  int axis = -1;  // the slab entered last: the face the ray enters through
  for (int i = 0; i < 3; ++i) {
    if (d[i] == 0.0) {
      if (std::abs(o[i]) > h[i]) return std::nullopt;
      continue;
    }
    const double t0 = std::min((-h[i] - o[i]) / d[i], (h[i] - o[i]) / d[i]);
    const double t1 = std::max((-h[i] - o[i]) / d[i], (h[i] - o[i]) / d[i]);
    if (t0 > t_enter) {
      t_enter = t0;
      axis = i;
    }
    t_exit = std::min(t_exit, t1);
  }
  if (axis < 0 || t_enter < 0.0 || t_enter > t_exit) return std::nullopt;
  Vec3 n = Vec3::Zero();
  n[axis] = d[axis] > 0.0 ? -1.0 : 1.0;
  return RayHit{t_enter, n};
}

std::optional<RayHit> cast(const Cylinder& c, const Ray& ray, double max) {
  const Vec3& o = ray.origin;
  const double h = c.half_length, r = c.radius;
  if (std::abs(o.z()) <= h && o.x() * o.x() + o.y() * o.y() <= r * r) return std::nullopt;
  return closer(cylinder_side(r, h, ray, max),
                closer(disc(r, h, 1.0, ray, max), disc(r, -h, -1.0, ray, max)));
}

std::optional<RayHit> cast(const Capsule& c, const Ray& ray, double max) {
  const Vec3& o = ray.origin;
  const double h = c.half_length, r = c.radius;
  const Vec3 nearest_on_axis(0.0, 0.0, std::clamp(o.z(), -h, h));
  if ((o - nearest_on_axis).squaredNorm() <= r * r) return std::nullopt;
  // The first entry into a union, from outside every part, is the first entry into any part.
  return closer(cylinder_side(r, h, ray, max),
                closer(sphere_at(r, h, ray, max), sphere_at(r, -h, ray, max)));
}

std::optional<RayHit> cast(const Cone& c, const Ray& ray, double max) {
  const Vec3& o = ray.origin;
  const Vec3& d = ray.direction;
  const double h = c.half_length, k2 = std::pow(c.radius / (2.0 * h), 2);
  const double w0 = h - o.z();  // height below the apex
  if (std::abs(o.z()) <= h && o.x() * o.x() + o.y() * o.y() <= k2 * w0 * w0) return std::nullopt;
  // x^2 + y^2 = k^2 (h - z)^2 on the nappe below the apex, |z| <= h.
  const auto t = first_root(d.x() * d.x() + d.y() * d.y() - k2 * d.z() * d.z(),
                            o.x() * d.x() + o.y() * d.y() + k2 * w0 * d.z(),
                            o.x() * o.x() + o.y() * o.y() - k2 * w0 * w0, max,
                            [&](double t) { return std::abs(o.z() + t * d.z()) <= h; });
  std::optional<RayHit> side;
  if (t) {
    const Vec3 p = o + *t * d;
    side = RayHit{*t, Vec3(p.x(), p.y(), k2 * (h - p.z())).normalized()};
  }
  return closer(side, disc(c.radius, -h, -1.0, ray, max));
}

}  // namespace

std::optional<RayHit> ray_cast(const ConvexShape& shape, const Ray& ray_S, double max_distance) {
  return std::visit([&](const auto& s) { return cast(s, ray_S, max_distance); }, shape);
}

std::optional<RayHit> ray_cast_plane(const Vec3& n, double c, const Ray& ray, double max_distance) {
  const double along = n.dot(ray.direction);
  if (along >= 0.0) return std::nullopt;
  const double t = (c - n.dot(ray.origin)) / along;
  if (t < 0.0 || t > max_distance) return std::nullopt;
  return RayHit{t, n};
}

std::optional<RayHit> ray_cast_triangle(const Vec3& a, const Vec3& b, const Vec3& c, const Ray& ray,
                                        double max_distance) {
  const Vec3 e1 = b - a, e2 = c - a;
  const Vec3 p = ray.direction.cross(e2);
  const double det = e1.dot(p);  // -d . (e1 x e2): positive from the front
  if (!(det > 1e-300)) return std::nullopt;
  const Vec3 s = ray.origin - a;
  const double u = s.dot(p) / det;
  if (u < 0.0 || u > 1.0) return std::nullopt;
  const Vec3 q = s.cross(e1);
  const double v = ray.direction.dot(q) / det;
  if (v < 0.0 || u + v > 1.0) return std::nullopt;
  const double t = e2.dot(q) / det;
  if (t < 0.0 || t > max_distance) return std::nullopt;
  return RayHit{t, e1.cross(e2).normalized()};
}

}  // namespace leeway
