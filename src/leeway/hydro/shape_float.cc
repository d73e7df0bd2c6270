#include "leeway/hydro/shape_float.h"

#include <numbers>

namespace leeway {
namespace {
constexpr double kPi = std::numbers::pi;
}

double shape_volume(const FloatShape& s) {
  switch (s.kind) {
    case ShapeKind::kBox:
      return s.size.prod();
    case ShapeKind::kSphere:
      return 4.0 / 3.0 * kPi * s.radius * s.radius * s.radius;
    case ShapeKind::kCylinder:
      return kPi * s.radius * s.radius * s.length;
    case ShapeKind::kEllipsoid:
      return 4.0 / 3.0 * kPi * s.size.prod();
    case ShapeKind::kCapsule:
      return kPi * s.radius * s.radius * (s.length + 4.0 / 3.0 * s.radius);
  }
  return 0.0;
}

double average_length(const FloatShape& s) {
  switch (s.kind) {
    case ShapeKind::kBox:
      return s.size.sum() / 3.0;
    case ShapeKind::kSphere:
      return 2.0 * s.radius;
    case ShapeKind::kCylinder:
    case ShapeKind::kCapsule:
      return (2.0 * s.radius + s.length) / 2.0;
    case ShapeKind::kEllipsoid:
      return 2.0 * s.size.sum() / 3.0;
  }
  return 0.0;
}

Immersion immersed(const FloatShape& s, const WaterPlane& plane) {
  switch (s.kind) {
    case ShapeKind::kBox:
      return immersed_box(s.size, plane);
    case ShapeKind::kSphere:
      return immersed_sphere(s.radius, plane);
    case ShapeKind::kCylinder:
      return immersed_cylinder(s.radius, s.length, plane);
    case ShapeKind::kEllipsoid:
      return immersed_ellipsoid(s.size, plane);
    case ShapeKind::kCapsule:
      return immersed_capsule(s.radius, s.length, plane);
  }
  return {};
}

Vec6 shape_float_wrench(const ShapeFloat& f, double volume, const Vec3& p_BoC, const Vec3& up_B,
                        const Vec3& v_rel_B, const Vec3& w_B, double fluid_density,
                        double gravity) {
  if (volume <= 0.0) return Vec6::Zero();
  const double m_p = f.link_mass * volume / shape_volume(f.shape);
  Vec3 force = fluid_density * gravity * volume * up_B + f.linear_drag * m_p * v_rel_B;
  const double upward = force.dot(up_B);
  if (upward < 0.0) force -= upward * up_B;
  const double L = average_length(f.shape);
  const Vec3 torque = -m_p * f.angular_drag * L * L * w_B;
  return stack(force, p_BoC.cross(force) + torque);
}

}  // namespace leeway
