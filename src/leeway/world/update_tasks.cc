// The tasks' stages (task/vrx_task.h): the vehicles their initial phase holds, and the scoring.
#include "leeway/world/stages.h"

namespace leeway::stages {

void hold_vehicles(const Model& model, State& state) {
  for (const TaskModel& task : model.tasks) {
    if (task_phase(task, state.t) != TaskPhase::kInitial) continue;
    const BodyModel& b = model.bodies[static_cast<std::size_t>(task.vehicle)];
    state.bodies[static_cast<std::size_t>(task.vehicle)] = {b.p_WB0, b.q_WB0, Vec6::Zero()};
  }
}

void update_tasks(const Model& model, State& state) {
  for (std::size_t k = 0; k < model.tasks.size(); ++k) {
    const TaskModel& task = model.tasks[k];
    const auto v = static_cast<std::size_t>(task.vehicle);
    std::optional<Contact> contact;
    if (task.collider >= 0) {
      contact = first_contact(model.colliders, task.collider, task.counted_shapes, state.bodies);
    }
    update_task(task, state.tasks[k], state.t, state.bodies[v], contact);
  }
}

}  // namespace leeway::stages
