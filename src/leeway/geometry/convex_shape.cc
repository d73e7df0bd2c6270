#include "leeway/geometry/convex_shape.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "leeway/core/overloaded.h"

namespace leeway {
namespace {

double sign(double x) {
  return x < 0.0 ? -1.0 : 1.0;
}

/// r d/|d|, or a point of the sphere when d is zero.
Vec3 sphere_support(double r, const Vec3& d) {
  const double n = d.norm();
  return n > 0.0 ? Vec3(r / n * d) : Vec3(r, 0.0, 0.0);
}

}  // namespace

Vec3 support(const ConvexShape& shape, const Vec3& d) {
  return std::visit(
      Overloaded{
          [&](const Sphere& s) { return sphere_support(s.radius, d); },
          [&](const Box& b) {
            return Vec3(sign(d.x()) * b.half_size.x(), sign(d.y()) * b.half_size.y(),
                        sign(d.z()) * b.half_size.z());
          },
          [&](const Cylinder& c) {
            const double radial = std::hypot(d.x(), d.y());
            const double k = radial > 0.0 ? c.radius / radial : 0.0;
            return Vec3(k * d.x(), k * d.y(), sign(d.z()) * c.half_length);
          },
          [&](const Capsule& c) {
            return Vec3(sphere_support(c.radius, d) + Vec3(0.0, 0.0, sign(d.z()) * c.half_length));
          },
          [&](const Ellipsoid& e) {
            const Vec3 Ad = e.semi_axes.cwiseProduct(d);
            const double n = Ad.norm();
            if (n == 0.0) return Vec3(e.semi_axes.x(), 0.0, 0.0);
            return Vec3(e.semi_axes.cwiseProduct(Ad) / n);
          },
          [&](const Cone& c) {
            const Vec3 apex(0.0, 0.0, c.half_length);
            const double radial = std::hypot(d.x(), d.y());
            const double k = radial > 0.0 ? c.radius / radial : 0.0;
            const Vec3 rim(k * d.x(), k * d.y(), -c.half_length);
            return d.dot(apex) >= d.dot(rim) ? apex : rim;
          },
      },
      shape);
}

double bounding_radius(const ConvexShape& shape) {
  return std::visit(Overloaded{
                        [](const Sphere& s) { return s.radius; },
                        [](const Box& b) { return b.half_size.norm(); },
                        [](const Cylinder& c) { return std::hypot(c.radius, c.half_length); },
                        [](const Capsule& c) { return c.radius + c.half_length; },
                        [](const Ellipsoid& e) { return e.semi_axes.maxCoeff(); },
                        [](const Cone& c) {
                          return std::max(c.half_length, std::hypot(c.radius, c.half_length));
                        },
                    },
                    shape);
}

double volume(const ConvexShape& shape) {
  constexpr double pi = std::numbers::pi;
  return std::visit(
      Overloaded{
          [](const Sphere& s) { return 4.0 / 3.0 * pi * std::pow(s.radius, 3); },
          [](const Box& b) { return 8.0 * b.half_size.prod(); },
          [](const Cylinder& c) { return 2.0 * pi * c.radius * c.radius * c.half_length; },
          [](const Capsule& c) {
            return 2.0 * pi * c.radius * c.radius * c.half_length +
                   4.0 / 3.0 * pi * std::pow(c.radius, 3);
          },
          [](const Ellipsoid& e) { return 4.0 / 3.0 * pi * e.semi_axes.prod(); },
          [](const Cone& c) { return 2.0 / 3.0 * pi * c.radius * c.radius * c.half_length; },
      },
      shape);
}

Vec3 centroid(const ConvexShape& shape) {
  if (const Cone* c = std::get_if<Cone>(&shape)) return Vec3(0.0, 0.0, -0.5 * c->half_length);
  return Vec3::Zero();
}

}  // namespace leeway
