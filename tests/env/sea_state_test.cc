#include "leeway/env/sea_state.h"

#include <gtest/gtest.h>
#include <algorithm>

#include <cmath>
#include <limits>
#include <numbers>

namespace leeway {
namespace {

SeaState sea(int n) {
  SeaState s;
  s.spectrum = make_pierson_moskowitz(2.0, 8.0);
  s.mean_direction = 0.6;
  s.components = n;
  return s;
}

double significant_height(const std::vector<WaveComponent>& c) {
  double m0 = 0.0;
  for (const auto& w : c)
    m0 += 0.5 * w.amplitude * w.amplitude;
  return 4.0 * std::sqrt(m0);
}

TEST(SeaState, SampledComponentsCarryTheRequestedHs) {
  for (int n : {3, 64, 256}) {
    EXPECT_NEAR(significant_height(sample_components(sea(n), 1)), 2.0, 0.01 * 2.0) << n;
  }
  SeaState j = sea(64);
  j.spectrum = make_jonswap(2.0, 8.0, 3.3);
  EXPECT_NEAR(significant_height(sample_components(j, 1)), 2.0, 0.02);
}

TEST(SeaState, SampledSpectrumPeaksWithinOneBinOfTp) {
  // Density estimate per component: its energy over the width of its equal-energy bin. The bin
  // with the highest density must contain w_p or be next to the one that does.
  const SeaState s = sea(64);
  const EnergyQuantile q(s.spectrum);
  const double wp = 2 * std::numbers::pi / 8.0;
  int peak_bin = 0, wp_bin = 0;
  double best = 0.0;
  for (int i = 0; i < 64; ++i) {
    const double lo = q.omega(i / 64.0), hi = q.omega((i + 1) / 64.0);
    if (1.0 / (hi - lo) > best) {
      best = 1.0 / (hi - lo);
      peak_bin = i;
    }
    if (lo <= wp && wp < hi) wp_bin = i;
  }
  EXPECT_LE(std::abs(peak_bin - wp_bin), 1);
  // And every sampled component lies in its own bin.
  const auto c = sample_components(s, 9);
  for (int i = 0; i < 64; ++i) {
    EXPECT_GE(c[static_cast<std::size_t>(i)].omega, q.omega(i / 64.0) * (1 - 1e-12));
    EXPECT_LE(c[static_cast<std::size_t>(i)].omega, q.omega((i + 1) / 64.0) * (1 + 1e-12));
  }
}

/// Seed 000 eqs. 8-11 written out independently: mu_2 of Mitsuyasu's spreading at w / w_p.
double seed000_mu2(double wbar) {
  const double s = wbar <= 1.0 ? 17.01 * std::pow(wbar, 5) : 17.01 * std::pow(wbar, -2.5);
  const double N = std::tgamma(s + 1) / (2 * std::sqrt(std::numbers::pi) * std::tgamma(s + 0.5));
  const int steps = 4000;
  const double h = 2 * std::numbers::pi / steps;
  double sum = 0.0;
  for (int i = 0; i < steps; ++i) {
    const double x = -std::numbers::pi + (i + 0.5) * h;
    sum += x * x * N * std::pow(std::cos(x / 2), 2 * s) * h;
  }
  return sum;
}

TEST(SeaState, DirectionalSpreadMatchesEquation11) {
  // Energy-weighted mean of dtheta^2 over the components against the energy-weighted mu_2 of
  // their frequencies (eq. 11): within 5% at the default N = 64, for every seed tried.
  const SeaState s = sea(64);
  const double wp = 2 * std::numbers::pi / 8.0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    double measured = 0.0, expected = 0.0;
    for (const WaveComponent& c : sample_components(s, seed)) {
      const double d = c.direction - s.mean_direction;
      measured += c.amplitude * c.amplitude * d * d;
      expected += c.amplitude * c.amplitude * seed000_mu2(c.omega / wp);
    }
    EXPECT_NEAR(measured / expected, 1.0, 0.05) << "seed " << seed;
  }
}

TEST(SeaState, DirectionsFollowTheSpreadingShape) {
  // Pooled over seeds, half of the components lie within the spreading function's quartiles
  // (each block takes one offset from each of 8 equal-probability strata).
  const SeaState s = sea(64);
  const double wp = 2 * std::numbers::pi / 8.0;
  int inside = 0, total = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    for (const WaveComponent& c : sample_components(s, seed)) {
      const double q = spreading_quantile(s.spreading, c.omega / wp, 0.75);
      inside += std::abs(c.direction - s.mean_direction) < q;
      ++total;
    }
  }
  EXPECT_NEAR(static_cast<double>(inside) / total, 0.5, 0.05);
}

TEST(SeaState, SeedsAreReproducibleAndDistinct) {
  const auto a = sample_components(sea(64), 5), b = sample_components(sea(64), 5),
             c = sample_components(sea(64), 6);
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].phase, b[i].phase);
    EXPECT_EQ(a[i].direction, b[i].direction);
    EXPECT_NE(a[i].phase, c[i].phase);
  }
}

TEST(SeaState, FiniteDepthDispersion) {
  const double g = 9.81;
  for (double h : {2.0, 10.0, 50.0}) {
    for (double w : {0.3, 1.0, 3.0}) {
      const double k = dispersion_wavenumber(w, h, g);
      EXPECT_NEAR(g * k * std::tanh(k * h), w * w, 1e-12 * w * w) << h << " " << w;
    }
  }
  EXPECT_DOUBLE_EQ(dispersion_wavenumber(1.2, std::numeric_limits<double>::infinity(), g),
                   1.44 / g);
  // Shallow water: w = k sqrt(g h).
  EXPECT_NEAR(dispersion_wavenumber(0.01, 1.0, g), 0.01 / std::sqrt(g), 1e-8);
}

TEST(SeaState, SteepnessLimit) {
  SeaState s = sea(16);
  s.steepness = 1.0;
  for (const WaveComponent& c : sample_components(s, 2)) {
    EXPECT_LE(c.steepness * c.k * c.amplitude, 1.0 + 1e-15);
  }
}

}  // namespace
}  // namespace leeway
