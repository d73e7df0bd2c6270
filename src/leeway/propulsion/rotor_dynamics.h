// Rotor dynamics: how a thruster's state x follows its command u. The state is whatever the
// thruster's thrust curve takes: a shaft speed [rad/s or rpm], or UUV Simulator's "rotor angular
// velocity", or the command itself for thrusters without dynamics.
//
//   zero order    x = u
//   first order   tau dx/dt = u - x                        exact over a step:
//                                                           x <- u + (x - u) e^{-dt / tau}
//   Yoerger       dx/dt = beta u - alpha x |x|             (Yoerger, Cooke, Slotine 1990)
//   Bessa         J dx/dt = K_t u / R_m - K_v1 x - K_v2 x |x|   (Bessa et al. 2008, "model 2",
//                                                           as UUV Simulator's code writes it)
//
// Steady states: x = u; sgn(u) sqrt(beta |u| / alpha); the root of K_t u / R_m = K_v1 x +
// K_v2 x |x|. UUV Simulator integrated Yoerger and Bessa by explicit Euler over a step measured
// from a start time it never advanced, so the step grew without bound (research/uuv.md 1.3).
// Here they advance over the physics step by RK4 in sub-steps no longer than a fifth of the
// linearised time constant 1 / |d(dx/dt)/dx| at the start and the steady state.
//
// The state is then held within [x_min, x_max] (a shaft-speed or deflection limit).
//
// The same model drives servos (a fin's angle, an azimuth): zero and first order may also have a
// rate limit r, dx/dt = clamp(rate, -r, r), solved exactly over the step (a ramp at r until the
// first-order rate falls below r, then the exponential).
#pragma once

#include <limits>
#include <variant>

namespace leeway {

struct ZeroOrderRotor {};
struct FirstOrderRotor {
  double time_constant = 0.0;  ///< tau [s], > 0
};
struct YoergerRotor {
  double alpha = 0.0;  ///< [1/x]
  double beta = 0.0;   ///< [x/(u s)]
};
struct BessaRotor {
  double J_msp = 0.0;  ///< J, rotor inertia [kg m^2]
  double K_v1 = 0.0;   ///< linear friction
  double K_v2 = 0.0;   ///< quadratic friction
  double K_t = 0.0;    ///< motor torque constant
  double R_m = 0.0;    ///< motor resistance
};
using RotorDynamics = std::variant<ZeroOrderRotor, FirstOrderRotor, YoergerRotor, BessaRotor>;

struct RotorModel {
  RotorDynamics dynamics;
  double x_min = -std::numeric_limits<double>::infinity();
  double x_max = std::numeric_limits<double>::infinity();
  double max_rate = std::numeric_limits<double>::infinity();  ///< r [x/s]; zero and first order
};

/// dx/dt at state x under command u (zero for the zero-order rotor).
double rotor_rate(const RotorDynamics& dynamics, double x, double u);

/// The state the rotor settles to under a constant command u (before the limits).
double rotor_steady_state(const RotorDynamics& dynamics, double u);

/// The state after `dt` [s] with the command u held, starting from x, then held within the limits.
double advance_rotor(const RotorModel& rotor, double x, double u, double dt);

}  // namespace leeway
