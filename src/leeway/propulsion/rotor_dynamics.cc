#include "leeway/propulsion/rotor_dynamics.h"

#include <algorithm>
#include <cmath>

#include "leeway/core/overloaded.h"

namespace leeway {
namespace {

/// |d(dx/dt)/dx| at x: the inverse of the local time constant.
double rate_slope(const RotorDynamics& dynamics, double x) {
  return std::visit(Overloaded{[](const ZeroOrderRotor&) { return 0.0; },
                               [](const FirstOrderRotor& r) { return 1.0 / r.time_constant; },
                               [&](const YoergerRotor& r) { return 2.0 * r.alpha * std::abs(x); },
                               [&](const BessaRotor& r) {
                                 return (r.K_v1 + 2.0 * r.K_v2 * std::abs(x)) / r.J_msp;
                               }},
                    dynamics);
}

}  // namespace

double rotor_rate(const RotorDynamics& dynamics, double x, double u) {
  return std::visit(
      Overloaded{[](const ZeroOrderRotor&) { return 0.0; },
                 [&](const FirstOrderRotor& r) { return (u - x) / r.time_constant; },
                 [&](const YoergerRotor& r) { return r.beta * u - r.alpha * x * std::abs(x); },
                 [&](const BessaRotor& r) {
                   return (u * r.K_t / r.R_m - r.K_v1 * x - r.K_v2 * x * std::abs(x)) / r.J_msp;
                 }},
      dynamics);
}

double rotor_steady_state(const RotorDynamics& dynamics, double u) {
  return std::visit(
      Overloaded{
          [&](const ZeroOrderRotor&) { return u; }, [&](const FirstOrderRotor&) { return u; },
          [&](const YoergerRotor& r) {
            return std::copysign(std::sqrt(r.beta * std::abs(u) / r.alpha), u);
          },
          [&](const BessaRotor& r) {
            // K_v2 s^2 + K_v1 s - |f| = 0 for s = |x|, x with the sign of the drive f.
            const double f = u * r.K_t / r.R_m;
            if (r.K_v2 == 0.0) return f / r.K_v1;
            const double s = (-r.K_v1 + std::sqrt(r.K_v1 * r.K_v1 + 4.0 * r.K_v2 * std::abs(f))) /
                             (2.0 * r.K_v2);
            return std::copysign(s, f);
          }},
      dynamics);
}

double advance_rotor(const RotorModel& rotor, double x, double u, double dt) {
  double next = x;
  const double r = rotor.max_rate;
  if (std::holds_alternative<ZeroOrderRotor>(rotor.dynamics)) {
    next = std::abs(u - x) <= r * dt ? u : x + std::copysign(r * dt, u - x);
  } else if (const auto* first = std::get_if<FirstOrderRotor>(&rotor.dynamics)) {
    const double tau = first->time_constant;
    double left = dt;
    // Rate-limited while |u - x| / tau > r: a ramp until |u - x| = r tau.
    if (const double excess = std::abs(u - x) - r * tau; excess > 0.0) {
      const double ramp = std::min(excess, r * dt);
      next = x + std::copysign(ramp, u - x);
      left = dt - ramp / r;
    }
    if (left > 0.0) next = u + (next - u) * std::exp(-left / tau);
  } else {
    const double slope =
        std::max(rate_slope(rotor.dynamics, x),
                 rate_slope(rotor.dynamics, rotor_steady_state(rotor.dynamics, u)));
    const int steps = std::max(1, static_cast<int>(std::ceil(dt * slope * 5.0)));
    const double h = dt / steps;
    const auto f = [&](double s) { return rotor_rate(rotor.dynamics, s, u); };
    for (int i = 0; i < steps; ++i) {
      const double k1 = f(next), k2 = f(next + 0.5 * h * k1), k3 = f(next + 0.5 * h * k2),
                   k4 = f(next + h * k3);
      next += h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
    }
  }
  return std::clamp(next, rotor.x_min, rotor.x_max);
}

}  // namespace leeway
