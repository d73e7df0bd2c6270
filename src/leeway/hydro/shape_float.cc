#include "leeway/hydro/shape_float.h"

#include <Eigen/Eigenvalues>
#include <algorithm>

namespace leeway {
namespace {}

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
    case ShapeKind::kCone:
      return kPi * s.radius * s.radius * s.length / 3.0;
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
    case ShapeKind::kCone:
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
    case ShapeKind::kCone:
      return immersed_cone(s.radius, s.length, plane);
  }
  return {};
}

namespace {

/// Half the extent of the shape's bounding box along its own axes.
Vec3 half_extent(const FloatShape& s) {
  switch (s.kind) {
    case ShapeKind::kBox:
      return s.size / 2.0;
    case ShapeKind::kSphere:
      return Vec3::Constant(s.radius);
    case ShapeKind::kCylinder:
      return {s.radius, s.radius, s.length / 2.0};
    case ShapeKind::kEllipsoid:
      return s.size;
    case ShapeKind::kCapsule:
      return {s.radius, s.radius, s.length / 2.0 + s.radius};
    case ShapeKind::kCone:
      return {s.radius, s.radius, s.length / 2.0};
  }
  return Vec3::Zero();
}

double largest_eigenvalue(const Mat3& A) {
  return Eigen::SelfAdjointEigenSolver<Mat3>(0.5 * (A + A.transpose()), Eigen::EigenvaluesOnly)
      .eigenvalues()
      .maxCoeff();
}

}  // namespace

double shape_float_drag_rate(const ShapeFloat& f, const Mat6& M_inv) {
  // The drag at point r is c m (v_water - v - w x r): a velocity map J(r) = [I, -skew(r)] and
  // D = c m J^T J, whose M^-1 D has the largest eigenvalue c m lambda_max(J M^-1 J^T).
  const Vec3 e = half_extent(f.shape);
  double worst = 0.0;
  for (int corner = 0; corner < 8; ++corner) {
    const Vec3 p_SC((corner & 1 ? 1 : -1) * e.x(), (corner & 2 ? 1 : -1) * e.y(),
                    (corner & 4 ? 1 : -1) * e.z());
    Eigen::Matrix<double, 3, 6> J;
    J << Mat3::Identity(), -skew(f.X_BS * p_SC);
    worst = std::max(worst, largest_eigenvalue(J * M_inv * J.transpose()));
  }
  const double L = average_length(f.shape);
  return f.linear_drag * f.link_mass * worst +
         f.angular_drag * f.link_mass * L * L * largest_eigenvalue(M_inv.bottomRightCorner<3, 3>());
}

Vec6 shape_float_wrench(const ShapeFloat& f, double volume, const Vec3& p_BoC, const Vec3& up_B,
                        const Vec3& v_rel_B, const Vec3& w_B, double fluid_density,
                        double gravity) {
  if (volume <= 0.0) return Vec6::Zero();
  const double m_p = f.link_mass * volume / shape_volume(f.shape);
  Vec3 force = fluid_density * gravity * volume * up_B + f.linear_drag * m_p * v_rel_B;
  // VRX keeps the drag from pulling a float down; a negative density (a graded-buoyancy layer
  // lighter than the one below it, shape_float.h) pulls down by right.
  const double upward = force.dot(up_B);
  if (upward < 0.0 && fluid_density > 0.0) force -= upward * up_B;
  const double L = average_length(f.shape);
  const Vec3 torque = -m_p * f.angular_drag * L * L * w_B;
  return stack(force, p_BoC.cross(force) + torque);
}

}  // namespace leeway
