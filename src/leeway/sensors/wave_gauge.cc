#include "leeway/sensors/wave_gauge.h"

#include "leeway/sensors/sensor_sampling.h"

namespace leeway {
namespace {

constexpr ReadingField kWaveGaugeFields[] = {
    {"elevation", FieldType::kReal, "m", "W", "the sea surface above the calm level"},
};
constexpr SensorDescriptor kWaveGaugeDescriptor{"wave_gauge", kWaveGaugeFields,
                                                MessageShape::kScalar};

}  // namespace

const SensorDescriptor& descriptor_of(const WaveGaugeModel&) {
  return kWaveGaugeDescriptor;
}

WaveGaugeReading sample_reading(const WaveGaugeModel& gauge, Sampling& s) {
  const Environment& env = s.at.environment;
  const Vec3 p_W = s.p_WS();
  return {s.noisy(gauge.noise, surface_height(env, p_W.x(), p_W.y(), s.at.t) - env.surface_level)};
}

void write_reading(const WaveGaugeModel&, const WaveGaugeReading& r, FieldWriter& out) {
  out.real(r.elevation);
}

void noise_axes(const WaveGaugeModel& gauge, NoiseAxes& axes) {
  axes.push_back(&gauge.noise);
}

}  // namespace leeway
