#include "leeway/transport/vrx_task_topics.h"

namespace leeway {

VrxTaskInfo vrx_task_info(const TaskModel& task, const TaskState& state, double t) {
  VrxTaskInfo info;
  info.name = task.name;
  info.state = task_phase_name(state.phase);
  info.ready_time = task.ready_time();
  info.running_time = task.running_time();
  if (state.phase == TaskPhase::kRunning) {
    info.elapsed_time = t - task.running_time();
    info.remaining_time = task.finish_time() - t;
  } else if (state.phase == TaskPhase::kFinished) {
    info.elapsed_time = task.running_duration;
    info.timed_out = true;
  }
  info.num_collisions = static_cast<std::int32_t>(state.collisions.size());
  info.score = state.score;
  return info;
}

VrxTaskDue vrx_task_due(const TaskState& state, std::uint64_t step_count,
                        std::uint64_t second_interval) {
  if (step_count % second_interval != 0) return {};
  const bool running = state.phase == TaskPhase::kRunning;
  return {true, running || state.phase == TaskPhase::kReady, running && state.running_steps > 0};
}

double vrx_station_pose_error(const TaskModel& task, const std::vector<BodyState>& bodies) {
  return pose_error(task.goals.front(), bodies[static_cast<std::size_t>(task.vehicle)],
                    task.head_error_on);
}

std::vector<VrxGoal> vrx_goals(const TaskModel& task, const Geodetic& origin) {
  std::vector<VrxGoal> goals;
  for (const TaskGoal& g : task.goals) {
    const Geodetic p = W_to_geodetic(origin, Vec3(g.p_W.x(), g.p_W.y(), 0.0));
    goals.push_back({p.latitude_deg, p.longitude_deg, g.yaw});
  }
  return goals;
}

}  // namespace leeway
