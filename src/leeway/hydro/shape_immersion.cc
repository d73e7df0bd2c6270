#include "leeway/hydro/shape_immersion.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "leeway/geometry/mesh_shapes.h"
#include "leeway/hydro/hull_pressure.h"

namespace leeway {
namespace {

Immersion unit_sphere_cap(const Vec3& n, double h) {
  const double t = std::clamp(h + 1.0, 0.0, 2.0);
  Immersion out;
  out.volume = kPi * t * t * (3.0 - t) / 3.0;
  if (out.volume > 0.0) out.centroid = -n * (3.0 * (2.0 - t) * (2.0 - t) / (4.0 * (3.0 - t)));
  return out;
}

/// Gauss-Legendre nodes and weights on [0, 1], computed once by Newton's method on P_n.
struct GaussLegendre {
  static constexpr int kPoints = 20;
  std::array<double, kPoints> t{}, w{};
  GaussLegendre() {
    for (int i = 0; i < kPoints; ++i) {
      double x = std::cos(kPi * (i + 0.75) / (kPoints + 0.5));
      double dp = 0.0;
      for (int iteration = 0; iteration < 100; ++iteration) {
        double p0 = 1.0, p1 = x;
        for (int k = 2; k <= kPoints; ++k) {
          const double p2 = ((2.0 * k - 1.0) * x * p1 - (k - 1.0) * p0) / k;
          p0 = p1;
          p1 = p2;
        }
        dp = kPoints * (x * p1 - p0) / (x * x - 1.0);
        const double step = p1 / dp;
        x -= step;
        if (std::abs(step) < 1e-16) break;
      }
      t[i] = 0.5 * (1.0 + x);
      w[i] = 1.0 / ((1.0 - x * x) * dp * dp);  // 2 / ((1 - x^2) P'^2), halved for [0, 1]
    }
  }
};

/// A solid of revolution about z, cut by n_a s + n_p y <= h (s along z, y across it).
class RevolutionCut {
 public:
  explicit RevolutionCut(const WaterPlane& plane)
      : n_a_(plane.n.z()), n_p_(plane.n.head<2>().norm()), h_(plane.h) {}

  /// The radius of the slices between s0 and s1: constant, of a sphere centred at s = c, or of a
  /// cone with its apex at s = c (the radius given at its other end).
  enum class Profile { kConstant, kSphere, kCone };

  /// Adds the slices s0 <= s <= s1 of the given profile.
  void add(double s0, double s1, double radius, Profile profile = Profile::kConstant,
           double c = 0.0) {
    std::vector<double> cuts{s0, s1};
    double k = 0.0;  // a cone's radius per unit length from its apex
    if (profile == Profile::kSphere) {
      // Where the chord is tangent to the slice: (h - n_a s)^2 = n_p^2 (r^2 - (s - c)^2).
      const double b = h_ * n_a_ + n_p_ * n_p_ * c;
      const double disc = b * b - (h_ * h_ - n_p_ * n_p_ * (radius * radius - c * c));
      if (disc >= 0.0) {
        cuts.push_back(b - std::sqrt(disc));
        cuts.push_back(b + std::sqrt(disc));
      }
    } else if (profile == Profile::kCone) {
      // h - n_a s = +-n_p rho(s), rho(s) = k (c - s) with k = radius / |c - base|: linear in s.
      const double base = std::abs(c - s0) > std::abs(c - s1) ? s0 : s1;
      k = radius / std::abs(c - base);
      for (const double sign : {1.0, -1.0}) {
        const double slope = n_a_ - sign * n_p_ * k * (c > base ? 1.0 : -1.0);
        if (slope != 0.0) {
          cuts.push_back((h_ - sign * n_p_ * k * (c > base ? c : -c)) / slope);
        }
      }
    } else if (n_a_ != 0.0) {
      cuts.push_back((h_ - n_p_ * radius) / n_a_);
      cuts.push_back((h_ + n_p_ * radius) / n_a_);
    }
    std::sort(cuts.begin(), cuts.end());
    for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
      const double a = std::max(cuts[i], s0), b = std::min(cuts[i + 1], s1);
      if (b > a) add_piece(a, b, radius, profile, c, k);
    }
  }

  /// Volume and axial centroid; the cross moment (along the plane's tilt) is left to finish().
  Immersion result() const {
    Immersion out;
    out.volume = volume_;
    if (volume_ > 0.0) out.centroid.z() = axial_moment_ / volume_;
    return out;
  }

