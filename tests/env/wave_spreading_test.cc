#include "leeway/env/wave_spreading.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "leeway/core/spatial.h"

namespace leeway {
namespace {

double integral(const WaveSpreading& sp, double wbar, double a, double b) {
  const int n = 20000;
  const double h = (b - a) / n;
  double sum = 0.0;
  for (int i = 0; i < n; ++i)
    sum += spreading_density(sp, wbar, a + (i + 0.5) * h) * h;
  return sum;
}

TEST(WaveSpreading, MitsuyasuExponentIsSeed000Equation10) {
  const WaveSpreading sp;  // Mitsuyasu, s_max = 17.01
  EXPECT_DOUBLE_EQ(spreading_exponent(sp, 1.0), 17.01);
  EXPECT_DOUBLE_EQ(spreading_exponent(sp, 0.5), 17.01 * std::pow(0.5, 5));
  EXPECT_DOUBLE_EQ(spreading_exponent(sp, 2.0), 17.01 * std::pow(2.0, -2.5));
}

TEST(WaveSpreading, DensitiesIntegrateToOne) {
  WaveSpreading cos2s;
  cos2s.kind = SpreadingKind::kCos2s;
  cos2s.s = 6.0;
  for (double wbar : {0.3, 0.8, 1.0, 1.7, 3.0}) {
    // (the midpoint rule converges slowly at +-pi, where small s makes the density steep)
    EXPECT_NEAR(integral(WaveSpreading{}, wbar, -kPi, kPi), 1.0, 1e-5) << wbar;
  }
  EXPECT_NEAR(integral(cos2s, 1.0, -kPi / 2, kPi / 2), 1.0, 1e-7);
  EXPECT_EQ(spreading_density(cos2s, 1.0, 1.7), 0.0);
}

TEST(WaveSpreading, SecondMomentLimits) {
  // Far below the peak s -> 0: uniform on [-pi, pi], mu_2 = pi^2 / 3.
  EXPECT_NEAR(spreading_second_moment(WaveSpreading{}, 0.05), kPi * kPi / 3, 1e-4);
  // Large s: cos(x/2)^(2s) ~ exp(-s x^2 / 4), a normal of variance 2/s.
  WaveSpreading narrow;
  narrow.s_max = 400.0;
  EXPECT_NEAR(spreading_second_moment(narrow, 1.0) / (2.0 / 400.0), 1.0, 0.01);
}

TEST(WaveSpreading, QuantileInvertsTheDistribution) {
  const WaveSpreading sp;
  for (double wbar : {0.7, 1.0, 2.0}) {
    for (double u : {0.05, 0.3, 0.5, 0.8, 0.99}) {
      const double x = spreading_quantile(sp, wbar, u);
      EXPECT_NEAR(integral(sp, wbar, -kPi, x), u, 1e-6) << wbar << " " << u;
    }
  }
}

}  // namespace
}  // namespace leeway
