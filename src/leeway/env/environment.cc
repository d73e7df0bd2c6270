#include "leeway/env/environment.h"

#include <cmath>

namespace leeway {

SurfaceSample sample_surface(const Environment& env, double x, double y, double yaw, double t) {
  if (!env.waves) return {env.surface_level, 0.0, 0.0};
  const Vec3 n_W = surface_normal(*env.waves, x, y, t);
  // The normal in the heading frame H (W turned by yaw about z): R_x(roll) z = n gives roll,
  // R_y(pitch) z = n gives pitch, to first order in the slopes.
  const double c = std::cos(yaw), s = std::sin(yaw);
  const Vec3 n_H(c * n_W.x() + s * n_W.y(), -s * n_W.x() + c * n_W.y(), n_W.z());
  return {elevation(*env.waves, x, y, t), std::atan2(-n_H.y(), n_H.z()),
          std::atan2(n_H.x(), n_H.z())};
}

}  // namespace leeway
