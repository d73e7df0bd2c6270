#include "leeway/env/wave_spectrum.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

namespace leeway {
namespace {

constexpr double kUnbounded = std::numeric_limits<double>::infinity();

TEST(WaveSpectrum, PiersonMoskowitzHasTheRequestedHsAndPeak) {
  const WaveSpectrum s = make_pierson_moskowitz(2.5, 9.0);
  EXPECT_NEAR(4.0 * std::sqrt(spectral_moment(s, 0)), 2.5, 1e-9);
  const double wp = 2 * std::numbers::pi / 9.0;
  EXPECT_GT(spectral_density(s, wp), spectral_density(s, wp * 1.001));
  EXPECT_GT(spectral_density(s, wp), spectral_density(s, wp * 0.999));
  // Closed form of the cumulative energy: m0 exp(-5/4 (w_p / w)^4).
  EXPECT_NEAR(spectral_energy(s, 0.0, 1.3 * wp) / spectral_moment(s, 0),
              std::exp(-1.25 / std::pow(1.3, 4)), 1e-10);
  // Mean period T1 = 2 pi m0 / m1 = Tp / (Gamma(3/4) (5/4)^(1/4)) = 0.772 Tp.
  EXPECT_NEAR(2 * std::numbers::pi * spectral_moment(s, 0) / spectral_moment(s, 1),
              9.0 / (std::tgamma(0.75) * std::pow(1.25, 0.25)), 1e-8);
}

TEST(WaveSpectrum, GainFormIsSeed000Equation5) {
  // S = K^2 alpha g^2 / w^5 exp(-5/4 (w_p/w)^4) with alpha = 0.0081.
  const double K = 1.7, Tp = 6.0, g = 9.81, wp = 2 * std::numbers::pi / Tp;
  const WaveSpectrum s = make_pierson_moskowitz(significant_height_from_gain(K, Tp, g), Tp);
  for (double w : {0.5 * wp, wp, 2.2 * wp}) {
    const double eq5 =
        K * K * 0.0081 * g * g / std::pow(w, 5) * std::exp(-1.25 * std::pow(wp / w, 4));
    EXPECT_NEAR(spectral_density(s, w) / eq5, 1.0, 1e-12);
  }
  // Seed 000 eq. 2 rounds the one-parameter height to 0.162 g / w_p^2.
  EXPECT_NEAR(significant_height_from_gain(1.0, Tp, g) / (0.162 * g / (wp * wp)), 1.0, 0.01);
}

TEST(WaveSpectrum, JonswapKeepsHsAndSharpensThePeak) {
  const WaveSpectrum pm = make_pierson_moskowitz(3.0, 10.0);
  const WaveSpectrum j = make_jonswap(3.0, 10.0, 3.3);
  EXPECT_NEAR(4.0 * std::sqrt(spectral_moment(j, 0)), 3.0, 1e-9);
  const double wp = 2 * std::numbers::pi / 10.0;
  // With the normalisation, the peak rises by about gamma * C: 3.3 * 0.6 ~ 2 (Goda's C(3.3) =
  // 0.62).
  EXPECT_NEAR(spectral_density(j, wp) / spectral_density(pm, wp), 3.3 * j.jonswap_scale, 1e-12);
  EXPECT_NEAR(j.jonswap_scale, 1.0 - 0.287 * std::log(3.3), 0.02);
  const WaveSpectrum flat = make_jonswap(3.0, 10.0, 1.0);
  EXPECT_NEAR(spectral_density(flat, 1.3 * wp) / spectral_density(pm, 1.3 * wp), 1.0, 1e-9);
}

TEST(WaveSpectrum, TableIsPiecewiseLinear) {
  const WaveSpectrum t = make_table_spectrum({{0.4, 0.0}, {0.6, 2.0}, {1.0, 1.0}, {1.5, 0.0}});
  EXPECT_DOUBLE_EQ(spectral_density(t, 0.5), 1.0);
  EXPECT_DOUBLE_EQ(spectral_density(t, 0.8), 1.5);
  EXPECT_EQ(spectral_density(t, 2.0), 0.0);
  EXPECT_NEAR(spectral_energy(t, 0.0, kUnbounded), 0.2 + 0.6 + 0.25, 1e-12);
}

TEST(WaveSpectrum, EnergyQuantileInvertsTheCumulativeEnergy) {
  const WaveSpectrum s = make_pierson_moskowitz(2.0, 8.0);
  const EnergyQuantile q(s);
  const double wp = 2 * std::numbers::pi / 8.0;
  for (double f : {0.01, 0.25, 0.5, 0.9, 0.999}) {
    // Invert m0 exp(-5/4 (w_p/w)^4) = f m0.
    const double exact = wp * std::pow(-1.25 / std::log(f), 0.25);
    EXPECT_NEAR(q.omega(f) / exact, 1.0, 1e-5) << f;
  }
}

}  // namespace
}  // namespace leeway
