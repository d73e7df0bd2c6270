#include "leeway/propulsion/actuator.h"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>

namespace leeway {

CheckedCommand check_command(const ActuatorModel& a, double command) {
  if (!std::isfinite(command)) {
    return {
        0.0,
        fmt::format("actuator '{}': the command {} is not a finite number", a.full_name(), command),
        true};
  }
  if ((command >= a.command_min && command <= a.command_max) ||
      a.policy == CommandPolicy::kSaturate) {
    return {command, "", false};
  }
  const std::string range =
      fmt::format("[{}, {}]{}{}", a.command_min, a.command_max, a.unit.empty() ? "" : " ", a.unit);
  if (a.policy == CommandPolicy::kError) {
    return {0.0,
            fmt::format("actuator '{}': command {} is outside its range {}", a.full_name(), command,
                        range),
            true};
  }
  const double clamped = std::clamp(command, a.command_min, a.command_max);
  return {clamped,
          fmt::format("actuator '{}': command {} is outside its range {}; clamped to {}",
                      a.full_name(), command, range, clamped),
          false};
}

}  // namespace leeway
