// Leeway's reference autopilot (gnc/autopilot.h), attached to a model:
//   <plugin filename="leeway-autopilot" name="leeway::Autopilot">
//     <rate>10</rate>                          control rate (sdf/leeway/controllers.h)
//     <task>wayfinding</task>                  follow a task's goals (its <task_name>), from the
//                                              task's ready phase on; or
//     <waypoints>                              waypoints in W, from t = 0:
//       <waypoint>x y</waypoint>                 [m]
//       <waypoint>x y yaw</waypoint>             [m, m, rad]: align on arrival
//     </waypoints>
//     <cruise_speed>2</cruise_speed>           [m/s] > 0, default 2
//     <lookahead>10</lookahead>                LOS Delta [m] > 0, default 10
//     <acceptance_radius>2</acceptance_radius> [m] > 0, default 2
//     <slowdown_radius>10</slowdown_radius>    [m] > 0, default 10
//     <min_speed>0.3</min_speed>               [m/s] >= 0, default 0.3
//     <align_tolerance>0.05</align_tolerance>  [rad] > 0, default 0.05
//     <align_timeout>20</align_timeout>        [s] >= 0, default 20
//     <heading><kp/><ki/><kd/><integral_limit/></heading>   required: N m/rad, N m/(rad s),
//                                                           N m s/rad; limit [rad s]
//     <surge><kp/><ki/><kd/><integral_limit/></surge>       required: N s/m, N/m, N s^2/m;
//                                                           limit [m]
//   </plugin>
// kp is required in each gain block; ki and kd default to 0, integral_limit to none.
#pragma once

#include <sdf/Element.hh>
#include <string>

#include "leeway/core/error.h"
#include "leeway/sim/scenario.h"

namespace leeway::sdfio {

/// The autopilot `plugin` attaches to body `body` of `scenario`'s model (its bodies, actuators
/// and tasks already loaded: it may follow a task's goals); its rate is read by load_controller().
AutopilotModel load_autopilot(const sdf::ElementPtr& plugin, const Scenario& scenario, int body);

}  // namespace leeway::sdfio
