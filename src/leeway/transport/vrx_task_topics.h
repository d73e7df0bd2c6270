// What VRX's scoring plugins (vrx_gz's ScoringPlugin, StationkeepingScoringPlugin and
// WayfindingScoringPlugin) publish about a task, computed from a run's task for the transports
// to send (gz_server.h; docs/interfaces.md lists the topics and types):
//   /vrx/task/info                       the task's state (VrxTaskInfo), once a simulated second
//   /vrx/stationkeeping/goal             the goal (VrxGoal), from the ready phase on
//   /vrx/stationkeeping/pose_error       e at the step (vrx_task.h), while running
//   /vrx/stationkeeping/mean_pose_error  the mean of e so far (the score), while running
//   /vrx/wayfinding/waypoints            the waypoints (VrxGoal each), from the ready phase on
//   /vrx/wayfinding/min_errors           each waypoint's least e so far, while running
//   /vrx/wayfinding/mean_error           their mean (the score), while running
// VRX sends the goals and errors at most once a wall-clock second; Leeway once a simulated
// second, with the task information, so that a run's messages do not depend on its pace.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "leeway/core/geo.h"
#include "leeway/core/spatial.h"
#include "leeway/task/vrx_task.h"

namespace leeway {

/// /vrx/task/info's parameters, as VRX fills them.
struct VrxTaskInfo {
  std::string name;           ///< <task_name>
  std::string state;          ///< "initial", "ready", "running" or "finished"
  double ready_time = 0.0;    ///< [s] when the ready phase starts
  double running_time = 0.0;  ///< [s] when the running phase starts
  /// [s] since the running phase started, and left of it (both 0 before it; at the end
  /// T_run and 0)
  double elapsed_time = 0.0, remaining_time = 0.0;
  bool timed_out = false;  ///< the running phase is over
  std::int32_t num_collisions = 0;
  double score = 0.0;
};

VrxTaskInfo vrx_task_info(const TaskModel& task, const TaskState& state, double t);

/// Which of the topics the step that ends with `step_count` publishes: each once a simulated
/// second (every `second_interval` steps); the goals in the ready and running phases, the errors
/// in the running phase once a step has been scored.
struct VrxTaskDue {
  bool info = false, goals = false, errors = false;
};
VrxTaskDue vrx_task_due(const TaskState& state, std::uint64_t step_count,
                        std::uint64_t second_interval);

/// Station keeping: e (vrx_task.h) of the vehicle among `bodies` against the goal.
double vrx_station_pose_error(const TaskModel& task, const std::vector<BodyState>& bodies);

/// A goal as VRX publishes it: where, in WGS-84 degrees, and the yaw [rad] about up, from east.
struct VrxGoal {
  double latitude_deg = 0.0, longitude_deg = 0.0, yaw = 0.0;

  /// The yaw as VRX sends it, a quaternion about up.
  Quat orientation() const { return Quat(Eigen::AngleAxisd(yaw, Vec3::UnitZ())); }
};

/// The task's goals (station keeping: one; wayfinding: the waypoints) under the world's
/// `origin` (its <spherical_coordinates>).
std::vector<VrxGoal> vrx_goals(const TaskModel& task, const Geodetic& origin);

}  // namespace leeway
