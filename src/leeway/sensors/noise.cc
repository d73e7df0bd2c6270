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
