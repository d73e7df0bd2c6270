// The tasks' stage (task/vrx_task.h): the scoring, from the bodies after the step.
#include "leeway/world/stages.h"

namespace leeway::stages {

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
