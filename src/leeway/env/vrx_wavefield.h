// VRX's deterministic wave field (vrx_gz Wavefield.cc; research/vrx.md section 2.1), reproduced
// component for component so that a VRX world's sea means the same sea in Leeway.
//
// PMS (always 3 components, as VRX hard-wires): w_p = 2 pi / period, w_i = w_p scale^n for
// n = -1, 0, 1; A_i = gain sqrt(2 S(w_i) dw_i) with S(w) = 0.0081 * 9.81^2 / w^5
// exp(-5/4 (w_p / w)^4) and dw = w_p {1 - 1/scale, (scale - 1/scale) / 2, scale - 1}.
// CWR: n = i - floor(number / 2), A_i = amplitude scale^n, k_i = k_mean / scale^n.
// Both: k = w^2 / 9.8 (VRX's g for dispersion), direction angle + n * angle, phase `phase`,
// q_i = min(1, steepness / (A_i k_i number)), and the start-up ramp 1 - exp(-t / tau).
// VRX's physics used only the vertical term (ComputeDepthSimply); with steepness > 0 Leeway also
// applies the horizontal Gerstner displacement its renderer drew.
#pragma once

#include <string>
#include <vector>

#include "leeway/env/sea_state.h"

namespace leeway {

struct VrxWavefield {
  std::string model = "PMS";  ///< PMS or CWR
  int number = 3;
  double scale = 1.1;
  double angle = 0.4;  ///< [rad]
  double steepness = 0.0;
  double amplitude = 0.0;  ///< CWR only [m]
  double period = 5.0;     ///< [s]
  double phase = 0.0;      ///< [rad]
  double direction = 0.0;  ///< mean direction (towards) [rad], ENU
  double gain = 1.0;
  double tau = 2.0;  ///< start-up ramp time constant [s]
};

std::vector<WaveComponent> vrx_components(const VrxWavefield& params);

}  // namespace leeway
