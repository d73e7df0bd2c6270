// Stochastic environment processes: their statistics must come out as specified whatever the step.
#include "leeway/env/gauss_markov.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "leeway/core/random.h"
#include "leeway/env/environment.h"

namespace leeway {
namespace {

struct Moments {
  double mean, std, tau;
};

/// Mean, standard deviation and autocorrelation time (from the lag-`tau` autocorrelation
/// rho: tau_est = -tau / ln rho) of a series sampled every dt.
Moments moments(const std::vector<double>& x, double dt, double tau) {
  const auto n = static_cast<double>(x.size());
  double mean = 0.0;
  for (double v : x)
    mean += v / n;
  double var = 0.0;
  for (double v : x)
    var += (v - mean) * (v - mean) / n;
  const auto lag = static_cast<std::size_t>(std::llround(tau / dt));
  double cov = 0.0;
  for (std::size_t i = lag; i < x.size(); ++i)
    cov += (x[i] - mean) * (x[i - lag] - mean);
  cov /= static_cast<double>(x.size() - lag);
  return {mean, std::sqrt(var), -tau / std::log(cov / var)};
}

// 6000 s of a tau = 0.2 s process: 15000 correlation times, so the standard deviation is
// estimated to 0.6% (1 sigma) and the bars of 3% and 10% hold with a wide margin.
constexpr double kDuration = 6000.0;

TEST(GaussMarkov, StationaryStatisticsDoNotDependOnTheStep) {
  const GaussMarkov p{1.5, 0.3, 0.2};
  for (double dt : {0.001, 0.02}) {
    RandomStream rng(3, "gm");
    std::vector<double> x;
    double v = p.mean;
    for (double t = 0.0; t < kDuration; t += dt) {
      v = gauss_markov_step(p, v, dt, rng.normal());
      x.push_back(v);
    }
    const Moments m = moments(x, dt, p.tau);
    EXPECT_NEAR(m.mean, 1.5, 0.03 * 1.5) << "dt " << dt;
    EXPECT_NEAR(m.std, 0.3, 0.03 * 0.3) << "dt " << dt;
    EXPECT_NEAR(m.tau, 0.2, 0.1 * 0.2) << "dt " << dt;
  }
}

TEST(GaussMarkov, ExactDiscretisationOfTheMean) {
  // Without noise it relaxes as mean + (x0 - mean) e^{-t/tau} exactly, for any step.
  const GaussMarkov p{2.0, 0.0, 3.0};
  double x = 5.0;
  for (int i = 0; i < 7; ++i)
    x = gauss_markov_step(p, x, 0.5, 0.0);
  EXPECT_NEAR(x, 2.0 + 3.0 * std::exp(-3.5 / 3.0), 1e-14);
}

TEST(WindGust, FirstOrderGustHasTheRequestedStatisticsForAnyStep) {
  // Seed 000 eqs. 12-15: mean speed 8 m/s, sigma_g 1.2 m/s, tau_g 0.2 s.
  Environment env;
  env.wind.mean_speed = 8.0;
  env.wind.direction = 0.4;
  env.wind.gust = GustKind::kFirstOrder;
  env.wind.gust_sigma = 1.2;
  env.wind.gust_tau = 0.2;
  for (double dt : {0.001, 0.02}) {
    EnvironmentState s = initial_environment_state(env, 5);
    std::vector<double> speed;
    for (double t = 0.0; t < kDuration; t += dt) {
      advance_environment(env, s, dt);
      const Vec3 v = wind_velocity(env, s, Vec3::Zero(), t);
      speed.push_back(v.x() * std::cos(0.4) + v.y() * std::sin(0.4));
    }
    const Moments m = moments(speed, dt, 0.2);
    EXPECT_NEAR(m.mean, 8.0, 0.03 * 8.0) << "dt " << dt;
    EXPECT_NEAR(m.std, 1.2, 0.03 * 1.2) << "dt " << dt;
    EXPECT_NEAR(m.tau, 0.2, 0.1 * 0.2) << "dt " << dt;
  }
}

TEST(WindGust, ApparentWindIsRelativeAndInBodyAxes) {
  // 10 m/s blowing towards North; a boat heading North at 4 m/s is overtaken by 6 m/s of wind
  // from astern, along its +x axis.
  Environment env;
  env.wind.mean_speed = 10.0;
  env.wind.direction = std::numbers::pi / 2;
  const EnvironmentState s = initial_environment_state(env, 0);
  const Quat heading_north(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitZ()));
  const Vec3 a = apparent_wind_B(env, s, 0.0, Vec3::Zero(), heading_north, Vec3(0.0, 4.0, 0.0));
  EXPECT_LT((a - Vec3(6.0, 0.0, 0.0)).norm(), 1e-12);
  // Heading East at 4 m/s: the apparent wind blows towards its left (+y) and from ahead (-x).
  const Vec3 b = apparent_wind_B(env, s, 0.0, Vec3::Zero(), Quat::Identity(), Vec3(4.0, 0.0, 0.0));
  EXPECT_LT((b - Vec3(-4.0, 10.0, 0.0)).norm(), 1e-12);
}

TEST(WindGust, HarrisGustCarriesTheSpectrumsVariance) {
  WindModel w;
  w.mean_speed = 10.0;
  w.gust = GustKind::kHarris;
  make_harris_gust(w, 256, 2);
  // Variance of the spectrum over the sampled band [1e-4, 1] Hz, by the trapezoid rule on a
  // fine log grid, against the sinusoids' sum of A^2 / 2.
  double expected = 0.0;
  const int n = 200000;
  for (int i = 0; i < n; ++i) {
    const double f0 = 1e-4 * std::pow(1e4, static_cast<double>(i) / n);
    const double f1 = 1e-4 * std::pow(1e4, static_cast<double>(i + 1) / n);
    expected += 0.5 * (harris_spectrum(w, f0) + harris_spectrum(w, f1)) * (f1 - f0);
  }
  double sampled = 0.0;
  for (double a : w.harris_amplitude)
    sampled += 0.5 * a * a;
  EXPECT_NEAR(sampled / expected, 1.0, 0.02);
  // Harris at 10 m/s with kappa 0.002: sigma^2 = 4 kappa V^2 int_0^inf (2 + x^2)^(-5/6) dx
  // = 4 kappa V^2 2^(-1/3) B(1/2, 1/3) / 2; the band holds nearly all of it.
  const double beta = std::tgamma(0.5) * std::tgamma(1.0 / 3.0) / std::tgamma(5.0 / 6.0);
  EXPECT_NEAR(expected / (4 * 0.002 * 100.0 * std::pow(2.0, -1.0 / 3.0) * beta / 2.0), 1.0, 0.05);
  // The gust is a function of time: its spread over a day matches.
  double sum2 = 0.0;
  int count = 0;
  for (double t = 0.0; t < 86400.0; t += 2.0, ++count)
    sum2 += harris_gust(w, t) * harris_gust(w, t);
  EXPECT_NEAR(std::sqrt(sum2 / count) / std::sqrt(sampled), 1.0, 0.1);
}

}  // namespace
}  // namespace leeway
