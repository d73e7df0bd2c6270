#include "leeway/env/vrx_wavefield.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace leeway {
namespace {

constexpr double kVrxDispersionG = 9.8;  // VRX's dispersion relation
constexpr double kVrxSpectrumG = 9.81;   // VRX's Pierson-Moskowitz spectrum

double vrx_pm(double w, double wp) {
  return 0.0081 * kVrxSpectrumG * kVrxSpectrumG / std::pow(w, 5.0) *
         std::exp(-(5.0 / 4.0) * std::pow(wp / w, 4.0));
}

WaveComponent component(const VrxWavefield& p, int n, double a, double k, double omega) {
  WaveComponent c;
  c.amplitude = a;
  c.k = k;
  c.omega = omega;
  c.phase = p.phase;
  c.direction = p.direction + n * p.angle;
  c.steepness = a != 0.0 ? std::min(1.0, p.steepness / (a * k * p.number)) : 0.0;
  return c;
}

}  // namespace

std::vector<WaveComponent> vrx_components(const VrxWavefield& p) {
  const double wp = 2.0 * std::numbers::pi / p.period;
  std::vector<WaveComponent> out;
  if (p.model == "PMS") {
    const double spacing[3] = {wp * (1.0 - 1.0 / p.scale), wp * (p.scale - 1.0 / p.scale) / 2.0,
                               wp * (p.scale - 1.0)};
    for (int i = 0; i < 3; ++i) {
      const int n = i - 1;
      const double w = wp * std::pow(p.scale, n);
      const double a = p.gain * std::sqrt(2.0 * vrx_pm(w, wp) * spacing[i]);
      out.push_back(component(p, n, a, w * w / kVrxDispersionG, w));
    }
  } else {  // CWR
    const double k_mean = wp * wp / kVrxDispersionG;
    for (int i = 0; i < p.number; ++i) {
      const int n = i - p.number / 2;
      const double f = std::pow(p.scale, n);
      const double k = k_mean / f;
      out.push_back(component(p, n, f * p.amplitude, k, std::sqrt(kVrxDispersionG * k)));
    }
  }
  return out;
}

}  // namespace leeway
