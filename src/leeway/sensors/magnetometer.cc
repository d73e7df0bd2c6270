#include "leeway/sensors/magnetometer.h"

#include "leeway/core/frames.h"
#include "leeway/sensors/magnetic_model.h"
#include "leeway/sensors/sensor_sampling.h"

namespace leeway {
namespace {

// How far [m] a magnetometer moves before the Earth's field is evaluated again.
constexpr double kFieldReuse = 10.0;

constexpr ReadingField kMagnetometerFields[] = {
    {"B", FieldType::kVector, "T", "S", "the magnetic field"},
    {"heading", FieldType::kReal, "rad", "",
     "compass heading of S's x axis, clockwise from magnetic north, tilt compensated"},
};
constexpr SensorDescriptor kMagnetometerDescriptor{"magnetometer", kMagnetometerFields,
                                                   MessageShape::kMagneticField};

}  // namespace

const SensorDescriptor& descriptor_of(const MagnetometerModel&) {
  return kMagnetometerDescriptor;
}

MagnetometerReading sample_reading(const MagnetometerModel& magnetometer, Sampling& s) {
  const Vec3 p_WS = s.p_WS();
  SensorState& state = s.state;
  Vec3 B_W = magnetometer.B_W_fixed;
  if (!magnetometer.fixed) {
    // The model's degree-12 expansion costs microseconds; the main field changes by less than
    // 0.03 nT/m, so it is taken again only where the sensor has moved kFieldReuse away.
    if (!state.field_taken || (p_WS - state.field_at_W).squaredNorm() > kFieldReuse * kFieldReuse) {
      Mat3 R_WE;
      const Geodetic where = W_to_geodetic(s.at.origin, p_WS, R_WE);
      const Vec3 ned = magnetic_field_ned(wmm2025(), where, magnetometer.decimal_year);
      state.field_W = R_WE * ned_to_enu(ned) * 1e-9;  // nT -> T
      state.field_at_W = p_WS;
      state.field_taken = true;
    }
    B_W = state.field_W;
  }
  const Mat3 R = s.R_WS();
  const Vec3 exact = magnetometer.soft_iron * (R.transpose() * B_W) + magnetometer.hard_iron_S;
  MagnetometerReading out;
  for (int i = 0; i < 3; ++i)
    out.B_S[i] = s.noisy(magnetometer.noise[static_cast<std::size_t>(i)], exact[i]);
  // Tilt-compensated: the measured field and S's x axis, both levelled with the true attitude.
  // The heading is x's bearing less the field's (bearings clockwise from W's y): the clockwise
  // angle from the field's horizontal direction b to x's, atan2(b_y x_x - b_x x_y, b . x).
  const Vec3 b = R * out.B_S, x = R.col(0);
  out.heading_cos = b.x() * x.x() + b.y() * x.y();
  out.heading_sin = b.y() * x.x() - b.x() * x.y();
  return out;
}

void write_reading(const MagnetometerModel&, const MagnetometerReading& r, FieldWriter& out) {
  out.vector(r.B_S);
  out.real(r.heading());
}

void noise_axes(const MagnetometerModel& magnetometer, NoiseAxes& axes) {
  for (const NoiseModel& n : magnetometer.noise)
    axes.push_back(&n);
}

}  // namespace leeway
