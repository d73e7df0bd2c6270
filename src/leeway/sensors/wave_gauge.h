// The sensor type "wave_gauge": the sea surface's elevation above the calm level at the sensor's
// horizontal position, eta(x_S, y_S, t) - z_calm (env/wave_field.h: the elevation the physics
// sums, Gerstner or linear), with noise. A gauge reads the surface wherever it is held: on a
// buoy's mast, on a post fixed to the seabed, or on a moving hull (where it sees the encounter
// spectrum).
#pragma once

#include "leeway/sensors/noise.h"
#include "leeway/sensors/sensor_descriptor.h"

namespace leeway {

struct WaveGaugeReading {
  double elevation = 0.0;  ///< [m] above the calm surface

  bool operator==(const WaveGaugeReading&) const = default;
};

struct WaveGaugeModel {
  using Reading = WaveGaugeReading;
  NoiseModel noise;  ///< on the elevation [m]
};

struct Sampling;
const SensorDescriptor& descriptor_of(const WaveGaugeModel&);
WaveGaugeReading sample_reading(const WaveGaugeModel& gauge, Sampling& s);
void write_reading(const WaveGaugeModel&, const WaveGaugeReading& r, FieldWriter& out);
void noise_axes(const WaveGaugeModel& gauge, NoiseAxes& axes);

}  // namespace leeway
