// The environment a world's bodies live in: the water (density, calm level, current), its waves
// and the wind. `Environment` is part of the immutable Model; `EnvironmentState` holds the
// stochastic processes that evolve with the run (part of State). Every query is a function of
// position and time.
//
// The seed: a world's seed (Model::seed) is the one source of its randomness. It realises the
// random parts of the Environment once, before the run (realise_environment: the waves drawn from
// a random sea and the Harris gust's sinusoids), and it seeds the processes that evolve in the
// EnvironmentState (initial_environment_state: the first-order gust and the Gauss-Markov current).
// Each draws from its own stream, RandomStream(seed, "waves" | "wind" | "current").
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

/// A sea state as a world describes it, before it is drawn: what realise_environment needs to
/// draw its waves again from another seed.
struct RandomSea {
  SeaState sea;
  double ramp_time = 0.0;  ///< start-up ramp tau [s]; 0: none
  /// The sea's own seed (`<waves><seed>`): the same waves whatever the world's seed.
  std::optional<std::uint64_t> fixed_seed;
};

struct Environment {
  double fluid_density = 1025.0;  ///< water [kg/m^3]
  double air_density = 1.225;     ///< [kg/m^3] (ISA sea level), for sails and air fans
  double surface_level = 0.0;     ///< calm free-surface height in W [m]
  double sound_speed = 1500.0;    ///< in the water [m/s], for the acoustic sensors
  CurrentModel current;
  std::optional<VectorField> current_field;  ///< added to the current [m/s]
  WindModel wind;
  std::optional<VectorField> wind_field;  ///< added to the wind [m/s]
  std::optional<WaveField> waves;         ///< none: a calm surface
  /// The sea state `waves` is drawn from (realise_environment), or none for a calm surface and
  /// for VRX's deterministic wavefield.
  std::optional<RandomSea> random_sea;
  std::optional<Bathymetry> bathymetry;  ///< none: no seabed
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

/// Draws the random parts of `env` from `seed`: the waves of its random sea (from its fixed seed
/// if it has one) at the calm level `surface_level`, and the Harris gust's sinusoids. What was
/// drawn before is replaced; the rest of `env` is untouched. The same seed gives the same bits.
void realise_environment(Environment& env, std::uint64_t seed);

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
