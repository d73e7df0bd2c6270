// The environment a world's bodies live in: the water (density, calm level, current), its waves
// and the wind. `Environment` is part of the immutable Model; `EnvironmentState` holds the
// stochastic processes that evolve with the run (part of State). Every query is a function of
// position and time.
#pragma once

#include <cstdint>
#include <optional>

#include "leeway/core/random.h"
#include "leeway/core/spatial.h"
#include "leeway/env/bathymetry.h"
#include "leeway/env/current.h"
#include "leeway/env/vector_field.h"
#include "leeway/env/wave_field.h"
#include "leeway/env/wind.h"

namespace leeway {

struct Environment {
  double fluid_density = 1025.0;  ///< water [kg/m^3]
  double air_density = 1.225;     ///< [kg/m^3] (ISA sea level), for sails and air fans
  double surface_level = 0.0;     ///< calm free-surface height in W [m]
  CurrentModel current;
  std::optional<VectorField> current_field;  ///< added to the current [m/s]
  WindModel wind;
  std::optional<VectorField> wind_field;  ///< added to the wind [m/s]
  std::optional<WaveField> waves;         ///< none: a calm surface
  std::optional<Bathymetry> bathymetry;   ///< none: no seabed
};

/// The environment's random processes, advanced once per step by advance_environment() and held
/// over the step (the tides, waves and Harris gusts are functions of time and need no state).
struct EnvironmentState {
  double gust_speed = 0.0;                ///< first-order gust [m/s]
  double current_speed = 0.0;             ///< Gauss-Markov current speed [m/s]
  double current_horizontal_angle = 0.0;  ///< [rad]
  double current_vertical_angle = 0.0;    ///< [rad]
  RandomStream wind_rng{0, "wind"};
  RandomStream current_rng{0, "current"};

  bool operator==(const EnvironmentState&) const = default;
};

/// Processes at their means, random streams from (seed, "wind") and (seed, "current").
EnvironmentState initial_environment_state(const Environment& env, std::uint64_t seed);

/// Advances the processes by dt [s] (exactly, whatever dt: gauss_markov.h).
void advance_environment(const Environment& env, EnvironmentState& state, double dt);

/// Water current at p_W and time t [m/s], in W: the modelled current plus the current field.
Vec3 current_velocity(const Environment& env, const EnvironmentState& state, const Vec3& p_W,
                      double t);
/// Its time derivative at a fixed point (from the tides; the Gauss-Markov part is held) [m/s^2].
Vec3 current_acceleration(const Environment& env, const Vec3& p_W, double t);

/// Wind velocity at p_W and time t [m/s], in W: the mean and gust, plus the wind field if any.
Vec3 wind_velocity(const Environment& env, const EnvironmentState& state, const Vec3& p_W,
                   double t);

/// The apparent wind a body moving at v_WB_W (its origin's velocity in W) feels, expressed in its
/// own axes B: R_WB^T (V_wind - v_WB) [m/s]. What windage models take as input.
Vec3 apparent_wind_B(const Environment& env, const EnvironmentState& state, double t,
                     const Vec3& p_WB, const Quat& q_WB, const Vec3& v_WB_W);

/// The free surface above a horizontal point: its height in W and its slope, as the ZYX roll and
/// pitch a small floating body aligned with the local normal would take at heading `yaw`.
struct SurfaceSample {
  double z = 0.0;      ///< [m], in W
  double roll = 0.0;   ///< [rad]
  double pitch = 0.0;  ///< [rad]
};

SurfaceSample sample_surface(const Environment& env, double x, double y, double yaw, double t);

/// The free surface's height above a horizontal point [m], in W (sample_surface's z alone).
double surface_height(const Environment& env, double x, double y, double t);

}  // namespace leeway
