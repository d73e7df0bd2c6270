#include "leeway/propulsion/disc_immersion.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace leeway {

double disc_share_in(Fluid fluid, double depth, double radius, const Vec3& axis_W) {
  const double reach = radius * std::sqrt(std::max(0.0, 1.0 - axis_W.z() * axis_W.z()));
  double in_water = 0.0;
  if (reach > 0.0) {
    const double c = std::clamp(depth / reach, -1.0, 1.0);
    in_water = 1.0 - (std::acos(c) - c * std::sqrt(1.0 - c * c)) / std::numbers::pi;
  } else {
    in_water = depth > 0.0 ? 1.0 : 0.0;
  }
  return fluid == Fluid::kWater ? in_water : 1.0 - in_water;
}

}  // namespace leeway
