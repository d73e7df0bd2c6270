#include "leeway/env/sea_ray.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

#include "leeway/env/fast_trig.h"
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

/// How the search along a ray goes: the part of the ray in the surface's slab, a bound on how
/// fast f changes per metre along it, and the shortest step (the curvature's, header).
struct SeaSearch {
  double s0, s1, rate, min_step;
};

/// The ray's part in the slab |z - z_level| <= half_height + kSlabMargin, clipped to
/// [0, max_distance] (s0 > s1: none). The margin puts the slab's far face surely across the
/// surface, f there of the other sign by kSlabMargin, however thin the slab: a sea whose waves
/// have not ramped up yet is a slab of no height, where f at the one point searched is rounding.
constexpr double kSlabMargin = 1e-6;  // [m]
std::pair<double, double> in_slab(const Ray& ray, double z_level, double half_height,
                                  double max_distance) {
  const double oz = ray.origin.z(), dz = ray.direction.z();
  const double lo = z_level - half_height - kSlabMargin, hi = z_level + half_height + kSlabMargin;
  if (dz == 0.0) return oz < lo || oz > hi ? std::pair{1.0, 0.0} : std::pair{0.0, max_distance};
  const double a = (lo - oz) / dz, c = (hi - oz) / dz;
  return {std::max(0.0, std::min(a, c)), std::min(max_distance, std::max(a, c))};
}

/// Steps of sqrt(8 graze / |f''|max) miss only a crossing shallower than kSeaRayGraze: between
/// two samples h apart on the same side, f dips by at most |f''|max h^2 / 8.
double min_step_for(double max_f_curvature) {
  return std::max(kSeaRayMinStep,
                  max_f_curvature > 0.0 ? std::sqrt(8.0 * kSeaRayGraze / max_f_curvature) : 0.0);
}

/// A crossing bracketed: f(a) on the ray's starting side, f(c) on the other or zero.
struct CrossingBracket {
  double a, fa, c, fc;
  bool above;  ///< the ray started above the surface
};

/// Steps along the search's range to the first sample past the surface; nullopt: none.
template <class F>
std::optional<CrossingBracket> bracket_first_crossing(const F& f, const SeaSearch& search,
                                                      double d_z) {
  double s = search.s0, fs = f(s);
  const bool above = fs != 0.0 ? fs > 0.0 : d_z < 0.0;
  double s_before = s, f_before = fs;
  while (fs != 0.0 && (fs > 0.0) == above) {
    if (s >= search.s1) return std::nullopt;
    s_before = s, f_before = fs;
    s = std::min(search.s1, s + std::max(std::abs(fs) / search.rate, search.min_step));
    fs = f(s);
  }
  return CrossingBracket{s_before, f_before, s, fs, above};
}

/// The crossing in b to kSeaRayTolerance: the Illinois variant of regula falsi keeps it
/// bracketed and converges superlinearly (Dowell and Jarratt 1971); the bracket shrinks to
/// kSeaRayTolerance, bisecting when a step would not shrink it.
template <class F>
double narrow_by_regula_falsi(const F& f, CrossingBracket b) {
  int side = 0;
  for (int i = 0; i < 100 && b.c - b.a > kSeaRayTolerance && b.fc != 0.0; ++i) {
    double m = (b.a * b.fc - b.c * b.fa) / (b.fc - b.fa);
    if (!(m > b.a + 0.25 * kSeaRayTolerance && m < b.c - 0.25 * kSeaRayTolerance))
      m = 0.5 * (b.a + b.c);
    const double fm = f(m);
    if ((fm > 0.0) == b.above && fm != 0.0) {
      b.a = m, b.fa = fm;
      if (side == -1) b.fc *= 0.5;
      side = -1;
    } else {
      b.c = m, b.fc = fm;
      if (side == 1) b.fa *= 0.5;
      side = 1;
    }
  }
  return b.c;
}

