// The sensor type "anemometer": the wind's velocity at the sensor's origin (env/wind.h: the mean
// wind, its gusts and its profile with height, as the physics has it), in W with noise on each
// axis; and the apparent wind past the moving sensor, in S (what a masthead anemometer reports).
#pragma once

#include <array>

#include "leeway/core/spatial.h"
#include "leeway/sensors/noise.h"
#include "leeway/sensors/sensor_descriptor.h"

namespace leeway {

struct AnemometerReading {
  Vec3 v_W = Vec3::Zero();         ///< the wind's velocity [m/s], in W (blowing towards)
  Vec3 relative_S = Vec3::Zero();  ///< the apparent wind past the sensor [m/s], in S

  bool operator==(const AnemometerReading&) const = default;
};

struct AnemometerModel {
  using Reading = AnemometerReading;
  std::array<NoiseModel, 3> noise;  ///< on W's x, y, z [m/s]
};

struct Sampling;
const SensorDescriptor& descriptor_of(const AnemometerModel&);
AnemometerReading sample_reading(const AnemometerModel& anemometer, Sampling& s);
void write_reading(const AnemometerModel&, const AnemometerReading& r, FieldWriter& out);
void noise_axes(const AnemometerModel& anemometer, NoiseAxes& axes);

}  // namespace leeway
