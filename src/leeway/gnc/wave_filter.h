// Wave filter: the low-frequency part of a vessel's measured pose and twist, for dynamic
// positioning.
//
// First-order wave forces push a vessel back and forth at the waves' frequencies and average to
// zero; a DP controller that answers them spends thrust and steering for nothing (no thruster
// could follow them anyway). DP systems filter them out of the feedback (Fossen, Handbook of
// Marine Craft Hydrodynamics and Motion Control, 2011, "wave filtering").
// Leeway's reference filter is Fossen's notch at the sea's peak frequency cascaded with a
// critically damped second-order low pass, on each of six channels: x, y, z of Bo in W, and the
// roll, pitch and yaw angles (followed through whole turns, so a heading crossing +-pi is one
// continuous signal):
//
//   h(s) = (s^2 + 2 zeta w0 s + w0^2) / (s + w0)^2   *   wc^2 / (s + wc)^2
//
//   w0    the notch's centre [rad/s], 2 pi / T_p for a sea of peak period T_p
//   zeta  the notch's depth: |h_notch(j w0)| = zeta (0.1 takes 90% of the peak out)
//   wc    the low pass's corner [rad/s]; the notch takes the peak out, the low pass the short
//         waves above it (1.5 w0 in Leeway's worlds)
//
// h(0) = 1, so a vessel at rest reads where it is; a ramp comes out delayed by
// tau = 2/wc + 2 (1 - zeta)/w0, the price of the filter in phase: a DP's gains must be softer
// with the filter than without it. The low pass's second state is the filtered signal's rate,
// which gives the twist: the linear part rotated into the filtered attitude, the angular part
// from the Euler-angle rates (exact, away from pitch +-90 deg).
//
// The filter is the trapezoidal rule (Tustin) on its state space at the control period: stable
// at any period, its DC gain exact, its frequencies shifted by (w dt)^2/12 (0.1% at 1 rad/s and
// 10 Hz). It starts at rest on the first pose it is given, so switching it on causes no jump.
#pragma once

#include <Eigen/Core>

#include "leeway/body/body_state.h"

namespace leeway {

struct WaveFilterModel {
  double peak_frequency = 1.0;    ///< w0 [rad/s] > 0, the notch's centre
  double notch_damping = 0.1;     ///< zeta in (0, 1], the notch's gain at w0
  double cutoff_frequency = 1.5;  ///< wc [rad/s] > 0, the low pass's corner
};

struct WaveFilterState {
  /// Per channel (x y z roll pitch yaw), the notch's two states then the low pass's two: the
  /// filtered value and its rate.
  Eigen::Matrix<double, 4, 6> x = Eigen::Matrix<double, 4, 6>::Zero();
  Vec6 input = Vec6::Zero();  ///< the last pose given, its angles followed through whole turns
  bool started = false;

  bool operator==(const WaveFilterState&) const = default;
};

/// One update of period dt [s] > 0 on the measured `body`: the low-frequency pose and twist.
BodyState wave_filtered(const WaveFilterModel& filter, WaveFilterState& state,
                        const BodyState& body, double dt);

/// |h(j omega)|, the continuous filter's gain at omega [rad/s].
double wave_filter_gain(const WaveFilterModel& filter, double omega);

/// tau [s], the delay of a ramp through the filter (above).
double wave_filter_ramp_delay(const WaveFilterModel& filter);

}  // namespace leeway
