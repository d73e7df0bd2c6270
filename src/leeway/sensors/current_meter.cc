#include "leeway/sensors/current_meter.h"

#include "leeway/sensors/sensor_sampling.h"

namespace leeway {
namespace {

constexpr ReadingField kCurrentMeterFields[] = {
    {"v", FieldType::kVector, "m/s", "W", "the water's velocity: current and wave orbital"},
    {"relative", FieldType::kVector, "m/s", "S", "the water's velocity past the sensor"},
};
constexpr SensorDescriptor kCurrentMeterDescriptor{"current_meter", kCurrentMeterFields,
                                                   MessageShape::kVector};

}  // namespace

const SensorDescriptor& descriptor_of(const CurrentMeterModel&) {
  return kCurrentMeterDescriptor;
}

CurrentMeterReading sample_reading(const CurrentMeterModel& meter, Sampling& s) {
  const Environment& env = s.at.environment;
  const double t = s.at.t;
  const Vec3 p_W = s.p_WS();
  Vec3 water = current_velocity(env, s.at.environment_state, p_W, t);
  if (env.waves && p_W.z() < surface_height(env, p_W.x(), p_W.y(), t))
    water += particle_velocity(*env.waves, p_W, t);
  CurrentMeterReading r;
  for (int i = 0; i < 3; ++i)
    r.v_W[i] = s.noisy(meter.noise[static_cast<std::size_t>(i)], water[i]);
  r.relative_S = s.R_WS().transpose() * (r.v_W - s.v_WS());
  return r;
}

void write_reading(const CurrentMeterModel&, const CurrentMeterReading& r, FieldWriter& out) {
  out.vector(r.v_W);
  out.vector(r.relative_S);
}

void noise_axes(const CurrentMeterModel& meter, NoiseAxes& axes) {
  for (const NoiseModel& n : meter.noise)
    axes.push_back(&n);
}

}  // namespace leeway
