#include "leeway/hydro/shape_added_mass.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace leeway {
namespace {

/// Carlson's R_D(x, y, z) = 3/2 Int_0^inf dt / ((t + z) sqrt((t + x)(t + y)(t + z))), by his
/// duplication theorem (Carlson 1995, Numer. Algorithms 10): each step moves x, y, z a quarter of
/// the way together, and once they agree to 1e-4 the fifth-order Taylor series about their mean
/// is exact to double precision (its error is of order 1e-4^6).
double carlson_rd(double x, double y, double z) {
  double tail = 0.0;  // the sum the duplication steps peel off
  double scale = 1.0;
  for (;;) {
    const double mean = (x + y + 3.0 * z) / 5.0;
    const double X = (mean - x) / mean, Y = (mean - y) / mean, Z = (mean - z) / mean;
    if (std::max({std::abs(X), std::abs(Y), std::abs(Z)}) < 1e-4) {
      const double E2 = X * Y - 6.0 * Z * Z;
      const double E3 = (3.0 * X * Y - 8.0 * Z * Z) * Z;
      const double E4 = 3.0 * (X * Y - Z * Z) * Z * Z;
      const double E5 = X * Y * Z * Z * Z;
      const double series = 1.0 - 3.0 / 14.0 * E2 + E3 / 6.0 + 9.0 / 88.0 * E2 * E2 -
                            3.0 / 22.0 * E4 - 9.0 / 52.0 * E2 * E3 + 3.0 / 26.0 * E5;
      return 3.0 * tail + scale * series / (mean * std::sqrt(mean));
    }
    const double sx = std::sqrt(x), sy = std::sqrt(y), sz = std::sqrt(z);
    const double lambda = sx * sy + sx * sz + sy * sz;
    tail += scale / (sz * (z + lambda));
    scale *= 0.25;
    x = 0.25 * (x + lambda);
    y = 0.25 * (y + lambda);
    z = 0.25 * (z + lambda);
  }
}

/// Lamb's rotational k' about the axis normal to semi-axes p, q, whose coefficients are P, Q:
/// the added moment of inertia over the displaced fluid's rho V (p^2 + q^2) / 5.
double rotational_k(double p, double q, double P, double Q) {
  const double d = p * p - q * q, s = p * p + q * q;
  // A body of revolution about this axis drags no fluid round (0/0 in the formula).
  if (std::abs(d) <= 1e-12 * s) return 0.0;
  return d * d * (Q - P) / (s * (2.0 * d + s * (P - Q)));
}

}  // namespace

Vec3 lamb_coefficients(const Vec3& semi_axes) {
  const double a = semi_axes.x(), b = semi_axes.y(), c = semi_axes.z();
  const double a2 = a * a, b2 = b * b, c2 = c * c;
  const double abc = 2.0 / 3.0 * a * b * c;
  return {abc * carlson_rd(b2, c2, a2), abc * carlson_rd(c2, a2, b2), abc * carlson_rd(a2, b2, c2)};
}

Vec6 ellipsoid_k_factors(const Vec3& semi_axes) {
  const Vec3 L = lamb_coefficients(semi_axes);
  const double a = semi_axes.x(), b = semi_axes.y(), c = semi_axes.z();
  Vec6 k;
  for (int i = 0; i < 3; ++i)
    k[i] = L[i] / (2.0 - L[i]);
  k[3] = rotational_k(b, c, L.y(), L.z());
  k[4] = rotational_k(c, a, L.z(), L.x());
  k[5] = rotational_k(a, b, L.x(), L.y());
  return k;
}

Vec6 ellipsoid_added_mass(double rho, const Vec3& semi_axes) {
  const double a2 = semi_axes.x() * semi_axes.x(), b2 = semi_axes.y() * semi_axes.y(),
               c2 = semi_axes.z() * semi_axes.z();
  const double m = rho * 4.0 / 3.0 * std::numbers::pi * semi_axes.prod();
  Vec6 displaced;
  displaced << m, m, m, m * (b2 + c2) / 5.0, m * (c2 + a2) / 5.0, m * (a2 + b2) / 5.0;
  return ellipsoid_k_factors(semi_axes).cwiseProduct(displaced);
}

Vec6 cylinder_added_mass(double rho, double radius, double length) {
  const double m = rho * std::numbers::pi * radius * radius * length;
  const double I_transverse = m * (length * length / 12.0 + radius * radius / 4.0);
  Vec6 displaced;
  displaced << m, m, m, 0.0, I_transverse, I_transverse;
  return ellipsoid_k_factors({0.5 * length, radius, radius}).cwiseProduct(displaced);
}

}  // namespace leeway
