#include "leeway/sensors/noise.h"

#include <cmath>
#include <string>

namespace leeway {

NoiseState initial_noise_state(const NoiseModel& model, RandomStream& rng) {
  NoiseState s;
  // Both draws always, so the stream's position does not depend on the parameters.
  const double normal = rng.fast_normal();
  const double flip = rng.uniform();
  double bias = model.turn_on_mean + model.turn_on_sigma * normal;
  if (model.random_sign && flip < 0.5) bias = -bias;
  (model.turn_on_decays ? s.gauss_markov : s.turn_on) = bias;
  return s;
}

double apply_noise(const NoiseModel& model, NoiseState& state, double x, double dt,
                   RandomStream& rng) {
  // A term the model does not have draws nothing: the draws are the same, in number and order,
  // at every sample of the same model.
  const bool gauss_markov = model.instability.sigma > 0.0 || model.turn_on_decays;
  const double w_white = model.white_stddev > 0.0 || model.density > 0.0 ? rng.fast_normal() : 0.0;
  const double w_walk = model.random_walk > 0.0 ? rng.fast_normal() : 0.0;
  const double w_gm = gauss_markov ? rng.fast_normal() : 0.0;
  if (dt != state.factors_dt) {  // gauss_markov_step()'s factors, and the others, for this dt
    const double decay = std::exp(-dt / model.instability.tau);
    state.factors_dt = dt;
    state.walk_factor = dt > 0.0 ? model.random_walk * std::sqrt(dt) : 0.0;
    state.decay = decay;
    state.gm_factor = model.instability.sigma * std::sqrt(1.0 - decay * decay);
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

std::string check_noise(const NoiseModel& m) {
  for (const double v : {m.mean, m.white_stddev, m.density, m.random_walk, m.instability.sigma,
                         m.instability.tau, m.turn_on_mean, m.turn_on_sigma, m.quantum}) {
    if (!std::isfinite(v)) return "a noise parameter is not finite";
  }
  if (m.white_stddev < 0.0 || m.density < 0.0 || m.random_walk < 0.0 || m.instability.sigma < 0.0 ||
      m.turn_on_sigma < 0.0 || m.quantum < 0.0) {
    return "a standard deviation, density or resolution is negative; expected >= 0";
  }
  if (!(m.instability.tau > 0.0)) return "a correlation time is not positive";
  return "";
}

}  // namespace leeway
