// VRX's wave field, reproduced: the elevations of research/vrx.md section 2.1, written out here
// independently, for the sea states VRX ships.
#include "leeway/env/vrx_wavefield.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "leeway/env/wave_field.h"

namespace leeway {
namespace {

/// ComputeDepthSimply with RecalculatePms, as the research note gives them.
double vrx_reference(double gain, double period, double direction, double x, double y, double t) {
  const double s = 1.1, angle = 0.4, tau = 2.0, wp = 2 * kPi / period;
  const double dw[3] = {wp * (1 - 1 / s), wp * (s - 1 / s) / 2, wp * (s - 1)};
  double h = 0.0;
  for (int i = 0; i < 3; ++i) {
    const int n = i - 1;
    const double w = wp * std::pow(s, n);
    const double S = 0.0081 * 9.81 * 9.81 / std::pow(w, 5) * std::exp(-1.25 * std::pow(wp / w, 4));
    const double a = gain * std::sqrt(2 * S * dw[i]);
    const double k = w * w / 9.8;
    const double dx = std::cos(direction + n * angle), dy = std::sin(direction + n * angle);
    h += a * std::cos(k * (x * dx + y * dy) - w * t);
  }
  return h * (1 - std::exp(-t / tau));
}

TEST(VrxWavefield, ShippedSeaStatesMatchTheReference) {
  struct SeaCase {
    double gain, period, direction;
  };
  for (const SeaCase c : {SeaCase{0.3, 5.0, 0.0}, SeaCase{0.6, 6.0, kPi / 4},
                          SeaCase{0.8, 6.0, 0.0}, SeaCase{2.0, 2.0, 0.0}, SeaCase{0.0, 4.0, 0.0}}) {
    VrxWavefield p;
    p.gain = c.gain;
    p.period = c.period;
    p.direction = c.direction;
    const WaveField f =
        make_wave_field(vrx_components(p), std::numeric_limits<double>::infinity(), p.tau, 0.0);
    for (double t : {0.0, 0.7, 5.0, 63.2, 1000.0}) {
      for (double x : {-40.0, 0.0, 13.5, 250.0}) {
        const double y = 0.37 * x - 5.0;
        EXPECT_NEAR(elevation(f, x, y, t), vrx_reference(c.gain, c.period, c.direction, x, y, t),
                    1e-12)
            << c.gain << " " << c.period << " t=" << t << " x=" << x;
      }
    }
  }
}

TEST(VrxWavefield, DefaultWorldAmplitudes) {
  // research/vrx.md: gain 0.3, period 5 s gives A = 0.036, 0.039, 0.039 m.
  VrxWavefield p;
  p.gain = 0.3;
  const auto c = vrx_components(p);
  ASSERT_EQ(c.size(), 3u);
  EXPECT_NEAR(c[0].amplitude, 0.036, 0.0005);
  EXPECT_NEAR(c[1].amplitude, 0.039, 0.0005);
  EXPECT_NEAR(c[2].amplitude, 0.039, 0.0005);
  EXPECT_NEAR(2 * kPi / c[1].k, 39.0, 0.5);  // wavelengths 47 / 39 / 32 m
}

TEST(VrxWavefield, ConstantWavelengthRatio) {
  VrxWavefield p;
  p.model = "CWR";
  p.number = 5;
  p.amplitude = 0.4;
  p.period = 6.0;
  const auto c = vrx_components(p);
  ASSERT_EQ(c.size(), 5u);
  const double k_mean = std::pow(2 * kPi / 6.0, 2) / 9.8;
  for (int i = 0; i < 5; ++i) {
    const int n = i - 2;
    EXPECT_DOUBLE_EQ(c[static_cast<std::size_t>(i)].amplitude, 0.4 * std::pow(1.1, n));
    EXPECT_DOUBLE_EQ(c[static_cast<std::size_t>(i)].k, k_mean / std::pow(1.1, n));
    EXPECT_DOUBLE_EQ(c[static_cast<std::size_t>(i)].omega,
                     std::sqrt(9.8 * c[static_cast<std::size_t>(i)].k));
  }
}

}  // namespace
}  // namespace leeway
