// The environment a world's bodies live in: the water (density, calm level, current) and its
// waves. Part of the immutable Model; every query is a function of position and time.
#pragma once

#include <optional>

#include "leeway/core/spatial.h"
#include "leeway/env/wave_field.h"

namespace leeway {

struct Environment {
  double fluid_density = 1025.0;    ///< [kg/m^3]
  double surface_level = 0.0;       ///< calm free-surface height in W [m]
  Vec3 v_current_W = Vec3::Zero();  ///< uniform, steady current in W (towards) [m/s]
  std::optional<WaveField> waves;   ///< none: a calm surface
};

/// The free surface above a horizontal point: its height in W and its slope, as the ZYX roll and
/// pitch a small floating body aligned with the local normal would take at heading `yaw`.
struct SurfaceSample {
  double z = 0.0;      ///< [m], in W
  double roll = 0.0;   ///< [rad]
  double pitch = 0.0;  ///< [rad]
};

SurfaceSample sample_surface(const Environment& env, double x, double y, double yaw, double t);

}  // namespace leeway
