#include "leeway/hydro/foil.h"

#include <algorithm>
#include <cmath>

#include "leeway/core/overloaded.h"
#include "leeway/core/periodic_table.h"
#include "leeway/core/rotation.h"

namespace leeway {
namespace {

FoilCoefficientValues table(const TableFoil& t, double alpha) {
  const PeriodicBracket b = periodic_bracket(t.alpha, alpha);
  const auto mix = [&](const std::vector<double>& c) {
    return (1 - b.s) * c[b.lo] + b.s * c[b.hi];
  };
  return {mix(t.C_L), mix(t.C_D), mix(t.C_M)};
}

/// A law fitted for flow onto the leading edge: flow onto the trailing edge mirrors it (a foil
/// backwards is a foil at alpha - pi), so the angle is brought into [-pi/2, pi/2] and the lift
/// changes sign.
struct LeadingEdgeAngle {
  double a;
  double lift_sign;
};
LeadingEdgeAngle leading_edge_angle(double alpha) {
  const double a = wrap_angle(alpha);
  if (a > kPi / 2) return {kPi - a, -1.0};
  if (a < -kPi / 2) return {-kPi - a, -1.0};
  return {a, 1.0};
}

FoilCoefficientValues two_lines(const TwoLinesFoil& f, double alpha) {
  const auto [a, lift_sign] = leading_edge_angle(alpha + f.a0);
  const double m = std::abs(a), sign = std::copysign(1.0, a);
  const double past = std::max(0.0, m - f.alpha_stall), before = std::min(m, f.alpha_stall);
  const double C_L = sign * (f.cla * before + f.cla_stall * past);
  const double C_D = std::abs(f.cda * before + f.cda_stall * past);
  return {lift_sign * C_L, C_D, 0.0};
}

FoilCoefficientValues quadratic(const QuadraticFoil& f, double alpha) {
  const auto [a, lift_sign] = leading_edge_angle(alpha);
  return {lift_sign * f.lift_constant * a, f.drag_constant * a * a, 0.0};
}

FoilCoefficientValues wing(const WingFoil& w, double alpha) {
  const double a = wrap_angle(alpha);
  // Written with two logistic factors so that no exponential overflows into inf / inf.
  const double attached = 1.0 / ((1.0 + std::exp(w.stall_sharpness * (a - w.stall_angle))) *
                                 (1.0 + std::exp(-w.stall_sharpness * (a + w.stall_angle))));
  const double C_L_att = 2 * kPi * w.aspect_ratio / (w.aspect_ratio + 2) * a;
  const double C_D_att = C_L_att * C_L_att / (kPi * w.oswald_efficiency * w.aspect_ratio);
  const double sin_a = std::sin(a);
  const double C_L_sep = w.normal_force_90 * sin_a * std::cos(a);
  const double C_D_sep = w.normal_force_90 * sin_a * sin_a;
  return {attached * C_L_att + (1 - attached) * C_L_sep,
          w.zero_lift_drag + attached * C_D_att + (1 - attached) * C_D_sep, 0.0};
}

struct FoilAxes {
  Vec3 c, n;  ///< the deflected chord and the normal s x c
};

FoilAxes foil_axes(const Foil& foil, double delta) {
  const Vec3 c = Eigen::AngleAxisd(delta, foil.span_B) * foil.chord_B;
  return {c, foil.span_B.cross(c)};
}

}  // namespace

double angle_of_attack(const Foil& foil, double delta, const Vec3& v_B) {
  const FoilAxes axes = foil_axes(foil, delta);
  const Vec3 v_p = v_B - v_B.dot(foil.span_B) * foil.span_B;
  if (v_p.squaredNorm() == 0.0) return 0.0;
  return std::atan2(-v_p.dot(axes.n), -v_p.dot(axes.c));
}

FoilCoefficientValues foil_coefficients(const FoilCoefficients& law, double alpha) {
  return std::visit(Overloaded{[&](const FlatPlateFoil& f) {
                                 return FoilCoefficientValues{f.lift * std::sin(2 * alpha),
                                                              f.drag * (1 - std::cos(2 * alpha)),
                                                              0.0};
                               },
                               [&](const TableFoil& t) { return table(t, alpha); },
                               [&](const TwoLinesFoil& f) { return two_lines(f, alpha); },
                               [&](const WingFoil& w) { return wing(w, alpha); },
                               [&](const QuadraticFoil& q) { return quadratic(q, alpha); }},
                    law);
}

FoilLoad foil_load(const Foil& foil, double delta, const Vec3& v_B, double rho) {
  FoilLoad load;
  const Vec3& s = foil.span_B;
  const Vec3 v_p = v_B - v_B.dot(s) * s;
  load.speed = v_p.norm();
  if (load.speed == 0.0) return load;
  const Vec3 d = v_p / load.speed;
  load.alpha = angle_of_attack(foil, delta, v_B);
  const FoilCoefficientValues k = foil_coefficients(foil.coefficients, load.alpha);
  const double U2 = load.speed * load.speed;
  const double qA =
      std::holds_alternative<QuadraticFoil>(foil.coefficients) ? U2 : 0.5 * rho * U2 * foil.area;
  load.f_B = qA * (k.C_D * d + k.C_L * s.cross(d));
  load.m_P_B = qA * foil.chord * k.C_M * s;
  return load;
}

Vec6 foil_wrench(const Foil& foil, const FoilLoad& load) {
  return stack(load.f_B, foil.p_BoP_B.cross(load.f_B) + load.m_P_B);
}

}  // namespace leeway
