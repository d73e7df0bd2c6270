// The JSON Schemas of the messages a run's view publishes (docs/viewer.md), embedded in the
// binary from data/schemas: foxglove.* as @foxglove/schemas has them, leeway.* Leeway's own.
#pragma once

#include <string_view>

namespace leeway {

/// The schema's text by its name ("foxglove.SceneUpdate", "leeway.Imu"); throws
/// std::out_of_range for a name it does not have.
std::string_view json_schema(std::string_view name);

}  // namespace leeway
