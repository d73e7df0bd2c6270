#include "leeway/sensors/pressure.h"

#include <cmath>

namespace leeway {

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

}  // namespace leeway
