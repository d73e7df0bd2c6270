// Thrust curves: the propeller's thrust T [N] along its axis, and the shaft torque Q [N m] that
// reacts on the hull, from the rotor state x (rotor_dynamics.h) and the advance speed V [m/s]
// (the water's speed towards the propeller along its axis, from behind: positive when the
// vessel moves forward through the water).
//
//   quadratic      T = k x |x|, k = k_forward for x > 0 and k_reverse for x < 0
//                  (UUV Simulator's Basic with one constant; the Otter's two);
//                  Q = k_q x |x| when a torque constant is given
//   dead zone      b = x |x|;  T = c_L (b - delta_L) for b <= delta_L, c_R (b - delta_R) for
//                  b >= delta_R, 0 between (UUV Simulator's Bessa conversion)
//   table          T interpolated linearly in a table over x, held at the end values outside it
//                  (UUV Simulator's LinearInterp)
//   linear         T = x / x_max F_forward for x >= 0, x / x_max F_reverse for x < 0, held
//                  within [-F_reverse, F_forward] (VRX classic's linear map; F_reverse is a
//                  magnitude, VRX states it negative)
//   logistic       VRX classic's generalized logistic functions (seed 000 eq. 26), one for
//                  forward commands (x > 0.01) and one for reverse (x < -0.01), 0 between:
//                  T = A + (K - A) / (C + e^{-B (x - M)})^{1/nu}, held within the two caps
//                  [-F_reverse, F_forward]
//   propeller      gz-sim's T = C_t rho D^4 w |w| on the shaft speed w [rad/s], with C_t fixed
//                  or, as gz-sim writes it when C_t is not given, C_t = alpha_1 + alpha_2 (1 - w_f)
//                  V / (w D) (gz-sim takes the speed magnitude for V; Leeway the axial advance
//                  speed)
//   open water     a propeller's K_T(J), K_Q(J) on the advance ratio J = V_a / (n D),
//                  n [rev/s] = x times x_to_rps (1 / (2 pi) for x in rad/s, 1 / 60 in rpm),
//                  V_a = (1 - w_f) V:  T = rho n|n| D^4 K_T, Q = rho n|n| D^5 K_Q
//                  with K_T, K_Q linear in J between (0, K_T0) and (J_max, K_Tmax), as Fossen's
//                  REMUS 100 (Wageningen B-series fitted near its design point), and T reduced
//                  by the thrust deduction: (1 - t) T. Astern (n <= 0) only the bollard terms
//                  (J = 0) act, as the reference does.
#pragma once

#include <variant>
#include <vector>

namespace leeway {

struct QuadraticThrust {
  double k_forward = 0.0;  ///< [N / x^2]
  double k_reverse = 0.0;  ///< [N / x^2]
  double k_torque = 0.0;   ///< [N m / x^2]; 0: no reaction torque
};
struct DeadZoneThrust {
  double c_L = 0.0, c_R = 0.0;          ///< >= 0
  double delta_L = 0.0, delta_R = 0.0;  ///< delta_L <= 0 <= delta_R, in units of x |x|
};
struct TableThrust {
  std::vector<double> x;       ///< strictly increasing
  std::vector<double> thrust;  ///< [N]
};
struct LinearThrust {
  double x_max = 1.0;        ///< the command at full thrust
  double max_forward = 0.0;  ///< F_forward [N], >= 0
  double max_reverse = 0.0;  ///< F_reverse [N], the magnitude astern, >= 0
};
struct Logistic {
  double A = 0.0, K = 0.0, B = 0.0, nu = 1.0, C = 1.0, M = 0.0;
};
struct LogisticThrust {
  Logistic forward, reverse;
  double max_forward = 0.0;  ///< F_forward [N], cap of the forward curve, >= 0
  double max_reverse = 0.0;  ///< F_reverse [N], the reverse curve's floor's magnitude, >= 0
};
struct PropellerThrust {
  double diameter = 0.0;            ///< D [m]
  double fluid_density = 1000.0;    ///< rho [kg/m^3]
  double thrust_coefficient = 0.0;  ///< C_t; used when advance_form is false
  bool advance_form = false;        ///< C_t = alpha_1 + alpha_2 (1 - w_f) V / (w D)
  double alpha_1 = 1.0, alpha_2 = 0.0;
  double wake_fraction = 0.2;  ///< w_f
};
struct OpenWaterThrust {
  double diameter = 0.0;                  ///< D [m]
  double x_to_rps = 0.15915494309189535;  ///< revolutions per second per unit of x
  double fluid_density = 1025.0;          ///< rho [kg/m^3]
  double K_T0 = 0.0, K_Tmax = 0.0, K_Q0 = 0.0, K_Qmax = 0.0, J_max = 1.0;
  double wake_fraction = 0.0;     ///< w_f
  double thrust_deduction = 0.0;  ///< t
};
using ThrustCurve = std::variant<QuadraticThrust, DeadZoneThrust, TableThrust, LinearThrust,
                                 LogisticThrust, PropellerThrust, OpenWaterThrust>;

struct ThrustTorque {
  double thrust = 0.0;  ///< T [N] along the thruster's axis
  double torque = 0.0;  ///< Q [N m] the propeller takes from the shaft, about its axis
};

/// The curve at rotor state x and advance speed V [m/s].
ThrustTorque thrust_of(const ThrustCurve& curve, double x, double advance_speed);

/// VRX's generalized logistic function.
double logistic(const Logistic& f, double x);

/// The shaft speed w [rad/s] that gives thrust T with a fixed C_t (gz-sim's inverse:
/// w = sgn(T) sqrt(|T| / (rho C_t D^4))).
double propeller_speed_for_thrust(const PropellerThrust& p, double thrust);

}  // namespace leeway
