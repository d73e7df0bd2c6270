#include "leeway/sdf/leeway/autopilot.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <stdexcept>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/leeway/controllers.h"

namespace leeway::sdfio {
namespace {

void read_task_goals(const sdf::ElementPtr& e, const Scenario& scenario, int body,
                     AutopilotModel& pilot) {
  const Model& model = scenario.model;
  const std::string name = text_of(e);
  std::vector<std::string> names;
  for (const TaskModel& task : scenario.tasks) {
    if (task.name != name) {
      names.push_back(task.name);
      continue;
    }
    if (task.vehicle != body) {
      throw LoadError(location_of(e),
                      fmt::format("task '{}' scores model '{}', not '{}'; expected a task of "
                                  "this model",
                                  name, task.vehicle_name,
                                  model.bodies.at(static_cast<std::size_t>(body)).model_name));
    }
    for (const TaskGoal& g : task.goals)
      pilot.waypoints.push_back({g.p_W, g.yaw});
    pilot.start_time = task.ready_time();
    return;
  }
  throw LoadError(
      location_of(e),
      names.empty()
          ? fmt::format("no task '{}': this world has no scoring plugin", name)
          : fmt::format("no task '{}'; expected one of: {}", name, fmt::join(names, ", ")));
}

}  // namespace

AutopilotModel load_autopilot(const sdf::ElementPtr& plugin, const Scenario& scenario, int body) {
  const Model& model = scenario.model;
  reject_unknown_children(
      plugin,
      {"rate", "navigation", "navigation_acceleration_noise", "task", "waypoints", "cruise_speed",
       "lookahead", "acceptance_radius", "slowdown_radius", "min_speed", "align_tolerance",
       "align_timeout", "heading", "surge"},
      "the parameters listed in docs/sdf-reference.md, \"Reference autonomy\"");
  AutopilotModel p;

  const sdf::ElementPtr task = optional_child(plugin, "task");
  const sdf::ElementPtr waypoints = optional_child(plugin, "waypoints");
  if (task && waypoints) {
    throw LoadError(location_of(waypoints),
                    "both <task> and <waypoints>; expected the goals from one of them");
  }
  if (task) {
    read_task_goals(task, scenario, body, p);
  } else if (waypoints) {
    reject_unknown_children(waypoints, {"waypoint"}, "<waypoint> elements");
    for_each_child(waypoints, [&](const sdf::ElementPtr& w) {
      const std::vector<double> v = read_numbers(w, 0, "x y [m] or x y yaw [m, m, rad] in W");
      if (v.size() != 2 && v.size() != 3) {
        throw LoadError(location_of(w), fmt::format("got {} numbers, expected x y [m] or x y yaw "
                                                    "[m, m, rad] in W",
                                                    v.size()));
      }
      AutopilotWaypoint wp{{v[0], v[1]}, std::nullopt};
      if (v.size() == 3) wp.yaw = v[2];
      p.waypoints.push_back(wp);
    });
  }
  if (p.waypoints.empty()) {
    throw LoadError(location_of(plugin),
                    "no goals; expected <task> (a scoring plugin's task name) or <waypoints> "
                    "with at least one <waypoint>");
  }
  p.cruise_speed = number_or(plugin, "cruise_speed", 2.0, 0.0, true, "a speed in m/s");
  p.lookahead = number_or(plugin, "lookahead", 10.0, 0.0, true, "a distance in metres");
  p.acceptance_radius =
      number_or(plugin, "acceptance_radius", 2.0, 0.0, true, "a distance in metres");
  p.slowdown_radius = number_or(plugin, "slowdown_radius", 10.0, 0.0, true, "a distance in metres");
  p.min_speed = number_or(plugin, "min_speed", 0.3, 0.0, false, "a speed in m/s");
  p.align_tolerance = number_or(plugin, "align_tolerance", 0.05, 0.0, true, "an angle in radians");
  p.align_timeout = number_or(plugin, "align_timeout", 20.0, 0.0, false, "a duration in seconds");
  p.heading = read_pid_gains(plugin, "heading", "N m/rad");
  p.surge = read_pid_gains(plugin, "surge", "N s/m");

  Vec6 surge = Vec6::Zero(), yaw = Vec6::Zero();
  surge[0] = yaw[5] = 1.0;
  if (thrusters_give(model, body, 5)) {
    p.commander = commander_for(plugin, [&] { return thrust_commander(model, body, surge + yaw); });
    return p;
  }
  p.commander = commander_for(plugin, [&] { return thrust_commander(model, body, surge); });
  try {
    p.rudders = fin_commander(model, body, yaw);
  } catch (const std::invalid_argument& e) {
    throw LoadError(location_of(plugin),
                    fmt::format("its thrusters give no yaw moment, and {}", e.what()));
  }
  for (std::size_t i = 0; i < p.waypoints.size(); ++i) {
    if (p.waypoints[i].yaw) {
      throw LoadError(
          location_of(task ? task : plugin),
          fmt::format("waypoint {} has a yaw to align on, but model '{}' steers with rudders (its "
                      "thrusters give no yaw moment) and cannot turn on the spot; expected "
                      "waypoints without a yaw",
                      i + 1, model.bodies.at(static_cast<std::size_t>(body)).model_name));
    }
  }
  return p;
}

}  // namespace leeway::sdfio
