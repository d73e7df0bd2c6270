#include "leeway/env/wave_field.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "leeway/env/fast_trig.h"

namespace leeway {
namespace {

constexpr std::size_t kLanes = WaveField::kLanes;

/// The sums over components that the surface queries need, at (x0, y0, t).
struct GerstnerSums {
  double zeta = 0;                   // sum A cos
  double fx = 0, fy = 0;             // sum q A d sin
  double jxx = 0, jxy = 0, jyy = 0;  // sum q A k c d d^T (the horizontal map's Jacobian part)
  double gx = 0, gy = 0;             // sum A k sin d (minus the slope of zeta)
};

/// The sum of a kLanes-wide accumulator, in a fixed order.
double lane_total(const std::array<double, kLanes>& v) {
  return ((v[0] + v[1]) + (v[2] + v[3])) + ((v[4] + v[5]) + (v[6] + v[7]));
}

/// sum_i A_i cos(theta_i). Terms are computed a chunk at a time by an element-wise loop (which
/// vectorises), then added into eight accumulators in a fixed order, so that the result does not
/// depend on the SIMD width the compiler picked.
LEEWAY_SIMD_CLONES double linear_sum(const WaveField& f, double x, double y, double t) {
  constexpr std::size_t kChunk = 64;
  std::array<double, kLanes> acc{};
  std::array<double, kChunk> term;
  const std::size_t n = f.amplitude.size();
  const double *amplitude = f.amplitude.data(), *kx = f.kx.data(), *ky = f.ky.data(),
               *omega = f.omega.data(), *phase = f.phase.data();
  std::uint64_t out_of_range = 0;
  for (std::size_t start = 0; start < n; start += kChunk) {
    const std::size_t m = std::min(kChunk, n - start);
    for (std::size_t j = 0; j < m; ++j) {
      const std::size_t i = start + j;
      const double theta = kx[i] * x + ky[i] * y - omega[i] * t + phase[i];
      out_of_range |= static_cast<std::uint64_t>(std::abs(theta) >= kFastTrigLimit);
      term[j] = amplitude[i] * fast_sincos(theta).cos;
    }
    for (std::size_t b = 0; b < m; b += kLanes) {
      for (std::size_t j = 0; j < kLanes; ++j)
        acc[j] += term[b + j];
    }
  }
  if (out_of_range) {  // rare: days of simulated time or thousands of km; exact but slower
    acc.fill(0.0);
    for (std::size_t i = 0; i < n; ++i) {
      acc[i % kLanes] += amplitude[i] * std::cos(kx[i] * x + ky[i] * y - omega[i] * t + phase[i]);
    }
  }
  return lane_total(acc);
}

/// The loop gerstner_sums() and linear_slope_sums() share: add(i, lane, sin theta_i, cos theta_i)
/// for every component i, into lane i % kLanes, theta_i = kx_i x + ky_i y - omega_i t + phase_i.
/// The sines and cosines are taken a chunk at a time by an element-wise loop (which vectorises),
/// then handed over in order. If a phase is beyond fast_sincos()'s range, `acc` is cleared and
/// every term given again with std::sin and std::cos. Inlined into each caller's SIMD clones
/// (target_clones takes no templates).
template <typename Accumulators, typename Add>
[[gnu::always_inline]] inline void for_each_phase(const WaveField& f, double x, double y, double t,
                                                  Accumulators& acc, Add&& add) {
  constexpr std::size_t kChunk = 64;
  std::array<double, kChunk> sin_theta, cos_theta;
  const std::size_t n = f.amplitude.size();  // a multiple of kLanes
  const double *kx = f.kx.data(), *ky = f.ky.data(), *omega = f.omega.data(),
               *phase = f.phase.data();
  std::uint64_t out_of_range = 0;
  for (std::size_t start = 0; start < n; start += kChunk) {
    const std::size_t m = std::min(kChunk, n - start);
    for (std::size_t j = 0; j < m; ++j) {
      const std::size_t i = start + j;
      const double theta = kx[i] * x + ky[i] * y - omega[i] * t + phase[i];
      out_of_range |= static_cast<std::uint64_t>(std::abs(theta) >= kFastTrigLimit);
      const SinCos sc = fast_sincos(theta);
      sin_theta[j] = sc.sin;
      cos_theta[j] = sc.cos;
    }
    for (std::size_t b = 0; b < m; b += kLanes) {
      for (std::size_t j = 0; j < kLanes; ++j)
        add(start + b + j, j, sin_theta[b + j], cos_theta[b + j]);
    }
  }
  if (out_of_range) {  // rare: days of simulated time or thousands of km; exact but slower
    acc = {};
    for (std::size_t i = 0; i < n; ++i) {
      const double theta = kx[i] * x + ky[i] * y - omega[i] * t + phase[i];
      add(i, i % kLanes, std::sin(theta), std::cos(theta));
    }
  }
}

/// The eight sums at (x0, y0, t), as linear_sum() takes its one: each term into its sum's kLanes
/// accumulators, added in a fixed order.
LEEWAY_SIMD_CLONES GerstnerSums gerstner_sums(const WaveField& f, double x0, double y0, double t) {
  enum { kZeta, kFx, kFy, kJxx, kJxy, kJyy, kGx, kGy, kSums };
  std::array<std::array<double, kLanes>, kSums> acc{};
  const double *amplitude = f.amplitude.data(), *kx = f.kx.data(), *ky = f.ky.data(),
               *qa_dx = f.qa_dx.data(), *qa_dy = f.qa_dy.data();
  for_each_phase(f, x0, y0, t, acc, [&](std::size_t i, std::size_t lane, double sn, double cs) {
    acc[kZeta][lane] += amplitude[i] * cs;
    acc[kFx][lane] += qa_dx[i] * sn;
    acc[kFy][lane] += qa_dy[i] * sn;
    acc[kJxx][lane] += cs * qa_dx[i] * kx[i];
    acc[kJxy][lane] += cs * qa_dx[i] * ky[i];
    acc[kJyy][lane] += cs * qa_dy[i] * ky[i];
    acc[kGx][lane] += amplitude[i] * sn * kx[i];
    acc[kGy][lane] += amplitude[i] * sn * ky[i];
  });
  GerstnerSums out;
  out.zeta = lane_total(acc[kZeta]);
  out.fx = lane_total(acc[kFx]), out.fy = lane_total(acc[kFy]);
  out.jxx = lane_total(acc[kJxx]), out.jxy = lane_total(acc[kJxy]);
  out.jyy = lane_total(acc[kJyy]);
  out.gx = lane_total(acc[kGx]), out.gy = lane_total(acc[kGy]);
  return out;
}

/// gerstner_sums() of a linear sea (every q_i = 0) needs only the height and its slopes: the
/// same sums, term for term and lane for lane (the same bits), without the five that are zero.
LEEWAY_SIMD_CLONES GerstnerSums linear_slope_sums(const WaveField& f, double x, double y,
                                                  double t) {
  enum { kZeta, kGx, kGy, kSums };
  std::array<std::array<double, kLanes>, kSums> acc{};
  const double *amplitude = f.amplitude.data(), *kx = f.kx.data(), *ky = f.ky.data();
  for_each_phase(f, x, y, t, acc, [&](std::size_t i, std::size_t lane, double sn, double cs) {
    acc[kZeta][lane] += amplitude[i] * cs;
    acc[kGx][lane] += amplitude[i] * sn * kx[i];
    acc[kGy][lane] += amplitude[i] * sn * ky[i];
  });
  GerstnerSums out;
  out.zeta = lane_total(acc[kZeta]);
  out.gx = lane_total(acc[kGx]), out.gy = lane_total(acc[kGy]);
  return out;
}

/// The rest position (x0, y0) of the surface particle now above (x, y): Newton on
/// F(x0) = x0 - r f(x0) - x = 0 from the (x0, y0) given (elevation(): x0 = x), with backtracking
/// so that |F| always decreases (near a sharp crest the Jacobian is nearly singular and a full
/// step would overshoot). Returns the sums at the solution, to |F| <= 1e-13 m, and the solution
/// in (x0, y0).
GerstnerSums invert(const WaveField& f, double x, double y, double t, double r, double& x0,
                    double& y0) {
  GerstnerSums s = gerstner_sums(f, x0, y0, t);
  double Fx = x0 - r * s.fx - x, Fy = y0 - r * s.fy - y;
  // |F| cannot fall below the rounding of coordinates far from the origin.
  const double tolerance = 1e-13 * (1.0 + std::abs(x) + std::abs(y));
  for (int it = 0; it < 100 && std::hypot(Fx, Fy) > tolerance; ++it) {
    const double a = 1.0 - r * s.jxx, b = -r * s.jxy, d = 1.0 - r * s.jyy;
    const double det = a * d - b * b;
    const double dx = (d * Fx - b * Fy) / det, dy = (a * Fy - b * Fx) / det;
    const double norm = std::hypot(Fx, Fy);
    for (double lambda = 1.0;; lambda *= 0.5) {
      const double x1 = x0 - lambda * dx, y1 = y0 - lambda * dy;
      const GerstnerSums s1 = gerstner_sums(f, x1, y1, t);
      const double Fx1 = x1 - r * s1.fx - x, Fy1 = y1 - r * s1.fy - y;
      if (std::hypot(Fx1, Fy1) < norm || lambda < 1e-3) {
        x0 = x1;
        y0 = y1;
        s = s1;
        Fx = Fx1;
        Fy = Fy1;
        break;
      }
    }
  }
  return s;
}

/// Vertical profile factors of linear theory at depth z' = z - z_level (<= 0) for wavenumber k:
/// horizontal velocity, vertical velocity, pressure. Deep water when k h > 20 (tanh = 1 to 1e-17).
struct Profile {
  double horizontal, vertical, pressure;
};

Profile profile(const WaveField& f, double k, double z) {
  if (std::isinf(f.depth) || k * f.depth > 20.0) {
    const double e = std::exp(k * z);
    return {e, e, e};
  }
  const double zh = std::max(z + f.depth, 0.0);  // clamp at the seabed
  const double sh = std::sinh(k * f.depth);
  return {std::cosh(k * zh) / sh, std::sinh(k * zh) / sh,
          std::cosh(k * zh) / std::cosh(k * f.depth)};
}

}  // namespace

WaveField make_wave_field(const std::vector<WaveComponent>& components, double depth,
                          double ramp_time, double z_level) {
  WaveField f;
  f.count = components.size();
  f.depth = depth;
  f.ramp_time = ramp_time;
  f.z_level = z_level;
  const std::size_t padded = (f.count + kLanes - 1) / kLanes * kLanes;
  for (auto* v : {&f.amplitude, &f.kx, &f.ky, &f.omega, &f.phase, &f.k, &f.qa_dx, &f.qa_dy}) {
    v->assign(padded, 0.0);
  }
  for (std::size_t i = 0; i < f.count; ++i) {
    const WaveComponent& c = components[i];
    const double dx = std::cos(c.direction), dy = std::sin(c.direction);
    f.amplitude[i] = c.amplitude;
    f.kx[i] = c.k * dx;
    f.ky[i] = c.k * dy;
    f.omega[i] = c.omega;
    f.phase[i] = c.phase;
    f.k[i] = c.k;
    f.qa_dx[i] = c.steepness * c.amplitude * dx;
    f.qa_dy[i] = c.steepness * c.amplitude * dy;
    f.gerstner |= c.steepness > 0.0 && c.amplitude > 0.0;
    f.fold_margin += c.steepness * c.k * c.amplitude;
  }
  return f;
}

double ramp_factor(const WaveField& f, double t) {
  // Past 40 tau, 1 - e^{-t/tau} rounds to 1 exactly (e^-40 ~ 4e-18 < 2^-53): skip the exp.
  return f.ramp_time > 0.0 && t < 40.0 * f.ramp_time ? 1.0 - std::exp(-t / f.ramp_time) : 1.0;
}

Vec3 gerstner_point(const WaveField& f, double x0, double y0, double t) {
  const double r = ramp_factor(f, t);
  const GerstnerSums s = gerstner_sums(f, x0, y0, t);
  return {x0 - r * s.fx, y0 - r * s.fy, f.z_level + r * s.zeta};
}

void gerstner_grid(const WaveField& f, double x0, double y0, double h, int n, double t,
                   std::span<Vec3> out) {
  const auto m = static_cast<std::size_t>(n) + 1;
  if (n < 0 || out.size() != m * m)
    throw std::invalid_argument("gerstner_grid: the output holds (n + 1)^2 points");
  // First the sums (fx, fy, zeta) at each point, then the points.
  for (Vec3& p : out)
    p.setZero();
  for (std::size_t i = 0; i < f.count; ++i) {
    const double step_cos = std::cos(f.kx[i] * h), step_sin = std::sin(f.kx[i] * h);
    for (std::size_t j = 0; j < m; ++j) {
      const double y = y0 + static_cast<double>(j) * h;
      const double theta = f.kx[i] * x0 + f.ky[i] * y - f.omega[i] * t + f.phase[i];
      double c = std::cos(theta), sn = std::sin(theta);
      Vec3* row = out.data() + j * m;
      for (std::size_t a = 0; a < m; ++a) {
        row[a] += Vec3(f.qa_dx[i] * sn, f.qa_dy[i] * sn, f.amplitude[i] * c);
        const double c1 = c * step_cos - sn * step_sin;
        sn = sn * step_cos + c * step_sin;
        c = c1;
      }
    }
  }
  const double r = ramp_factor(f, t);
  for (std::size_t p = 0; p < out.size(); ++p) {
    const double x = x0 + static_cast<double>(p % m) * h, y = y0 + static_cast<double>(p / m) * h;
    out[p] = Vec3(x - r * out[p].x(), y - r * out[p].y(), f.z_level + r * out[p].z());
  }
}

double elevation(const WaveField& f, double x, double y, double t) {
  const double r = ramp_factor(f, t);
  if (!f.gerstner) return f.z_level + r * linear_sum(f, x, y, t);
  double x0 = x, y0 = y;
  return f.z_level + r * invert(f, x, y, t, r, x0, y0).zeta;
}

SurfaceAbove surface_above(const WaveField& f, double x, double y, double t, double x0_start,
                           double y0_start) {
  const double r = ramp_factor(f, t);
  SurfaceAbove out{f.gerstner ? x0_start : x, f.gerstner ? y0_start : y};
  const GerstnerSums s =
      f.gerstner ? invert(f, x, y, t, r, out.x0, out.y0) : linear_slope_sums(f, x, y, t);
  out.eta = f.z_level + r * s.zeta;
  // d eta / dx = J^-T d eta / dx0, J = dx / dx0 = I - r [jxx jxy; jxy jyy] (symmetric) and
  // d eta / dx0 = -r (gx, gy).
  const double a = 1.0 - r * s.jxx, b = -r * s.jxy, d = 1.0 - r * s.jyy;
  const double det = a * d - b * b, ex = -r * s.gx, ey = -r * s.gy;
  out.deta_dx = (d * ex - b * ey) / det;
  out.deta_dy = (a * ey - b * ex) / det;
  return out;
}

void elevations(const WaveField& f, std::span<const double> x, std::span<const double> y, double t,
                std::span<double> z_out) {
  for (std::size_t p = 0; p < z_out.size(); ++p)
    z_out[p] = elevation(f, x[p], y[p], t);
}

Vec3 surface_normal(const WaveField& f, double x, double y, double t) {
  const double r = ramp_factor(f, t);
  double x0 = x, y0 = y;
  const GerstnerSums s = f.gerstner ? invert(f, x, y, t, r, x0, y0) : gerstner_sums(f, x, y, t);
  // Tangents of the parametric surface along x0 and y0.
  const Vec3 tx(1.0 - r * s.jxx, -r * s.jxy, -r * s.gx);
  const Vec3 ty(-r * s.jxy, 1.0 - r * s.jyy, -r * s.gy);
  return tx.cross(ty).normalized();
}

/// The sums of particle_kinematics() as gerstner_sums() forms its own: the phases' sines and
/// cosines and the depth profiles a chunk at a time by loops that vectorise, then each term into
/// its sum's kLanes lanes. A padded component (A = 0, k = 0) adds zeros.
LEEWAY_SIMD_CLONES ParticleKinematics particle_kinematics(const WaveField& f, const Vec3& p,
                                                          double t) {
  constexpr std::size_t kChunk = 64;
  enum { kVx, kVy, kVz, kAx, kAy, kAz, kSums };
  std::array<std::array<double, kLanes>, kSums> acc{};
  std::array<double, kChunk> sin_theta, cos_theta, horizontal, vertical;
  const double z = std::min(p.z() - f.z_level, 0.0);
  const std::size_t n = f.amplitude.size();  // a multiple of kLanes
  const double *amplitude = f.amplitude.data(), *kx = f.kx.data(), *ky = f.ky.data(),
               *omega = f.omega.data(), *phase = f.phase.data(), *k = f.k.data();
  const auto add = [&](std::size_t i, std::size_t lane, double sn, double cs, double h, double v) {
    const double aw = amplitude[i] * omega[i], aw2 = aw * omega[i];
    // Horizontal parts act along k_i / k.
    const double to_horizontal = k[i] > 0.0 ? 1.0 / k[i] : 0.0;
    const double u = aw * h * cs * to_horizontal, du = aw2 * h * sn * to_horizontal;
    acc[kVx][lane] += u * kx[i];
    acc[kVy][lane] += u * ky[i];
    acc[kVz][lane] += aw * v * sn;
    acc[kAx][lane] += du * kx[i];
    acc[kAy][lane] += du * ky[i];
    acc[kAz][lane] += -aw2 * v * cs;
  };
  std::uint64_t out_of_range = 0;
  for (std::size_t start = 0; start < n; start += kChunk) {
    const std::size_t m = std::min(kChunk, n - start);
    for (std::size_t j = 0; j < m; ++j) {
      const std::size_t i = start + j;
      const double theta = kx[i] * p.x() + ky[i] * p.y() - omega[i] * t + phase[i];
      out_of_range |= static_cast<std::uint64_t>(std::abs(theta) >= kFastTrigLimit);
      const SinCos sc = fast_sincos(theta);
      sin_theta[j] = sc.sin;
      cos_theta[j] = sc.cos;
    }
    if (std::isinf(f.depth)) {
      for (std::size_t j = 0; j < m; ++j)
        horizontal[j] = vertical[j] = fast_exp_nonpositive(k[start + j] * z);
    } else {
      for (std::size_t j = 0; j < m; ++j) {
        // A padded component (k = 0) has no profile in finite depth (sinh 0 = 0) and adds 0.
        const Profile q = k[start + j] > 0.0 ? profile(f, k[start + j], z) : Profile{0, 0, 0};
        horizontal[j] = q.horizontal;
        vertical[j] = q.vertical;
      }
    }
    for (std::size_t b = 0; b < m; b += kLanes) {
      for (std::size_t j = 0; j < kLanes; ++j) {
        add(start + b + j, j, sin_theta[b + j], cos_theta[b + j], horizontal[b + j],
            vertical[b + j]);
      }
    }
  }
  if (out_of_range) {  // rare: days of simulated time or thousands of km; exact but slower
    acc = {};
    for (std::size_t i = 0; i < f.count; ++i) {
      const double theta = kx[i] * p.x() + ky[i] * p.y() - omega[i] * t + phase[i];
      const Profile q = profile(f, k[i], z);
      add(i, i % kLanes, std::sin(theta), std::cos(theta), q.horizontal, q.vertical);
    }
  }
  const auto total = [&](int s) {
    const std::array<double, kLanes>& x = acc[static_cast<std::size_t>(s)];
    return ((x[0] + x[1]) + (x[2] + x[3])) + ((x[4] + x[5]) + (x[6] + x[7]));
  };
  const double r = ramp_factor(f, t);
  return {r * Vec3(total(kVx), total(kVy), total(kVz)),
          r * Vec3(total(kAx), total(kAy), total(kAz))};
}

Vec3 particle_velocity(const WaveField& f, const Vec3& p, double t) {
  return particle_kinematics(f, p, t).velocity;
}

Vec3 particle_acceleration(const WaveField& f, const Vec3& p, double t) {
  return particle_kinematics(f, p, t).acceleration;
}

double dynamic_pressure(const WaveField& f, const Vec3& p, double t, double rho, double g) {
  const double r = ramp_factor(f, t);
  const double z = std::min(p.z() - f.z_level, 0.0);
  double sum = 0.0;
  for (std::size_t i = 0; i < f.count; ++i) {
    const SinCos sc = sincos_any(f.kx[i] * p.x() + f.ky[i] * p.y() - f.omega[i] * t + f.phase[i]);
    sum += f.amplitude[i] * profile(f, f.k[i], z).pressure * sc.cos;
  }
  return rho * g * r * sum;
}

}  // namespace leeway
