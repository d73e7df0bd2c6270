#include "leeway/sensors/lidar.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <tuple>

#include "leeway/core/interleaved_rows.h"
#include "leeway/env/sea_ray.h"
#include "leeway/sensors/fresnel.h"
#include "leeway/sensors/sensor_sampling.h"

namespace leeway {
namespace {

constexpr double kHalfPi = std::numbers::pi / 2;

double spread(double lo, double hi, int count, int index) {
  return count > 1 ? lo + (hi - lo) * index / (count - 1) : lo;
}

/// What a scan needs of the sea, taken once for all its rays.
struct SeaAtScan {
  const Environment& environment;
  double t;
  /// A ray can be returned by the water only if its angle to the vertical is at most the sea's
  /// steepest tilt plus the acceptance: |d_z| >= this.
  double min_specular_dz;
  double cos_acceptance;
  SeaSlab slab;
  bool from_below;  ///< the lidar is under the water
};

SeaAtScan sea_at(const LidarModel& lidar, const Environment& environment, double t,
                 const Vec3& p_WS) {
  const double cone = sea_max_tilt(environment, t) + lidar.specular_acceptance;
  return {environment,
          t,
          cone < kHalfPi ? std::cos(cone) : 0.0,
          std::cos(lidar.specular_acceptance),
          sea_slab(environment, t),
          below_sea_surface(environment, p_WS, t)};
}

/// How far along a ray from the near clip solids can be seen: to range_max, or to where the ray
/// is surely across the surface, beyond which nothing returns (for a ray down into the sea, a
/// few metres).
double solid_reach(const LidarModel& lidar, const Ray& from_near, const SeaAtScan& sea) {
  return std::min(lidar.range_max - lidar.range_min,
                  surely_past_sea(sea.slab, from_near, sea.from_below));
}

/// The return along `from_near` (the ray from the near clip), given the first solid on it.
LidarReturn return_given_solid(const LidarModel& lidar, const Ray& from_near,
                               const std::optional<Echo>& solid, const SeaAtScan& sea) {
  const Vec3& d = from_near.direction;
  const double near = lidar.range_min, span = lidar.range_max - lidar.range_min;
  // Beyond a solid, or with none where the water cannot return the pulse, where the ray crosses
  // the surface does not matter.
  const double sea_reach = solid                                    ? solid->distance
                           : std::abs(d.z()) >= sea.min_specular_dz ? span
                                                                    : -1.0;
  if (sea_reach >= 0.0) {
    if (const auto water = ray_cast_sea(sea.environment, from_near, sea.t, sea_reach)) {
      LidarReturn r;
      const double cos_i = std::abs(water->n_W.dot(d));
      if (cos_i >= sea.cos_acceptance) {
        r.range = near + water->distance;
        r.intensity = water->from_below ? fresnel_reflectance(cos_i, kSeaWaterRefractiveIndex, 1.0)
                                        : fresnel_reflectance(cos_i, 1.0, kSeaWaterRefractiveIndex);
        r.water = true;
      }
      return r;
    }
  }
  if (!solid) return {};
  const double rho = solid->response.laser_retro >= 0.0f ? solid->response.laser_retro : 1.0;
  return {near + solid->distance, rho * std::max(0.0, -d.dot(solid->n_W)), false};
}

Ray from_near_clip(const LidarModel& lidar, const Ray& ray_W) {
  return {ray_W.origin + lidar.range_min * ray_W.direction, ray_W.direction};
}

}  // namespace

double lidar_azimuth(const LidarModel& lidar, int i) {
  return spread(lidar.horizontal_min, lidar.horizontal_max, lidar.horizontal_samples, i);
}

double lidar_elevation(const LidarModel& lidar, int j) {
  return spread(lidar.vertical_min, lidar.vertical_max, lidar.vertical_samples, j);
}

Vec3 lidar_direction_S(const LidarModel& lidar, int i, int j) {
  const double a = lidar_azimuth(lidar, i), e = lidar_elevation(lidar, j);
  return {std::cos(e) * std::cos(a), std::cos(e) * std::sin(a), std::sin(e)};
}

LidarReturn lidar_return(const LidarModel& lidar, const Ray& ray_W, const EchoSource& solids,
                         const Environment& environment, double t) {
  const SeaAtScan sea = sea_at(lidar, environment, t, ray_W.origin);
  const Ray from_near = from_near_clip(lidar, ray_W);
  return return_given_solid(lidar, from_near,
                            solids.first_echo(from_near, solid_reach(lidar, from_near, sea)), sea);
}

LidarReading scan_lidar(const LidarModel& lidar, const Vec3& p_WS, const Mat3& R_WS,
                        const EchoSource& solids, const Environment& environment, double t,
                        const NoiseState& noise, RandomStream& rng, int threads) {
  const SeaAtScan sea = sea_at(lidar, environment, t, p_WS);
  const int n_a = lidar.horizontal_samples, n_e = lidar.vertical_samples;
  // The columns' directions in the rows' common plane, turned into W once per scan.
  std::vector<Vec3> columns_W(static_cast<std::size_t>(n_a));
  for (int i = 0; i < n_a; ++i) {
    const double a = lidar_azimuth(lidar, i);
    columns_W[static_cast<std::size_t>(i)] = R_WS * Vec3(std::cos(a), std::sin(a), 0.0);
  }
  const Vec3 up_W = R_WS.col(2);

  LidarReading out;
  out.horizontal_count = n_a;
  out.vertical_count = n_e;
  out.ranges.resize(lidar.ray_count());
  out.intensities.resize(lidar.ray_count());
  // Each run of rays is cast on its own, so pieces of rows may go to any thread
  // (core/interleaved_rows.h):
  // a row's cost depends on its elevation (the one nearest the horizon searches the sea
  // longest), so work is shared in runs of kRun rays, every row's runs alternating between
  // threads. Each run counts its own water returns.
  constexpr int kRun = 64;
  const int runs_per_row = (n_a + kRun - 1) / kRun;
  // A run's rays are cast against the solids together (EchoSource::first_echoes: Embree's
  // packets), then each met with the sea.
  std::vector<int> water_in_run(static_cast<std::size_t>(n_e * runs_per_row), 0);
  on_interleaved_rows(n_e * runs_per_row, threads, [&](int first, int stride) {
    std::vector<Ray> rays;
    std::vector<double> reach;
    std::vector<std::optional<Echo>> solid;
    for (int run = first; run < n_e * runs_per_row; run += stride) {
      const int j = run / runs_per_row, i0 = run % runs_per_row * kRun;
      const int count = std::min(n_a, i0 + kRun) - i0;
      const double e = lidar_elevation(lidar, j);
      const double ce = std::cos(e);
      const Vec3 rise_W = std::sin(e) * up_W;
      rays.resize(std::size_t(count)), reach.resize(std::size_t(count));
      solid.resize(std::size_t(count));
      for (std::size_t r = 0; r < rays.size(); ++r) {
        const Vec3 d = ce * columns_W[std::size_t(i0) + r] + rise_W;
        rays[r] = from_near_clip(lidar, {p_WS, d});
        reach[r] = solid_reach(lidar, rays[r], sea);
      }
      solids.first_echoes(rays, reach, solid);
      const std::size_t k0 = std::size_t(j) * std::size_t(n_a) + std::size_t(i0);
      int water = 0;
      for (std::size_t r = 0; r < rays.size(); ++r) {
        const LidarReturn ret = return_given_solid(lidar, rays[r], solid[r], sea);
        out.ranges[k0 + r] = static_cast<float>(ret.range);
        out.intensities[k0 + r] = static_cast<float>(ret.intensity);
        water += ret.water;
      }
      water_in_run[static_cast<std::size_t>(run)] = water;
    }
  });
  for (const int w : water_in_run)
    out.water_returns += w;

  // Noise in ray order, one deviate per ray that returned: the scan does not depend on the order
  // the rays were cast in.
  const NoiseModel& n = lidar.range_noise;
  const bool white = n.white_stddev > 0.0;
  if (white || n.mean != 0.0 || noise.turn_on != 0.0 || n.quantum > 0.0) {
    for (std::size_t r = 0; r < out.ranges.size(); ++r) {
      if (!std::isfinite(out.ranges[r])) continue;
      double range = out.ranges[r] + n.mean + noise.turn_on;
      if (white) range += n.white_stddev * rng.fast_normal();
      range = std::clamp(range, lidar.range_min, lidar.range_max);
      if (n.quantum > 0.0) range = n.quantum * std::round(range / n.quantum);
      out.ranges[r] = static_cast<float>(range);
    }
  }
  return out;
}

std::string check_lidar(const LidarModel& lidar) {
  if (lidar.horizontal_samples < 1 || lidar.vertical_samples < 1) {
    return fmt::format("{} x {} rays; expected at least one sample each way",
                       lidar.horizontal_samples, lidar.vertical_samples);
  }
  for (const auto& [lo, hi, which] :
       {std::tuple{lidar.horizontal_min, lidar.horizontal_max, "horizontal"},
        std::tuple{lidar.vertical_min, lidar.vertical_max, "vertical"}}) {
    if (!std::isfinite(lo) || !std::isfinite(hi) || hi < lo) {
      return fmt::format(
          "{} angles from {} to {} rad; expected finite, the maximum at least the "
          "minimum",
          which, lo, hi);
    }
  }
  if (std::abs(lidar.vertical_min) > kHalfPi || std::abs(lidar.vertical_max) > kHalfPi) {
    return fmt::format("vertical angles from {} to {} rad; expected within [-pi/2, pi/2]",
                       lidar.vertical_min, lidar.vertical_max);
  }
  if (!(lidar.range_min >= 0.0 && lidar.range_min < lidar.range_max &&
        std::isfinite(lidar.range_max))) {
    return fmt::format("ranges from {} to {} m; expected 0 <= min < max, finite", lidar.range_min,
                       lidar.range_max);
  }
  if (!(lidar.specular_acceptance >= 0.0 && lidar.specular_acceptance < kHalfPi)) {
    return fmt::format("specular acceptance {} rad; expected in [0, pi/2)",
                       lidar.specular_acceptance);
  }
  const NoiseModel& n = lidar.range_noise;
  if (n.density != 0.0 || n.random_walk != 0.0 || n.instability.sigma != 0.0 || n.turn_on_decays) {
    return "range noise with a bias that drifts; a lidar's is white noise, a mean and a turn-on "
           "bias";
  }
  return check_noise(n);
}

namespace {

constexpr ReadingField kLidarFields[] = {
    {"rays", FieldType::kInteger, "", "", "rays scanned (0: not drawn)"},
    {"returns", FieldType::kInteger, "", "", "rays that returned"},
    {"water_returns", FieldType::kInteger, "", "", "rays returned by the sea surface"},
    {"nearest", FieldType::kReal, "m", "", "the nearest return; inf: none"},
    {"ranges", FieldType::kArray, "m", "S", "rows (elevations, lowest first) of ranges; inf: none"},
    {"intensities", FieldType::kArray, "", "", "each ray's return intensity, 0 without one"},
};
constexpr SensorDescriptor kLidarDescriptor{"lidar", kLidarFields, MessageShape::kScan, true};

}  // namespace

const SensorDescriptor& descriptor_of(const LidarModel&) {
  return kLidarDescriptor;
}

LidarReading sample_reading(const LidarModel& lidar, Sampling& s) {
  // As a camera's frames: each scan's deviates from a stream of its own.
  RandomStream scan_rng(s.state.rng.next_u64(), "scan");
  return scan_lidar(lidar, s.p_WS(), s.R_WS(), s.echoes(), s.at.environment, s.at.t,
                    s.state.axes[0], scan_rng, s.at.draw_threads);
}

void write_reading(const LidarModel&, const LidarReading& r, FieldWriter& out) {
  int returns = 0;
  float nearest = std::numeric_limits<float>::infinity();
  for (const float range : r.ranges) {
    if (!std::isfinite(range)) continue;
    ++returns;
    nearest = std::min(nearest, range);
  }
  const std::size_t shape[] = {static_cast<std::size_t>(r.vertical_count),
                               static_cast<std::size_t>(r.horizontal_count)};
  out.integer(static_cast<std::int64_t>(r.ranges.size()));
  out.integer(returns);
  out.integer(r.water_returns);
  out.real(nearest);
  out.array(std::span<const float>(r.ranges), shape);
  out.array(std::span<const float>(r.intensities), shape);
}

}  // namespace leeway
