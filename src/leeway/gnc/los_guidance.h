// Lookahead-based line-of-sight guidance (Fossen, Handbook of Marine Craft Hydrodynamics and
// Motion Control, 2011, section 10.3.2), in the horizontal plane of W.
//
// A leg runs from p_0 to p_1 with path angle alpha = atan2(y_1 - y_0, x_1 - x_0). The vehicle at
// p has along-track distance s and cross-track error e:
//   [s; e] = R(alpha)^T (p - p_0)        (e > 0 left of the leg, seen along it)
//   chi_d  = alpha + atan(-e / Delta)
// The desired course chi_d aims at the point Delta metres ahead on the line: far off the line
// it heads straight for the line, on it along the line. Delta sets how hard it converges: with
// e small, e decays like exp(-U t / Delta) at speed U. Fossen recommends Delta of 1.5 to 2.5 hull
// lengths. Past the leg's end (s > |p_1 - p_0|) it aims straight at p_1 instead: a vehicle that
// went by a waypoint outside its acceptance radius turns back for it, rather than running on
// along the extended line. For a vehicle that moves along its heading, the heading follows chi_d; a
// crab angle from a cross current then leaves a small steady cross-track error (integral LOS would
// remove it; the waypoints are still reached, as switching is by distance).
#pragma once

#include <Eigen/Core>

namespace leeway {

struct LosGuidance {
  double course = 0.0;       ///< chi_d [rad] about W's z, from x
  double cross_track = 0.0;  ///< e [m]
  double along_track = 0.0;  ///< s [m] from p_0
  double leg_length = 0.0;   ///< |p_1 - p_0| [m]
};

/// LOS guidance along the leg p_0 -> p_1 for a vehicle at p, lookahead Delta > 0 [m]. A leg of
/// zero length, or a vehicle past its end, aims straight at p_1.
LosGuidance los_guidance(const Eigen::Vector2d& p_0, const Eigen::Vector2d& p_1,
                         const Eigen::Vector2d& p, double lookahead);

}  // namespace leeway
