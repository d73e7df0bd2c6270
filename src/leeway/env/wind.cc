#include "leeway/env/wind.h"

#include <cmath>
#include <numbers>

#include "leeway/core/random.h"

namespace leeway {

double harris_spectrum(const WindModel& w, double f) {
  const double x = f * w.harris_length / w.mean_speed;
  return 4.0 * w.harris_kappa * w.harris_length * w.mean_speed / std::pow(2.0 + x * x, 5.0 / 6.0);
}

void make_harris_gust(WindModel& w, int n, std::uint64_t seed) {
  RandomStream rng(seed, "wind");
  constexpr double kLo = 1e-4, kHi = 1.0;  // [Hz]
  const double step = std::log(kHi / kLo) / n;
  w.harris_amplitude.assign(static_cast<std::size_t>(n), 0.0);
  w.harris_omega.assign(static_cast<std::size_t>(n), 0.0);
  w.harris_phase.assign(static_cast<std::size_t>(n), 0.0);
  for (int i = 0; i < n; ++i) {
    // Bin i starts at lo on a log grid; its frequency is drawn inside it (no repetition).
    const double lo = kLo * std::exp(step * i);
    const double f = lo * std::exp(step * rng.uniform());
    // Energy of the bin by the midpoint rule in log f: S(f) f d(ln f).
    const double energy = harris_spectrum(w, f) * f * step;
    w.harris_amplitude[static_cast<std::size_t>(i)] = std::sqrt(2.0 * energy);
    w.harris_omega[static_cast<std::size_t>(i)] = 2.0 * std::numbers::pi * f;
    w.harris_phase[static_cast<std::size_t>(i)] = 2.0 * std::numbers::pi * rng.uniform();
  }
}

double harris_gust(const WindModel& w, double t) {
  double v = 0.0;
  for (std::size_t i = 0; i < w.harris_amplitude.size(); ++i) {
    v += w.harris_amplitude[i] * std::cos(w.harris_omega[i] * t + w.harris_phase[i]);
  }
  return v;
}

}  // namespace leeway
