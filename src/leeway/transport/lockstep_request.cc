#include "leeway/transport/lockstep_request.h"

namespace leeway {

LockstepRequest read_lockstep_request(const Model& model,
                                      const std::vector<LockstepParam>& params) {
  LockstepRequest r;
  const auto refuse = [&](const std::string& key, const char* kind, std::string why) {
    LockstepRequest refused;
    refused.refused_key = key;
    refused.refused_kind = kind;
    refused.refused_why = std::move(why);
    return refused;
  };
  for (const LockstepParam& p : params) {
    if (p.key == "steps") {
      if (p.type != LockstepParam::Type::kInteger || p.integer < 1)
        return refuse(p.key, "steps", "expected an integer of at least 1");
      r.steps = static_cast<std::uint64_t>(p.integer);
      continue;
    }
    const std::size_t slash = p.key.rfind('/');
    const int i = slash == std::string::npos
                      ? -1
                      : model.actuator_index(p.key.substr(0, slash), p.key.substr(slash + 1));
    if (i < 0)
      return refuse(p.key, "unknown", "no such actuator (expected MODEL/ACTUATOR, or steps)");
    if (p.type != LockstepParam::Type::kDouble)
      return refuse(p.key, "wrong type", "expected a double command");
    const CheckedCommand c = check_command(model.actuators[static_cast<std::size_t>(i)], p.number);
    if (c.rejected) return refuse(p.key, "command", c.problem);
    r.commands.emplace_back(static_cast<std::size_t>(i), p.number);
  }
  return r;
}

}  // namespace leeway
