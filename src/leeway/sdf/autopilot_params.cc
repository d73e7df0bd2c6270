#include "leeway/sdf/autopilot_params.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <cmath>
#include <stdexcept>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/plugin_names.h"

namespace leeway::sdfio {
namespace {

PidGains read_gains(const sdf::ElementPtr& plugin, const char* name, const char* units) {
  const sdf::ElementPtr e = required_child(
      plugin, name, fmt::format("the {} PID gains: <kp> [{}], <ki>, <kd>", name, units).c_str());
  reject_unknown_children(e, {"kp", "ki", "kd", "integral_limit"},
                          "<kp>, <ki>, <kd> and <integral_limit>");
  PidGains g;
  g.kp = read_number_at_least(required_child(e, "kp", "the proportional gain"), 0.0, false,
                              "a proportional gain");
  g.ki = number_or(e, "ki", 0.0, 0.0, false, "an integral gain");
  g.kd = number_or(e, "kd", 0.0, 0.0, false, "a derivative gain");
  g.integral_limit = number_or(e, "integral_limit", 1e300, 0.0, true, "a bound on the integral");
  return g;
}

void read_task_goals(const sdf::ElementPtr& e, const Model& model, AutopilotModel& pilot) {
  const std::string name = text_of(e);
  std::vector<std::string> names;
  for (const TaskModel& task : model.tasks) {
    if (task.name != name) {
      names.push_back(task.name);
      continue;
    }
    if (task.vehicle != pilot.body) {
      throw LoadError(location_of(e), fmt::format("task '{}' scores model '{}', not '{}'; "
                                                  "expected a task of this model",
                                                  name, task.vehicle_name, pilot.model_name));
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

bool is_autopilot_plugin(const std::string& filename, const std::string& name) {
  return plugin_matches(filename, name, "leeway-autopilot", "leeway::Autopilot");
}

AutopilotModel load_autopilot(const sdf::ElementPtr& plugin, const Model& model, int body) {
  reject_unknown_children(
      plugin,
      {"rate", "task", "waypoints", "cruise_speed", "lookahead", "acceptance_radius",
       "slowdown_radius", "min_speed", "align_tolerance", "align_timeout", "heading", "surge"},
      "the parameters listed in docs/sdf-reference.md, \"Reference autonomy\"");
  AutopilotModel p;
  p.body = body;
  p.model_name = model.bodies.at(static_cast<std::size_t>(body)).model_name;

  const double rate = number_or(plugin, "rate", 10.0, 0.0, true, "a control rate in Hz");
  const double steps = 1.0 / (rate * model.dt);
  if (steps < 1.0 - 1e-9) {
    throw LoadError(location_of(optional_child(plugin, "rate")),
                    fmt::format("the control rate {} Hz is above the physics rate {} Hz; expected "
                                "at most 1/max_step_size",
                                rate, 1.0 / model.dt));
  }
  p.interval = static_cast<std::uint64_t>(std::llround(steps));

  const sdf::ElementPtr task = optional_child(plugin, "task");
  const sdf::ElementPtr waypoints = optional_child(plugin, "waypoints");
  if (task && waypoints) {
    throw LoadError(location_of(waypoints),
                    "both <task> and <waypoints>; expected the goals from one of them");
  }
  if (task) {
    read_task_goals(task, model, p);
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
  p.heading = read_gains(plugin, "heading", "N m/rad");
  p.surge = read_gains(plugin, "surge", "N s/m");

  Vec6 surge_and_yaw = Vec6::Zero();
  surge_and_yaw[0] = surge_and_yaw[5] = 1.0;
  try {
    p.commander = thrust_commander(model, body, surge_and_yaw);
  } catch (const std::invalid_argument& e) {
    throw LoadError(location_of(plugin), e.what());
  }
  return p;
}

}  // namespace leeway::sdfio
