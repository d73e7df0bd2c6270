// VRX's scoring plugins, loaded from a world as VRX writes them (research/vrx.md 5):
//   <plugin filename="libWayfindingScoringPlugin.so" name="vrx::WayfindingScoringPlugin">
//     <vehicle>wamv</vehicle>                        required: the scored model
//     <task_name>wayfinding</task_name>              required
//     <initial_state_duration>10</initial_state_duration>   [s] >= 0, default 10
//     <ready_state_duration>10</ready_state_duration>       [s] >= 0, default 10
//     <running_state_duration>300</running_state_duration>  [s] > 0, default 300
//     <waypoints>                                    wayfinding: one or more
//       <waypoint><pose>-33.7227 150.6741 0.5</pose></waypoint>   latitude [deg], longitude
//     </waypoints>                                                [deg], yaw [rad] (ENU)
//     <goal_pose>lat lon yaw</goal_pose>             station keeping: the goal, or
//     <goal_pose_cart>x y yaw</goal_pose_cart>       the goal in W [m, m, rad]
//     <head_error_on>true</head_error_on>            station keeping: score the heading too
//   </plugin>
// Both generations' spellings are accepted: gz's vrx::WayfindingScoringPlugin and
// vrx::StationkeepingScoringPlugin (libWayfindingScoringPlugin.so, ...), and classic Gazebo's
// wayfinding_scoring_plugin and stationkeeping_scoring_plugin. Latitude and longitude go
// through the world's <spherical_coordinates> (core/geo.h). VRX's topic names, markers and exit
// settings have no meaning without its transport and GUI; they are accepted and ignored, and any
// other element is warned about.
#pragma once

#include <sdf/Element.hh>
#include <string>

#include "leeway/core/error.h"
#include "leeway/task/vrx_task.h"
#include "leeway/world/model.h"

namespace leeway::sdfio {

/// The warning for a VRX scoring plugin of a task Leeway does not score (navigation, perception,
/// docking...): the world runs without that task, its physics intact.
void warn_unscored_vrx_task(const sdf::ElementPtr& plugin, Diagnostics& diagnostics);

/// A VRX scoring plugin's <initial_state_duration> [s] (10 by default): when the task leaves its
/// initial state and publishes /vrx/release. Every VRX scoring plugin has it, scored or not.
double vrx_initial_duration(const sdf::ElementPtr& plugin);

/// The task of `kind` a VRX scoring plugin describes in `model` (its bodies and origin already
/// loaded).
TaskModel load_vrx_task(const sdf::ElementPtr& plugin, TaskKind kind, const Model& model,
                        Diagnostics& diagnostics);

}  // namespace leeway::sdfio
