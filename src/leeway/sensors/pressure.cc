#include "leeway/sensors/pressure.h"

#include <cmath>

#include "leeway/sensors/sensor_sampling.h"

namespace leeway {
namespace {

constexpr ReadingField kPressureFields[] = {
    {"pressure", FieldType::kReal, "Pa", "", "absolute pressure"},
    {"depth", FieldType::kReal, "m", "", "depth below the calm surface the pressure gives"},
};
constexpr SensorDescriptor kPressureDescriptor{"air_pressure", kPressureFields,
                                               MessageShape::kFluidPressure};

}  // namespace

double standard_atmosphere_pressure(double altitude) {
  constexpr double kEarthRadius = 6356766.0;  // [m], the standard's
  const double geopotential = kEarthRadius * altitude / (kEarthRadius + altitude);
  const double temperature = 288.15 - 0.0065 * geopotential;
  return 101325.0 * std::pow(temperature / 288.15, 5.2559);
}

double absolute_pressure(const Environment& env, const Vec3& p_W, double t, double g,
                         double reference_altitude) {
  const double surface = surface_height(env, p_W.x(), p_W.y(), t);
  if (p_W.z() >= surface) return standard_atmosphere_pressure(reference_altitude + p_W.z());
  double p = standard_atmosphere_pressure(reference_altitude + env.surface_level) +
             env.fluid_density * g * (env.surface_level - p_W.z());
  if (env.waves) p += dynamic_pressure(*env.waves, p_W, t, env.fluid_density, g);
  return p;
}

const SensorDescriptor& descriptor_of(const PressureModel&) {
  return kPressureDescriptor;
}

PressureReading sample_reading(const PressureModel& pressure, Sampling& s) {
  const Environment& env = s.at.environment;
  const double g = s.at.g_W.norm();
  PressureReading r;
  r.pressure = s.noisy(pressure.noise,
                       absolute_pressure(env, s.p_WS(), s.at.t, g, pressure.reference_altitude));
  const double p_air =
      standard_atmosphere_pressure(pressure.reference_altitude + env.surface_level);
  r.depth = g > 0.0 ? (r.pressure - p_air) / (env.fluid_density * g) : 0.0;
  return r;
}

void write_reading(const PressureModel&, const PressureReading& r, FieldWriter& out) {
  out.real(r.pressure);
  out.real(r.depth);
}

void noise_axes(const PressureModel& pressure, NoiseAxes& axes) {
  axes.push_back(&pressure.noise);
}

}  // namespace leeway
