#include "leeway/hydro/windage.h"

#include <algorithm>
#include <cmath>

#include "leeway/core/periodic_table.h"

namespace leeway {
namespace {}

Vec6 vrx_windage_wrench(const VrxWindage& m, const Vec3& a) {
  Vec6 F = Vec6::Zero();
  F[dof::u] = m.C_x * a.x() * std::abs(a.x());
  F[dof::v] = m.C_y * a.y() * std::abs(a.y());
  F[dof::r] = -2.0 * m.C_n * a.x() * a.y();
  return F;
}

Eigen::Vector4d windage_coefficients(const WindageTable& t, double g) {
  const PeriodicBracket b = periodic_bracket(t.angle, g);
  auto row = [&](std::size_t i) { return Eigen::Vector4d(t.C_X[i], t.C_Y[i], t.C_K[i], t.C_N[i]); };
  return (1.0 - b.s) * row(b.lo) + b.s * row(b.hi);
}

Vec6 table_windage_wrench(const WindageTable& t, const Vec3& a_B) {
  const double q = 0.5 * t.air_density * (a_B.x() * a_B.x() + a_B.y() * a_B.y());
  if (q == 0.0) return Vec6::Zero();
  const Eigen::Vector4d c = windage_coefficients(t, std::atan2(-a_B.y(), -a_B.x()));
  Vec6 F = Vec6::Zero();
  F[dof::u] = q * t.frontal_area * c[0];
  F[dof::v] = q * t.lateral_area * c[1];
  F[dof::p] = q * t.lateral_area * t.height * c[2];
  F[dof::r] = q * t.lateral_area * t.length * c[3];
  return F;
}

WindageTable blendermann_table(const Blendermann& b, double frontal_area, double lateral_area,
                               double length) {
  WindageTable t;
  t.frontal_area = frontal_area;
  t.lateral_area = lateral_area;
  t.length = length;
  t.height = lateral_area / length;  // Blendermann's mean height H_M; C_K carries s_H / H_M
  for (int deg = -180; deg < 180; ++deg) {
    const double g = deg * kPi / 180.0;
    const double CD_lAF = std::abs(g) <= kPi / 2 ? b.CD_l_bow : b.CD_l_stern;
    const double CD_l = CD_lAF * frontal_area / lateral_area;
    const double s2g = std::sin(2 * g);
    const double den = 1.0 - 0.5 * b.delta * (1.0 - CD_l / b.CD_t) * s2g * s2g;
    const double CY_frd = b.CD_t * std::sin(g) / den;
    t.angle.push_back(g);
    t.C_X.push_back(-CD_lAF * std::cos(g) / den);
    t.C_Y.push_back(-CY_frd);
    t.C_K.push_back(b.kappa * b.s_H / t.height * CY_frd);
    t.C_N.push_back(-(b.s_L / length - 0.18 * (std::abs(g) - kPi / 2)) * CY_frd);
  }
  return t;
}

}  // namespace leeway
