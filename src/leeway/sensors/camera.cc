#include "leeway/sensors/camera.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <vector>

#include "leeway/core/interleaved_rows.h"
#include "leeway/env/sea_ray.h"
#include "leeway/sensors/forward_scatter.h"
#include "leeway/sensors/fresnel.h"
#include "leeway/sensors/sensor_sampling.h"

namespace leeway {
namespace {

Rgb mix(const Rgb& a, const Rgb& b, double w) {  // (1 - w) a + w b
  return {a[0] + w * (b[0] - a[0]), a[1] + w * (b[1] - a[1]), a[2] + w * (b[2] - a[2])};
}

/// The sky along d: the horizon's colour at and below the horizon, the zenith's straight up.
Rgb sky(const CameraModel& c, const Vec3& d_W) {
  return mix(c.sky_horizon, c.sky_zenith, std::clamp(d_W.z(), 0.0, 1.0));
}

/// A surface lit by the ambient light, and by the sun where it sees it.
Rgb shade(const CameraModel& c, const SurfaceHit& hit, bool sunlit) {
  const double light = c.ambient + (sunlit ? c.sun * std::max(0.0, hit.n_W.dot(c.sun_W)) : 0.0);
  return {hit.color[0] * light, hit.color[1] * light, hit.color[2] * light};
}

/// What a ray from under the water meets: the colour that leaves it towards the camera and the
/// length of water between them [m]; none when it meets nothing (open water).
struct SeenUnderWater {
  Rgb color;
  double path;
};
std::optional<SeenUnderWater> seen_under_water(const CameraModel& c, const Vec3& d,
                                               const std::optional<SurfaceHit>& solid, bool sunlit,
                                               const std::optional<SeaHit>& sea) {
  if (sea) {
    // Seen from below: the sky through the surface (none beyond the critical angle), the
    // water mirrored.
    const double cos_i = std::abs(sea->n_W.dot(d));
    const double R = fresnel_reflectance(cos_i, kSeaWaterRefractiveIndex, 1.0);
    return SeenUnderWater{mix(sky(c, d), c.water, R), sea->distance + c.near};
  }
  if (solid) return SeenUnderWater{shade(c, *solid, sunlit), solid->distance + c.near};
  return std::nullopt;
}

/// The colour a ray along d from above the water sees, with what it meets.
Rgb shade_above_water(const CameraModel& c, const Vec3& d, const std::optional<SurfaceHit>& solid,
                      bool sunlit, const std::optional<SeaHit>& sea) {
  if (sea) {
    const Vec3& n = sea->n_W;
    const double cos_i = std::abs(n.dot(d));
    const double R = fresnel_reflectance(cos_i, 1.0, kSeaWaterRefractiveIndex);
    const Vec3 mirrored = d - 2.0 * d.dot(n) * n;
    return mix(c.water, sky(c, mirrored), R);
  }
  return solid ? shade(c, *solid, sunlit) : sky(c, d);
}

/// What a pixel's ray sees: its colour, and the distance from the ray's origin to the first
/// surface it meets, the scene's or the sea's (+inf: none within the clip).
struct Traced {
  Rgb color;
  double distance;
  /// Under water: the light forward scattering brings, F(r) i, and its spread f sigma(r) in
  /// pixels (sensors/forward_scatter.h).
  Rgb scattered{};
  double spread_px = 0.0;
};

/// What `ray` sees given the first solid on it (searched no further than where the ray is surely
/// across the surface: nothing across it is seen) and whether that solid sees the sun; focal_px:
/// K's f.
Traced trace(const CameraModel& c, const Ray& ray, bool under,
             const std::optional<SurfaceHit>& solid, bool sunlit, const Environment& env, double t,
             double focal_px) {
  const double reach = c.far - c.near;
  const std::optional<SeaHit> sea = ray_cast_sea(env, ray, t, solid ? solid->distance : reach);
  Traced out{{},
             sea     ? sea->distance
             : solid ? solid->distance
                     : std::numeric_limits<double>::infinity()};
  if (!c.color) return out;
  if (!under) {
    out.color = shade_above_water(c, ray.direction, solid, sunlit, sea);
    return out;
  }
  const std::optional<SeenUnderWater> seen = seen_under_water(c, ray.direction, solid, sunlit, sea);
  if (!seen) {
    out.color = c.water;
    return out;
  }
  // Seed 003's equation 1 over the path r, and F = e^(-c r) (e^(b r) - 1) of the light scattered
  // forward: one e^(b r) for the three channels unless a channel caps b at its c.
  const double r = seen->path, b = c.forward_scattering;
  const double grown = b > 0.0 ? std::expm1(b * r) : 0.0;
  for (std::size_t k = 0; k < 3; ++k) {
    const double a = c.attenuation[k], e = std::exp(-r * a);
    out.color[k] = seen->color[k] * e + (1.0 - e) * c.water[k];
    out.scattered[k] = seen->color[k] * e * (b <= a ? grown : std::expm1(a * r));
  }
  out.spread_px = focal_px * c.scattering_angle * std::sqrt(b * r / 3.0);
  return out;
}

}  // namespace

std::array<double, 9> camera_k(const CameraModel& c) {
  const double f = 0.5 * c.width / std::tan(0.5 * c.horizontal_fov);
  return {f, 0.0, 0.5 * (c.width - 1), 0.0, f, 0.5 * (c.height - 1), 0.0, 0.0, 1.0};
}

Vec3 camera_ray_S(const CameraModel& c, double u, double v) {
  const std::array<double, 9> K = camera_k(c);
  const double x_O = (u - K[2]) / K[0], y_O = (v - K[5]) / K[4];
  return Vec3(1.0, -x_O, -y_O).normalized();  // S: x = z_O, y = -x_O, z = -y_O
}

CameraImage render_camera(const CameraModel& c, const Vec3& p_WS, const Mat3& R_WS,
                          const SurfaceSource& world, const Environment& environment, double t,
                          RandomStream& rng, int threads) {
  CameraImage out;
  out.width = c.width;
  out.height = c.height;
  const std::size_t pixels = std::size_t(c.width) * std::size_t(c.height);
  if (c.color) out.linear.resize(3 * pixels);
  if (c.depth) out.depth.resize(pixels);
  const bool under = below_sea_surface(environment, p_WS, t);
  const SeaSlab slab = sea_slab(environment, t);
  const std::array<double, 9> K = camera_k(c);
  constexpr double kInf = std::numeric_limits<double>::infinity();
  // The rays' directions in W: S's x and the image plane's axes, stepped per pixel. Each row
  // is traced on its own, so rows may go to any thread (core/interleaved_rows.h).
  const Vec3 forward = R_WS.col(0), left = R_WS.col(1), up = R_WS.col(2);
  // A row's rays meet the scene together (SurfaceSource::first_surfaces: Embree's packets),
  // then their hits' rays to the sun (those facing it), then each the sea.
  const bool shadows = c.shadows && c.color && c.sun > 0.0;
  // Forward scattering: each pixel's scattered light and its spread, blurred once all rows are
  // drawn.
  const bool fog = under && c.color && c.forward_scattering > 0.0 && c.scattering_angle > 0.0;
  std::vector<float> fog_light(fog ? 3 * pixels : 0), fog_sigma(fog ? pixels : 0);
  const auto draw_rows = [&](int first, int stride) {
    std::vector<Ray> rays(std::size_t(c.width));
    std::vector<double> reach(rays.size());
    std::vector<std::optional<SurfaceHit>> solid(rays.size());
    std::vector<Ray> to_sun;
    std::vector<double> sun_reach;
    std::vector<std::uint8_t> shaded;
    std::vector<std::size_t> facing;  // the pixels whose solid faces the sun
    std::vector<std::uint8_t> sunlit(rays.size());
    for (int v = first; v < c.height; v += stride) {
      const Vec3 row = forward - (v - K[5]) / K[4] * up;
      for (std::size_t u = 0; u < rays.size(); ++u) {
        const Vec3 d = (row - (double(u) - K[2]) / K[0] * left).normalized();
        rays[u] = {p_WS + c.near * d, d};
        reach[u] = std::min(c.far - c.near, surely_past_sea(slab, rays[u], under));
      }
      world.first_surfaces(rays, reach, solid);
      if (shadows) {
        to_sun.clear();
        facing.clear();
        for (std::size_t u = 0; u < rays.size(); ++u) {
          sunlit[u] = 0;
          if (!solid[u] || solid[u]->n_W.dot(c.sun_W) <= 0.0) continue;
          // From just off the surface (a millimetre, and a millionth of the way for rounding).
          const double off = 1e-3 + 1e-6 * solid[u]->distance;
          const Vec3 p = rays[u].origin + solid[u]->distance * rays[u].direction;
          to_sun.push_back({p + off * solid[u]->n_W, c.sun_W});
          facing.push_back(u);
        }
        sun_reach.assign(to_sun.size(), c.far);
        shaded.resize(to_sun.size());
        world.blocked(to_sun, sun_reach, shaded);
        for (std::size_t k = 0; k < facing.size(); ++k)
          sunlit[facing[k]] = !shaded[k];
      } else {
        std::fill(sunlit.begin(), sunlit.end(), 1);
      }
      for (std::size_t u = 0; u < rays.size(); ++u) {
        const Vec3& d = rays[u].direction;
        const Traced seen = trace(c, rays[u], under, solid[u], sunlit[u], environment, t, K[0]);
        const std::size_t k = std::size_t(v) * std::size_t(c.width) + u;
        for (std::size_t ch = 0; ch < 3 && c.color; ++ch)
          out.linear[3 * k + ch] = static_cast<float>(seen.color[ch]);
        if (fog) {
          for (std::size_t ch = 0; ch < 3; ++ch)
            fog_light[3 * k + ch] = static_cast<float>(seen.scattered[ch]);
          fog_sigma[k] = static_cast<float>(seen.spread_px);
        }
        if (c.depth) {
          const double z = (seen.distance + c.near) * d.dot(forward);
          out.depth[k] = static_cast<float>(z < c.depth_near ? -kInf : z > c.depth_far ? kInf : z);
        }
      }
    }
  };
  on_interleaved_rows(c.height, threads, draw_rows);
  if (fog) {
    const std::vector<float> scattered = blur_per_pixel(fog_light, c.width, c.height, 3, fog_sigma);
    for (std::size_t k = 0; k < out.linear.size(); ++k)
      out.linear[k] += scattered[k];
  }
  const bool noisy = c.noise_stddev > 0.0 || c.noise_mean != 0.0;
  if (c.color) {
    out.rgb.resize(3 * pixels);
    for (std::size_t k = 0; k < out.linear.size(); ++k) {
      double x = out.linear[k];
      if (noisy) x += c.noise_mean + c.noise_stddev * rng.fast_normal();
      // Rounded to nearest (x >= 0, so truncating x + 0.5 does it, and faster than lround).
      out.rgb[k] = static_cast<std::uint8_t>(255.0 * std::clamp(x, 0.0, 1.0) + 0.5);
    }
  } else if (noisy) {
    for (float& z : out.depth) {
      const double n = c.noise_mean + c.noise_stddev * rng.fast_normal();
      if (std::isfinite(z)) z = static_cast<float>(z + n);
    }
  }
  return out;
}

std::string check_camera(const CameraModel& c) {
  if (c.width < 1 || c.height < 1)
    return fmt::format("{} x {} pixels; expected at least 1 x 1", c.width, c.height);
  if (!(c.horizontal_fov > 0.0 && c.horizontal_fov < std::numbers::pi))
    return fmt::format("horizontal field of view {} rad; expected in (0, pi)", c.horizontal_fov);
  if (!c.color && !c.depth) return "neither colour nor depth: expected one or both";
  if (!(c.near > 0.0 && c.near < c.far && std::isfinite(c.far)))
    return fmt::format("clip from {} to {} m; expected 0 < near < far", c.near, c.far);
  if (c.depth && !(c.depth_near >= 0.0 && c.depth_near < c.depth_far && std::isfinite(c.depth_far)))
    return fmt::format("depth clip from {} to {} m; expected 0 <= near < far", c.depth_near,
                       c.depth_far);
  if (!(c.noise_stddev >= 0.0) || !std::isfinite(c.noise_mean))
    return "noise: expected a finite mean and a standard deviation >= 0";
  for (std::size_t k = 0; k < 3; ++k) {
    if (!(c.attenuation[k] >= 0.0) || !(c.water[k] >= 0.0 && c.water[k] <= 1.0))
      return "water: expected attenuations >= 0 [1/m] and colours in [0, 1]";
  }
  if (!(c.forward_scattering >= 0.0 && std::isfinite(c.forward_scattering)) ||
      !(c.scattering_angle >= 0.0 && c.scattering_angle <= 0.5))
    return fmt::format(
        "forward scattering {} 1/m through {} rad; expected >= 0 1/m through "
        "0 to 0.5 rad (small angles)",
        c.forward_scattering, c.scattering_angle);
  return "";
}

namespace {

constexpr ReadingField kCameraFields[] = {
    {"width", FieldType::kInteger, "", "", "pixels (0: not drawn)"},
    {"height", FieldType::kInteger, "", "", "pixels"},
    {"rgb", FieldType::kArray, "", "", "rows from the top of rgb8 pixels (height, width, 3)"},
    {"depth", FieldType::kArray, "m", "O", "a depth camera's: rows from the top, along the view"},
};
constexpr SensorDescriptor kCameraDescriptor{"camera", kCameraFields, MessageShape::kImage, true};

}  // namespace

const SensorDescriptor& descriptor_of(const CameraModel&) {
  return kCameraDescriptor;
}

CameraImage sample_reading(const CameraModel& camera, Sampling& s) {
  // One draw a frame seeds the frame's noise (skip_image).
  const std::uint64_t seed = s.state.rng.next_u64();
  CameraImage image;
  if (s.at.surfaces) {
    RandomStream frame_rng(seed, "frame");
    image = render_camera(camera, s.p_WS(), s.R_WS(), *s.at.surfaces, s.at.environment, s.at.t,
                          frame_rng, s.at.draw_threads);
    image.linear = {};  // the unrounded image is for the kernel's tests
  }
  return image;
}

void write_reading(const CameraModel&, const CameraImage& r, FieldWriter& out) {
  const auto h = static_cast<std::size_t>(r.height), w = static_cast<std::size_t>(r.width);
  const std::size_t rgb_shape[] = {h, w, r.rgb.empty() ? 0u : 3u};
  const std::size_t depth_shape[] = {r.depth.empty() ? 0u : h, w};
  out.integer(r.width);
  out.integer(r.height);
  out.array(std::span<const std::uint8_t>(r.rgb), rgb_shape);
  out.array(std::span<const float>(r.depth), depth_shape);
}

}  // namespace leeway
