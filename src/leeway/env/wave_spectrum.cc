#include "leeway/env/wave_spectrum.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <stdexcept>

namespace leeway {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double omega_p(const WaveSpectrum& s) {
  return 2.0 * std::numbers::pi / s.Tp;
}

double pierson_moskowitz(double Hs, double wp, double w) {
  const double r = wp / w;
  const double r4 = r * r * r * r;
  return 5.0 / 16.0 * Hs * Hs * r4 / w * std::exp(-1.25 * r4);
}

double jonswap_shape(double gamma, double wp, double w) {
  const double sigma = w <= wp ? 0.07 : 0.09;
  const double d = (w - wp) / (sigma * wp);
  return std::pow(gamma, std::exp(-0.5 * d * d));
}

double simpson(const std::function<double(double)>& f, double a, double b, double fa, double fm,
               double fb, double whole, double tol, int depth) {
  const double m = 0.5 * (a + b);
  const double flm = f(0.5 * (a + m)), frm = f(0.5 * (m + b));
  const double left = (m - a) / 6.0 * (fa + 4.0 * flm + fm);
  const double right = (b - m) / 6.0 * (fm + 4.0 * frm + fb);
  if (depth <= 0 || std::abs(left + right - whole) <= 15.0 * tol) {
    return left + right + (left + right - whole) / 15.0;
  }
  return simpson(f, a, m, fa, flm, fm, left, 0.5 * tol, depth - 1) +
         simpson(f, m, b, fm, frm, fb, right, 0.5 * tol, depth - 1);
}

double integrate(const std::function<double(double)>& f, double a, double b, double tol) {
  if (!(b > a)) return 0.0;
  const double fa = f(a), fb = f(b), fm = f(0.5 * (a + b));
  return simpson(f, a, b, fa, fm, fb, (b - a) / 6.0 * (fa + 4.0 * fm + fb), tol, 40);
}

/// Exact integral of the piecewise-linear table over [a, b].
double table_energy(const WaveSpectrum& s, double a, double b) {
  double sum = 0.0;
  for (std::size_t i = 1; i < s.table.size(); ++i) {
    const double w0 = s.table[i - 1].first, s0 = s.table[i - 1].second;
    const double w1 = s.table[i].first, s1 = s.table[i].second;
    const double lo = std::max(a, w0), hi = std::min(b, w1);
    if (hi <= lo) continue;
    auto at = [=](double w) { return s0 + (s1 - s0) * (w - w0) / (w1 - w0); };
    sum += 0.5 * (at(lo) + at(hi)) * (hi - lo);
  }
  return sum;
}

/// integral of w^n S(w) over [a, b] for the analytic spectra, through u = w_p / w, which maps
/// (0, inf) onto a finite interval where the integrand is smooth (S ~ w^-5 in the tail).
double analytic_moment(const WaveSpectrum& s, int n, double a, double b) {
  const double wp = omega_p(s);
  constexpr double kUMax = 4.0;  // exp(-1.25 * 4^4) = 1e-139: nothing below w_p / 4
  const double u_lo = std::isinf(b) ? 0.0 : wp / b;
  const double u_hi = a <= 0.0 ? kUMax : std::min(kUMax, wp / a);
  auto f = [&](double u) {
    if (u <= 0.0) return 0.0;
    const double w = wp / u;
    return std::pow(w, n) * spectral_density(s, w) * wp / (u * u);
  };
  const double scale = s.Hs * s.Hs * std::pow(wp, n);
  return integrate(f, u_lo, u_hi, 1e-14 * scale);
}

}  // namespace

WaveSpectrum make_pierson_moskowitz(double Hs, double Tp) {
  WaveSpectrum s;
  s.kind = SpectrumKind::kPiersonMoskowitz;
  s.Hs = Hs;
  s.Tp = Tp;
  return s;
}

WaveSpectrum make_jonswap(double Hs, double Tp, double gamma) {
  WaveSpectrum s;
  s.kind = SpectrumKind::kJonswap;
  s.Hs = Hs;
  s.Tp = Tp;
  s.gamma = gamma;
  s.jonswap_scale = 1.0;
  s.jonswap_scale = Hs * Hs / 16.0 / spectral_moment(s, 0);
  return s;
}

