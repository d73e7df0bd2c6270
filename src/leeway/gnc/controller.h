// The reference controllers a world attaches to its vehicles, at most one per model, each a
// plugin in the model's SDF (docs/sdf-reference.md, "Reference autonomy") with its gains:
//   AutopilotModel      autopilot.h        surface vessel: LOS waypoints, heading and speed PIDs,
//                                          surge and yaw split among its thrusters
//   StationKeeperModel  station_keeping.h  dynamic positioning: a pose PID through the
//                                          allocation of all its thrusters
//   DivePilotModel      dive_pilot.h       finned AUV: LOS waypoints at a depth, pitch and heading
//                                          by its fins, a fixed propeller command
//   RovPilotModel       rov_pilot.h        ROV: stations visited by cascaded position and
//                                          velocity PIDs through the allocation
// run_controllers (autonomy.h) runs each one due (every `interval` physics steps) before the
// step, on its vehicle's navigation solution (navigation.h): the true state at the step's start,
// or with <navigation>estimated</navigation> its navigator's estimate (navigator.h); a command a
// caller gives in Inputs wins over the controller's for the same actuator. They reach the physics
// as an external client does, through the step's Inputs. They are examples and baselines, not
// products: small, documented, and as deterministic as the rest of a run.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "leeway/gnc/autopilot.h"
#include "leeway/gnc/dive_pilot.h"
#include "leeway/gnc/navigation.h"
#include "leeway/gnc/navigator.h"
#include "leeway/gnc/rov_pilot.h"
#include "leeway/gnc/station_keeping.h"

namespace leeway {

using ControlLaw = std::variant<AutopilotModel, StationKeeperModel, DivePilotModel, RovPilotModel>;
using ControllerState =
    std::variant<AutopilotState, StationKeepingState, DivePilotState, RovPilotState>;

struct ControllerModel {
  std::string model_name;
  int body = -1;               ///< index in Model::bodies
  std::uint64_t interval = 1;  ///< control period in physics steps
  ControlLaw law;
  /// What it navigates by: the truth (none) or this navigator's estimate.
  std::optional<NavigatorModel> navigator;
};

/// What `controller` is, in words: "autopilot", "station keeper", "dive pilot", "ROV pilot".
const char* controller_kind(const ControllerModel& controller);

/// The actuators (indices in Model::actuators) `controller` writes commands for, in increasing
/// order: its thrusters, their steering, its fins.
std::vector<int> driven_actuators(const ControllerModel& controller);

/// The state `controller` starts in (its integrals zero, its mode idle).
ControllerState initial_controller_state(const ControllerModel& controller);

/// One control update on `navigation` (its time the update's), with control period dt [s]:
/// advances `state` and writes the commands (one slot per Model::actuators entry) of the actuators
/// the controller drives. What the controller reads of the world is `navigation` alone.
void controller_update(const ControllerModel& controller, ControllerState& state,
                       const NavigationSolution& navigation, double dt,
                       std::vector<std::optional<double>>& commands);

}  // namespace leeway
