// Lift and drag of a streamlined body at an angle of attack in its vertical plane, as a
// low-aspect-ratio wing (Beard and McLain 2012, ch. 4; Fossen's Python Vehicle Simulator,
// forceLiftDrag, used by its REMUS 100).
//
// Law, with nu_r the water-relative twist about Bo and U = |v_r| the relative speed:
//   alpha = atan2(w_frd, u)                  angle of attack, positive when the water comes
//                                            from below (w_frd = -w, B is FLU)
//   AR = b^2 / S,  C_La = pi AR / (1 + sqrt(1 + (AR / 2)^2))
//   C_L = C_La alpha,  C_D = C_D0 + C_L^2 / (pi e AR)
//   F_D = 1/2 rho U^2 S C_D,  F_L = 1/2 rho U^2 S C_L
//   X = -cos(alpha) F_D + sin(alpha) F_L,  Z_frd = -sin(alpha) F_D - cos(alpha) F_L
// so drag opposes the in-plane motion and lift acts across it; in FLU the heave force is -Z_frd.
// The force acts at Bo (no moment). U counts the sway too, as the reference does, while alpha
// sees only surge and heave.
#pragma once

#include "leeway/core/spatial.h"

namespace leeway {

struct BodyLift {
  double area = 0.0;               ///< S, planform area [m^2]
  double span = 0.0;               ///< b [m]
  double zero_lift_drag = 0.0;     ///< C_D0
  double oswald_efficiency = 0.7;  ///< e
  double fluid_density = 1025.0;   ///< rho [kg/m^3]
};

/// C_La of the header comment [1/rad].
double lift_slope(const BodyLift& lift);

/// The lift and drag wrench about Bo in B [N] for the water-relative twist `nu_r` about Bo.
Vec6 body_lift_wrench(const BodyLift& lift, const Vec6& nu_r);

}  // namespace leeway
