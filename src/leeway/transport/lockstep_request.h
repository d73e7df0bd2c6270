// A lockstep request, whichever door it comes through: commands by actuator and a number of
// steps in one message, so that the commands reach the first of those steps whatever the
// transport's timing (a scripted client's run is then the same bits every time).
//
//   gz-transport  the /world/W/lockstep service: ignition.msgs.Param -> ignition.msgs.Clock,
//                 answered when the steps are taken (gz_server.h)
//   ROS 2         the /world/W/lockstep topic, ros_gz_interfaces/ParamVec; each request is
//                 answered on /world/W/lockstep/reply, a ParamVec, when its steps are taken or
//                 at once if it is refused (dds_server.h)
//
// Parameters: "steps", an integer of at least 1 (1 if absent), and "MODEL/ACTUATOR" (the
// actuator's model and name, as `leeway run --help` lists them), a double: its command in its
// unit. A request with an unknown actuator, a value of the wrong type or a command
// check_command refuses changes nothing.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "leeway/world/model.h"

namespace leeway {

struct LockstepParam {
  enum class Type { kInteger, kDouble, kOther };
  std::string key;
  Type type = Type::kOther;
  std::int64_t integer = 0;
  double number = 0.0;
};

struct LockstepRequest {
  std::uint64_t steps = 1;
  std::vector<std::pair<std::size_t, double>> commands;  ///< Model::actuators index, command
  /// Empty, or the parameter that refused the request, the kind of refusal (for the rate
  /// limit: rate_limited_log.h) and why.
  std::string refused_key, refused_kind, refused_why;
};

LockstepRequest read_lockstep_request(const Model& model, const std::vector<LockstepParam>& params);

}  // namespace leeway
