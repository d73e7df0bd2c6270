// The sensor noise processes (sensors/noise.h) against their statistics: Allan deviations of
// white noise and of a bias random walk with their -1/2 and +1/2 slopes, the Gauss-Markov bias'
// variance and correlation, rounding's q^2/12, invariance to the sample rate, and gz-sim's
// <noise> block kept in its meaning. Fixed seeds; every tolerance is a stated number of the
// estimator's standard errors.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "leeway/sensors/noise.h"

namespace leeway {
namespace {

/// `count` samples of the noise alone (x = 0) at interval dt, from a fresh stream.
std::vector<double> record(const NoiseModel& model, double dt, std::size_t count,
                           std::uint64_t seed = 7) {
  RandomStream rng(seed, "noise test");
  NoiseState state = initial_noise_state(model, rng);
  std::vector<double> y(count);
  for (double& v : y)
    v = apply_noise(model, state, 0.0, dt, rng);
  return y;
}

/// Non-overlapping Allan deviation at clusters of m samples: sqrt(1/2 <(ybar_{j+1} - ybar_j)^2>),
/// and the number of clusters.
std::pair<double, std::size_t> allan(const std::vector<double>& y, std::size_t m) {
  const std::size_t K = y.size() / m;
  std::vector<double> means(K, 0.0);
  for (std::size_t j = 0; j < K; ++j) {
    for (std::size_t i = 0; i < m; ++i)
      means[j] += y[j * m + i];
    means[j] /= static_cast<double>(m);
  }
  double sum = 0.0;
  for (std::size_t j = 0; j + 1 < K; ++j)
    sum += (means[j + 1] - means[j]) * (means[j + 1] - means[j]);
  return {std::sqrt(0.5 * sum / static_cast<double>(K - 1)), K};
}

/// Four standard errors of an Allan deviation from K clusters: 4 / sqrt(2 (K - 1)).
double four_sigma(std::size_t K) {
  return 4.0 / std::sqrt(2.0 * static_cast<double>(K - 1));
}

TEST(SensorNoise, WhiteNoiseHasItsDensityAtEveryAveragingTime) {
  NoiseModel n;
  n.density = 9.0e-4;  // VRX's gyro: 0.009 rad/s a sample at 100 Hz
  const double dt = 0.01;
  const std::vector<double> y = record(n, dt, 400000);
  for (const std::size_t m : {1u, 10u, 100u}) {
    const auto [sigma, K] = allan(y, m);
    const double tau = static_cast<double>(m) * dt;
    EXPECT_NEAR(sigma / (n.density / std::sqrt(tau)), 1.0, four_sigma(K)) << "tau " << tau;
  }
  const double slope = std::log(allan(y, 100).first / allan(y, 1).first) / std::log(100.0);
  EXPECT_NEAR(slope, -0.5, 0.05);
}

TEST(SensorNoise, ABiasRandomWalkRisesAsTheSquareRootOfTime) {
  NoiseModel n;
  n.random_walk = 3.8785e-5;  // UUV Simulator's gyro [rad/s / sqrt(s)]
  const double dt = 0.01;
  const std::vector<double> y = record(n, dt, 1000000);  // 2.8 hours at 100 Hz
  for (const std::size_t m : {1000u, 3000u}) {
    const auto [sigma, K] = allan(y, m);
    const double tau = static_cast<double>(m) * dt;
    EXPECT_NEAR(sigma / (n.random_walk * std::sqrt(tau / 3.0)), 1.0, four_sigma(K))
        << "tau " << tau;
  }
  const double slope = std::log(allan(y, 3000).first / allan(y, 300).first) / std::log(10.0);
  EXPECT_NEAR(slope, 0.5, 0.1);
}

TEST(SensorNoise, TheGaussMarkovBiasHasItsVarianceAndCorrelation) {
  NoiseModel n;
  n.instability = {0.0, 2.0e-3, 5.0};
  const double dt = 0.05;
  const std::size_t N = 400000;  // 20000 s: 2000 correlation times
  const std::vector<double> y = record(n, dt, N);
  double var = 0.0, lag = 0.0;
  for (std::size_t i = 0; i < N; ++i)
    var += y[i] * y[i];
  for (std::size_t i = 0; i + 1 < N; ++i)
    lag += y[i] * y[i + 1];
  var /= static_cast<double>(N);
  lag /= static_cast<double>(N - 1) * var;
  // Independent samples: N dt / (2 tau); five standard errors of each estimate.
  const double N_eff = static_cast<double>(N) * dt / (2.0 * n.instability.tau);
  EXPECT_NEAR(var / (2.0e-3 * 2.0e-3), 1.0, 5.0 * std::sqrt(2.0 / N_eff));
  EXPECT_NEAR(lag, std::exp(-dt / n.instability.tau), 5.0 / std::sqrt(static_cast<double>(N)));
}

TEST(SensorNoise, RoundingAddsTheQuantumSquaredOverTwelve) {
  NoiseModel n;
  n.white_stddev = 1.0;
  n.quantum = 0.5;
  const std::vector<double> y = record(n, 0.01, 200000);
  double var = 0.0;
  for (const double v : y) {
    ASSERT_EQ(v, std::round(v / 0.5) * 0.5);
    var += v * v;
  }
  var /= static_cast<double>(y.size());
  const double expected = 1.0 + 0.25 / 12.0;
  EXPECT_NEAR(var / expected, 1.0, 5.0 * std::sqrt(2.0 / static_cast<double>(y.size())));
}

TEST(SensorNoise, AContinuousDensityDoesNotDependOnTheRate) {
  // The same density sampled at 100 and 400 Hz: the same Allan deviation at 1 s.
  NoiseModel n;
  n.density = 2.1e-3;
  const auto [slow, K_slow] = allan(record(n, 0.01, 200000), 100);
  const auto [fast, K_fast] = allan(record(n, 0.0025, 800000), 400);
  EXPECT_NEAR(slow / fast, 1.0, four_sigma(K_slow) + four_sigma(K_fast));
}

TEST(SensorNoise, GzSimsTurnOnBiasHasARandomSignAndDecaysIntoTheDynamicBias) {
  // VRX's gyro block: bias_mean 0.00075, bias_stddev 0.005, its sign flipped with probability 1/2.
  NoiseModel n;
  n.turn_on_mean = 0.00075;
  n.turn_on_sigma = 0.005;
  n.random_sign = true;
  n.turn_on_decays = true;
  n.instability = {0.0, 2.0e-5 * std::sqrt(400.0 / 2.0), 400.0};
  const int seeds = 4000;
  int positive = 0;
  double sum = 0.0;
  for (int k = 0; k < seeds; ++k) {
    RandomStream rng(static_cast<std::uint64_t>(k), "imu");
    const NoiseState s = initial_noise_state(n, rng);
    EXPECT_EQ(s.turn_on, 0.0);  // it is the Gauss-Markov state's start
    positive += s.gauss_markov > 0.0;
    sum += s.gauss_markov;
  }
  const double half = 0.5 * seeds, sd = std::sqrt(0.25 * seeds);
  EXPECT_NEAR(positive, half, 5.0 * sd);
  EXPECT_NEAR(sum / seeds, 0.0, 5.0 * std::hypot(0.00075, 0.005) / std::sqrt(seeds));
  // With no further noise, the bias decays by e^(-dt/tau) a sample.
  NoiseModel decay = n;
  decay.instability.sigma = 0.0;
  RandomStream rng(1, "imu");
  NoiseState s = initial_noise_state(decay, rng);
  const double b0 = s.gauss_markov;
  for (int k = 0; k < 100; ++k)
    apply_noise(decay, s, 0.0, 1.0, rng);
  EXPECT_NEAR(s.gauss_markov, b0 * std::exp(-100.0 / 400.0), 1e-15);
}

TEST(SensorNoise, ParametersAreChecked) {
  NoiseModel n;
  EXPECT_EQ(check_noise(n), "");
  n.density = -1.0;
  EXPECT_NE(check_noise(n), "");
  n.density = NAN;
  EXPECT_NE(check_noise(n), "");
  n = {};
  n.instability.tau = 0.0;
  EXPECT_NE(check_noise(n), "");
}

}  // namespace
}  // namespace leeway
