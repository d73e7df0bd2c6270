// What a served run takes from outside, in one table, as publication_plan.h is what it offers:
// every input with its route on each transport. The servers subscribe to (or answer) each row
// and hand what arrives to the run's CommandInbox (command_inbox.h), world control
// (world_control.h) or lockstep gate (lockstep_gate.h); the step takes it through its Inputs.
//
// - kActuatorCommand (targets: the actuators): its plugin's topic, else /model/M/actuator/A/cmd
//   on gz-transport (ignition.msgs.Double) and the viewer, /M/actuator/A/cmd on ROS 2
//   (std_msgs/Float64; UUV Simulator's FloatStamped). Actuators whose plugins name one topic (two
//   of gz-sim's BuoyancyEngines in one namespace) share its row, as gz-sim's subscribers share it.
// - kNamedCommand: the viewer's /leeway/command, {"actuator": "M/A", "value": x}.
// - kPingerPosition (targets: the range-bearing receivers): a receiver's set_position topic
//   (ignition.msgs.Vector3d, geometry_msgs/Vector3).
// - kWrench, kPersistentWrench, kClearWrench (index: the body): /model/M/wrench[/persistent,
//   /clear] on gz-transport; one row each for all bodies on ROS 2 (/world/W/wrench...), whose
//   messages name their body (entity_wrench.h).
// - kWorldControl: /world/W/control (a gz-transport service; a ROS 2 topic; the viewer's, and
//   its /control).
// - kLockstep: /world/W/lockstep (a gz-transport service; a ROS 2 topic and its reply).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "leeway/sim/scenario.h"
#include "leeway/transport/publication_plan.h"

namespace leeway {

enum class Input : std::uint8_t {
  kActuatorCommand,
  kNamedCommand,
  kPingerPosition,
  kWrench,
  kPersistentWrench,
  kClearWrench,
  kWorldControl,
  kLockstep,
};

struct Subscription {
  Input what = Input::kActuatorCommand;
  int index = -1;                    ///< a wrench's body; -1: none, or all (above)
  std::vector<std::size_t> targets;  ///< the actuators or receivers it drives (above)
  Route gz, ros, view;               ///< a route's type "A -> B": a service, request A, reply B
  bool gz_service = false;           ///< over gz-transport, a service rather than a topic
};

struct InputPlan {
  std::vector<Subscription> rows;
};

/// The inputs of `scenario`'s run. Throws LoadError at the plugin that named it for a command
/// topic that a publication of `plan` or another input takes, or that two actuators would share
/// over gz-transport but not over ROS 2 (or with other message types).
InputPlan make_input_plan(const Scenario& scenario, const PublicationPlan& plan);

/// Where actuator i takes commands over gz-transport (and the viewer): its plugin's topic, or
/// Leeway's default.
std::string command_topic(const Scenario& scenario, std::size_t actuator);

/// "actuator_command", ...: a row's kind as `leeway topics` prints it.
const char* input_name(Input what);

}  // namespace leeway
