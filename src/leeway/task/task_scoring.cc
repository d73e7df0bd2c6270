#include "leeway/task/task_scoring.h"

#include <algorithm>
#include <tuple>

namespace leeway {

std::vector<TaskState> initial_task_states(const std::vector<TaskModel>& tasks) {
  return std::vector<TaskState>(tasks.size());
}

std::optional<Contact> first_contact(const std::vector<ContactPair>& pairs, int self,
                                     const std::vector<int>& shapes) {
  std::optional<Contact> first;
  std::tuple<int, std::ptrdiff_t, int> first_rank;
  const auto consider = [&](int own_shape, int other, int other_shape) {
    const auto place = std::find(shapes.begin(), shapes.end(), own_shape);
    if (place == shapes.end()) return;
    const std::tuple<int, std::ptrdiff_t, int> rank{other, place - shapes.begin(), other_shape};
    if (!first || rank < first_rank) {
      first = Contact{own_shape, other, other_shape};
      first_rank = rank;
    }
  };
  for (const ContactPair& p : pairs) {
    if (p.collider_a == self) consider(p.shape_a, p.collider_b, p.shape_b);
    if (p.collider_b == self) consider(p.shape_b, p.collider_a, p.shape_a);
  }
  return first;
}

void update_tasks(const std::vector<TaskModel>& tasks, std::vector<TaskState>& states,
                  const State& state, const StepData& data) {
  for (std::size_t k = 0; k < tasks.size(); ++k) {
    const TaskModel& task = tasks[k];
    std::optional<Contact> contact;
    if (task.collider >= 0)
      contact = first_contact(data.contacts, task.collider, task.counted_shapes);
    update_task(task, states[k], state.t, state.bodies[static_cast<std::size_t>(task.vehicle)],
                contact);
  }
}

}  // namespace leeway
