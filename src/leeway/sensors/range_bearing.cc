#include "leeway/sensors/range_bearing.h"

#include <cmath>

#include "leeway/sensors/sensor_sampling.h"

namespace leeway {
namespace {

constexpr ReadingField kRangeBearingFields[] = {
    {"range", FieldType::kReal, "m", "", "to the pinger"},
    {"bearing", FieldType::kReal, "rad", "S", "from S's x towards its y"},
    {"elevation", FieldType::kReal, "rad", "S", "above S's x-y plane"},
};
constexpr SensorDescriptor kRangeBearingDescriptor{"range_bearing", kRangeBearingFields,
                                                   MessageShape::kRangeBearing};

}  // namespace

const SensorDescriptor& descriptor_of(const RangeBearingModel&) {
  return kRangeBearingDescriptor;
}

RangeBearingReading sample_reading(const RangeBearingModel& receiver, Sampling& s) {
  const Vec3 d_S = s.R_WS().transpose() * (s.state.pinger_W - s.p_WS());
  RangeBearingReading r;
  r.range = s.noisy(receiver.range, d_S.norm());
  r.bearing = s.noisy(receiver.bearing, std::atan2(d_S.y(), d_S.x()));
  r.elevation = s.noisy(receiver.elevation, std::atan2(d_S.z(), d_S.head<2>().norm()));
  return r;
}

void write_reading(const RangeBearingModel&, const RangeBearingReading& r, FieldWriter& out) {
  out.real(r.range);
  out.real(r.bearing);
  out.real(r.elevation);
}

void noise_axes(const RangeBearingModel& receiver, NoiseAxes& axes) {
  axes.push_back(&receiver.range);
  axes.push_back(&receiver.bearing);
  axes.push_back(&receiver.elevation);
}

}  // namespace leeway
