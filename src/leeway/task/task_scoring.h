// VRX's tasks (vrx_task.h) as observers of a run: after every step each task is brought to the
// step's end from the State and the step's outputs (world/step_data.h), and writes neither. The
// contact a task counts is the first of the step's contact pairs that touches one of its
// vehicle's counted shapes; the runner (sim/simulation.h) asks every step for its outputs so
// that the pairs are there.
#pragma once

#include <optional>
#include <vector>

#include "leeway/task/vrx_task.h"
#include "leeway/world/state.h"
#include "leeway/world/step_data.h"

namespace leeway {

/// One state per task, each at its start (the initial phase, nothing scored).
std::vector<TaskState> initial_task_states(const std::vector<TaskModel>& tasks);

/// Among the contact pairs of a step, the first one between a shape of collider `self` listed in
/// `shapes` and a shape of another collider, in the order first_contact (world/contacts.h) finds
/// it from the bodies: by the other collider, then by the place of self's shape in `shapes`, then
/// by the other's shape. Nothing when none touches.
std::optional<Contact> first_contact(const std::vector<ContactPair>& pairs, int self,
                                     const std::vector<int>& shapes);

/// Brings every task to the end of the step that left `state` and wrote `data` (update_task).
void update_tasks(const std::vector<TaskModel>& tasks, std::vector<TaskState>& states,
                  const State& state, const StepData& data);

}  // namespace leeway
