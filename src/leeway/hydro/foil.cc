#include "leeway/hydro/foil.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "leeway/core/overloaded.h"
#include "leeway/core/periodic_table.h"

namespace leeway {
namespace {

constexpr double kPi = std::numbers::pi;

FoilCoefficientValues table(const TableFoil& t, double alpha) {
  const PeriodicBracket b = periodic_bracket(t.alpha, alpha);
  const auto mix = [&](const std::vector<double>& c) {
    return (1 - b.s) * c[b.lo] + b.s * c[b.hi];
  };
  return {mix(t.C_L), mix(t.C_D), mix(t.C_M)};
}

FoilCoefficientValues two_lines(const TwoLinesFoil& f, double alpha) {
  // Fitted for flow onto the leading edge; flow onto the trailing edge mirrors it (a foil
  // backwards is a foil with alpha - pi), so alpha' is brought into [-pi/2, pi/2].
  double a = std::remainder(alpha + f.a0, 2 * kPi);
  double lift_sign = 1.0;
  if (a > kPi / 2) {
    a = kPi - a;
    lift_sign = -1.0;
  } else if (a < -kPi / 2) {
    a = -kPi - a;
    lift_sign = -1.0;
  }
  const double m = std::abs(a), sign = std::copysign(1.0, a);
  const double past = std::max(0.0, m - f.alpha_stall), before = std::min(m, f.alpha_stall);
  const double C_L = sign * (f.cla * before + f.cla_stall * past);
  const double C_D = std::abs(f.cda * before + f.cda_stall * past);
  return {lift_sign * C_L, C_D, 0.0};
}

}  // namespace

FoilCoefficientValues foil_coefficients(const FoilCoefficients& law, double alpha) {
  return std::visit(Overloaded{[&](const FlatPlateFoil& f) {
                                 return FoilCoefficientValues{f.lift * std::sin(2 * alpha),
                                                              f.drag * (1 - std::cos(2 * alpha)),
                                                              0.0};
                               },
                               [&](const TableFoil& t) { return table(t, alpha); },
                               [&](const TwoLinesFoil& f) { return two_lines(f, alpha); }},
                    law);
}

FoilLoad foil_load(const Foil& foil, double delta, const Vec3& v_B, double rho) {
  FoilLoad load;
  const Vec3& s = foil.span_B;
  const Vec3 c = Eigen::AngleAxisd(delta, s) * foil.chord_B;
  const Vec3 n = s.cross(c);
  const Vec3 v_p = v_B - v_B.dot(s) * s;
  load.speed = v_p.norm();
  if (load.speed == 0.0) return load;
  const Vec3 d = v_p / load.speed;
  load.alpha = std::atan2(-d.dot(n), -d.dot(c));
  const FoilCoefficientValues k = foil_coefficients(foil.coefficients, load.alpha);
  const double qA = 0.5 * rho * load.speed * load.speed * foil.area;
  load.f_B = qA * (k.C_D * d + k.C_L * s.cross(d));
  load.m_P_B = qA * foil.chord * k.C_M * s;
  return load;
}

Vec6 foil_wrench(const Foil& foil, const FoilLoad& load) {
  return stack(load.f_B, foil.p_BoP_B.cross(load.f_B) + load.m_P_B);
}

}  // namespace leeway
