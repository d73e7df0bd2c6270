#include "leeway/world/events.h"

#include <fmt/format.h>

#include "leeway/body/dynamics.h"
#include "leeway/world/model.h"

namespace leeway {

std::string_view event_kind_name(EventKind kind) {
  switch (kind) {
    case EventKind::kCommandClamped:
      return "command_clamped";
    case EventKind::kCommandOutOfRange:
      return "command_out_of_range";
    case EventKind::kCommandNotFinite:
      return "command_not_finite";
    case EventKind::kExternalNotFinite:
      return "external_wrench_not_finite";
    case EventKind::kInputsMisshapen:
      return "inputs_misshapen";
    case EventKind::kForceNotFinite:
      return "force_not_finite";
    case EventKind::kIntegrationDiverged:
      return "integration_diverged";
    case EventKind::kCount:
      break;
  }
  return "unknown";
}

bool stops_the_step(EventKind kind) {
  return kind != EventKind::kCommandClamped;
}

std::string describe(const Model& model, const Event& e) {
  const auto index = static_cast<std::size_t>(e.index);
  switch (e.kind) {
    case EventKind::kCommandClamped:
      return check_command(model.actuators.at(index), e.value).problem;
    case EventKind::kCommandOutOfRange:
    case EventKind::kCommandNotFinite:
      return fmt::format("t = {} s: {}; the step was not taken", e.t,
                         check_command(model.actuators.at(index), e.value).problem);
    case EventKind::kExternalNotFinite: {
      const BodyModel& b = model.bodies.at(index);
      return fmt::format(
          "model '{}', link '{}', t = {} s: the external wrench is not finite; the step was not "
          "taken",
          b.model_name, b.link_name, e.t);
    }
    case EventKind::kInputsMisshapen:
      switch (e.index) {
        case 0:
          return fmt::format("inputs hold {} external wrenches for {} bodies", e.value,
                             model.bodies.size());
        case 1:
          return fmt::format("inputs hold {} commands for {} actuators", e.value,
                             model.actuators.size());
        case 2:
          return fmt::format("inputs hold {} pinger positions for {} sensors", e.value,
                             model.sensors.size());
        default:
          return fmt::format("the pinger position given for sensor {} is not finite",
                             model.sensors.at(static_cast<std::size_t>(e.term)).full_name());
      }
    case EventKind::kForceNotFinite:
    case EventKind::kIntegrationDiverged: {
      const BodyModel& b = model.bodies.at(index);
      const std::string why =
          e.kind == EventKind::kForceNotFinite
              ? fmt::format("the {} wrench is not finite", BodyWrenches::name(e.term))
              : fmt::format(
                    "the integration diverged within one step (largest term: {} wrench, norm "
                    "{:.3g}); a smaller <max_step_size> may help",
                    BodyWrenches::name(e.term), e.value);
      return fmt::format("model '{}', link '{}', t = {} s: the state became non-finite: {}",
                         b.model_name, b.link_name, e.t, why);
    }
    case EventKind::kCount:
      break;
  }
  return "unknown event";
}

}  // namespace leeway