WaveSpectrum make_table_spectrum(std::vector<std::pair<double, double>> table) {
  WaveSpectrum s;
  s.kind = SpectrumKind::kTable;
  s.table = std::move(table);
  return s;
}

double significant_height_from_gain(double gain, double Tp, double g) {
  constexpr double kAlpha = 0.0081;
  const double wp = 2.0 * std::numbers::pi / Tp;
  return gain * std::sqrt(16.0 * kAlpha / 5.0) * g / (wp * wp);
}

double spectral_density(const WaveSpectrum& s, double w) {
  if (w <= 0.0) return 0.0;
  switch (s.kind) {
    case SpectrumKind::kPiersonMoskowitz:
      return pierson_moskowitz(s.Hs, omega_p(s), w);
    case SpectrumKind::kJonswap:
      return s.jonswap_scale * pierson_moskowitz(s.Hs, omega_p(s), w) *
             jonswap_shape(s.gamma, omega_p(s), w);
    case SpectrumKind::kTable: {
      if (s.table.empty() || w < s.table.front().first || w > s.table.back().first) return 0.0;
      const auto it = std::lower_bound(s.table.begin(), s.table.end(), w,
                                       [](const auto& p, double x) { return p.first < x; });
      if (it == s.table.begin()) return it->second;
      const auto& [w0, s0] = *(it - 1);
      const auto& [w1, s1] = *it;
      return s0 + (s1 - s0) * (w - w0) / (w1 - w0);
    }
  }
  return 0.0;
}

double spectral_energy(const WaveSpectrum& s, double a, double b) {
  if (s.kind == SpectrumKind::kTable) return table_energy(s, a, b);
  return analytic_moment(s, 0, a, b);
}

double spectral_moment(const WaveSpectrum& s, int n) {
  if (s.kind != SpectrumKind::kTable) return analytic_moment(s, n, 0.0, kInf);
  auto f = [&](double w) { return std::pow(w, n) * spectral_density(s, w); };
  double sum = 0.0;
  for (std::size_t i = 1; i < s.table.size(); ++i) {
    sum += integrate(f, s.table[i - 1].first, s.table[i].first, 1e-14);
  }
  return sum;
}

EnergyQuantile::EnergyQuantile(const WaveSpectrum& s) {
  constexpr int kPoints = 4096;
  const bool table = s.kind == SpectrumKind::kTable;
  const double lo = table ? s.table.front().first : omega_p(s) / 4.0;
  const double hi = table ? s.table.back().first : omega_p(s) * 64.0;
  omega_.resize(kPoints);
  fraction_.resize(kPoints);
  // Start from the energy below the grid and normalise by the whole m0, so the tail beyond the
  // grid (a fraction 7e-8 for Pierson-Moskowitz) does not distort the quantiles.
  double cumulative = spectral_energy(s, 0.0, lo);
  const double m0 = spectral_energy(s, 0.0, kInf);
  for (int i = 0; i < kPoints; ++i) {
    const double w = lo * std::pow(hi / lo, static_cast<double>(i) / (kPoints - 1));
    if (i > 0) cumulative += spectral_energy(s, omega_[static_cast<std::size_t>(i) - 1], w);
    omega_[static_cast<std::size_t>(i)] = w;
    fraction_[static_cast<std::size_t>(i)] = cumulative;
  }
  for (double& f : fraction_)
    f /= m0;
}

double EnergyQuantile::omega(double fraction) const {
  const auto it = std::lower_bound(fraction_.begin(), fraction_.end(), fraction);
  if (it == fraction_.begin()) return omega_.front();
  if (it == fraction_.end()) return omega_.back();
  const auto i = static_cast<std::size_t>(it - fraction_.begin());
  const double t = (fraction - fraction_[i - 1]) / (fraction_[i] - fraction_[i - 1]);
  return omega_[i - 1] + t * (omega_[i] - omega_[i - 1]);
}

}  // namespace leeway
