#include "leeway/propulsion/actuator.h"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>

#include "leeway/propulsion/command_check.h"

namespace leeway {

ClassifiedCommand classify_command(const ActuatorModel& a, double command) {
  if (!std::isfinite(command)) return {0.0, CommandCheck::kNotFinite};
  if ((command >= a.command_min && command <= a.command_max) ||
      a.policy == CommandPolicy::kSaturate) {
    return {command, CommandCheck::kAccepted};
  }
  if (a.policy == CommandPolicy::kError) return {0.0, CommandCheck::kOutOfRange};
  return {std::clamp(command, a.command_min, a.command_max), CommandCheck::kClamped};
}

CheckedCommand check_command(const ActuatorModel& a, double command) {
  const ClassifiedCommand c = classify_command(a, command);
  if (c.check == CommandCheck::kAccepted) return {c.value, "", false};
  const std::string range =
      fmt::format("[{}, {}]{}{}", a.command_min, a.command_max, a.unit.empty() ? "" : " ", a.unit);
  switch (c.check) {
    case CommandCheck::kAccepted:
    case CommandCheck::kClamped:
      break;
    case CommandCheck::kNotFinite:
      return {c.value,
              fmt::format("actuator '{}': the command {} is not a finite number", a.full_name(),
                          command),
              true};
    case CommandCheck::kOutOfRange:
      return {c.value,
              fmt::format("actuator '{}': command {} is outside its range {}", a.full_name(),
                          command, range),
              true};
  }
  return {c.value,
          fmt::format("actuator '{}': command {} is outside its range {}; clamped to {}",
                      a.full_name(), command, range, c.value),
          false};
}

}  // namespace leeway
