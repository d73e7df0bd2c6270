// `--command MODEL/ACTUATOR=VALUE`: constant actuator commands for `leeway run`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "leeway/world/model.h"

namespace leeway {

/// One command per actuator of `model` (nullopt where none was given), from options of the form
/// MODEL/ACTUATOR=VALUE, VALUE in the actuator's unit. Throws std::runtime_error naming the
/// option and what was expected for a malformed option, an unknown model or actuator (listing
/// the ones there are), a value that is not a finite number, or an actuator commanded twice.
std::vector<std::optional<double>> parse_commands(const Model& model,
                                                  const std::vector<std::string>& options);

}  // namespace leeway
