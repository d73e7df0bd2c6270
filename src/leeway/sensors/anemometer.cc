#include "leeway/sensors/anemometer.h"

#include "leeway/sensors/sensor_sampling.h"

namespace leeway {
namespace {

constexpr ReadingField kAnemometerFields[] = {
    {"v", FieldType::kVector, "m/s", "W", "the wind's velocity, blowing towards"},
    {"relative", FieldType::kVector, "m/s", "S", "the apparent wind past the sensor"},
};
constexpr SensorDescriptor kAnemometerDescriptor{"anemometer", kAnemometerFields,
                                                 MessageShape::kVector};

}  // namespace

const SensorDescriptor& descriptor_of(const AnemometerModel&) {
  return kAnemometerDescriptor;
}

AnemometerReading sample_reading(const AnemometerModel& anemometer, Sampling& s) {
  const Vec3 p_W = s.p_WS();
  const Vec3 wind = wind_velocity(s.at.environment, s.at.environment_state, p_W, s.at.t);
  AnemometerReading r;
  for (int i = 0; i < 3; ++i)
    r.v_W[i] = s.noisy(anemometer.noise[static_cast<std::size_t>(i)], wind[i]);
  r.relative_S = s.R_WS().transpose() * (r.v_W - s.v_WS());
  return r;
}

void write_reading(const AnemometerModel&, const AnemometerReading& r, FieldWriter& out) {
  out.vector(r.v_W);
  out.vector(r.relative_S);
}

void noise_axes(const AnemometerModel& anemometer, NoiseAxes& axes) {
  for (const NoiseModel& n : anemometer.noise)
    axes.push_back(&n);
}

}  // namespace leeway
