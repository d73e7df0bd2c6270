// The sensor type "acoustic_position": an acoustic position fix of the sensor's origin in W, as a
// USBL system on a ship or UUV Simulator's RPT gives it, with noise on each axis of W.
#pragma once

#include <array>

#include "leeway/core/spatial.h"
#include "leeway/sensors/noise.h"
#include "leeway/sensors/sensor_descriptor.h"

namespace leeway {

struct AcousticPositionReading {
  Vec3 p_W = Vec3::Zero();  ///< [m]

  bool operator==(const AcousticPositionReading&) const = default;
};

struct AcousticPositionModel {
  using Reading = AcousticPositionReading;
  std::array<NoiseModel, 3> noise;  ///< on W's x, y, z [m]
};

struct Sampling;
const SensorDescriptor& descriptor_of(const AcousticPositionModel&);
AcousticPositionReading sample_reading(const AcousticPositionModel& fix, Sampling& s);
void write_reading(const AcousticPositionModel&, const AcousticPositionReading& r,
                   FieldWriter& out);
void noise_axes(const AcousticPositionModel& fix, NoiseAxes& axes);

}  // namespace leeway
