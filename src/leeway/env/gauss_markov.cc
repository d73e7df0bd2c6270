#include "leeway/env/gauss_markov.h"

#include <cmath>

namespace leeway {

double gauss_markov_step(const GaussMarkov& p, double x, double dt, double normal) {
  const double decay = std::exp(-dt / p.tau);
  return p.mean + (x - p.mean) * decay + p.sigma * std::sqrt(1.0 - decay * decay) * normal;
}

}  // namespace leeway