/// sum_i a_i cos(theta_i) and sum_i a_i kappa_i sin(theta_i), theta_i = theta0_i + kappa_i s,
/// over n terms (a multiple of WaveField::kLanes): an element-wise loop that vectorises, into
/// kLanes accumulators added in a fixed order, as wave_field.cc's sums.
struct AlongRaySums {
  double eta, slope;
};
LEEWAY_SIMD_CLONES AlongRaySums sums_along_ray(const double* a, const double* theta0,
                                               const double* kappa, std::size_t n, double s) {
  constexpr std::size_t kLanes = WaveField::kLanes;
  std::array<double, kLanes> eta{}, slope{};
  std::uint64_t out_of_range = 0;
  for (std::size_t b = 0; b < n; b += kLanes) {
    for (std::size_t j = 0; j < kLanes; ++j) {
      const double theta = theta0[b + j] + kappa[b + j] * s;
      out_of_range |= static_cast<std::uint64_t>(std::abs(theta) >= kFastTrigLimit);
      const SinCos sc = fast_sincos(theta);
      eta[j] += a[b + j] * sc.cos;
      slope[j] += a[b + j] * kappa[b + j] * sc.sin;
    }
  }
  if (out_of_range) {  // rare: days of simulated time or thousands of km; exact but slower
    eta.fill(0.0), slope.fill(0.0);
    for (std::size_t i = 0; i < n; ++i) {
      const double theta = theta0[i] + kappa[i] * s;
      eta[i % kLanes] += a[i] * std::cos(theta);
      slope[i % kLanes] += a[i] * kappa[i] * std::sin(theta);
    }
  }
  const auto total = [](const std::array<double, kLanes>& x) {
    return ((x[0] + x[1]) + (x[2] + x[3])) + ((x[4] + x[5]) + (x[6] + x[7]));
  };
  return {total(eta), total(slope)};
}

/// A linear sea seen along one ray x(s) = o + s d: each component's phase is linear in s,
/// theta_i(s) = theta0_i + kappa_i s with kappa_i = k_i . d_h, so
///   f(s) = o_z + s d_z - z_level - sum_i a_i cos(theta0_i + kappa_i s),  a_i = r A_i,
/// and the ray's own bounds are tighter than the field's: |f'| <= |d_z| + sum_i |a_i kappa_i|
/// and |f''| <= sum_i |a_i| kappa_i^2 (a ray along the crests sees no slope at all). The same
/// heights as wave_field.h's elevation(), to rounding.
class LinearSeaAlongRay {
 public:
  static constexpr std::size_t kMaxComponents = 64;  ///< padded; more: the general search
  /// Up to this many, a plain loop over the real components beats a vectorised one over a
  /// padded lane's worth (VRX's three: bench/lidar_bench.cc's camera, 98 ms against 132 ms).
  static constexpr std::size_t kFewComponents = 4;

  LinearSeaAlongRay(const WaveField& w, const Ray& ray, double t)
      : w_(w), ray_(ray), n_(w.amplitude.size()) {
    const double r = ramp_factor(w, t);
    const Vec3& o = ray.origin;
    const Vec3& d = ray.direction;
    for (std::size_t i = 0; i < n_; ++i) {
      a_[i] = r * w.amplitude[i];
      theta0_[i] = w.kx[i] * o.x() + w.ky[i] * o.y() - w.omega[i] * t + w.phase[i];
      kappa_[i] = w.kx[i] * d.x() + w.ky[i] * d.y();
    }
  }

  SeaSearch search(double max_distance) const {
    double height = 0.0, slope = 0.0, curvature = 0.0;
    for (std::size_t i = 0; i < n_; ++i) {
      const double a = std::abs(a_[i]), kappa = std::abs(kappa_[i]);
      height += a;
      slope += a * kappa;
      curvature += a * kappa * kappa;
    }
    const auto [s0, s1] = in_slab(ray_, w_.z_level, height, max_distance);
    return {s0, s1, std::abs(ray_.direction.z()) + slope, min_step_for(curvature)};
  }

