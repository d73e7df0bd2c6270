// The absolute pressure at a point of the world, in water or in air, as a pressure sensor there
// measures it (noise is added after, sensors/noise.h).
//
// In air, the U.S. Standard Atmosphere 1976 below 11 km, as gz-sim's air pressure sensor
// computes it: with h the altitude (the sensor's reference altitude plus its height in W) and
// R = 6356766 m, the geopotential height h' = R h / (R + h), the temperature
// T = 288.15 - 0.0065 h' [K], and P = 101325 (T / 288.15)^5.2559 [Pa].
//
// In water, below the instantaneous surface eta(x, y, t): the atmosphere's pressure at the calm
// surface, plus the hydrostatic head from the calm surface, plus the waves' dynamic pressure
// (linear theory, env/wave_field.h):
//   P = P_air(surface) + rho g (z_calm - z) + p_dyn(x, y, z, t),
// which at a depth d under a calm sea is exactly P_air + rho g d, and under a regular wave of
// amplitude a and wavenumber k oscillates by rho g a e^(-k d) (deep water), not by the full
// rho g a a hydrostatic reading of the elevation would give. Just under a crest the dynamic
// pressure is held at its calm-level value (linear theory's extrapolation), so the pressure is
// continuous through the surface to the first order.
#pragma once

#include "leeway/core/spatial.h"
#include "leeway/env/environment.h"
#include "leeway/sensors/noise.h"
#include "leeway/sensors/sensor_descriptor.h"

namespace leeway {

/// The U.S. Standard Atmosphere's pressure [Pa] at altitude h [m] (below 11 km).
double standard_atmosphere_pressure(double altitude);

/// The absolute pressure [Pa] at p_W at time t, in the world `env` with gravity g [m/s^2] > 0,
/// W's z = 0 being at `reference_altitude` [m].
double absolute_pressure(const Environment& env, const Vec3& p_W, double t, double g,
                         double reference_altitude);

/// The sensor type "air_pressure" (in air or water): the pressure above with its noise, and
/// the depth it gives a depth gauge.
struct PressureReading {
  double pressure = 0.0;  ///< absolute [Pa]
  /// Depth below the calm surface the pressure gives, (P - P_air) / (rho g) [m]: a depth
  /// gauge's reading (negative in air, as far as the air's pressure falls with height).
  double depth = 0.0;

  bool operator==(const PressureReading&) const = default;
};

struct PressureModel {
  using Reading = PressureReading;
  NoiseModel noise;                 ///< [Pa]
  double reference_altitude = 0.0;  ///< the altitude of W's z = 0 [m]
};

struct Sampling;
const SensorDescriptor& descriptor_of(const PressureModel&);
PressureReading sample_reading(const PressureModel& pressure, Sampling& s);
void write_reading(const PressureModel&, const PressureReading& r, FieldWriter& out);
void noise_axes(const PressureModel& pressure, NoiseAxes& axes);

}  // namespace leeway
