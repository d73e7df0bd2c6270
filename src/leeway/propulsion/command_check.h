// The check of a command against its actuator's range and policy (actuator.h), without words:
// what the step runs every step for every new command. check_command() (actuator.h) says the
// same in a sentence, for the edge.
#pragma once

#include "leeway/propulsion/actuator.h"

namespace leeway {

enum class CommandCheck {
  kAccepted,    ///< within the range, or any finite value under the saturate policy
  kClamped,     ///< outside the range under the clamp policy: the value is the nearest limit
  kOutOfRange,  ///< outside the range under the error policy: refused
  kNotFinite,   ///< NaN or infinite: always refused
};

struct ClassifiedCommand {
  double value = 0.0;  ///< what the actuator will follow (0 when refused)
  CommandCheck check = CommandCheck::kAccepted;
};

ClassifiedCommand classify_command(const ActuatorModel& actuator, double command);

}  // namespace leeway
