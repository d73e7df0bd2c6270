// The error a sensor adds to one measured axis, as continuous-time processes discretised by the
// actual interval between samples, so that a sensor's statistics do not change with its rate or
// with the step (gz-sim's and UUV Simulator's per-sample standard deviations do).
//
// With dt the interval since the axis' previous sample [s] and w ~ N(0, 1) independent draws:
//
//   y = x + b_on + b_rw + b_gm + n,  then rounded to a multiple of `quantum` when it is > 0
//   n      = mean + sqrt(white_stddev^2 + density^2 / dt) w          white noise
//   b_rw  += random_walk sqrt(dt) w                                   bias random walk
//   b_gm   = e^(-dt/tau) b_gm + sigma sqrt(1 - e^(-2 dt/tau)) w        bias instability
//                                                                     (Gauss-Markov, exact)
//   b_on   ~ N(turn_on_mean, turn_on_sigma^2), drawn once, its sign flipped with probability 1/2
//            when `random_sign` (gz-sim's bias); constant, unless `turn_on_decays`
//
// Allan deviation of the result at averaging time T: density / sqrt(T) (slope -1/2),
// random_walk sqrt(T / 3) (slope +1/2), and the Gauss-Markov hump, 0.617 sigma at T = 1.89 tau.
// Rounding adds white noise of variance quantum^2 / 12 a sample.
//
// gz-sim's <noise type="gaussian"> keeps its meaning (sdf/sensor_params.h reads it so): stddev is
// a per-sample white_stddev (its density then depends on the rate, as in gz-sim); bias_mean and
// bias_stddev are the turn-on bias with a random sign; dynamic_bias_stddev s and
// dynamic_bias_correlation_time tau are the Gauss-Markov bias of stationary sigma s sqrt(tau / 2)
// into which gz-sim also lets the turn-on bias decay (turn_on_decays); precision is the quantum.
// Unlike gz-sim, every sensor's bias evolves by the actual interval (gz-sim does it for the IMU
// only).
#pragma once

#include <cmath>
#include <string>

#include "leeway/core/random.h"
#include "leeway/env/gauss_markov.h"

namespace leeway {

struct NoiseModel {
  double mean = 0.0;          ///< of the white noise [unit]
  double white_stddev = 0.0;  ///< per sample [unit]
  double density = 0.0;       ///< white noise density [unit / sqrt(Hz)], i.e. [unit sqrt(s)]
  double random_walk = 0.0;   ///< bias random walk [unit / sqrt(s)]
  GaussMarkov instability{0.0, 0.0, 1.0};  ///< bias instability: its mean is unused (0)
  double turn_on_mean = 0.0;               ///< [unit]
  double turn_on_sigma = 0.0;              ///< [unit]
  bool random_sign = false;     ///< the turn-on bias' sign is flipped with probability 1/2
  bool turn_on_decays = false;  ///< the turn-on bias starts the Gauss-Markov bias (gz-sim)
  double quantum = 0.0;         ///< output resolution [unit]; 0: none

  bool is_zero() const {
    return mean == 0.0 && white_stddev == 0.0 && density == 0.0 && random_walk == 0.0 &&
           instability.sigma == 0.0 && turn_on_mean == 0.0 && turn_on_sigma == 0.0 &&
           quantum == 0.0;
  }
};

/// An axis' bias processes, and the factors of its last interval (a sensor's interval is the
/// same sample after sample: the square roots and the exponential are taken once).
struct NoiseState {
  double turn_on = 0.0;
  double random_walk = 0.0;
  double gauss_markov = 0.0;

  double factors_dt = -1.0;   ///< the interval the factors are of [s]; -1: none yet
  double walk_factor = 0.0;   ///< random_walk sqrt(dt)
  double decay = 0.0;         ///< e^(-dt/tau)
  double gm_factor = 0.0;     ///< sigma sqrt(1 - decay^2)
  double white_factor = 0.0;  ///< sqrt(white_stddev^2 + density^2 / dt)

  bool operator==(const NoiseState&) const = default;
};

/// The bias processes at the start, the turn-on bias drawn from `rng`.
NoiseState initial_noise_state(const NoiseModel& model, RandomStream& rng);

/// The measurement of `x` at a sample dt [s] after the axis' previous one (for the first sample,
/// the sensor's nominal period): the biases advanced over dt, then added with the white noise,
/// then rounded. Draws from `rng` (RandomStream::fast_normal) one deviate for each term the model
/// has (white, random walk, Gauss-Markov, in that order): the same draws at every sample of a
/// model, so that a change of a term's size changes no other axis' numbers (switching a term on
/// or off does). Inline: the sensors call it for every axis of every sample.
inline double apply_noise(const NoiseModel& model, NoiseState& state, double x, double dt,
                          RandomStream& rng) {
  // A term the model does not have draws nothing: the draws are the same, in number and order,
  // at every sample of the same model.
  const bool gauss_markov = model.instability.sigma > 0.0 || model.turn_on_decays;
  const double w_white = model.white_stddev > 0.0 || model.density > 0.0 ? rng.fast_normal() : 0.0;
  const double w_walk = model.random_walk > 0.0 ? rng.fast_normal() : 0.0;
  const double w_gm = gauss_markov ? rng.fast_normal() : 0.0;
  // The interval of a sensor's samples is the same up to the rounding of the clock (a few ulps
  // of t, 1e-10 of dt after 1e5 s): within 1e-9 of it, the last interval's factors are kept.
  if (!(std::abs(dt - state.factors_dt) <= 1e-9 * dt)) {
    state.factors_dt = dt;
    state.walk_factor = dt > 0.0 ? model.random_walk * std::sqrt(dt) : 0.0;
    if (gauss_markov) {  // gauss_markov_step()'s factors
      state.decay = std::exp(-dt / model.instability.tau);
      state.gm_factor = model.instability.sigma * std::sqrt(1.0 - state.decay * state.decay);
    }
    state.white_factor = std::sqrt(model.white_stddev * model.white_stddev +
                                   (dt > 0.0 ? model.density * model.density / dt : 0.0));
  }
  if (dt > 0.0) {
    state.random_walk += state.walk_factor * w_walk;
    if (gauss_markov)
      state.gauss_markov = state.gauss_markov * state.decay + state.gm_factor * w_gm;
  }
  double y = x + state.turn_on + state.random_walk + state.gauss_markov + model.mean +
             state.white_factor * w_white;
  if (model.quantum > 0.0) y = std::round(y / model.quantum) * model.quantum;
  return y;
}

/// The variance a sample of the white part of `model` has at a sample every `period` [s]:
/// white_stddev^2 + density^2 / period, plus the rounding's quantum^2 / 12 (the biases are not
/// in it). What a consumer of the readings (a filter, a message's variance field) assumes.
inline double white_variance(const NoiseModel& model, double period) {
  return model.white_stddev * model.white_stddev + model.density * model.density / period +
         model.quantum * model.quantum / 12.0;
}

/// A problem with `model` ("" if none): a negative deviation, a non-positive correlation time,
/// a non-finite parameter.
std::string check_noise(const NoiseModel& model);

}  // namespace leeway
