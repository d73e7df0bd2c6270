#include "leeway/sensors/acoustic_position.h"

#include "leeway/sensors/sensor_sampling.h"

namespace leeway {
namespace {

constexpr ReadingField kAcousticPositionFields[] = {
    {"p", FieldType::kVector, "m", "W", "the sensor's position"},
};
constexpr SensorDescriptor kAcousticPositionDescriptor{"acoustic_position", kAcousticPositionFields,
                                                       MessageShape::kVector};

}  // namespace

const SensorDescriptor& descriptor_of(const AcousticPositionModel&) {
  return kAcousticPositionDescriptor;
}

AcousticPositionReading sample_reading(const AcousticPositionModel& fix, Sampling& s) {
  const Vec3 p_W = s.p_WS();
  AcousticPositionReading r;
  for (int i = 0; i < 3; ++i)
    r.p_W[i] = s.noisy(fix.noise[static_cast<std::size_t>(i)], p_W[i]);
  return r;
}

void write_reading(const AcousticPositionModel&, const AcousticPositionReading& r,
                   FieldWriter& out) {
  out.vector(r.p_W);
}

void noise_axes(const AcousticPositionModel& fix, NoiseAxes& axes) {
  for (const NoiseModel& n : fix.noise)
    axes.push_back(&n);
}

}  // namespace leeway
