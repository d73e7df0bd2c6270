#include "leeway/env/wave_spreading.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "leeway/core/spatial.h"

namespace leeway {
namespace {

double half_width(const WaveSpreading& sp) {
  return sp.kind == SpreadingKind::kCos2s ? 0.5 * kPi : kPi;
}

/// Composite Simpson over [a, b] with n (even) intervals: the densities are smooth and bounded.
template <typename F>
double simpson(F f, double a, double b, int n) {
  const double h = (b - a) / n;
  double sum = f(a) + f(b);
  for (int i = 1; i < n; ++i)
    sum += (i % 2 ? 4.0 : 2.0) * f(a + i * h);
  return sum * h / 3.0;
}

constexpr int kIntervals = 2048;

}  // namespace

double spreading_exponent(const WaveSpreading& sp, double wbar) {
  switch (sp.kind) {
    case SpreadingKind::kMitsuyasu:
      return wbar <= 1.0 ? sp.s_max * std::pow(wbar, 5.0) : sp.s_max * std::pow(wbar, -2.5);
    case SpreadingKind::kCos2s:
      return sp.s;
    case SpreadingKind::kNone:
      break;
  }
  return 0.0;
}

namespace {

/// D(wbar, .) at one frequency: its exponent and normalisation (a pow, two lgamma and an exp)
/// worked out once, not at each of the thousands of offsets the tables below integrate over.
struct Density {
  SpreadingKind kind;
  double half, s, norm;

  Density(const WaveSpreading& sp, double wbar)
      : kind(sp.kind),
        half(half_width(sp)),
        s(spreading_exponent(sp, wbar)),
        norm(std::exp(std::lgamma(s + 1.0) - std::lgamma(s + 0.5)) / std::sqrt(kPi)) {}

  double operator()(double dtheta) const {
    if (kind == SpreadingKind::kNone || std::abs(dtheta) > half) return 0.0;
    if (kind == SpreadingKind::kMitsuyasu)
      return 0.5 * norm * std::pow(std::cos(0.5 * dtheta), 2.0 * s);
    return norm * std::pow(std::cos(dtheta), 2.0 * s);
  }
};

/// D's cumulative probability and cumulative second moment on a fine grid over its support,
/// by composite Simpson over pairs of intervals: accurate to ~1e-9 where D is smooth.
struct CumulativeTable {
  Density D;
  std::vector<double> x, probability, second;

  CumulativeTable(const WaveSpreading& spreading, double wbar) : D(spreading, wbar) {
    constexpr int kPairs = 512;
    const double h = D.half, dx = 2.0 * h / (2 * kPairs);
    x.push_back(-h);
    probability.push_back(0.0);
    second.push_back(0.0);
    for (int i = 0; i < kPairs; ++i) {
      const double a = -h + 2 * i * dx;
      const double d0 = D(a), d1 = D(a + dx), d2 = D(a + 2 * dx);
      const double m = a + dx, b = a + 2 * dx;
      x.push_back(b);
      probability.push_back(probability.back() + dx / 3 * (d0 + 4 * d1 + d2));
      second.push_back(second.back() + dx / 3 * (a * a * d0 + 4 * m * m * d1 + b * b * d2));
    }
  }

  /// The offset where the cumulative probability reaches u: linear between nodes, then two
  /// Newton steps on the cumulative (Simpson from the node below), to ~1e-12.
  double quantile(double u) const {
    const double target = u * probability.back();
    const auto it = std::lower_bound(probability.begin(), probability.end(), target);
    if (it == probability.begin()) return x.front();
    if (it == probability.end()) return x.back();
    const auto i = static_cast<std::size_t>(it - probability.begin());
    const double t = (target - probability[i - 1]) / (probability[i] - probability[i - 1]);
    double q = x[i - 1] + t * (x[i] - x[i - 1]);
    for (int newton = 0; newton < 2; ++newton) {
      const double a = x[i - 1];
      const double cdf = probability[i - 1] + (q - a) / 6 * (D(a) + 4 * D(0.5 * (a + q)) + D(q));
      const double density = D(q);
      if (density <= 0.0) break;
      q = std::clamp(q - (cdf - target) / density, x[i - 1], x[i]);
    }
    return q;
  }

  /// integral of x^2 D from the start to x (linear between nodes).
  double second_to(double at) const {
    const auto it = std::lower_bound(x.begin(), x.end(), at);
    if (it == x.begin()) return 0.0;
    if (it == x.end()) return second.back();
    const auto i = static_cast<std::size_t>(it - x.begin());
    const double t = (at - x[i - 1]) / (x[i] - x[i - 1]);
    return second[i - 1] + t * (second[i] - second[i - 1]);
  }
};

}  // namespace

double spreading_density(const WaveSpreading& sp, double wbar, double dtheta) {
  return Density(sp, wbar)(dtheta);
}

double spreading_second_moment(const WaveSpreading& sp, double wbar) {
  if (sp.kind == SpreadingKind::kNone) return 0.0;
  const double h = half_width(sp);
  const Density D(sp, wbar);
  return simpson([&](double x) { return x * x * D(x); }, -h, h, kIntervals);
}

double spreading_quantile(const WaveSpreading& sp, double wbar, double u) {
  if (sp.kind == SpreadingKind::kNone) return 0.0;
  return CumulativeTable(sp, wbar).quantile(u);
}

double spreading_stratum_offset(const WaveSpreading& sp, double wbar, int j, int strata) {
  if (sp.kind == SpreadingKind::kNone) return 0.0;
  const CumulativeTable table(sp, wbar);
  const double a = table.quantile(static_cast<double>(j) / strata);
  const double b = table.quantile(static_cast<double>(j + 1) / strata);
  const double second = table.second_to(b) - table.second_to(a);
  return std::copysign(std::sqrt(strata * std::max(second, 0.0)), a + b);
}

}  // namespace leeway
