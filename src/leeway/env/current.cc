#include "leeway/env/current.h"

#include <algorithm>
#include <cmath>

namespace leeway {

double current_profile_factor(const CurrentModel& c, double depth) {
  const double d = std::max(depth, 0.0);
  switch (c.profile) {
    case CurrentProfile::kUniform:
      return 1.0;
    case CurrentProfile::kLayers: {
      double factor = 1.0;
      for (const auto& [top, f] : c.layers) {
        if (d >= top) factor = f;
      }
      return factor;
    }
    case CurrentProfile::kPowerLaw:
      return d >= c.power_depth ? 0.0
                                : std::pow((c.power_depth - d) / c.power_depth, c.power_exponent);
  }
  return 1.0;
}

Vec3 current_direction(double h, double v) {
  return {std::cos(h) * std::cos(v), std::sin(h) * std::cos(v), std::sin(v)};
}

}  // namespace leeway
