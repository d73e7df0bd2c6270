#include "leeway/env/wave_field.h"

#include <gtest/gtest.h>
#include <complex>

#include <cmath>
#include <limits>

#include "leeway/core/random.h"
#include "leeway/env/fast_trig.h"

namespace leeway {
namespace {

constexpr double kG = 9.80665;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

WaveComponent single(double A, double T, double direction, double depth = kInfinity) {
  WaveComponent c;
  c.amplitude = A;
  c.omega = 2 * kPi / T;
  c.k = dispersion_wavenumber(c.omega, depth, kG);
  c.direction = direction;
  c.phase = 0.3;
  return c;
}

TEST(FastTrig, MatchesTheLibrary) {
  RandomStream rng(1, "trig");
  double worst = 0.0, worst_far = 0.0;
  for (int i = 0; i < 200000; ++i) {
    const double x = (rng.uniform() - 0.5) * 2e4;
    const SinCos sc = fast_sincos(x);
    worst = std::max({worst, std::abs(sc.sin - std::sin(x)), std::abs(sc.cos - std::cos(x))});
    const double far = (rng.uniform() - 0.5) * 2 * kFastTrigLimit;
    const SinCos f = fast_sincos(far);
    worst_far =
        std::max({worst_far, std::abs(f.sin - std::sin(far)), std::abs(f.cos - std::cos(far))});
  }
  EXPECT_LT(worst, 1e-15);
  EXPECT_LT(worst_far, 1e-13);
}

TEST(FastTrig, ExpOfANonPositiveNumberIsWithinAnUlpOfTheLibrarys) {
  RandomStream rng(2, "exp");
  double worst_ulps = 0.0;
  const auto ulps = [](double a, double b) {
    return std::abs(a - b) / (std::nextafter(b, 2.0 * b + 1.0) - b);
  };
  for (int i = 0; i < 200000; ++i) {
    // Both the range of a wave's depth profile and the small arguments near the surface.
    const double x = i % 2 ? -708.0 * rng.uniform() : -std::pow(10.0, -12.0 * rng.uniform());
    worst_ulps = std::max(worst_ulps, ulps(fast_exp_nonpositive(x), std::exp(x)));
  }
  EXPECT_LE(worst_ulps, 1.0);
  EXPECT_EQ(fast_exp_nonpositive(0.0), 1.0);
  EXPECT_EQ(fast_exp_nonpositive(-0.0), 1.0);
  EXPECT_EQ(fast_exp_nonpositive(-1e4), std::exp(-708.0));
}

TEST(WaveField, LinearElevationIsTheSumOfCosines) {
  const WaveComponent c = single(0.5, 7.0, 0.4);
  const WaveField f = make_wave_field({c, single(0.2, 4.0, -1.0)}, kInfinity, 0.0, 1.5);
  const double x = 12.0, y = -3.0, t = 17.0;
  auto theta = [&](const WaveComponent& w) {
    return w.k * (std::cos(w.direction) * x + std::sin(w.direction) * y) - w.omega * t + w.phase;
  };
  const WaveComponent d = single(0.2, 4.0, -1.0);
  EXPECT_NEAR(elevation(f, x, y, t), 1.5 + 0.5 * std::cos(theta(c)) + 0.2 * std::cos(theta(d)),
              1e-15);
}

TEST(WaveField, GerstnerInversionFindsTheSurfaceAboveAFixedPoint) {
  // The exact elevation at (x, y) equals the height of the parametric surface point that lands
  // there, to 1e-9 m, for steepness up to the limit q_i = 1 / (k_i A_i).
  SeaState s;
  s.spectrum = make_pierson_moskowitz(1.0, 8.0);
  s.steepness = 1.0;
  std::vector<WaveComponent> comps = sample_components(s, 3);
  const WaveField f = make_wave_field(comps, kInfinity, 0.0, 0.0);
  ASSERT_LT(f.fold_margin, 1.0);
  ASSERT_TRUE(f.gerstner);
  RandomStream rng(4, "points");
  double worst = 0.0;
  for (int i = 0; i < 200; ++i) {
    const double x0 = 200 * rng.uniform(), y0 = 200 * rng.uniform(), t = 100 * rng.uniform();
    const Vec3 p = gerstner_point(f, x0, y0, t);
    worst = std::max(worst, std::abs(elevation(f, p.x(), p.y(), t) - p.z()));
  }
  EXPECT_LT(worst, 1e-9);

  // One component at 99% of its own limit: sharp crests, still exact.
  WaveComponent steep = single(1.0, 6.0, 0.7);
  steep.steepness = 0.99 / (steep.k * steep.amplitude);
  const WaveField g = make_wave_field({steep}, kInfinity, 0.0, 0.0);
  for (double x0 = 0.0; x0 < 60.0; x0 += 0.37) {
    const Vec3 p = gerstner_point(g, x0, 2.0, 3.0);
    EXPECT_NEAR(elevation(g, p.x(), p.y(), 3.0), p.z(), 1e-9) << x0;
  }
}

TEST(WaveField, GerstnerGridIsGerstnerPointOnAGrid) {
  // A steep short-crested sea (64 components, Gerstner q = 1) with a start-up ramp, far from the
  // origin and late: the grid's rotated phases give gerstner_point's surface to 1e-9 m.
  SeaState s;
  s.spectrum = make_pierson_moskowitz(1.5, 7.0);
  s.steepness = 1.0;
  const WaveField f = make_wave_field(sample_components(s, 11), kInfinity, 30.0, 0.4);
  ASSERT_TRUE(f.gerstner);
  const int n = 32;
  const double x0 = 1234.5, y0 = -987.25, h = 3.0, t = 3600.7;
  std::vector<Vec3> grid((n + 1) * (n + 1));
  gerstner_grid(f, x0, y0, h, n, t, grid);
  double worst = 0.0;
  for (int j = 0; j <= n; ++j) {
    for (int i = 0; i <= n; ++i) {
      const Vec3 p = gerstner_point(f, x0 + i * h, y0 + j * h, t);
      worst = std::max(worst, (grid[j * (n + 1) + i] - p).cwiseAbs().maxCoeff());
    }
  }
  EXPECT_LT(worst, 1e-9);
  EXPECT_GT((grid[5] - Vec3(x0 + 5 * h, y0, 0.4)).norm(), 0.05);  // the sea is not flat there
  std::vector<Vec3> wrong(10);
  EXPECT_THROW(gerstner_grid(f, x0, y0, h, n, t, wrong), std::invalid_argument);
}

TEST(WaveField, SteepCrestsAreSharperThanTroughs) {
  WaveComponent c = single(1.0, 8.0, 0.0);
  c.steepness = 0.8 / (c.k * c.amplitude);
  const WaveField f = make_wave_field({c}, kInfinity, 0.0, 0.0);
  // Trochoid: the crest rises as high as the trough sinks, but the surface spends less
  // horizontal distance above zero than below it.
  int above = 0;
  const int n = 10000;
  const double wavelength = 2 * kPi / c.k;
  for (int i = 0; i < n; ++i)
    above += elevation(f, wavelength * i / n, 0.0, 0.0) > 0.0;
  EXPECT_LT(above, n / 2 - n / 20);
}

TEST(WaveField, ParticleVelocityFollowsLinearTheory) {
  // Deep water: horizontal A w e^{kz} cos(theta) along the direction of travel, vertical
  // A w e^{kz} sin(theta).
  const WaveComponent c = single(0.8, 9.0, 0.5);
  const WaveField f = make_wave_field({c}, kInfinity, 0.0, 0.0);
  const Vec3 p(3.0, 4.0, -6.0);
  const double t = 11.0;
  const double theta = c.k * (std::cos(0.5) * 3.0 + std::sin(0.5) * 4.0) - c.omega * t + c.phase;
  const double amp = 0.8 * c.omega * std::exp(c.k * -6.0);
  const Vec3 expected(amp * std::cos(theta) * std::cos(0.5), amp * std::cos(theta) * std::sin(0.5),
                      amp * std::sin(theta));
  EXPECT_LT((particle_velocity(f, p, t) - expected).norm(), 1e-9);
  // The acceleration is the time derivative of the velocity at a fixed point.
  const double h = 1e-5;
  const Vec3 numeric = (particle_velocity(f, p, t + h) - particle_velocity(f, p, t - h)) / (2 * h);
  EXPECT_LT((particle_acceleration(f, p, t) - numeric).norm(), 1e-8);
  // Dynamic pressure rho g A e^{kz} cos(theta).
  EXPECT_NEAR(dynamic_pressure(f, p, t, 1025.0, kG),
              1025.0 * kG * 0.8 * std::exp(c.k * -6.0) * std::cos(theta), 1e-8);
}

TEST(WaveField, FiniteDepthKinematics) {
  const double h = 8.0;
  const WaveComponent c = single(0.3, 7.0, 0.0, h);
  const WaveField f = make_wave_field({c}, h, 0.0, 0.0);
  const Vec3 p(5.0, 0.0, -3.0);
  const double theta = c.k * 5.0 - c.omega * 2.0 + c.phase;
  const double s = std::sinh(c.k * h);
  const Vec3 expected(0.3 * c.omega * std::cosh(c.k * (h - 3.0)) / s * std::cos(theta), 0.0,
                      0.3 * c.omega * std::sinh(c.k * (h - 3.0)) / s * std::sin(theta));
  EXPECT_LT((particle_velocity(f, p, 2.0) - expected).norm(), 1e-12);
  // No flow through the seabed.
  EXPECT_NEAR(particle_velocity(f, Vec3(5.0, 0.0, -h), 2.0).z(), 0.0, 1e-15);
}

TEST(WaveField, SurfaceNormalIsTheGradientNormal) {
  SeaState s;
  s.spectrum = make_pierson_moskowitz(1.5, 7.0);
  s.components = 16;
  const WaveField f = make_wave_field(sample_components(s, 8), kInfinity, 0.0, 0.0);
  const double x = 4.0, y = 7.0, t = 30.0, h = 1e-5;
  const double dzdx = (elevation(f, x + h, y, t) - elevation(f, x - h, y, t)) / (2 * h);
  const double dzdy = (elevation(f, x, y + h, t) - elevation(f, x, y - h, t)) / (2 * h);
  EXPECT_LT((surface_normal(f, x, y, t) - Vec3(-dzdx, -dzdy, 1.0).normalized()).norm(), 1e-8);
}

TEST(WaveField, SurfaceAboveFromANeighboursParticleIsTheElevationAndItsSlope) {
  // A steep short-crested sea (q = 0.5, 64 components): started from the particle under a point
  // up to a metre away, the inversion finds the same surface point as elevation() does from the
  // point itself, and the gradient is the elevation's, by central differences.
  SeaState s;
  s.spectrum = make_pierson_moskowitz(1.5, 7.0);
  s.components = 64;
  s.steepness = 0.5;
  const WaveField f = make_wave_field(sample_components(s, 8), kInfinity, 0.0, 0.0);
  ASSERT_TRUE(f.gerstner);
  ASSERT_LT(f.fold_margin, 1.0);
  RandomStream rng(9, "points");
  for (int n = 0; n < 100; ++n) {
    const double x = 100 * rng.uniform(), y = 100 * rng.uniform(), t = 50 * rng.uniform();
    const double dx = 2 * rng.uniform() - 1, dy = 2 * rng.uniform() - 1;
    const SurfaceAbove near = surface_above(f, x + dx, y + dy, t, x + dx, y + dy);
    const SurfaceAbove a = surface_above(f, x, y, t, near.x0 - dx, near.y0 - dy);
    // Each inversion stops within 1e-13 (1 + |x| + |y|) m, some 2e-11 m here, of the particle.
    EXPECT_NEAR(a.eta, elevation(f, x, y, t), 5e-11) << n;
    const Vec3 p = gerstner_point(f, a.x0, a.y0, t);  // the particle found is above (x, y)
    EXPECT_NEAR(p.x(), x, 5e-11) << n;
    EXPECT_NEAR(p.y(), y, 5e-11) << n;
    const double h = 1e-5;
    EXPECT_NEAR(a.deta_dx, (elevation(f, x + h, y, t) - elevation(f, x - h, y, t)) / (2 * h), 1e-6);
    EXPECT_NEAR(a.deta_dy, (elevation(f, x, y + h, t) - elevation(f, x, y - h, t)) / (2 * h), 1e-6);
  }
}

TEST(WaveField, StartUpRamp) {
  const WaveField f = make_wave_field({single(1.0, 5.0, 0.0)}, kInfinity, 2.0, 0.0);
  EXPECT_EQ(ramp_factor(f, 0.0), 0.0);
  EXPECT_NEAR(ramp_factor(f, 2.0), 1.0 - std::exp(-1.0), 1e-15);
  EXPECT_EQ(elevation(f, 1.0, 2.0, 0.0), 0.0);
}

TEST(WaveField, LongRecordHasTheSpectrumsHeightAndShape) {
  // Three hours sampled at 1 Hz at one point (a standard wave-record length). Statistics:
  // Hs = 4 std(eta) within 5%, and the Hann-windowed periodogram's energy in each of the target
  // spectrum's 8 equal-energy bands within 10% of 1/8 of the total.
  SeaState s;
  s.spectrum = make_pierson_moskowitz(2.0, 8.0);
  const WaveField f = make_wave_field(sample_components(s, 7), kInfinity, 0.0, 0.0);
  const double dt = 1.0, duration = 3.0 * 3600.0;
  const int n = static_cast<int>(duration / dt);
  std::vector<double> eta(static_cast<std::size_t>(n));
  double mean = 0.0;
  for (int i = 0; i < n; ++i)
    mean += eta[static_cast<std::size_t>(i)] = elevation(f, 10.0, 20.0, i * dt);
  mean /= n;
  double var = 0.0;
  for (double& e : eta) {
    e -= mean;
    var += e * e / n;
  }
  EXPECT_NEAR(4.0 * std::sqrt(var), 2.0, 0.05 * 2.0);

  for (int i = 0; i < n; ++i)
    eta[static_cast<std::size_t>(i)] *= 0.5 - 0.5 * std::cos(2 * kPi * i / n);
  const EnergyQuantile q(s.spectrum);
  std::vector<double> band_energy(8, 0.0);
  double total = 0.0;
  for (int k = 1; k < n / 2; ++k) {
    const double w = 2 * kPi * k / duration;
    // DFT at frequency k / duration by a rotating phasor.
    std::complex<double> sum = 0.0, phasor = 1.0;
    const std::complex<double> step = std::polar(1.0, -w * dt);
    for (double e : eta) {
      sum += e * phasor;
      phasor *= step;
    }
    int band = 0;
    while (band < 7 && w > q.omega((band + 1) / 8.0))
      ++band;
    band_energy[static_cast<std::size_t>(band)] += std::norm(sum);
    total += std::norm(sum);
  }
  for (int b = 0; b < 8; ++b) {
    EXPECT_NEAR(band_energy[static_cast<std::size_t>(b)] / total, 1.0 / 8.0, 0.1 / 8.0)
        << "band " << b;
  }
}

}  // namespace
}  // namespace leeway
