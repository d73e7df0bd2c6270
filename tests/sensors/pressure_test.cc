// The pressure a sensor measures (sensors/pressure.h) against closed forms: the standard
// atmosphere's published values, p_air + rho g d under a calm sea, and under a regular deep-water
// wave an oscillation of rho g a e^(-k d), not the hydrostatic rho g a of the elevation.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "leeway/sensors/pressure.h"

namespace leeway {
namespace {

constexpr double g = 9.81;

TEST(Pressure, TheStandardAtmosphereMatchesItsTable) {
  // U.S. Standard Atmosphere 1976, geometric altitude: 101325 Pa at 0, 89876 Pa at 1000 m,
  // 79501 Pa at 2000 m (the table's 5 figures).
  EXPECT_EQ(standard_atmosphere_pressure(0.0), 101325.0);
  EXPECT_NEAR(standard_atmosphere_pressure(1000.0), 89876.0, 3.0);
  EXPECT_NEAR(standard_atmosphere_pressure(2000.0), 79501.0, 3.0);
}

TEST(Pressure, UnderACalmSeaItIsTheAirsPlusTheHead) {
  Environment env;
  env.fluid_density = 1025.0;
  env.surface_level = 0.5;
  const double p_air = standard_atmosphere_pressure(0.5);
  for (const double depth : {0.001, 1.0, 37.5, 500.0}) {
    const Vec3 p(3.0, -4.0, 0.5 - depth);
    EXPECT_NEAR(absolute_pressure(env, p, 12.0, g, 0.0), p_air + 1025.0 * g * depth, 1e-9 * p_air);
  }
  // Above the water, the air's at that height (not UUV Simulator's |z|).
  EXPECT_EQ(absolute_pressure(env, Vec3(0, 0, 2.0), 0.0, g, 0.0),
            standard_atmosphere_pressure(2.0));
  EXPECT_EQ(absolute_pressure(env, Vec3(0, 0, 2.0), 0.0, g, 100.0),
            standard_atmosphere_pressure(102.0));
}

TEST(Pressure, UnderARegularWaveItOscillatesByTheDecayedHead) {
  // Deep water, a = 0.5 m, T = 6 s: k = omega^2 / g. At depth d = 4 m the pressure swings by
  // rho g a e^(-k d) about the calm head.
  const double a = 0.5, omega = 2.0 * std::numbers::pi / 6.0, k = omega * omega / g, d = 4.0;
  Environment env;
  env.waves = make_wave_field({{a, omega, k, 0.0, 0.0, 0.0}}, INFINITY, 0.0, 0.0);
  const double head = standard_atmosphere_pressure(0.0) + 1025.0 * g * d;
  double lo = INFINITY, hi = -INFINITY;
  for (int i = 0; i < 600; ++i) {
    const double p = absolute_pressure(env, Vec3(0, 0, -d), i * 0.01, g, 0.0);
    lo = std::min(lo, p);
    hi = std::max(hi, p);
  }
  const double swing = 1025.0 * g * a * std::exp(-k * d);
  EXPECT_NEAR(hi - head, swing, 1e-6 * swing);  // the crest passes at t = 0
  EXPECT_NEAR(head - lo, swing, 1e-3 * swing);  // the trough between samples, to 1e-3
  EXPECT_LT(swing, 0.65 * 1025.0 * g * a);      // far from the hydrostatic reading
}

}  // namespace
}  // namespace leeway
