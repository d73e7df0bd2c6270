#include "leeway/env/sea_state.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>

#include "leeway/core/random.h"

namespace leeway {

double dispersion_wavenumber(double omega, double depth, double g) {
  const double k_deep = omega * omega / g;
  if (std::isinf(depth)) return k_deep;
  // f(k) = g k tanh(k h) - w^2 is increasing and concave: Newton from above converges.
  double k = std::max(k_deep, omega / std::sqrt(g * depth));
  for (int i = 0; i < 50; ++i) {
    const double t = std::tanh(k * depth);
    const double f = g * k * t - omega * omega;
    const double df = g * (t + k * depth * (1.0 - t * t));
    const double step = f / df;
    k -= step;
    if (std::abs(step) <= 1e-15 * k) break;
  }
  return k;
}

double peak_frequency(const WaveSpectrum& s) {
  if (s.kind != SpectrumKind::kTable) return 2.0 * std::numbers::pi / s.Tp;
  const auto peak =
      std::max_element(s.table.begin(), s.table.end(),
                       [](const auto& a, const auto& b) { return a.second < b.second; });
  return peak->first;
}

std::vector<WaveComponent> sample_components(const SeaState& sea, std::uint64_t seed) {
  RandomStream rng(seed, "waves");
  const int n = sea.components;
  const EnergyQuantile quantile(sea.spectrum);
  const double m0 = spectral_energy(sea.spectrum, 0.0, std::numeric_limits<double>::infinity());
  const double wp = peak_frequency(sea.spectrum);

  // Direction strata: within each block of kBlock neighbouring frequencies (whose spreading is
  // nearly the same) the quantiles are stratified, one per kBlock-th of [0, 1], in random order.
  constexpr int kBlock = 8;
  std::vector<int> stratum(static_cast<std::size_t>(n));
  for (int b = 0; b < n; b += kBlock) {
    const int size = std::min(kBlock, n - b);  // a short last block draws from the first strata
    for (int j = 0; j < size; ++j)
      stratum[static_cast<std::size_t>(b + j)] = j;
    for (int j = size - 1; j > 0; --j) {
      const auto r = static_cast<int>(rng.next_u64() % static_cast<std::uint64_t>(j + 1));
      std::swap(stratum[static_cast<std::size_t>(b + j)], stratum[static_cast<std::size_t>(b + r)]);
    }
  }

  std::vector<WaveComponent> out(static_cast<std::size_t>(n));
  std::vector<double> offset(static_cast<std::size_t>(n)), mu2(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    WaveComponent& c = out[static_cast<std::size_t>(i)];
    // Frequency: uniform in cumulative energy within the i-th of n equal-energy bins.
    c.omega = quantile.omega((i + rng.uniform()) / n);
    c.amplitude = std::sqrt(2.0 * m0 / n);
    offset[static_cast<std::size_t>(i)] = spreading_stratum_offset(
        sea.spreading, c.omega / wp, stratum[static_cast<std::size_t>(i)], kBlock);
    mu2[static_cast<std::size_t>(i)] = spreading_second_moment(sea.spreading, c.omega / wp);
    c.phase = 2.0 * std::numbers::pi * rng.uniform();
    c.k = dispersion_wavenumber(c.omega, sea.depth, sea.gravity);
    c.steepness = std::min(sea.steepness, 1.0 / (c.k * c.amplitude));
  }
  // Moment matching: scale each block's offsets so that their mean square is the block's mean
  // mu_2 (eq. 11). The stratified offsets already have that mean square on average; the scale
  // (within about 10% of 1 at N = 64) removes the scatter of a single realisation.
  for (int b = 0; b < n; b += kBlock) {
    double have = 0.0, want = 0.0;
    for (int i = b; i < std::min(b + kBlock, n); ++i) {
      have += offset[static_cast<std::size_t>(i)] * offset[static_cast<std::size_t>(i)];
      want += mu2[static_cast<std::size_t>(i)];
    }
    const double scale = have > 0.0 ? std::sqrt(want / have) : 1.0;
    for (int i = b; i < std::min(b + kBlock, n); ++i) {
      out[static_cast<std::size_t>(i)].direction =
          sea.mean_direction + scale * offset[static_cast<std::size_t>(i)];
    }
  }
  return out;
}

}  // namespace leeway
