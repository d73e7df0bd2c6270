// The lidar (sensors/lidar.h) against closed forms: its rays' directions as gz-sim lays them out;
// the range to a box, a sphere and a plane, and the Lambertian intensity; the near clip; the sea:
// a calm sea seen at a VLP-16's angles returns nothing, straight down it returns at its Fresnel
// reflectance; a crest hides the buoy behind it and not the one before it; and the noise.
#include "leeway/sensors/lidar.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "leeway/env/wave_field.h"
#include "leeway/geometry/ray.h"
#include "leeway/sensors/fresnel.h"

namespace leeway {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// Convex primitives at fixed poses in W.
struct Solids final : EchoSource {
  std::vector<std::pair<ConvexShape, Eigen::Isometry3d>> shapes;

  void add(const ConvexShape& shape, const Vec3& p_W, const Mat3& R_W = Mat3::Identity()) {
    Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
    X.linear() = R_W;
    X.translation() = p_W;
    shapes.emplace_back(shape, X);
  }
  std::optional<Echo> first_echo(const Ray& ray_W, double max_distance) const override {
    std::optional<Echo> best;
    for (const auto& [shape, X_WS] : shapes) {
      const Ray ray_S{X_WS.inverse() * ray_W.origin, X_WS.linear().transpose() * ray_W.direction};
      if (const auto hit = ray_cast(shape, ray_S, max_distance)) {
        max_distance = hit->distance;
        best = Echo{hit->distance, X_WS.linear() * hit->normal, Vec3::Zero()};
      }
    }
    return best;
  }
};

/// Four rays about S's z: -y, +x, +y, -x.
LidarModel four_ways() {
  LidarModel lidar;
  lidar.horizontal_samples = 4;
  lidar.horizontal_min = -kPi / 2;
  lidar.horizontal_max = kPi;
  lidar.range_min = 0.2;
  lidar.range_max = 50.0;
  return lidar;
}

LidarReading scan(const LidarModel& lidar, const Vec3& p_WS, const EchoSource& solids,
                  const Environment& env, double t = 0.0, const Mat3& R_WS = Mat3::Identity()) {
  RandomStream rng(1, "lidar");
  return scan_lidar(lidar, p_WS, R_WS, solids, env, t, NoiseState{}, rng);
}

/// VRX's VLP-16 (16 rows over +-15 degrees, all round), with `columns` rays a row.
LidarModel make_vlp16(int columns) {
  LidarModel lidar;
  lidar.horizontal_samples = columns;
  lidar.horizontal_min = -kPi;
  lidar.horizontal_max = kPi;
  lidar.vertical_samples = 16;
  lidar.vertical_min = -kPi / 12;
  lidar.vertical_max = kPi / 12;
  lidar.range_max = 130.0;
  return lidar;
}

TEST(Lidar, RaysAreLaidOutAsGzSimLaysThemOut) {
  const LidarModel vlp16 = make_vlp16(1875);
  EXPECT_EQ(vlp16.ray_count(), 30000u);
  EXPECT_DOUBLE_EQ(lidar_azimuth(vlp16, 0), -kPi);
  EXPECT_DOUBLE_EQ(lidar_azimuth(vlp16, 1874), kPi);  // the first ray again, as in gz-sim
  EXPECT_NEAR(lidar_azimuth(vlp16, 1) - lidar_azimuth(vlp16, 0), 2 * kPi / 1874, 1e-15);
  EXPECT_NEAR(lidar_elevation(vlp16, 15) - lidar_elevation(vlp16, 14), kPi / 90, 1e-15);  // 2 deg
  const Vec3 d = lidar_direction_S(vlp16, 937, 0);  // straight ahead, 15 degrees down
  EXPECT_LT((d - Vec3(std::cos(kPi / 12), 0, -std::sin(kPi / 12))).norm(), 1e-15);
  LidarModel planar;  // one row, at 0
  EXPECT_DOUBLE_EQ(lidar_elevation(planar, 0), 0.0);
}

TEST(Lidar, RangesToABoxASphereAndAPlaneAreTheirDistances) {
  // 10 m above a calm sea: a 1 m box 5 m along +x, a sphere of radius 1 6 m along +y, and the
  // plane x = -7 facing +x; nothing along -y. The rays meet each square on, so intensity 1.
  Solids solids;
  solids.add(Box{Vec3(0.5, 0.5, 0.5)}, {5, 0, 10});
  solids.add(Sphere{1.0}, {0, 6, 10});
  Environment env;
  const LidarModel lidar = four_ways();
  const Vec3 p(0, 0, 10);
  struct : EchoSource {
    std::optional<Echo> first_echo(const Ray& ray, double max_distance) const override {
      const auto hit = ray_cast_plane(Vec3::UnitX(), -7.0, ray, max_distance);
      if (!hit) return {};
      return Echo{hit->distance, hit->normal, Vec3::Zero()};
    }
  } plane;
  const LidarReading r = scan(lidar, p, solids, env);
  ASSERT_EQ(r.ranges.size(), 4u);
  EXPECT_EQ(r.ranges[0], kInf);
  EXPECT_EQ(r.intensities[0], 0.0f);
  EXPECT_NEAR(r.ranges[1], 4.5, 1e-5);
  EXPECT_NEAR(r.ranges[2], 5.0, 1e-5);
  EXPECT_NEAR(r.intensities[1], 1.0, 1e-5);
  EXPECT_NEAR(r.intensities[2], 1.0, 1e-5);
  EXPECT_NEAR(scan(lidar, p, plane, env).ranges[3], 7.0, 1e-5);
  EXPECT_EQ(r.water_returns, 0);

  // Turned 90 degrees about z, S's +x looks along W's +y: the sphere comes a column earlier.
  const Mat3 R = Eigen::AngleAxisd(kPi / 2, Vec3::UnitZ()).toRotationMatrix();
  EXPECT_NEAR(scan(lidar, p, solids, env, 0.0, R).ranges[1], 5.0, 1e-5);

  // The box turned 60 degrees about y: its face x' = -0.5 is met at 60 degrees' incidence,
  // intensity cos 60 = 1/2, 5 - 0.5 / cos 60 = 4 m from S.
  Solids tilted;
  tilted.add(Box{Vec3(0.5, 5, 5)}, {5, 0, 10},
             Eigen::AngleAxisd(kPi / 3, Vec3::UnitY()).toRotationMatrix());
  const LidarReading t = scan(lidar, p, tilted, env);
  EXPECT_NEAR(t.ranges[1], 4.0, 1e-5);
  EXPECT_NEAR(t.intensities[1], 0.5, 1e-5);
}

TEST(Lidar, WhatIsNearerThanTheMinimumRangeIsNotSeen) {
  // gz-sim's near clip: inside a 0.4 m housing around S the rays start past it.
  Solids solids;
  solids.add(Sphere{0.15}, {0, 0, 10});
  solids.add(Box{Vec3(0.5, 0.5, 0.5)}, {5, 0, 10});
  const LidarReading r = scan(four_ways(), {0, 0, 10}, solids, Environment{});
  EXPECT_NEAR(r.ranges[1], 4.5, 1e-5);
  EXPECT_EQ(r.ranges[2], kInf);
}

TEST(Lidar, ACalmSeaReturnsNothingButStraightBackAtItsFresnelReflectance) {
  // A VLP-16 2 m above a calm sea: half its rays reach the water within range; none return.
  const Environment calm;
  const Solids nothing;
  const LidarReading r = scan(make_vlp16(360), {0, 0, 2}, nothing, calm);
  for (const float range : r.ranges)
    ASSERT_EQ(range, kInf);
  EXPECT_EQ(r.water_returns, 0);

  // Straight down the pulse comes back: from 2 m, at R = ((1.34 - 1) / 2.34)^2 = 2.1 %; tilted by
  // less than the acceptance (3 mrad) too, by more not.
  LidarModel down;
  down.vertical_min = down.vertical_max = -kPi / 2;
  const LidarReturn straight = lidar_return(down, {{0, 0, 2}, -Vec3::UnitZ()}, nothing, calm, 0.0);
  EXPECT_TRUE(straight.water);
  EXPECT_NEAR(straight.range, 2.0, 1e-12);
  const double R0 = std::pow((kSeaWaterRefractiveIndex - 1) / (kSeaWaterRefractiveIndex + 1), 2);
  EXPECT_NEAR(straight.intensity, R0, 1e-12);
  const auto tilted = [&](double angle) {
    return lidar_return(down, {{0, 0, 2}, Vec3(std::sin(angle), 0, -std::cos(angle))}, nothing,
                        calm, 0.0);
  };
  EXPECT_TRUE(tilted(0.0029).water);
  EXPECT_NEAR(tilted(0.0029).range, 2.0 / std::cos(0.0029), 1e-12);
  EXPECT_EQ(tilted(0.0031).range, kInf);
  // From under the water, looking up: the surface again, from below.
  const LidarReturn up = lidar_return(down, {{0, 0, -3}, Vec3::UnitZ()}, nothing, calm, 0.0);
  EXPECT_NEAR(up.range, 3.0, 1e-12);
  EXPECT_NEAR(up.intensity, R0, 1e-12);
}

TEST(Lidar, ACrestHidesTheBuoyBehindItAndNotTheOneBeforeIt) {
  // A 40 m swell of amplitude 1 m along x, a crest at x = 0 and troughs at +-20 m at t = 0. The
  // lidar is 0.8 m up over the trough at x = -20 looking along +x: a buoy (sphere of 0.5 m) at
  // x = -10, where the surface is at the calm level, is seen at 9.5 m; one at x = +20, behind the
  // crest that stands 0.2 m above the ray, is hidden, and is seen on a calm sea.
  WaveComponent c;
  c.amplitude = 1.0;
  c.k = 2 * kPi / 40.0;
  c.omega = std::sqrt(9.80665 * c.k);
  Environment swell;
  swell.waves = make_wave_field({c}, kInf, 0.0, 0.0);
  const Vec3 p(-20, 0, 0.8);
  Solids before, behind;
  before.add(Sphere{0.5}, {-10, 0, 0.8});
  behind.add(Sphere{0.5}, {20, 0, 0.8});
  LidarModel lidar = four_ways();
  lidar.horizontal_samples = 1;
  lidar.horizontal_min = lidar.horizontal_max = 0.0;
  EXPECT_NEAR(scan(lidar, p, before, swell).ranges[0], 9.5, 1e-5);
  EXPECT_EQ(scan(lidar, p, behind, swell).ranges[0], kInf);
  EXPECT_NEAR(scan(lidar, p, behind, Environment{}).ranges[0], 39.5, 1e-5);
}

TEST(Lidar, NoiseIsGzSimsClampedToTheRangesAndTheSameForTheSameSeed) {
  Solids solids;
  solids.add(Box{Vec3(0.5, 50, 50)}, {10.5, 0, 0});  // a wall 10 m ahead
  LidarModel lidar;
  lidar.horizontal_samples = 2000;
  lidar.horizontal_min = -0.01;
  lidar.horizontal_max = 0.01;  // every ray within 0.01 rad of square on: 10 m to 5e-4 m
  lidar.range_max = 10.05;
  lidar.range_noise.white_stddev = 0.02;
  lidar.range_noise.mean = 0.01;
  NoiseState bias;
  bias.turn_on = -0.005;
  RandomStream rng(3, "noise");
  const LidarReading r =
      scan_lidar(lidar, Vec3(0, 0, 0), Mat3::Identity(), solids, Environment{}, 0.0, bias, rng);
  double sum = 0.0, sum2 = 0.0;
  int clamped = 0;
  for (int i = 0; i < 2000; ++i) {
    const double truth = 10.0 / std::cos(lidar_azimuth(lidar, i));
    const double e = r.ranges[static_cast<std::size_t>(i)] - truth;
    ASSERT_LE(r.ranges[static_cast<std::size_t>(i)], 10.05f);
    if (r.ranges[static_cast<std::size_t>(i)] >= 10.05f) {
      ++clamped;
      continue;
    }
    sum += e;
    sum2 += e * e;
  }
  // Mean 0.01 and bias -0.005: 10.005 m. Clamped at 10.05, 2.25 sigma above: 1.2 % of the rays
  // (24 expected); the rest are a normal truncated there, of mean 0.005 - sigma phi(2.25) /
  // Phi(2.25) = 0.00436 and standard deviation 0.0193.
  EXPECT_GT(clamped, 8);
  EXPECT_LT(clamped, 45);
  const int n = 2000 - clamped;
  const double mean = sum / n, sigma = std::sqrt(sum2 / n - mean * mean);
  EXPECT_NEAR(mean, 0.00436, 4 * 0.02 / std::sqrt(n));
  EXPECT_NEAR(sigma, 0.0193, 0.0015);
  RandomStream again(3, "noise");
  EXPECT_EQ(
      scan_lidar(lidar, Vec3(0, 0, 0), Mat3::Identity(), solids, Environment{}, 0.0, bias, again),
      r);
}

TEST(Lidar, AnyNumberOfThreadsCastsTheSameScan) {
  // A VLP-16 over a swell, boxes and spheres around it, with noise: every range and intensity.
  WaveComponent c;
  c.amplitude = 0.5;
  c.k = 2 * kPi / 20.0;
  c.omega = std::sqrt(9.80665 * c.k);
  c.direction = 0.4;
  Environment swell;
  swell.waves = make_wave_field({c}, kInf, 0.0, 0.0);
  Solids solids;
  solids.add(Box{Vec3(1, 4, 3)}, {12, 3, 0.5}, Mat3(Eigen::AngleAxisd(0.3, Vec3::UnitZ())));
  solids.add(Sphere{1.5}, {-6, -8, 0.5});
  solids.add(Sphere{0.7}, {2, 9, 1.0});
  LidarModel lidar = make_vlp16(400);
  lidar.range_noise.white_stddev = 0.01;
  const Mat3 R_WS = Mat3(Eigen::AngleAxisd(0.1, Vec3::UnitY()));
  const auto cast_on = [&](int threads) {
    RandomStream rng(11, "lidar");
    return scan_lidar(lidar, Vec3(0, 0, 2), R_WS, solids, swell, 3.0, NoiseState{}, rng, threads);
  };
  const LidarReading one = cast_on(1);
  const auto returns =
      std::count_if(one.ranges.begin(), one.ranges.end(), [](float r) { return std::isfinite(r); });
  EXPECT_GT(returns, 100);  // rays that meet the solids
  EXPECT_EQ(one, cast_on(2));
  EXPECT_EQ(one, cast_on(5));
  EXPECT_EQ(one, cast_on(64));  // more threads than rows
}

TEST(Lidar, ABadModelIsNamed) {
  LidarModel lidar = four_ways();
  EXPECT_EQ(check_lidar(lidar), "");
  lidar.horizontal_samples = 0;
  EXPECT_NE(check_lidar(lidar).find("at least one sample"), std::string::npos);
  lidar = four_ways();
  lidar.range_max = lidar.range_min;
  EXPECT_NE(check_lidar(lidar).find("0 <= min < max"), std::string::npos);
  lidar = four_ways();
  lidar.vertical_max = std::nan("");
  EXPECT_NE(check_lidar(lidar).find("vertical angles"), std::string::npos);
  lidar = four_ways();
  lidar.range_noise.random_walk = 0.1;
  EXPECT_NE(check_lidar(lidar).find("white noise"), std::string::npos);
}

}  // namespace
}  // namespace leeway
