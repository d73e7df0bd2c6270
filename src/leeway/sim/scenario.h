// A world as a file describes it: its physics (world/model.h), the reference controllers that
// drive its vehicles (gnc/controller.h) and the tasks that score them (task/vrx_task.h). The
// physics knows neither of the other two; a Simulation (simulation.h) runs the three together.
// sdf/load_world.h loads one; a Scenario made of a Model alone is a world without autonomy or
// tasks.
#pragma once

#include <vector>

#include "leeway/gnc/controller.h"
#include "leeway/sim/wiring.h"
#include "leeway/task/vrx_task.h"
#include "leeway/world/model.h"

namespace leeway {

struct Scenario {
  Model model;
  /// Run before each step, each on its vehicle (gnc/autonomy.h); indices refer to `model`.
  std::vector<ControllerModel> controllers;
  /// Brought to each step's end (task/task_scoring.h); indices refer to `model`.
  std::vector<TaskModel> tasks;
  /// How the file says its run is served: topics, contact sensors, pose publishers.
  Wiring wiring;
};

/// The time the last task finishes [s], or 0 without tasks.
double tasks_finish_time(const Scenario& scenario);

}  // namespace leeway
