// A first-order Gauss-Markov (Ornstein-Uhlenbeck) process,
//   dx = -(x - mean) / tau dt + sigma sqrt(2 / tau) dW,
// whose stationary distribution is N(mean, sigma^2) with autocorrelation exp(-|lag| / tau).
// It is advanced by its exact discretisation,
//   x_{k+1} = mean + (x_k - mean) e^{-dt/tau} + sigma sqrt(1 - e^{-2 dt/tau}) n_k,  n_k ~ N(0, 1),
// so mean, standard deviation and time constant come out as specified whatever the step dt
// (UUV Simulator's Euler update, with uniform noise not scaled by sqrt(dt), does not; and it
// reverts to 0 rather than to its mean).
#pragma once

namespace leeway {

struct GaussMarkov {
  double mean = 0.0;
  double sigma = 0.0;  ///< stationary standard deviation (unit of x)
  double tau = 1.0;    ///< time constant [s], > 0
};

/// One exact step of length dt [s] from x, with a standard normal deviate `normal`.
double gauss_markov_step(const GaussMarkov& process, double x, double dt, double normal);

}  // namespace leeway
