#include "leeway/sim/scenario.h"

#include <algorithm>

namespace leeway {

double tasks_finish_time(const Scenario& scenario) {
  double end = 0.0;
  for (const TaskModel& task : scenario.tasks)
    end = std::max(end, task.finish_time());
  return end;
}

}  // namespace leeway
