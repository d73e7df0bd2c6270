#include "leeway/world/client_limits.h"

#include <cmath>

namespace leeway {

WrenchLimit external_wrench_limit(const BodyModel& body, const ClientLimits& limits) {
  WrenchLimit limit;
  limit.length = std::sqrt(6.0 * body.M_RB.bottomRightCorner<3, 3>().trace() / body.mass);
  if (const auto it = limits.wrench_by_model.find(body.model_name);
      it != limits.wrench_by_model.end()) {
    limit.force = it->second.force;
    limit.torque = it->second.torque;
    limit.stated = true;
    return limit;
  }
  constexpr double kStandardGravity = 9.80665;  // [m/s^2], a scale: the world's may be 0
  limit.force = limits.wrench_g * kStandardGravity * body.mass;
  limit.torque = limit.force * limit.length;
  return limit;
}

}  // namespace leeway
