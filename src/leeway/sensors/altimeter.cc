#include "leeway/sensors/altimeter.h"

#include "leeway/sensors/sensor_sampling.h"

namespace leeway {
namespace {

constexpr ReadingField kAltimeterFields[] = {
    {"vertical_position", FieldType::kReal, "m", "W", "height above the sensor's start"},
    {"vertical_velocity", FieldType::kReal, "m/s", "W", "vertical velocity, up"},
};
constexpr SensorDescriptor kAltimeterDescriptor{"altimeter", kAltimeterFields,
                                                MessageShape::kAltimeter};

}  // namespace

const SensorDescriptor& descriptor_of(const AltimeterModel&) {
  return kAltimeterDescriptor;
}

AltimeterReading sample_reading(const AltimeterModel& altimeter, Sampling& s) {
  AltimeterReading r;
  r.vertical_position = s.noisy(altimeter.position, s.p_WS().z() - altimeter.vertical_reference);
  r.vertical_velocity = s.noisy(altimeter.velocity, s.v_WS().z());
  return r;
}

void write_reading(const AltimeterModel&, const AltimeterReading& r, FieldWriter& out) {
  out.real(r.vertical_position);
  out.real(r.vertical_velocity);
}

void noise_axes(const AltimeterModel& altimeter, NoiseAxes& axes) {
  axes.push_back(&altimeter.position);
  axes.push_back(&altimeter.velocity);
}

}  // namespace leeway
