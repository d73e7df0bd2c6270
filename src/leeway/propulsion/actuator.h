// An actuator: one commanded scalar of a vehicle (a propeller's shaft speed, a fin's deflection,
// a thruster's azimuth) whose state follows its command through its dynamics (rotor_dynamics.h).
//
// Commands are latched: a command holds until the next one. Each actuator has
//   a command range [command_min, command_max] and a policy for a command outside it:
//     error      the step is refused with a message naming the actuator and the value
//     clamp      the command is clamped to the range, and the caller is told (a warning)
//     saturate   the command passes unchanged and the state saturates at its limits
//                (Fossen's reference vehicles: a first-order lag towards an out-of-range
//                command reaches the limit sooner than one towards the limit itself)
//   a watchdog: a command older than `watchdog_timeout` [s] counts as zero (a vehicle whose
//   controller stopped talking stops pushing), infinite by default;
//   a gain: the dynamics follow gain times the (checked) command, as UUV Simulator's thruster
//   plugin scales its clamped input (1 by default).
// A command that is not a finite number is always an error.
#pragma once

#include <limits>
#include <optional>
#include <string>

#include "leeway/propulsion/rotor_dynamics.h"

namespace leeway {

enum class CommandPolicy { kError, kClamp, kSaturate };

struct ActuatorModel {
  std::string model_name;  ///< the SDF <model> it belongs to
  std::string name;        ///< its name within the model
  std::string unit;        ///< of its command and state, as written in the world ("rad/s", "rpm")
  int body = -1;           ///< index of the body it acts on (Model::bodies)
  RotorModel dynamics;     ///< how the state follows the command; its limits
  double command_min = -std::numeric_limits<double>::infinity();
  double command_max = std::numeric_limits<double>::infinity();
  CommandPolicy policy = CommandPolicy::kClamp;
  double watchdog_timeout = std::numeric_limits<double>::infinity();  ///< [s]
  double command_gain = 1.0;
  /// Its state and held command at t = 0, in its unit (gz-sim's JointPositionController
  /// <initial_position>); within the state's limits.
  double initial = 0.0;
  /// The battery (Model::batteries) that powers it, or -1: it stops (state and command 0) once
  /// that battery is flat, and draws `power_load` [W] from it while its model is running.
  int battery = -1;
  double power_load = 0.0;
  std::string battery_name;  ///< as its plugin names it (gz-sim's Thruster <battery_name>)

  std::string full_name() const { return model_name + "/" + name; }
};

/// A command checked against its actuator's range and policy.
struct CheckedCommand {
  double value = 0.0;   ///< what the actuator will follow
  std::string problem;  ///< non-empty: an error (policy error, non-finite) or a clamp warning
  bool rejected = false;
};

CheckedCommand check_command(const ActuatorModel& actuator, double command);

/// What the dynamics follow at `age` [s] after `command` was given: gain times the command, or
/// zero past the watchdog.
inline double effective_command(const ActuatorModel& actuator, double command, double age) {
  return age > actuator.watchdog_timeout ? 0.0 : actuator.command_gain * command;
}

}  // namespace leeway
