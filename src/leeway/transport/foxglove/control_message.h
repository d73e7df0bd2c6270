// A client's world control over the Foxglove protocol, as JSON (docs/viewer.md): gz-sim's
// WorldControl ({"pause": true}, {"multi_step": 10}, {"step": true}, {"reset": {"all": true},
// "seed": 3}, {"run_to_sim_time": {"sec": 30, "nsec": 0}}) and Leeway's {"rate_factor": 2}.
// The live server (foxglove_server.h) applies it to the run, the player (mcap_player.h) to a
// recording's playback.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "leeway/transport/world_control.h"

namespace leeway {

struct ControlMessage {
  std::optional<double> rate_factor;  ///< 0 or in sim/rate_factor.h's range
  bool rate_only = false;             ///< a rate and nothing else: the pause stays as it is
  WorldControlRequest request;        ///< the rest (default when rate_only)
};

/// The message `json` carries, or why it is refused ("not a JSON object", a bad rate_factor,
/// "malformed: ..." for a field of the wrong type).
std::variant<ControlMessage, std::string> parse_control_message(std::string_view json);

}  // namespace leeway