  double operator()(double s) const {
    if (w_.count > kFewComponents) return value_and_slope(s).first;
    double eta = 0.0;
    for (std::size_t i = 0; i < w_.count; ++i)
      eta += a_[i] * sincos_any(theta0_[i] + kappa_[i] * s).cos;
    return ray_.origin.z() + s * ray_.direction.z() - w_.z_level - eta;
  }

  /// f(s) and f'(s) = d_z + sum_i a_i kappa_i sin(theta_i(s)).
  std::pair<double, double> value_and_slope(double s) const {
    AlongRaySums sums{0.0, 0.0};
    if (w_.count <= kFewComponents) {
      for (std::size_t i = 0; i < w_.count; ++i) {
        const SinCos sc = sincos_any(theta0_[i] + kappa_[i] * s);
        sums.eta += a_[i] * sc.cos;
        sums.slope += a_[i] * kappa_[i] * sc.sin;
      }
    } else {
      sums = sums_along_ray(a_.data(), theta0_.data(), kappa_.data(), n_, s);
    }
    return {ray_.origin.z() + s * ray_.direction.z() - w_.z_level - sums.eta,
            ray_.direction.z() + sums.slope};
  }

  /// The surface's unit upward normal at s: (-d eta/dx, -d eta/dy, 1) normalised.
  Vec3 normal(double s) const {
    double gx = 0.0, gy = 0.0;  // minus the slope of eta
    for (std::size_t i = 0; i < w_.count; ++i) {
      const double as = a_[i] * sincos_any(theta0_[i] + kappa_[i] * s).sin;
      gx += as * w_.kx[i];
      gy += as * w_.ky[i];
    }
    return Vec3(gx, gy, 1.0).normalized();
  }

 private:
  const WaveField& w_;
  const Ray& ray_;
  std::size_t n_;  ///< components, padded to kLanes
  std::array<double, kMaxComponents> a_, theta0_, kappa_;
};

/// A Gerstner sea that cannot fold seen along one ray x(s) = o + s d:
///   f(s) = o_z + s d_z - eta(x(s), y(s)),  f'(s) = d_z - grad eta . d_h,
/// each height found by surface_above() from the particle under the point evaluated last, moved
/// as the point moved: one or two Newton steps where elevation() takes five or so from the point
/// itself, the same heights to its 1e-13 m. The last particle is a cache, not part of f.
class GerstnerSeaAlongRay {
 public:
  GerstnerSeaAlongRay(const WaveField& w, const Ray& ray, double t)
      : w_(w), ray_(ray), t_(t), x_(ray.origin.x()), y_(ray.origin.y()), x0_(x_), y0_(y_) {}

  double operator()(double s) const { return value_and_slope(s).first; }

  std::pair<double, double> value_and_slope(double s) const {
    const Vec3 p = ray_.origin + s * ray_.direction;
    const SurfaceAbove a =
        surface_above(w_, p.x(), p.y(), t_, x0_ + (p.x() - x_), y0_ + (p.y() - y_));
    x_ = p.x(), y_ = p.y(), x0_ = a.x0, y0_ = a.y0;
    return {p.z() - a.eta,
            ray_.direction.z() - a.deta_dx * ray_.direction.x() - a.deta_dy * ray_.direction.y()};
  }

 private:
  const WaveField& w_;
  const Ray& ray_;
  double t_;
  mutable double x_, y_, x0_, y0_;  ///< the point evaluated last and its particle's rest position
};

