// The imaging sonar (sensors/sonar.h) against closed forms (research/sensors_interfaces.md 4.4):
// Ainslie and McColm's absorption; the echo of a flat bottom spans the ranges its fan's edges
// reach; a sphere's echo falls with range as 40 log r + 2 alpha r; a target's bearing is its
// brightest beam's; two targets are resolved in range when further apart than c / 2B; the
// speckle of a bottom is Rayleigh (exponential intensity); the same seed gives the same image;
// the display's fan (sensors/sonar_fan.h) puts a cell where its range and bearing are.
#include "leeway/sensors/sonar.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "leeway/geometry/ray.h"
#include "leeway/sensors/sonar_fan.h"

namespace leeway {
namespace {

/// A small sonar for tests: 16 beams over 0.5 rad, 1.5 degrees wide, 20 degrees high.
SonarModel small_sonar() {
  SonarModel s;
  s.beams = 16;
  s.horizontal_fov = 0.5;
  s.beamwidth_h = 0.5 / 16;
  s.range_min = 0.5;
  s.range_max = 20.5;
  s.bins = 400;        // 5 cm
  s.bandwidth = 15e3;  // c / 2B = 5 cm
  s.absorption = 0.2;
  return s;
}

/// small_sonar() giving its expected image: incoherent, without speckle, the noise far below.
SonarModel expectation_sonar() {
  SonarModel s = small_sonar();
  s.coherent = false;
  s.speckle = false;
  s.noise_level = -100.0;
  return s;
}

/// The plane z = z0 facing up.
struct Bottom final : EchoSource {
  double z0 = 0.0;
  std::optional<Echo> first_echo(const Ray& ray, double max_distance) const override {
    const auto hit = ray_cast_plane(Vec3::UnitZ(), z0, ray, max_distance);
    if (!hit) return {};
    return Echo{hit->distance, hit->normal, Vec3::Zero()};
  }
};

/// Spheres at fixed places.
struct Spheres final : EchoSource {
  std::vector<std::pair<Vec3, double>> spheres;  // centre, radius
  std::optional<Echo> first_echo(const Ray& ray, double max_distance) const override {
    std::optional<Echo> best;
    for (const auto& [c, radius] : spheres) {
      const auto hit = ray_cast(Sphere{radius}, {ray.origin - c, ray.direction}, max_distance);
      if (!hit) continue;
      max_distance = hit->distance;
      best = Echo{hit->distance, hit->normal, Vec3::Zero()};
    }
    return best;
  }
};

/// Point targets: every ray within `cone` of a target's direction meets it at its range, facing
/// the ray.
struct PointTargets final : EchoSource {
  std::vector<std::pair<Vec3, double>> targets;  // unit direction, range
  double cone = 0.02;                            // [rad]
  std::optional<Echo> first_echo(const Ray& ray, double max_distance) const override {
    std::optional<Echo> best;
    for (const auto& [u, range] : targets) {
      if (ray.direction.dot(u) < std::cos(cone) || range > max_distance) continue;
      max_distance = range;
      best = Echo{range, -ray.direction, Vec3::Zero()};
    }
    return best;
  }
};

/// The linear intensity of a cell [uPa^2].
double intensity(const SonarImage& image, int bin, int beam) {
  return std::pow(10.0, image.level[std::size_t(bin * image.beams + beam)] / 10.0);
}

Mat3 pitched_down(double angle) {
  return Eigen::AngleAxisd(angle, Vec3::UnitY()).toRotationMatrix();
}

TEST(Sonar, AbsorptionIsAinslieAndMcColms) {
  // 900 kHz, 10 C, 35 psu, at the surface: 0.32 dB/m, the pure water's term nearly all of it
  // (research/sensors_interfaces.md S10); at 10 kHz about 1 dB/km (magnesium sulphate), at
  // 1 kHz about 0.06 dB/km (boric acid).
  EXPECT_NEAR(seawater_absorption(900e3, 10, 35, 0, 8), 0.32, 0.0032);
  EXPECT_NEAR(seawater_absorption(10e3, 4, 35, 0, 8) * 1e3, 1.17, 0.02);
  EXPECT_NEAR(seawater_absorption(1e3, 4, 35, 0, 8) * 1e3, 0.064, 0.002);
  // Less at depth, less in fresh water.
  EXPECT_LT(seawater_absorption(900e3, 10, 35, 1000, 8), seawater_absorption(900e3, 10, 35, 0, 8));
  EXPECT_LT(seawater_absorption(100e3, 10, 0, 0, 8), seawater_absorption(100e3, 10, 35, 0, 8));
}

TEST(Sonar, AFlatBottomEchoesBetweenTheRangesItsFanReaches) {
  // 5 m above the bottom, the fan's axis 30 degrees down; its rays span 1.5 times the 20-degree
  // aperture, from 15 degrees above the axis to 15 below. A beam hears the rays of the beams
  // within three beamwidths of its own (sensors/sonar.h: here three beams), so beam 8 (just
  // right of the axis) hears azimuths from -0.0625 to 0.125 rad: the bottom echoes in it from
  // where the lowest ray on the axis meets it, 5 / sin 45 = 7.07 m, to where the highest ray at
  // 0.125 rad does (depression asin(cos 15 cos 0.125 sin 30 - sin 15 cos 30)), blurred by the
  // range formation's three resolution cells. The expected image (no speckle, the noise far
  // below): where the echo is, however faint at its edges.
  SonarModel s = expectation_sonar();
  Bottom bottom;
  bottom.z0 = -5.0;
  RandomStream rng(1, "sonar");
  const SonarImage image =
      ping_sonar(s, Vec3::Zero(), pitched_down(kPi / 6), bottom, 1500.0, 5.0, rng);
  const int beam = 8;
  int first = -1, last = -1;
  for (int m = 0; m < image.bins; ++m) {
    if (image.level[std::size_t(m * image.beams + beam)] > s.noise_level + 30.0) {
      if (first < 0) first = m;
      last = m;
    }
  }
  ASSERT_GE(first, 0);
  const double edge = kPi / 12;  // 15 degrees
  const double farthest = std::asin(std::cos(edge) * std::cos(0.125) * std::sin(kPi / 6) -
                                    std::sin(edge) * std::cos(kPi / 6));
  const double blur = 3 * 0.05 + 0.05;  // three cells, and a bin
  EXPECT_NEAR(image.range[std::size_t(first)], 5.0 / std::sin(kPi / 4), blur);
  EXPECT_NEAR(image.range[std::size_t(last)], 5.0 / std::sin(farthest), blur);
  EXPECT_GT(image.hits, 0);
}

/// A profiling multibeam looking down: 64 beams over 2 rad across, 2 degrees along, its bottom
/// detected (expectation_sonar()'s ranges and resolution).
SonarModel profiling_sonar() {
  SonarModel s = expectation_sonar();
  s.beams = 64;
  s.horizontal_fov = 2.0;
  s.beamwidth_h = 2.0 / 64;
  s.vertical_fov = 0.035;
  s.range_max = 40.5;
  s.bins = 800;  // 5 cm
  s.mode = SonarMode::kProfiling;
  return s;
}

TEST(Sonar, AProfilingMultibeamDetectsAFlatSeabedAtTheAltitudeOverTheBeamsCosine) {
  // 10 m above a flat seabed, the fan across the track and straight down: beam b at theta_b
  // from the vertical meets the bottom at 10 / cos(theta_b). The detection (the centre of
  // gravity of the beam's echo within 10 dB of its peak) lands within a bin of it, out to the
  // outer beams at 0.98 rad where the echo spans 0.8 m of range across the beam.
  SonarModel s = profiling_sonar();
  Bottom bottom;
  bottom.z0 = -10.0;
  RandomStream rng(2, "sonar");
  const SonarImage image =
      ping_sonar(s, Vec3::Zero(), pitched_down(kPi / 2), bottom, 1500.0, 10.0, rng);
  ASSERT_EQ(image.bottom_range.size(), 64u);
  for (std::size_t b = 0; b < 64; ++b) {
    EXPECT_NEAR(image.bottom_range[b], 10.0 / std::cos(image.azimuth[b]), 0.05) << "beam " << b;
    EXPECT_GT(image.bottom_level[b], s.noise_level + s.detection_threshold);
  }
  // Beyond its range it detects nothing: NaN in every beam.
  bottom.z0 = -50.0;
  const SonarImage deep =
      ping_sonar(s, Vec3::Zero(), pitched_down(kPi / 2), bottom, 1500.0, 50.0, rng);
  for (double r : deep.bottom_range)
    EXPECT_TRUE(std::isnan(r));
  // With the coherent sum's speckle and the noise of the default unit the soundings scatter
  // about the same closed form, by much less than the beam's footprint.
  s.coherent = true;
  s.noise_level = SonarModel{}.noise_level;
  bottom.z0 = -10.0;
  const SonarImage speckled =
      ping_sonar(s, Vec3::Zero(), pitched_down(kPi / 2), bottom, 1500.0, 10.0, rng);
  std::vector<double> errors;
  for (std::size_t b = 0; b < 64; ++b)
    errors.push_back(std::abs(speckled.bottom_range[b] - 10.0 / std::cos(speckled.azimuth[b])));
  std::sort(errors.begin(), errors.end());
  EXPECT_LT(errors[32], 0.1);  // the median
  EXPECT_LT(errors.back(), 0.6);
}

/// A flat bottom at z0 with a box on it.
struct BottomAndBox final : EchoSource {
  double z0 = 0.0;
  Vec3 box_centre = Vec3::Zero(), box_half = Vec3::Zero();
  std::optional<Echo> first_echo(const Ray& ray, double max_distance) const override {
    std::optional<Echo> best;
    if (const auto hit = ray_cast_plane(Vec3::UnitZ(), z0, ray, max_distance)) {
      max_distance = hit->distance;
      best = Echo{hit->distance, hit->normal, Vec3::Zero()};
    }
    if (const auto hit =
            ray_cast(Box{box_half}, {ray.origin - box_centre, ray.direction}, max_distance))
      best = Echo{hit->distance, hit->normal, Vec3::Zero()};
    return best;
  }
};

/// side_scan_sonar() giving its expected image (as expectation_sonar()), 0.5 to 40.5 m in 800
/// bins of 5 cm.
SonarModel expected_side_scan() {
  SonarModel s = side_scan_sonar();
  s.coherent = false;
  s.speckle = false;
  s.noise_level = -100.0;
  s.range_max = 40.5;
  s.bins = 800;
  s.bandwidth = 15e3;  // c / 2B = 5 cm
  return s;
}

TEST(Sonar, ASideScansFirstBottomEchoIsWhereItsSteepestRayMeetsTheSeabedOnEitherSide) {
  // 10 m over a flat seabed, each side's axis 20 degrees down and its rays 1.5 times its
  // 50-degree aperture across: the steepest ray, 57.5 degrees down, meets the seabed first, at
  // 10 / sin(57.5 deg) = 11.86 m; from there the echo goes on to the last bin (the shallowest
  // rays, above the horizontal, never meet it). The two sides hear the same.
  const SonarModel s = expected_side_scan();
  Bottom bottom;
  bottom.z0 = -10.0;
  RandomStream rng(3, "sonar");
  const SonarImage image = ping_sonar(s, Vec3::Zero(), Mat3::Identity(), bottom, 1500.0, 10.0, rng);
  ASSERT_EQ(image.beams, 2);
  EXPECT_EQ(image.azimuth[0], kPi / 2);  // port
  EXPECT_LT((sonar_beam_S(s, image, 1) - Vec3(0, -std::cos(s.tilt), -std::sin(s.tilt))).norm(),
            1e-15);  // starboard, 20 degrees down
  for (int side = 0; side < 2; ++side) {
    int first = -1;
    for (int m = 0; m < image.bins && first < 0; ++m) {
      if (image.level[std::size_t(2 * m + side)] > s.noise_level + 30.0) first = m;
    }
    ASSERT_GE(first, 0);
    const double steepest = s.tilt + 0.75 * s.vertical_fov;
    EXPECT_NEAR(image.range[std::size_t(first)], 10.0 / std::sin(steepest), 3 * 0.05 + 0.05);
    EXPECT_GT(image.level[std::size_t(2 * (image.bins - 1) + side)], s.noise_level + 30.0);
  }
  for (int m = 0; m < image.bins; ++m) {  // where the echo is above the (random) noise
    if (image.level[std::size_t(2 * m)] < s.noise_level + 30.0) continue;
    EXPECT_NEAR(image.level[std::size_t(2 * m)], image.level[std::size_t(2 * m + 1)], 1e-3) << m;
  }
}

TEST(Sonar, ABoxOnTheSeabedEchoesOnItsSideAndCastsAnAcousticShadowBehindIt) {
  // A 2 m box 20 m to starboard on the seabed, 10 m below: its near face (19 m out, facing the
  // sonar) echoes from 20.6 to 21.5 m, louder than the seabed that port hears there, its top to
  // 22.5 m (its far top edge), and the seabed behind it is hidden from the sonar from
  // there to where the ray over its far top edge lands, 26.25 m out: slant ranges 22.5 to 28.1
  // m are silent to starboard, while port hears the open seabed at the same ranges.
  const SonarModel s = expected_side_scan();
  BottomAndBox world;
  world.z0 = -10.0;
  world.box_centre = Vec3(0, -20, -9);
  world.box_half = Vec3(1, 1, 1);
  RandomStream rng(4, "sonar");
  const SonarImage image = ping_sonar(s, Vec3::Zero(), Mat3::Identity(), world, 1500.0, 10.0, rng);
  const auto level = [&](int m, int side) { return image.level[std::size_t(2 * m + side)]; };
  int shadow_bins = 0, box_bins = 0;
  for (int m = 0; m < image.bins; ++m) {
    const double r = image.range[std::size_t(m)];
    if (r > 22.8 && r < 27.8) {  // the shadow, a few cells in from its edges
      EXPECT_LT(level(m, 1), s.noise_level + 10.0) << r;
      EXPECT_GT(level(m, 0), s.noise_level + 60.0) << r;
      ++shadow_bins;
    }
    if (r > 20.75 && r < 21.35) {  // the box's near face: nearly square-on, the seabed not
      EXPECT_GT(level(m, 1), level(m, 0) + 3.0) << r;
      ++box_bins;
    }
  }
  EXPECT_EQ(shadow_bins, 100);
  EXPECT_EQ(box_bins, 12);
}

TEST(Sonar, APointTargetFallsWithRangeAsSpreadingAndAbsorption) {
  // A 0.5 m sphere on the axis at 6 m and at 12 m (S3): the echo's energy over the image falls
  // by (6/12)^4 10^(-2 alpha 6 / 10), the sphere's Lambertian cross-section 2/3 pi a^2 being the
  // same. Incoherent without speckle: the expectation; the noise far below.
  SonarModel s = expectation_sonar();
  s.rays_per_beam_h = 8;
  s.rays_per_beam_v = 256;
  const auto energy = [&](double r) {
    Spheres target;
    target.spheres = {{Vec3(r, 0, 0), 0.5}};
    RandomStream rng(2, "sonar");
    const SonarImage image =
        ping_sonar(s, Vec3::Zero(), Mat3::Identity(), target, 1500.0, 0.0, rng);
    double sum = 0.0;
    for (int m = 0; m < image.bins; ++m)
      for (int b = 0; b < image.beams; ++b)
        sum += intensity(image, m, b);
    return sum;
  };
  const double expected = std::pow(0.5, 4) * std::pow(10.0, -2 * 0.2 * 6 / 10);
  EXPECT_NEAR(energy(12.0) / energy(6.0), expected, 0.05 * expected);
}

TEST(Sonar, ATargetsBearingIsItsBrightestBeams) {
  SonarModel s = small_sonar();
  s.coherent = false;
  s.speckle = false;
  for (const double bearing : {-0.17, 0.0, 0.05, 0.2}) {
    Spheres target;
    target.spheres = {{10.0 * Vec3(std::cos(bearing), std::sin(bearing), 0), 0.1}};
    RandomStream rng(3, "sonar");
    const SonarImage image =
        ping_sonar(s, Vec3::Zero(), Mat3::Identity(), target, 1500.0, 0.0, rng);
    int best = 0;
    double peak = 0.0;
    for (int m = 0; m < image.bins; ++m) {
      for (int b = 0; b < image.beams; ++b) {
        if (intensity(image, m, b) > peak) peak = intensity(image, m, b), best = b;
      }
    }
    EXPECT_NEAR(image.azimuth[std::size_t(best)], bearing, 0.5 * s.horizontal_fov / s.beams)
        << bearing;
  }
}

TEST(Sonar, TwoTargetsAreResolvedInRangeWhenFurtherApartThanTheResolution) {
  // Two point targets on the axis, one just above the other's line of sight, with c / 2B =
  // 10 cm and 1 cm bins: a dip between their two peaks 1.3 resolutions apart, one peak at 0.6
  // (S7, Rayleigh's criterion: the two sinc^2 lobes sum to 2 sinc^2(0.65) = 0.38 of a peak
  // midway, to 2 sinc^2(0.3) = 1.47 midway when 0.6 apart).
  SonarModel s = expectation_sonar();
  s.bins = 2000;
  s.bandwidth = 7.5e3;  // 10 cm
  const auto peaks = [&](double separation) {
    PointTargets targets;
    targets.targets = {{Vec3(1, 0, 0.05).normalized(), 10.0},
                       {Vec3(1, 0, -0.05).normalized(), 10.0 + separation}};
    RandomStream rng(4, "sonar");
    const SonarImage image =
        ping_sonar(s, Vec3::Zero(), Mat3::Identity(), targets, 1500.0, 0.0, rng);
    // The profile along the beam nearest the axis; count its local maxima above a tenth of its
    // highest.
    const int beam = s.beams / 2;
    std::vector<double> p;
    for (int m = 0; m < image.bins; ++m)
      p.push_back(intensity(image, m, beam) + intensity(image, m, beam - 1));
    const double top = *std::max_element(p.begin(), p.end());
    int count = 0;
    for (std::size_t m = 1; m + 1 < p.size(); ++m)
      count += p[m] > 0.1 * top && p[m] >= p[m - 1] && p[m] > p[m + 1];
    return count;
  };
  EXPECT_EQ(peaks(0.13), 2);
  EXPECT_EQ(peaks(0.06), 1);
}

TEST(Sonar, ABottomsSpeckleIsRayleigh) {
  // One cell of the bottom's echo over 800 pings (S5): with many scatterers in a cell the
  // pressure is a complex normal sum, so its intensity is exponential: standard deviation equal
  // to the mean, and below the mean 1 - 1/e of the time.
  SonarModel s = small_sonar();
  s.rays_per_beam_v = 32;
  s.bins = 100;  // 20 cm
  Bottom bottom;
  bottom.z0 = -5.0;
  RandomStream rng(5, "speckle");
  std::vector<double> samples;
  for (int n = 0; n < 800; ++n) {
    const SonarImage image =
        ping_sonar(s, Vec3::Zero(), pitched_down(kPi / 6), bottom, 1500.0, 5.0, rng);
    samples.push_back(intensity(image, 50, 8));  // 10.6 m, inside the echo
  }
  double mean = 0.0, var = 0.0;
  for (double x : samples)
    mean += x / samples.size();
  for (double x : samples)
    var += (x - mean) * (x - mean) / samples.size();
  EXPECT_NEAR(std::sqrt(var) / mean, 1.0, 0.1);
  const double below =
      std::count_if(samples.begin(), samples.end(), [&](double x) { return x < mean; }) /
      double(samples.size());
  EXPECT_NEAR(below, 1.0 - std::exp(-1.0), 0.05);
}

TEST(Sonar, TheSameSeedGivesTheSameImage) {
  const SonarModel s = small_sonar();
  Bottom bottom;
  bottom.z0 = -5.0;
  const auto ping = [&](std::uint64_t seed) {
    RandomStream rng(seed, "sonar");
    return ping_sonar(s, Vec3::Zero(), pitched_down(kPi / 6), bottom, 1500.0, 5.0, rng);
  };
  EXPECT_EQ(ping(7), ping(7));
  EXPECT_NE(ping(7).level, ping(8).level);
  EXPECT_EQ(check_sonar(s), "");
  SonarModel bad = s;
  bad.range_max = 0.1;
  EXPECT_NE(check_sonar(bad).find("0 <= min < max"), std::string::npos);
}

TEST(SonarFan, ACellIsDrawnWhereItsRangeAndBearingAre) {
  const SonarModel s = small_sonar();  // 16 beams over 0.5 rad, 0.5 to 20.5 m in 400 bins
  SonarImage ping;
  ping.beams = s.beams;
  ping.bins = s.bins;
  ping.level.assign(std::size_t(s.beams * s.bins), 40.0f);
  // Beam 12 (bearing 0.5 (12.5 / 16 - 1 / 2) = 0.140625 rad) from 12.975 to 13.125 m: bins
  // 249 to 251, so that the pixel over bin 250's centre (a bin wide) falls among them.
  const int beam = 12;
  for (int bin = 249; bin <= 251; ++bin)
    ping.level[std::size_t(bin * s.beams + beam)] = 100.0f;
  const int height = 410;  // 0.05 m pixels
  const FanImage fan = sonar_fan(s, ping, height, 60.0);
  ASSERT_EQ(fan.height, height);
  // The fan is 2 r_max sin(0.25) wide: 202.6 pixels, rounded up.
  EXPECT_EQ(fan.width, static_cast<int>(std::ceil(2 * 20.5 * std::sin(0.25) / 0.05)));
  ASSERT_EQ(fan.rgb.size(), std::size_t(3 * fan.width * fan.height));
  const auto grey = [&](double x, double y) {  // the pixel over (x, y) in S
    const int v = static_cast<int>((20.5 - x) / 0.05);
    const int u = static_cast<int>((0.5 * fan.width * 0.05 - y) / 0.05);
    return fan.rgb[3 * (std::size_t(v) * std::size_t(fan.width) + std::size_t(u))];
  };
  const double theta = 0.140625, r = 0.5 + 250.5 * 0.05;
  EXPECT_EQ(grey(r * std::cos(theta), r * std::sin(theta)), 255);  // the top level
  EXPECT_EQ(grey(r * std::cos(-theta), r * std::sin(-theta)), 0);  // 60 dB down: black
  EXPECT_EQ(grey(10.0, 4.0), 0);                                   // outside the fan
  // Half the range of levels is half way to white.
  ping.level.assign(ping.level.size(), 70.0f);
  ping.level[0] = 100.0f;
  EXPECT_EQ(sonar_fan(s, ping, height, 60.0).rgb[3 * (100 * std::size_t(fan.width) + 101)], 128);
}

TEST(SonarFan, ASideScansPingsRunDownAWaterfallPortLeftStarboardRight) {
  // Two pings of 8 bins a side on a waterfall 8 pixels wide (two bins a pixel), port's bins from
  // the centre to the left, starboard's to the right, the newest ping on top.
  SonarImage ping;
  ping.beams = 2;
  ping.bins = 8;
  ping.level.assign(16, 40.0f);
  ping.level[2 * 1 + 0] = 100.0f;  // port, bin 1
  ping.level[2 * 6 + 1] = 70.0f;   // starboard, bin 6: half way to white
  Waterfall w;
  w.width = 8;
  w.rows = 3;
  add_to_waterfall(w, ping, 60.0);
  ASSERT_EQ(w.grey.size(), 24u);
  const std::vector<std::uint8_t> first(w.grey.begin(), w.grey.begin() + 8);
  // Four pixels a side, two bins each (the louder shows): port bin 1 at column 3, starboard
  // bin 6 at column 7.
  EXPECT_EQ(first, (std::vector<std::uint8_t>{0, 0, 0, 255, 0, 0, 0, 128}));
  ping.level.assign(16, 40.0f);
  ping.level[2 * 7 + 1] = 100.0f;
  add_to_waterfall(w, ping, 60.0);
  EXPECT_EQ(w.grey[7], 255);  // the new ping on top
  EXPECT_EQ(std::vector<std::uint8_t>(w.grey.begin() + 8, w.grey.begin() + 16), first);
  EXPECT_EQ(std::vector<std::uint8_t>(w.grey.begin() + 16, w.grey.end()),
            std::vector<std::uint8_t>(8, 0));  // not yet pinged
}

}  // namespace
}  // namespace leeway
