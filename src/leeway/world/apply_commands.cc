// Stage 1: the inputs' shape, and the commands checked and latched.
#include "leeway/propulsion/command_check.h"
#include "leeway/world/stages.h"
#include "leeway/world/step.h"

namespace leeway::stages {

std::optional<Event> check_inputs(const Model& model, const State& state, const Inputs& inputs) {
  const std::size_t n = model.bodies.size();
  if (!inputs.F_ext_Bo_B.empty() && inputs.F_ext_Bo_B.size() != n) {
    return Event{EventKind::kInputsMisshapen, 0, -1, static_cast<double>(inputs.F_ext_Bo_B.size()),
                 state.t};
  }
  for (std::size_t i = 0; i < inputs.F_ext_Bo_B.size(); ++i) {
    if (!inputs.F_ext_Bo_B[i].allFinite()) {
      return Event{EventKind::kExternalNotFinite, static_cast<int>(i), -1, 0.0, state.t};
    }
  }
  if (!inputs.commands.empty() && inputs.commands.size() != model.actuators.size()) {
    return Event{EventKind::kInputsMisshapen, 1, -1, static_cast<double>(inputs.commands.size()),
                 state.t};
  }
  if (!inputs.pinger_W.empty() && inputs.pinger_W.size() != model.sensors.size()) {
    return Event{EventKind::kInputsMisshapen, 2, -1, static_cast<double>(inputs.pinger_W.size()),
                 state.t};
  }
  for (std::size_t i = 0; i < inputs.pinger_W.size(); ++i) {
    if (inputs.pinger_W[i] && !inputs.pinger_W[i]->allFinite())
      return Event{EventKind::kInputsMisshapen, 3, static_cast<int>(i), 0.0, state.t};
  }
  return std::nullopt;
}

void move_pingers(State& state, const Inputs& inputs) {
  for (std::size_t i = 0; i < inputs.pinger_W.size(); ++i) {
    if (inputs.pinger_W[i]) state.sensors[i].pinger_W = *inputs.pinger_W[i];
  }
}

std::optional<Event> apply_commands(const Model& model, const State& state, const Inputs& inputs,
                                    Workspace& ws, StepData* data) {
  ws.commands = state.commands;
  ws.command_times = state.command_times;
  for (std::size_t i = 0; i < inputs.commands.size(); ++i) {
    const std::optional<double>& given = inputs.commands[i];
    if (!given) continue;
    const ClassifiedCommand c = classify_command(model.actuators[i], *given);
    const int actuator = static_cast<int>(i);
    switch (c.check) {
      case CommandCheck::kAccepted:
        break;
      case CommandCheck::kClamped:
        record(data, {EventKind::kCommandClamped, actuator, -1, *given, state.t});
        break;
      case CommandCheck::kOutOfRange:
        return Event{EventKind::kCommandOutOfRange, actuator, -1, *given, state.t};
      case CommandCheck::kNotFinite:
        return Event{EventKind::kCommandNotFinite, actuator, -1, *given, state.t};
    }
    ws.commands[i] = c.value;
    ws.command_times[i] = state.t;
  }
  return std::nullopt;
}

}  // namespace leeway::stages
