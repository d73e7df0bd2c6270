// Wind: a mean speed and direction plus a gust on the speed, uniform in space.
//
//   V_W(t) = (V_mean + v_g(t)) [cos psi, sin psi, 0],  psi the direction the wind blows towards.
//
// Gusts (seed 000 section II-B):
//   first_order  v_g is the first-order filtered white noise of eqs. 12-15 (the one-pole
//                approximation of the Harris spectrum), with standard deviation sigma_g and time
//                constant tau_g, advanced exactly (gauss_markov.h) so both hold for any step.
//   harris       v_g is a sum of N sinusoids with random phases sampling Harris's spectrum
//                (Harris 1971; DNV-RP-C205):
//                  S(f) = 4 kappa L V_mean / (2 + (f L / V_mean)^2)^(5/6)   [m^2/s^2 per Hz]
//                with surface drag coefficient kappa (0.002 open sea) and length scale L
//                (1800 m), on a logarithmic frequency grid from 1e-4 to 1 Hz. A function of
//                time only: no state, the same gust whatever the step.
#pragma once

#include <cstdint>
#include <vector>

#include "leeway/core/spatial.h"
#include "leeway/env/gauss_markov.h"

namespace leeway {

enum class GustKind { kNone, kFirstOrder, kHarris };

struct WindModel {
  double mean_speed = 0.0;  ///< [m/s]
  double direction = 0.0;   ///< towards [rad], ENU, counter-clockwise from +x
  GustKind gust = GustKind::kNone;
  double gust_sigma = 0.0;        ///< first_order: sigma_g [m/s]
  double gust_tau = 1.0;          ///< first_order: tau_g [s]
  double harris_kappa = 0.002;    ///< harris: surface drag coefficient [-]
  double harris_length = 1800.0;  ///< harris: length scale [m]
  int harris_components = 256;    ///< harris: sinusoids realised (realise_environment)
  // harris: the realised sinusoids (make_harris_gust)
  std::vector<double> harris_amplitude, harris_omega, harris_phase;
};

/// Harris's spectrum S(f) [m^2/s^2 per Hz] at frequency f [Hz].
double harris_spectrum(const WindModel& wind, double f);

/// Samples `components` sinusoids of Harris's spectrum into `wind`, from RandomStream(seed,
/// "wind").
void make_harris_gust(WindModel& wind, int components, std::uint64_t seed);

/// The Harris gust speed at time t [m/s].
double harris_gust(const WindModel& wind, double t);

}  // namespace leeway
