// The sensor type "range_bearing": an acoustic receiver that measures the range, bearing and
// elevation of a pinger at a known place (VRX's AcousticPingerPlugin): the direction d_S to the
// pinger in S, bearing atan2(y, x), elevation atan2(z, |(x, y)|), each with its noise. The pinger
// starts at pinger_W and moves where a run's inputs put it (Inputs::pinger_W).
#pragma once

#include "leeway/core/spatial.h"
#include "leeway/sensors/noise.h"
#include "leeway/sensors/sensor_descriptor.h"

namespace leeway {

struct RangeBearingReading {
  double range = 0.0;      ///< [m]
  double bearing = 0.0;    ///< [rad], from S's x towards its y
  double elevation = 0.0;  ///< [rad], above S's x-y plane

  bool operator==(const RangeBearingReading&) const = default;
};

struct RangeBearingModel {
  using Reading = RangeBearingReading;
  Vec3 pinger_W = Vec3::Zero();  ///< at the start [m], in W (SensorState::pinger_W: now)
  NoiseModel range;              ///< [m]
  NoiseModel bearing;            ///< [rad]
  NoiseModel elevation;          ///< [rad]
};

struct Sampling;
const SensorDescriptor& descriptor_of(const RangeBearingModel&);
RangeBearingReading sample_reading(const RangeBearingModel& receiver, Sampling& s);
void write_reading(const RangeBearingModel&, const RangeBearingReading& r, FieldWriter& out);
void noise_axes(const RangeBearingModel& receiver, NoiseAxes& axes);

}  // namespace leeway
