#include "leeway/task/vrx_task.h"

#include <algorithm>
#include <cmath>

#include "leeway/core/rotation.h"

namespace leeway {

const char* task_kind_name(TaskKind kind) {
  return kind == TaskKind::kStationKeeping ? "station_keeping" : "wayfinding";
}

const char* task_phase_name(TaskPhase phase) {
  switch (phase) {
    case TaskPhase::kInitial:
      return "initial";
    case TaskPhase::kReady:
      return "ready";
    case TaskPhase::kRunning:
      return "running";
    case TaskPhase::kFinished:
      return "finished";
  }
  return "?";
}

double heading_error(double yaw_goal, double yaw) {
  return std::abs(wrap_angle(yaw_goal - yaw));
}

double pose_error(double distance, double heading_error) {
  return distance + std::pow(0.75, distance) * heading_error;
}

double pose_error(const TaskGoal& goal, const BodyState& vehicle, bool use_heading) {
  const double d = (goal.p_W - vehicle.p_WB.head<2>()).norm();
  if (!use_heading) return d;
  return pose_error(d, heading_error(goal.yaw, euler_zyx(vehicle.q_WB).z()));
}

TaskPhase task_phase(const TaskModel& task, double t) {
  if (t < task.ready_time()) return TaskPhase::kInitial;
  if (t < task.running_time()) return TaskPhase::kReady;
  if (t < task.finish_time()) return TaskPhase::kRunning;
  return TaskPhase::kFinished;
}

void update_task(const TaskModel& task, TaskState& state, double t, const BodyState& vehicle,
                 const std::optional<Contact>& contact) {
  state.phase = task_phase(task, t);
  // VRX's lastCollisionTime: the last counted collision's, 0 before any.
  const double last = state.collisions.empty() ? 0.0 : state.collisions.back().t;
  if (contact && t - last > task.collision_buffer) state.collisions.push_back({t, *contact});
  if (state.phase != TaskPhase::kRunning) return;
  ++state.running_steps;
  if (task.kind == TaskKind::kStationKeeping) {
    state.error_sum += pose_error(task.goals.front(), vehicle, task.head_error_on);
    state.score = state.error_sum / static_cast<double>(state.running_steps);
    return;
  }
  if (state.min_errors.empty()) state.min_errors.assign(task.goals.size(), INFINITY);
  double sum = 0.0;
  for (std::size_t i = 0; i < task.goals.size(); ++i) {
    state.min_errors[i] = std::min(state.min_errors[i], pose_error(task.goals[i], vehicle));
    sum += state.min_errors[i];
  }
  state.score = sum / static_cast<double>(task.goals.size());
}

}  // namespace leeway
