// What a served run takes from outside, in one table, as publication_plan.h is what it offers:
// every input with its route on each transport. The servers subscribe to (or answer) each row
// and hand what arrives to the run's CommandInbox (command_inbox.h), world control
// (world_control.h) or lockstep gate (lockstep_gate.h); the step takes it through its Inputs.
//
//   what               index     gz-transport                 ROS 2                     viewer
//   kActuatorCommand   actuator  its plugin's topic, or       its plugin's topic, or    as gz
//                                /model/M/actuator/A/cmd      /M/actuator/A/cmd
//                                (ignition.msgs.Double)       (std_msgs/Float64; UUV's
//                                                             FloatStamped)
//   kNamedCommand      -1 /leeway/command kPingerPosition    -1        a receiver's set_position
//   topic (Vector3d, Vector3) kWrench            body      /model/M/wrench /world/W/wrench (all
//   bodies) kPersistentWrench  body      /model/M/wrench/persistent   /world/W/wrench/persistent
//   kClearWrench       body      /model/M/wrench/clear        /world/W/wrench/clear
//   kWorldControl      -1        /world/W/control (service)   /world/W/control (topic)
//   /world/W/control, /control kLockstep          -1        /world/W/lockstep (service)
//   /world/W/lockstep (topic)
//
// ROS 2's wrench rows name their body in the message (entity_wrench.h): their index is -1.
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
  int index = -1;                      ///< the actuator or body (above); -1: none
  std::vector<std::size_t> receivers;  ///< kPingerPosition: the range-bearing sensors it moves
  Route gz, ros, view;                 ///< a route's type "A -> B": a service, request A, reply B
  bool gz_service = false;             ///< over gz-transport, a service rather than a topic
};

struct InputPlan {
  std::vector<Subscription> rows;
};

/// The inputs of `scenario`'s run. Throws LoadError at the plugin that named it for a command
/// topic two actuators would share, or one a publication of `plan` takes.
InputPlan make_input_plan(const Scenario& scenario, const PublicationPlan& plan);

/// Where actuator i takes commands over gz-transport (and the viewer): its plugin's topic, or
/// Leeway's default.
std::string command_topic(const Scenario& scenario, std::size_t actuator);

/// "actuator_command", ...: a row's kind as `leeway topics` prints it.
const char* input_name(Input what);

}  // namespace leeway
