#include "leeway/sdf/vrx/scoring.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <cctype>
#include <set>

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {
namespace {

/// A goal this far from the world origin is a swapped or mistyped coordinate, not a course.
constexpr double kMaxGoalDistance = 50e3;  // [m]

TaskGoal read_geo_goal(const sdf::ElementPtr& pose, const Model& model) {
  const std::vector<double> v =
      read_numbers(pose, 3, "latitude [deg], longitude [deg] and yaw [rad]");
  if (!model.origin) {
    throw LoadError(location_of(pose),
                    "a goal in latitude and longitude needs the world's <spherical_coordinates> "
                    "to place it; expected them in <world>, or the goal in metres "
                    "(<goal_pose_cart>)");
  }
  if (std::abs(v[0]) > 90.0 || std::abs(v[1]) > 180.0) {
    throw LoadError(location_of(pose),
                    fmt::format("latitude {} and longitude {} are not on the Earth; expected "
                                "latitude in [-90, 90] and longitude in [-180, 180] degrees",
                                v[0], v[1]));
  }
  const Vec3 p_W = geodetic_to_W(*model.origin, {v[0], v[1], 0.0});
  if (p_W.head<2>().norm() > kMaxGoalDistance) {
    throw LoadError(
        location_of(pose),
        fmt::format("the goal at latitude {}, longitude {} lies {:.0f} km from the world's "
                    "origin ({}, {}); expected a goal within {:.0f} km (are latitude and "
                    "longitude swapped?)",
                    v[0], v[1], p_W.head<2>().norm() / 1e3, model.origin->latitude_deg,
                    model.origin->longitude_deg, kMaxGoalDistance / 1e3));
  }
  return {p_W.head<2>(), v[2]};
}

const std::set<std::string> kCommon = {
    "vehicle", "task_name", "initial_state_duration", "ready_state_duration",
    "running_state_duration", "collision_buffer",
    // VRX transport, GUI and process settings: nothing to do without them.
    "task_info_topic", "contact_debug_topic", "release_topic", "per_plugin_exit_on_completion",
    "exit_delay", "silent", "markers"};
const std::set<std::string> kWayfinding = {"waypoints", "waypoints_topic", "min_errors_topic",
                                           "mean_error_topic"};
const std::set<std::string> kStationKeeping = {"goal_pose",        "goal_pose_cart",
                                               "head_error_on",    "goal_topic",
                                               "pose_error_topic", "mean_error_topic"};

/// Which of the vehicle's shapes count, and a word about every shape no contact can touch.
void load_collision_count(TaskModel& task, const Model& model, const SourceLocation& vehicle,
                          Diagnostics& diagnostics) {
  task.collider = model.collider_index(task.vehicle_name);
  if (task.collider < 0 ||
      model.colliders[static_cast<std::size_t>(task.collider)].shapes.empty()) {
    diagnostics.warn(vehicle, fmt::format("model '{}' has no <collision> that is a box, sphere, "
                                          "cylinder, capsule or ellipsoid, so task '{}' counts "
                                          "no collisions",
                                          task.vehicle_name, task.name));
    task.collider = -1;
  } else {
    const Collider& c = model.colliders[static_cast<std::size_t>(task.collider)];
    task.counted_shapes = c.sensed;
    if (task.counted_shapes.empty()) {
      for (int i = 0; i < static_cast<int>(c.shapes.size()); ++i)
        task.counted_shapes.push_back(i);
    }
  }
  for (const Collider& c : model.colliders) {
    if (c.undetected.empty()) continue;
    diagnostics.warn(c.undetected.front(),
                     fmt::format("model '{}': {} <collision> element(s) are meshes, planes or "
                                 "heightmaps, which no contact touches (Leeway detects contacts "
                                 "between convex primitives); task '{}' counts no collision "
                                 "with them",
                                 c.model_name, c.undetected.size(), task.name));
  }
}

}  // namespace

void warn_unscored_vrx_task(const sdf::ElementPtr& plugin, Diagnostics& diagnostics) {
  diagnostics.warn(
      location_of(plugin),
      fmt::format("plugin '{}' ('{}') is a VRX task Leeway does not score yet (it scores the "
                  "wayfinding and station-keeping tasks, docs/sdf-reference.md, \"VRX tasks\"): "
                  "the world runs without it, its physics intact",
                  plugin->GetAttribute("filename")->GetAsString(),
                  plugin->GetAttribute("name")->GetAsString()));
}

double vrx_initial_duration(const sdf::ElementPtr& plugin) {
  return number_or(plugin, "initial_state_duration", 10.0, 0.0, false, "a duration in seconds");
}

TaskModel load_vrx_task(const sdf::ElementPtr& plugin, TaskKind kind, const Model& model,
                        Diagnostics& diagnostics) {
  TaskModel task;
  task.kind = kind;
  const std::set<std::string>& own =
      task.kind == TaskKind::kWayfinding ? kWayfinding : kStationKeeping;
  for_each_child(plugin, [&](const sdf::ElementPtr& child) {
    const std::string n = child->GetName();
    if (!kCommon.contains(n) && !own.contains(n)) {
      diagnostics.warn(location_of(child),
                       fmt::format("<{}> is not a parameter of VRX's {} scoring plugin and is "
                                   "ignored",
                                   n, task_kind_name(task.kind)));
    }
  });
  const sdf::ElementPtr vehicle =
      required_child(plugin, "vehicle", "the name of the model the task scores");
  task.vehicle_name = text_of(vehicle);
  task.vehicle = model.body_index(task.vehicle_name);
  if (task.vehicle < 0) {
    std::vector<std::string> names;
    for (const BodyModel& b : model.bodies)
      names.push_back(b.model_name);
    throw LoadError(location_of(vehicle),
                    fmt::format("no model '{}' in this world; expected one of: {}",
                                task.vehicle_name, fmt::join(names, ", ")));
  }
  task.name = text_of(required_child(plugin, "task_name", "the task's name"));
  task.initial_duration = vrx_initial_duration(plugin);
  task.ready_duration =
      number_or(plugin, "ready_state_duration", 10.0, 0.0, false, "a duration in seconds");
  task.running_duration =
      number_or(plugin, "running_state_duration", 300.0, 0.0, true, "a duration in seconds");
  task.collision_buffer =
      number_or(plugin, "collision_buffer", 3.0, 0.0, false, "a duration in seconds");
  load_collision_count(task, model, location_of(vehicle), diagnostics);

  if (task.kind == TaskKind::kWayfinding) {
    const sdf::ElementPtr waypoints =
        required_child(plugin, "waypoints", "the waypoints, each <waypoint><pose>lat lon yaw");
    reject_unknown_children(waypoints, {"waypoint"}, "<waypoint> elements");
    for_each_child(waypoints, [&](const sdf::ElementPtr& w) {
      reject_unknown_children(w, {"pose"}, "one <pose>");
      task.goals.push_back(read_geo_goal(
          required_child(w, "pose", "latitude [deg], longitude [deg] and yaw [rad]"), model));
    });
    if (task.goals.empty()) {
      throw LoadError(location_of(waypoints),
                      "no <waypoint>; expected at least one <waypoint><pose>lat lon yaw</pose>");
    }
    return task;
  }
  const sdf::ElementPtr geo = optional_child(plugin, "goal_pose");
  const sdf::ElementPtr cart = optional_child(plugin, "goal_pose_cart");
  if (geo && cart) {
    throw LoadError(location_of(cart), "both <goal_pose> and <goal_pose_cart>; expected one goal");
  }
  if (geo) {
    task.goals.push_back(read_geo_goal(geo, model));
  } else if (cart) {
    const std::vector<double> v = read_numbers(cart, 3, "x [m], y [m] and yaw [rad] in W");
    task.goals.push_back({{v[0], v[1]}, v[2]});
  } else {
    throw LoadError(location_of(plugin),
                    "missing <goal_pose> (latitude, longitude, yaw) or <goal_pose_cart> (x, y, yaw "
                    "in W); expected the station to keep");
  }
  if (const sdf::ElementPtr h = optional_child(plugin, "head_error_on")) {
    task.head_error_on = read_bool(h);
  }
  return task;
}

}  // namespace leeway::sdfio
