// The sensor type "current_meter": the water's velocity at the sensor's origin, the current
// (env/current.h, uniform or a field) plus, below the instantaneous surface, the waves' orbital
// velocity (env/wave_field.h), in W with noise on each axis; and the same water's velocity past
// the moving sensor, in S (what a hull-mounted meter sees). Above the water it reads the current
// alone (the surface's, as a surface drifter would).
#pragma once

#include <array>

#include "leeway/core/spatial.h"
#include "leeway/sensors/noise.h"
#include "leeway/sensors/sensor_descriptor.h"

namespace leeway {

struct CurrentMeterReading {
  Vec3 v_W = Vec3::Zero();         ///< the water's velocity [m/s], in W
  Vec3 relative_S = Vec3::Zero();  ///< the water's velocity past the sensor [m/s], in S

  bool operator==(const CurrentMeterReading&) const = default;
};

struct CurrentMeterModel {
  using Reading = CurrentMeterReading;
  std::array<NoiseModel, 3> noise;  ///< on W's x, y, z [m/s]
};

struct Sampling;
const SensorDescriptor& descriptor_of(const CurrentMeterModel&);
CurrentMeterReading sample_reading(const CurrentMeterModel& meter, Sampling& s);
void write_reading(const CurrentMeterModel&, const CurrentMeterReading& r, FieldWriter& out);
void noise_axes(const CurrentMeterModel& meter, NoiseAxes& axes);

}  // namespace leeway
