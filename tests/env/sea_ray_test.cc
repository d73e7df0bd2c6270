// Rays against the sea surface (env/sea_ray.h): the calm plane in closed form; a horizontal ray
// into a single long-crested wave meets it where A cos(theta) equals the ray's height, with the
// surface's slope as its normal; in a steep Gerstner sea, every hit lies on the surface the
// physics uses (its elevation) and no earlier point of the ray is below it; and a ray from under
// the water meets it from below; past where surely_past_sea says, a ray is across. These hold for
// the same sea without its Gerstner steepness, which is searched another way.
#include "leeway/env/sea_ray.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "leeway/core/random.h"
#include "leeway/env/wave_field.h"

namespace leeway {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kG = 9.80665;

/// Uniform in [lo, hi).
double uniform(RandomStream& rng, double lo, double hi) {
  return lo + (hi - lo) * rng.uniform();
}

Ray ray(const Vec3& origin, const Vec3& direction) {
  return {origin, direction.normalized()};
}

TEST(SeaRay, ACalmSeaIsThePlaneAtItsLevel) {
  Environment env;
  env.surface_level = 0.5;
  // From 10 m up along (0.6, 0, -0.8): 9.5 m down is 11.875 m along.
  const auto hit = ray_cast_sea(env, ray({0, 0, 10}, {0.6, 0, -0.8}), 0.0, 100.0);
  ASSERT_TRUE(hit);
  EXPECT_NEAR(hit->distance, 11.875, 1e-12);
  EXPECT_LT((hit->p_W - Vec3(7.125, 0, 0.5)).norm(), 1e-12);
  EXPECT_FALSE(hit->from_below);
  EXPECT_FALSE(ray_cast_sea(env, ray({0, 0, 10}, {0.6, 0, -0.8}), 0.0, 11.0));  // too short
  EXPECT_FALSE(ray_cast_sea(env, ray({0, 0, 10}, {0, 0, 1}), 0.0, 100.0));
  EXPECT_FALSE(ray_cast_sea(env, ray({0, 0, 10}, {1, 0, 0}), 0.0, 100.0));
  const auto up = ray_cast_sea(env, ray({0, 0, -3}, {0, 0, 1}), 0.0, 100.0);
  ASSERT_TRUE(up);
  EXPECT_NEAR(up->distance, 3.5, 1e-12);
  EXPECT_TRUE(up->from_below);
}

TEST(SeaRay, AHorizontalRayMeetsACrestWhereItsHeightIsTheRays) {
  // eta(x) = cos(k x - pi), 20 m long, travelling along +x, at t = 0: a trough at x = 0 and a
  // crest at 10 m. A ray 0.5 m up from x = 0 along +x meets the crest's face where
  // cos(k s) = -0.5, at s = (2 pi / 3) / k = 20/3 m, whatever lies beyond (a buoy at 15 m is
  // hidden). There the surface rises at d eta/dx = k sin(2 pi / 3).
  WaveComponent c;
  c.amplitude = 1.0;
  c.k = 2 * kPi / 20.0;
  c.omega = std::sqrt(kG * c.k);
  c.phase = -kPi;
  Environment env;
  env.waves = make_wave_field({c}, kInf, 0.0, 0.0);
  const auto hit = ray_cast_sea(env, ray({0, 0, 0.5}, {1, 0, 0}), 0.0, 100.0);
  ASSERT_TRUE(hit);
  EXPECT_NEAR(hit->distance, 20.0 / 3.0, kSeaRayTolerance);
  const double slope = c.k * std::sin(2 * kPi / 3);
  EXPECT_LT((hit->n_W - Vec3(-slope, 0, 1).normalized()).norm(), 1e-3 * slope);
  // Above every crest, nothing.
  EXPECT_FALSE(ray_cast_sea(env, ray({0, 0, 1.01}, {1, 0, 0}), 0.0, 1000.0));
}

TEST(SeaRay, ASeaWhoseWavesHaveNotRampedUpIsItsCalmLevelToEveryRay) {
  // VRX's waves ramp up from nothing (its gain ramp): at t = 0 the sea is the plane z_level,
  // a slab of no height. Every ray down meets it where the plane is (found by a camera at
  // t = 0 missing a tenth of the water: the search's one point was rounding either side).
  WaveComponent c;
  c.amplitude = 0.04;
  c.k = 0.16;
  c.omega = std::sqrt(kG * c.k);
  Environment env;
  env.waves = make_wave_field({c}, kInf, 10.0, 0.3);
  ASSERT_EQ(ramp_factor(*env.waves, 0.0), 0.0);
  RandomStream rng(5, "rays");
  for (int n = 0; n < 2000; ++n) {
    const Vec3 o(uniform(rng, -600.0, 600.0), uniform(rng, -600.0, 600.0), uniform(rng, 0.5, 3.0));
    const double azimuth = uniform(rng, -kPi, kPi), depression = uniform(rng, 0.005, 1.5);
    const Vec3 d(std::cos(depression) * std::cos(azimuth), std::cos(depression) * std::sin(azimuth),
                 -std::sin(depression));
    const auto hit = ray_cast_sea(env, ray(o, d), 0.0, 1000.0);
    ASSERT_TRUE(hit) << n;
    EXPECT_NEAR(hit->distance, (o.z() - 0.3) / std::sin(depression), kSeaRayTolerance) << n;
  }
}

/// A steep short-crested sea: ten components of 3 to 8 s, Gerstner with steepness q (0: linear,
/// searched along each ray in closed form; sea_ray.cc).
Environment steep_sea(double q = 0.6) {
  RandomStream rng(7, "sea");
  std::vector<WaveComponent> components;
  for (int i = 0; i < 10; ++i) {
    WaveComponent c;
    const double T = 3.0 + 0.5 * i;
    c.omega = 2 * kPi / T;
    c.k = c.omega * c.omega / kG;
    c.amplitude = 0.05 + 0.03 * i;
    c.direction = uniform(rng, -1.0, 1.0);
    c.phase = uniform(rng, 0.0, 2 * kPi);
    c.steepness = q;
    components.push_back(c);
  }
  Environment env;
  env.waves = make_wave_field(components, kInf, 0.0, 0.2);
  return env;
}

class SeaRaySteepness : public testing::TestWithParam<double> {};

TEST_P(SeaRaySteepness, EveryHitInASteepSeaIsOnTheSurfaceAndTheFirst) {
  const Environment env = steep_sea(GetParam());
  ASSERT_EQ(env.waves->gerstner, GetParam() > 0.0);
  const WaveField& w = *env.waves;
  RandomStream rng(11, "rays");
  const double t = 13.7;
  for (int n = 0; n < 200; ++n) {
    // Half look 3 to 80 degrees down from 2 to 12 m above the calm level (above every crest);
    // half graze the crests, 0.6 to 2 degrees down from 0.3 to 1 m above the water under them,
    // where a ray can pass over one crest and into the next.
    const bool grazing = n % 2 == 1;
    const double azimuth = uniform(rng, -kPi, kPi);
    const double depression = grazing ? uniform(rng, 0.01, 0.035) : uniform(rng, 0.05, 1.4);
    const Vec3 d(std::cos(depression) * std::cos(azimuth), std::cos(depression) * std::sin(azimuth),
                 -std::sin(depression));
    Vec3 o(uniform(rng, -50.0, 50.0), uniform(rng, -50.0, 50.0), 0.0);
    o.z() = grazing ? elevation(w, o.x(), o.y(), t) + uniform(rng, 0.3, 1.0)
                    : w.z_level + uniform(rng, 2.0, 12.0);
    const auto hit = ray_cast_sea(env, ray(o, d), t, 1000.0);
    ASSERT_TRUE(hit) << n;
    EXPECT_FALSE(hit->from_below);
    // On the surface: within the bisection's tolerance along the ray.
    EXPECT_LT(std::abs(hit->p_W.z() - elevation(w, hit->p_W.x(), hit->p_W.y(), t)),
              kSeaRayTolerance)
        << n;
    // The first: every point before it, 2 cm apart, is above the water, but for a crest it
    // grazes by less than kSeaRayGraze.
    for (double s = 0.0; s < hit->distance - kSeaRayTolerance; s += 0.02) {
      const Vec3 p = o + s * d;
      ASSERT_GT(p.z(), elevation(w, p.x(), p.y(), t) - kSeaRayGraze) << n << " at " << s;
    }
    EXPECT_LT((hit->n_W - surface_normal(w, hit->p_W.x(), hit->p_W.y(), t)).norm(), 1e-12) << n;
    EXPECT_GT(hit->n_W.z(), 0.5);
  }
}

TEST_P(SeaRaySteepness, ARayIsSurelyAcrossTheSurfaceOnlyPastItsCrossing) {
  // Where surely_past_sea says a ray is across, it is: the point is on the far side of the
  // surface and the ray met the surface before it. From above and from below.
  const Environment env = steep_sea(GetParam());
  const WaveField& w = *env.waves;
  const double t = 13.7;
  const SeaSlab slab = sea_slab(env, t);
  RandomStream rng(5, "rays");
  for (int n = 0; n < 100; ++n) {
    const bool from_below = n % 2 == 1;
    const double depression = uniform(rng, 0.05, 1.4), azimuth = uniform(rng, -kPi, kPi);
    const Vec3 d(std::cos(depression) * std::cos(azimuth), std::cos(depression) * std::sin(azimuth),
                 (from_below ? 1.0 : -1.0) * std::sin(depression));
    Vec3 o(uniform(rng, -50.0, 50.0), uniform(rng, -50.0, 50.0), 0.0);
    o.z() = elevation(w, o.x(), o.y(), t) + (from_below ? -1.0 : 1.0) * uniform(rng, 0.1, 5.0);
    ASSERT_EQ(below_sea_surface(env, o, t), from_below);
    const double past = surely_past_sea(slab, ray(o, d), from_below);
    ASSERT_TRUE(std::isfinite(past));
    const Vec3 p = o + past * d;
    EXPECT_EQ(below_sea_surface(env, p, t), !from_below) << n;
    const auto hit = ray_cast_sea(env, ray(o, d), t, 1000.0);
    ASSERT_TRUE(hit) << n;
    EXPECT_LE(hit->distance, past) << n;
    // Along the surface or away from it, never.
    EXPECT_EQ(surely_past_sea(slab, ray(o, {d.x(), d.y(), -d.z()}), from_below), kInf);
  }
  // A calm sea: the plane itself.
  Environment calm;
  calm.surface_level = 0.5;
  EXPECT_NEAR(surely_past_sea(sea_slab(calm, 0.0), ray({0, 0, 10}, {0.6, 0, -0.8}), false), 11.875,
              1e-12);
}

INSTANTIATE_TEST_SUITE_P(GerstnerAndLinear, SeaRaySteepness, testing::Values(0.6, 0.0));

TEST_P(SeaRaySteepness, ARayFromUnderTheWaterMeetsItFromBelow) {
  const Environment env = steep_sea(GetParam());
  const auto hit = ray_cast_sea(env, ray({3, -4, -6}, {0.3, 0.2, 1}), 5.0, 100.0);
  ASSERT_TRUE(hit);
  EXPECT_TRUE(hit->from_below);
  EXPECT_LT(std::abs(hit->p_W.z() - elevation(*env.waves, hit->p_W.x(), hit->p_W.y(), 5.0)),
            kSeaRayTolerance);
  EXPECT_FALSE(ray_cast_sea(env, ray({3, -4, -6}, {0, 0, -1}), 5.0, 100.0));
}

}  // namespace
}  // namespace leeway
