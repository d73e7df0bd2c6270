// Everything that changes while a world runs. Plain and copyable: a copy is a snapshot, and
// assigning it back restores the world exactly (see step.h).
#pragma once

#include <cstdint>
#include <vector>

#include "leeway/body/body_state.h"
#include "leeway/body/hull_sample.h"
#include "leeway/env/environment.h"
#include "leeway/multibody/articulated_data.h"
#include "leeway/propulsion/linear_battery.h"
#include "leeway/sensors/sensor.h"

namespace leeway {

struct Model;

struct State {
  std::uint64_t step_count = 0;  ///< steps taken since the initial state; written by step()
  double t = 0.0;                ///< simulation time [s] = step_count * dt; written by step()
  /// The Model::seed the random streams started from (make_initial_state): a record, so that a
  /// snapshot is not restored into a model drawn with another seed (Simulation::restore).
  std::uint64_t seed = 0;
  EnvironmentState environment;   ///< gusts and current processes; written by step()
  std::vector<BodyState> bodies;  ///< one per Model::bodies entry; written by step()
  /// One per Model::trees entry: its joints' positions and velocities, the truth its link bodies'
  /// states follow (written from it at every step's end); written by step().
  std::vector<ArticulatedState> trees;
  /// The bodies held kinematically (body/body_state.h); Model::holds at the start. Honoured by
  /// step(), never written by it: a client may add or end a hold between steps.
  std::vector<KinematicHold> holds;
  /// One per body: its last mesh-hydrostatics update (unused without a hull mesh); written by
  /// step() at the start of each step due for an update.
  std::vector<HullSample> hulls;
  /// One per Model::actuators entry: its state (shaft speed, deflection, in its unit), its
  /// latched command and when that command was given [s]; written by step().
  std::vector<double> actuators;
  std::vector<double> commands;
  std::vector<double> command_times;
  /// One per Model::batteries entry: its charge, current and voltage; written by step().
  std::vector<BatteryState> batteries;
  /// One per Model::sensors entry: its random stream, bias processes and schedule; written by
  /// step() whether or not its readings are kept (sensors/sensor.h).
  std::vector<SensorState> sensors;

  bool operator==(const State&) const = default;
};

/// The state a world starts in: every body at its SDF pose and initial twist (a held body at its
/// hold's pose, at rest), every tree's joints at zero (its free base at its body's pose and
/// twist) and its link bodies where that puts them, t = 0, the
/// environment's processes at their means with random streams derived from the model's seed,
/// every actuator at rest at its initial state under a command to stay there, every battery at its
/// initial charge, every sensor's turn-on biases drawn and its first sample due at t = 0.
State make_initial_state(const Model& model);

}  // namespace leeway