/// The crossing in b by Newton's method on f, which LinearSeaAlongRay gives with its slope, kept
/// in the bracket (bisecting where a step would leave it or the slope vanishes): quadratic
/// convergence, 1.7 heights a pixel on the water in VRX's camera where regula falsi needed 13 to
/// close its bracket. It stops when the step falls below a tenth of kSeaRayTolerance, or the
/// bracket below kSeaRayTolerance.
template <class F>
double narrow_by_newton(const F& f, CrossingBracket b) {
  double x = (b.a * b.fc - b.c * b.fa) / (b.fc - b.fa);
  for (int i = 0; i < 100 && b.c - b.a > kSeaRayTolerance && b.fc != 0.0; ++i) {
    if (!(x > b.a && x < b.c)) x = 0.5 * (b.a + b.c);
    const auto [fx, slope] = f.value_and_slope(x);
    if ((fx > 0.0) == b.above && fx != 0.0)
      b.a = x, b.fa = fx;
    else
      b.c = x, b.fc = fx;
    const double step = slope != 0.0 ? fx / slope : 0.0;
    if (slope != 0.0 && std::abs(step) < 0.1 * kSeaRayTolerance) return x - step;
    x -= step;
  }
  return b.c;
}

}  // namespace

double sea_max_tilt(const Environment& env, double t) {
  return env.waves ? std::atan(bounds_of(*env.waves, t).max_slope) : 0.0;
}

bool below_sea_surface(const Environment& env, const Vec3& p_W, double t) {
  return p_W.z() < (env.waves ? elevation(*env.waves, p_W.x(), p_W.y(), t) : env.surface_level);
}

SeaSlab sea_slab(const Environment& env, double t) {
  if (!env.waves) return {env.surface_level, env.surface_level};
  const double h = bounds_of(*env.waves, t).half_height;
  return {env.waves->z_level - h, env.waves->z_level + h};
}

double surely_past_sea(const SeaSlab& slab, const Ray& ray, bool from_below) {
  const double dz = ray.direction.z();
  if (from_below ? dz <= 0.0 : dz >= 0.0) return std::numeric_limits<double>::infinity();
  return std::max(0.0, ((from_below ? slab.high : slab.low) - ray.origin.z()) / dz);
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
  const auto hit = [&](double s, bool above, const Vec3& n_W) {
    return SeaHit{s, o + s * d, n_W, !above};
  };
  if (!waves.gerstner && waves.amplitude.size() <= LinearSeaAlongRay::kMaxComponents) {
    const LinearSeaAlongRay f(waves, ray, t);
    const SeaSearch search = f.search(max_distance);
    if (!(search.s0 <= search.s1)) return std::nullopt;
    const auto bracket = bracket_first_crossing(f, search, d.z());
    if (!bracket) return std::nullopt;
    const double s = narrow_by_newton(f, *bracket);
    return hit(s, bracket->above, f.normal(s));
  }
  // A Gerstner sea (or a linear one of many components), with the field's bounds.
  const SurfaceBounds b = bounds_of(waves, t);
  const auto [s0, s1] = in_slab(ray, waves.z_level, b.half_height, max_distance);
  if (!(s0 <= s1)) return std::nullopt;
  const double horizontal = std::hypot(d.x(), d.y());
  const SeaSearch search{s0, s1, std::abs(d.z()) + b.max_slope * horizontal,
                         min_step_for(b.max_curvature * horizontal * horizontal)};
  if (waves.gerstner && ramp_factor(waves, t) * waves.fold_margin < 1.0) {
    const GerstnerSeaAlongRay f(waves, ray, t);
    const auto bracket = bracket_first_crossing(f, search, d.z());
    if (!bracket) return std::nullopt;
    const double s = narrow_by_newton(f, *bracket);
    const Vec3 p = o + s * d;
    return hit(s, bracket->above, surface_normal(waves, p.x(), p.y(), t));
  }
  // A sea that can fold (or a linear one of many components): heights by elevation() at each
  // point.
  const auto f = [&](double s) {
    const Vec3 p = o + s * d;
    return p.z() - elevation(waves, p.x(), p.y(), t);
  };
  const auto bracket = bracket_first_crossing(f, search, d.z());
  if (!bracket) return std::nullopt;
  const double s = narrow_by_regula_falsi(f, *bracket);
  const Vec3 p = o + s * d;
  return hit(s, bracket->above, surface_normal(waves, p.x(), p.y(), t));
}

}  // namespace leeway
