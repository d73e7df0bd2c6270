// The sensor type "altimeter", gz-sim's: the sensor's height above where it started and its
// vertical velocity, in W (not a height above the ground or the seabed: a DVL's or a sonar's
// altitude is theirs).
#pragma once

#include "leeway/sensors/noise.h"
#include "leeway/sensors/sensor_descriptor.h"

namespace leeway {

struct AltimeterReading {
  double vertical_position = 0.0;  ///< [m] above the start
  double vertical_velocity = 0.0;  ///< [m/s], up

  bool operator==(const AltimeterReading&) const = default;
};

struct AltimeterModel {
  using Reading = AltimeterReading;
  NoiseModel position;              ///< [m]
  NoiseModel velocity;              ///< [m/s]
  double vertical_reference = 0.0;  ///< the sensor's z in W at the start [m]
};

struct Sampling;
const SensorDescriptor& descriptor_of(const AltimeterModel&);
AltimeterReading sample_reading(const AltimeterModel& altimeter, Sampling& s);
void write_reading(const AltimeterModel&, const AltimeterReading& r, FieldWriter& out);
void noise_axes(const AltimeterModel& altimeter, NoiseAxes& axes);

}  // namespace leeway
