#include "leeway/propulsion/thrust_curves.h"

#include <algorithm>
#include <cmath>

#include "leeway/core/overloaded.h"

namespace leeway {
namespace {

double square_signed(double x) {
  return x * std::abs(x);
}

double interpolate(const std::vector<double>& xs, const std::vector<double>& ys, double x) {
  if (x <= xs.front()) return ys.front();
  if (x >= xs.back()) return ys.back();
  const std::size_t hi =
      static_cast<std::size_t>(std::upper_bound(xs.begin(), xs.end(), x) - xs.begin());
  const double s = (x - xs[hi - 1]) / (xs[hi] - xs[hi - 1]);
  return (1.0 - s) * ys[hi - 1] + s * ys[hi];
}

ThrustTorque propeller(const PropellerThrust& p, double w, double V) {
  double C_t = p.thrust_coefficient;
  if (p.advance_form) {
    // At rest the advance term has no limit: gz-sim then uses alpha_1 alone.
    const double wD = w * p.diameter;
    C_t = p.alpha_1 + (wD != 0.0 ? p.alpha_2 * (1.0 - p.wake_fraction) * V / wD : 0.0);
  }
  const double D2 = p.diameter * p.diameter;
  return {C_t * p.fluid_density * D2 * D2 * square_signed(w), 0.0};
}

ThrustTorque open_water(const OpenWaterThrust& p, double x, double V) {
  const double n = x * p.x_to_rps, D = p.diameter;
  const double Va = (1.0 - p.wake_fraction) * V;
  const double D4 = D * D * D * D;
  double T = p.fluid_density * D4 * p.K_T0 * square_signed(n);
  double Q = p.fluid_density * D4 * D * p.K_Q0 * square_signed(n);
  if (n > 0.0) {  // K_T(J), K_Q(J) linear in J = Va / (n D)
    T += p.fluid_density * D4 * (p.K_Tmax - p.K_T0) / p.J_max * (Va / D) * std::abs(n);
    Q += p.fluid_density * D4 * D * (p.K_Qmax - p.K_Q0) / p.J_max * (Va / D) * std::abs(n);
  }
  return {(1.0 - p.thrust_deduction) * T, Q};
}

}  // namespace

double logistic(const Logistic& f, double x) {
  return f.A + (f.K - f.A) / std::pow(f.C + std::exp(-f.B * (x - f.M)), 1.0 / f.nu);
}

ThrustTorque thrust_of(const ThrustCurve& curve, double x, double V) {
  return std::visit(
      Overloaded{[&](const QuadraticThrust& c) {
                   const double b = square_signed(x);
                   return ThrustTorque{(x > 0.0 ? c.k_forward : c.k_reverse) * b, c.k_torque * b};
                 },
                 [&](const DeadZoneThrust& c) {
                   const double b = square_signed(x);
                   const double T = b <= c.delta_L   ? c.c_L * (b - c.delta_L)
                                    : b >= c.delta_R ? c.c_R * (b - c.delta_R)
                                                     : 0.0;
                   return ThrustTorque{T, 0.0};
                 },
                 [&](const TableThrust& c) {
                   return ThrustTorque{interpolate(c.x, c.thrust, x), 0.0};
                 },
                 [&](const LinearThrust& c) {
                   const double T = x >= 0.0
                                        ? std::min(x / c.x_max * c.max_forward, c.max_forward)
                                        : std::max(x / c.x_max * c.max_reverse, -c.max_reverse);
                   return ThrustTorque{T, 0.0};
                 },
                 [&](const LogisticThrust& c) {
                   double T = 0.0;
                   if (x > 0.01) T = std::min(logistic(c.forward, x), c.max_forward);
                   if (x < -0.01) T = std::max(logistic(c.reverse, x), -c.max_reverse);
                   return ThrustTorque{T, 0.0};
                 },
                 [&](const PropellerThrust& c) { return propeller(c, x, V); },
                 [&](const OpenWaterThrust& c) { return open_water(c, x, V); }},
      curve);
}

double propeller_speed_for_thrust(const PropellerThrust& p, double thrust) {
  const double D2 = p.diameter * p.diameter;
  return std::copysign(
      std::sqrt(std::abs(thrust) / (p.fluid_density * p.thrust_coefficient * D2 * D2)), thrust);
}

}  // namespace leeway
