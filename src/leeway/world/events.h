// What a step reports besides its outputs: structured events, as MuJoCo's warning counters are,
// never text. A step records {kind, index, value, time} and counts each kind; the words a person
// reads are made only at the edge (describe(), for a terminal, a log or a summary), so a held
// out-of-range command costs a comparison per step, not a formatted string.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace leeway {

struct Model;

enum class EventKind : std::uint8_t {
  kCommandClamped,       ///< index: actuator; value: the command given (it was clamped)
  kCommandOutOfRange,    ///< index: actuator; value: the command (policy error: step refused)
  kCommandNotFinite,     ///< index: actuator; value: the command (step refused)
  kExternalNotFinite,    ///< index: body; the external wrench given for it (step refused)
  kInputsMisshapen,      ///< index: 0 wrenches, 1 commands, 2 pingers (value: how many were
                         ///< given), 3 a pinger not finite (term: the sensor)
  kForceNotFinite,       ///< index: body; term: the BodyWrenches term (state restored)
  kIntegrationDiverged,  ///< index: body; term: the largest term; value: its norm
  kCount
};

/// "command_clamped", ...: the kind's name in snake case, for logs and summaries.
std::string_view event_kind_name(EventKind kind);

/// Whether a step that reports this kind was refused (or undone): the state is as before it.
bool stops_the_step(EventKind kind);

struct Event {
  EventKind kind = EventKind::kCommandClamped;
  int index = -1;      ///< the actuator or body it concerns (see EventKind)
  int term = -1;       ///< the force term (BodyWrenches::Term), for the force kinds
  double value = 0.0;  ///< the offending value (see EventKind)
  double t = 0.0;      ///< the start of the step it happened in [s]

  bool operator==(const Event&) const = default;
};

/// How many events of each kind (indexed by EventKind) since the counts were made.
using EventCounts = std::array<std::uint64_t, static_cast<std::size_t>(EventKind::kCount)>;

/// One sentence naming the model, the actuator or link, the time and the value, and what was
/// expected or done about it.
std::string describe(const Model& model, const Event& event);

}  // namespace leeway
