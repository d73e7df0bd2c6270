// A sea state and its realisation as a finite sum of wave components.
//
// Sampling (sample_components): the spectrum's energy is split into N equal parts; each
// component carries one part, A_i = sqrt(2 m0 / N) (seed 000 eq. 6, so 4 sqrt(sum A_i^2 / 2) = Hs
// exactly), at a frequency drawn within its part (uniform in cumulative energy, which avoids the
// periodic repetition of evenly spaced frequencies). Directions come from the spreading
// function at the component's frequency, stratified: within each block of 8 neighbouring
// frequencies, each component takes one of D's 8 equal-probability strata (in random order) and
// the stratum's root-mean-square offset; each block's offsets are then scaled (moment matching,
// typically by a few percent) so that their mean square equals eq. 11's mu_2. The realised sea
// thus has the requested directional spread already at N = 64.
// Phases are uniform. All draws come from RandomStream(seed, "waves").
// Wavenumbers follow linear dispersion, w^2 = g k tanh(k h) (deep water: k = w^2 / g).
// Gerstner steepness: q_i = min(q, 1 / (k_i A_i)) (seed 000).
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "leeway/env/wave_spectrum.h"
#include "leeway/env/wave_spreading.h"

namespace leeway {

struct WaveComponent {
  double amplitude = 0.0;  ///< A_i [m]
  double omega = 0.0;      ///< angular frequency [rad/s]
  double k = 0.0;          ///< wavenumber [rad/m]
  double direction =
      0.0;             ///< direction of travel (towards) [rad], from +x (East) counter-clockwise
  double phase = 0.0;  ///< phi_i [rad]
  double steepness = 0.0;  ///< Gerstner q_i [-]
};

struct SeaState {
  WaveSpectrum spectrum;
  WaveSpreading spreading;
  double mean_direction = 0.0;  ///< towards [rad], ENU, from +x counter-clockwise
  int components = 64;
  double steepness = 0.0;                                  ///< Gerstner q in [0, 1]
  double depth = std::numeric_limits<double>::infinity();  ///< water depth [m]
  double gravity = 9.80665;                                ///< [m/s^2]
};

/// Linear dispersion: the wavenumber of angular frequency w in water of `depth` (Newton on
/// w^2 = g k tanh(k h), from the deep-water value).
double dispersion_wavenumber(double omega, double depth, double gravity);

std::vector<WaveComponent> sample_components(const SeaState& sea, std::uint64_t seed);

/// The peak angular frequency the spreading is normalised by: 2 pi / Tp, or the table's maximum.
double peak_frequency(const WaveSpectrum& spectrum);

}  // namespace leeway