  double cross_moment() const { return cross_moment_; }

 private:
  void add_piece(double s0, double s1, double radius, Profile profile, double c, double k) {
    static const GaussLegendre gl;
    for (int i = 0; i < GaussLegendre::kPoints; ++i) {
      const double t = gl.t[i];
      const double s = s0 + (s1 - s0) * t * t * (3.0 - 2.0 * t);
      const double ds = (s1 - s0) * 6.0 * t * (1.0 - t) * gl.w[i];
      double rho = radius;
      if (profile == Profile::kSphere) {
        rho = std::sqrt(std::max(0.0, radius * radius - (s - c) * (s - c)));
      } else if (profile == Profile::kCone) {
        rho = k * std::abs(c - s);
      }
      double area, moment;  // wet area of the slice and its first moment along the plane's tilt
      if (n_p_ * rho <= 1e-300) {
        area = n_a_ * s <= h_ ? kPi * rho * rho : 0.0;
        moment = 0.0;
      } else {
        const double x = std::clamp((h_ - n_a_ * s) / (n_p_ * rho), -1.0, 1.0);
        const double root = std::sqrt(1.0 - x * x);
        area = rho * rho * (0.5 * kPi + std::asin(x) + x * root);
        moment = -2.0 / 3.0 * rho * rho * rho * root * root * root;
      }
      volume_ += area * ds;
      axial_moment_ += s * area * ds;
      cross_moment_ += moment * ds;
    }
  }

  double n_a_, n_p_, h_;
  double volume_ = 0.0, axial_moment_ = 0.0, cross_moment_ = 0.0;
};

/// The result of a RevolutionCut with the cross moment put along the plane's tilt direction.
Immersion finish(const RevolutionCut& cut, const WaterPlane& plane) {
  Immersion out = cut.result();
  const double n_p = plane.n.head<2>().norm();
  if (out.volume > 0.0 && n_p > 0.0) {
    out.centroid.head<2>() = plane.n.head<2>() / n_p * (cut.cross_moment() / out.volume);
  }
  return out;
}

}  // namespace

Immersion immersed_sphere(double radius, const WaterPlane& plane) {
  Immersion unit = unit_sphere_cap(plane.n, plane.h / radius);
  return {unit.volume * radius * radius * radius, unit.centroid * radius};
}

Immersion immersed_ellipsoid(const Vec3& semi_axes, const WaterPlane& plane) {
  const Vec3 Dn = semi_axes.cwiseProduct(plane.n);
  const double scale = Dn.norm();
  const Immersion unit = unit_sphere_cap(Dn / scale, plane.h / scale);
  return {unit.volume * semi_axes.prod(), semi_axes.cwiseProduct(unit.centroid)};
}

Immersion immersed_box(const Vec3& size, const WaterPlane& plane) {
  // In axes where the surface is horizontal the hull integrals give the water column directly.
  const HullMesh box = box_mesh(size);
  const Mat3 R = Quat::FromTwoVectors(plane.n, Vec3::UnitZ()).toRotationMatrix();
  std::vector<double> d(box.p_BoV.size());
  for (std::size_t i = 0; i < d.size(); ++i)
    d[i] = plane.h - plane.n.dot(box.p_BoV[i]);
  const HullPressure wet = integrate_hull_pressure(box, R, d, d);
  return {wet.volume, R.transpose() * wet.p_BoCb_W};
}

Immersion immersed_cylinder(double radius, double length, const WaterPlane& plane) {
  RevolutionCut cut(plane);
  cut.add(-0.5 * length, 0.5 * length, radius);
  return finish(cut, plane);
}

Immersion immersed_cone(double radius, double length, const WaterPlane& plane) {
  RevolutionCut cut(plane);
  cut.add(-0.5 * length, 0.5 * length, radius, RevolutionCut::Profile::kCone, 0.5 * length);
  return finish(cut, plane);
}

Immersion immersed_capsule(double radius, double length, const WaterPlane& plane) {
  RevolutionCut cut(plane);
  const double top = 0.5 * length, bottom = -0.5 * length;
  cut.add(bottom, top, radius);
  cut.add(top, top + radius, radius, RevolutionCut::Profile::kSphere, top);
  cut.add(bottom - radius, bottom, radius, RevolutionCut::Profile::kSphere, bottom);
  return finish(cut, plane);
}

}  // namespace leeway
