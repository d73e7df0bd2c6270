// VRX's competition tasks: the state machine every task runs and the two scores that need no
// perception, station keeping and wayfinding, exactly as VRX computes them (research/vrx.md 5;
// VRX's ScoringPlugin, StationkeepingScoringPlugin and WayfindingScoringPlugin).
//
// The state machine runs on simulation time t from the world's start:
//   initial    0 <= t < T_i                the vehicle is held at its spawn pose (VRX locks the
//                                          WAM-V to its platform); default T_i = 10 s
//   ready      T_i <= t < T_i + T_r        the vehicle is free and the goals are known (VRX
//                                          publishes them); default T_r = 10 s
//   running    ... < T_i + T_r + T_run     the score changes only here; default T_run = 300 s
//   finished   after                       the score is final
//
// The pose error of the vehicle (position p, yaw psi about W's up axis) against a goal (p_g,
// psi_g), both in W (ENU):
//   d = |p_g - p| over x and y [m],   h = |psi_g - psi| wrapped to [0, pi] [rad]
//   e = d + 0.75^d h
// so the heading counts fully at the goal and fades with distance. VRX writes
// h = pi - ||psi_g - psi| - pi|, which is the same for angles in [-pi, pi]; Leeway wraps, so a
// goal yaw given as 5 rad means what it says.
//
// Station keeping: score = mean of e over every step ending in the running phase (e = d with
// head_error_on false). Wayfinding: for each waypoint i, m_i = min of e_i over those steps;
// score = mean of m_i. Lower is better for both. VRX samples at its physics rate (250 Hz);
// Leeway at the world's, every step.
//
// Collisions (VRX's ScoringPlugin::OnContacts): at the end of every step, in every phase, a
// contact between one of the vehicle's counted shapes and any other model's shape counts once
// if more than collision_buffer (3 s) has passed since the last counted one, the first counting
// from t = 0. A contact that lasts counts again every 3 s. The count does not enter the two
// scores (the tasks that charge for collisions are perception tasks); it is reported beside
// them, as VRX's /vrx/task/info reports num_collisions. VRX samples contacts at its contact
// sensor's 5 Hz; Leeway at every step, so a graze shorter than 0.2 s that VRX may miss counts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "leeway/body/body_state.h"
#include "leeway/core/geo.h"
#include "leeway/world/contacts.h"

namespace leeway {

enum class TaskKind { kStationKeeping, kWayfinding };
enum class TaskPhase { kInitial, kReady, kRunning, kFinished };

const char* task_kind_name(TaskKind kind);     ///< "station_keeping", "wayfinding"
const char* task_phase_name(TaskPhase phase);  ///< VRX's names: "initial", "ready", ...

struct TaskGoal {
  Eigen::Vector2d p_W = Eigen::Vector2d::Zero();  ///< [m], W (x east, y north)
  double yaw = 0.0;                               ///< [rad] about W's z, from east
};

struct TaskModel {
  std::string name;  ///< VRX's <task_name>
  TaskKind kind = TaskKind::kWayfinding;
  int vehicle = -1;  ///< index of the vehicle's body in Model::bodies
  std::string vehicle_name;
  double initial_duration = 10.0;   ///< T_i [s]
  double ready_duration = 10.0;     ///< T_r [s]
  double running_duration = 300.0;  ///< T_run [s]
  std::vector<TaskGoal> goals;      ///< station keeping: one; wayfinding: the waypoints in order
  bool head_error_on = true;        ///< station keeping: count the heading error
  int collider = -1;  ///< the vehicle's index in Model::colliders; -1: it has no shapes
  std::vector<int> counted_shapes;  ///< the vehicle's shapes whose contacts count
  double collision_buffer = 3.0;    ///< [s] between two counted collisions

  double ready_time() const { return initial_duration; }
  double running_time() const { return initial_duration + ready_duration; }
  double finish_time() const { return running_time() + running_duration; }
};

/// One counted collision: when, which of the vehicle's shapes, and what it touched.
struct TaskCollision {
  double t = 0.0;  ///< [s]
  Contact contact;

  bool operator==(const TaskCollision&) const = default;
};

struct TaskState {
  TaskPhase phase = TaskPhase::kInitial;
  std::uint64_t running_steps = 0;        ///< steps scored so far
  double error_sum = 0.0;                 ///< station keeping: sum of e over those steps
  std::vector<double> min_errors;         ///< wayfinding: m_i so far (empty before the first step)
  double score = 0.0;                     ///< valid once running_steps > 0
  std::vector<TaskCollision> collisions;  ///< every counted collision, in order

  bool operator==(const TaskState&) const = default;
};

/// h above: |psi_goal - psi| wrapped to [0, pi] [rad].
double heading_error(double yaw_goal, double yaw);

/// e = d + 0.75^d h, with d [m] and h [rad].
double pose_error(double distance, double heading_error);

/// The pose error of `vehicle` against `goal` (with its heading term unless `use_heading` is
/// false).
double pose_error(const TaskGoal& goal, const BodyState& vehicle, bool use_heading = true);

/// The phase at time t [s].
TaskPhase task_phase(const TaskModel& task, double t);

/// Brings the task to time t [s], the end of a step, with the vehicle's state then and the
/// contact it is in, if any: sets the phase, counts the contact if it is due and, in the running
/// phase, scores the step.
void update_task(const TaskModel& task, TaskState& state, double t, const BodyState& vehicle,
                 const std::optional<Contact>& contact = std::nullopt);

}  // namespace leeway
