#include "leeway/env/sea_ray.h"

#include <algorithm>
#include <cmath>

#include "leeway/env/wave_field.h"

namespace leeway {
namespace {

/// Heights of the surface: the slab it lies in and its steepest slope (the header).
struct SurfaceBounds {
  double half_height = 0.0;    ///< r sum_i A_i [m]
  double max_slope = 0.0;      ///< L [-]
  double max_curvature = 0.0;  ///< M [1/m]
};

SurfaceBounds bounds_of(const WaveField& f, double t) {
  const double r = ramp_factor(f, t);
  double height = 0.0, slope = 0.0, curvature = 0.0;
  for (std::size_t i = 0; i < f.count; ++i) {
    const double a = std::abs(f.amplitude[i]), k = f.k[i];
    const double qka = k * std::hypot(f.qa_dx[i], f.qa_dy[i]);
    height += a;
    slope += k * a;
    curvature += k * k * a * (1.0 + r * qka);
  }
  // The Gerstner map's Jacobian is at least 1 - r sum q k A in every direction; a sea that can
  // fold has no bounded slope, and is searched with the linear bound scaled up tenfold.
  const double fold = r * f.fold_margin;
  const double stretch = fold < 0.9 ? 1.0 / (1.0 - fold) : 10.0;
  return {r * height, r * slope * stretch, r * curvature * stretch * stretch * stretch};
}

}  // namespace

double sea_max_tilt(const Environment& env, double t) {
  return env.waves ? std::atan(bounds_of(*env.waves, t).max_slope) : 0.0;
}

std::optional<SeaHit> ray_cast_sea(const Environment& env, const Ray& ray, double t,
                                   double max_distance) {
  const Vec3& o = ray.origin;
  const Vec3& d = ray.direction;
  if (!env.waves) {
    if (d.z() == 0.0) return std::nullopt;
    const double s = (env.surface_level - o.z()) / d.z();
    if (!(s >= 0.0 && s <= max_distance)) return std::nullopt;
    return SeaHit{s, o + s * d, Vec3::UnitZ(), d.z() > 0.0};
  }
  const WaveField& waves = *env.waves;
  const SurfaceBounds b = bounds_of(waves, t);
  // The part of the ray within the slab.
  double s0 = 0.0, s1 = max_distance;
  const double lo = waves.z_level - b.half_height, hi = waves.z_level + b.half_height;
  if (d.z() == 0.0) {
    if (o.z() < lo || o.z() > hi) return std::nullopt;
  } else {
    const double a = (lo - o.z()) / d.z(), c = (hi - o.z()) / d.z();
    s0 = std::max(s0, std::min(a, c));
    s1 = std::min(s1, std::max(a, c));
  }
  if (!(s0 <= s1)) return std::nullopt;

  const auto f = [&](double s) {
    const Vec3 p = o + s * d;
    return p.z() - elevation(waves, p.x(), p.y(), t);
  };
  const double horizontal = std::hypot(d.x(), d.y());
  const double rate = std::abs(d.z()) + b.max_slope * horizontal;
  // Between two samples h apart on the same side, f dips by at most M |d_h|^2 h^2 / 8: steps of
  // sqrt(8 graze / (M |d_h|^2)) miss only a crossing shallower than kSeaRayGraze.
  const double bend = b.max_curvature * horizontal * horizontal;
  const double min_step =
      std::max(kSeaRayMinStep, bend > 0.0 ? std::sqrt(8.0 * kSeaRayGraze / bend) : 0.0);
  double s = s0, fs = f(s);
  const bool above = fs != 0.0 ? fs > 0.0 : d.z() < 0.0;
  double s_before = s, f_before = fs;
  while (fs != 0.0 && (fs > 0.0) == above) {
    if (s >= s1) return std::nullopt;
    s_before = s, f_before = fs;
    s = std::min(s1, s + std::max(std::abs(fs) / rate, min_step));
    fs = f(s);
  }
  // f(s_before) is on the ray's side, f(s) on the other (or zero): the Illinois variant of
  // regula falsi keeps the crossing bracketed and converges superlinearly (Dowell and Jarratt
  // 1971); the bracket shrinks to kSeaRayTolerance, bisecting when a step would not shrink it.
  double a = s_before, c = s, fa = f_before, fc = fs;
  int side = 0;
  for (int i = 0; i < 100 && c - a > kSeaRayTolerance && fc != 0.0; ++i) {
    double m = (a * fc - c * fa) / (fc - fa);
    if (!(m > a + 0.25 * kSeaRayTolerance && m < c - 0.25 * kSeaRayTolerance)) m = 0.5 * (a + c);
    const double fm = f(m);
    if ((fm > 0.0) == above && fm != 0.0) {
      a = m, fa = fm;
      if (side == -1) fc *= 0.5;
      side = -1;
    } else {
      c = m, fc = fm;
      if (side == 1) fa *= 0.5;
      side = 1;
    }
  }
  const Vec3 p = o + c * d;
  return SeaHit{c, p, surface_normal(waves, p.x(), p.y(), t), !above};
}

}  // namespace leeway
