// Water current: a surface current, steady or varying as Gauss-Markov processes, plus tidal
// constituents, scaled with depth by a profile. Uniform in the horizontal.
//
//   v_c(z, t) = f(d) [ v_s(t) + sum_i A_i cos(w_i t - phi_i) e_flood ],   d = z_surface - z
//
// v_s is either constant or V (cos h cos v, sin h cos v, sin v) with speed V, horizontal angle h
// (towards, ENU) and vertical angle v each a Gauss-Markov process (gauss_markov.h; optionally
// clamped to [min, max] as UUV Simulator does). Tidal constituents: speed amplitude A_i [m/s]
// along the flood direction, period (M2 12.4206 h, S2 12 h, N2 12.6583 h) and phase.
// Profiles f(d): uniform (1); layers (the factor of the deepest layer whose top is above d, 1
// above the first); power law ((h - d) / h)^p for d in [0, h], 0 below, p = 1/7 by default.
#pragma once

#include <limits>
#include <string>
#include <vector>

#include "leeway/core/spatial.h"
#include "leeway/env/gauss_markov.h"

namespace leeway {

struct BoundedGaussMarkov {
  GaussMarkov process;
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
};

struct TidalConstituent {
  std::string name;
  double amplitude = 0.0;  ///< [m/s] along the flood direction
  double period = 0.0;     ///< [s]
  double phase = 0.0;      ///< [rad]
};

/// Periods of the principal semi-diurnal constituents [s].
inline constexpr double kM2Period = 12.4206012 * 3600.0;
inline constexpr double kS2Period = 12.0 * 3600.0;
inline constexpr double kN2Period = 12.65834751 * 3600.0;

enum class CurrentProfile { kUniform, kLayers, kPowerLaw };

struct CurrentModel {
  Vec3 steady_W = Vec3::Zero();  ///< v_s when not Gauss-Markov [m/s], W (towards)
  bool gauss_markov = false;
  BoundedGaussMarkov speed, horizontal_angle, vertical_angle;  ///< [m/s], [rad], [rad]
  std::vector<TidalConstituent> tides;
  double flood_direction = 0.0;  ///< towards [rad], ENU
  CurrentProfile profile = CurrentProfile::kUniform;
  std::vector<std::pair<double, double>> layers;  ///< (depth of the layer's top [m], factor)
  double power_exponent = 1.0 / 7.0;
  double power_depth = 0.0;  ///< h [m]
};

/// The profile factor f(d) at depth d [m] below the calm surface (d < 0 above it: f(0)).
double current_profile_factor(const CurrentModel& current, double depth);

/// The surface current direction vector from the angles (UUV Simulator's convention, ENU).
Vec3 current_direction(double horizontal_angle, double vertical_angle);

}  // namespace leeway
