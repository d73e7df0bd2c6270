// Leeway's reference ROV pilot (gnc/rov_pilot.h), UUV Simulator's cascaded PIDs, attached to a
// model:
//   <plugin filename="leeway-rov-pilot" name="leeway::RovPilot">
//     <rate>50</rate>                          control rate (sdf/leeway/controllers.h)
//     <stations>                               default: hold the start pose (its yaw)
//       <station>x y z yaw</station>             [m, m, m, rad] in W, visited in order
//     </stations>
//     <acceptance_radius>0.5</acceptance_radius>    [m] > 0
//     <face_goal_beyond>5</face_goal_beyond>        [m] > 0 (beyond it, look where it goes)
//     <k_position>0.8</k_position>             [1/s] > 0
//     <k_attitude>0.3</k_attitude>             [1/s] > 0
//     <max_speed>0.5</max_speed>               [m/s] > 0
//     <max_turn_rate>0.3</max_turn_rate>       [rad/s] > 0
//     <linear_velocity><kp/><ki/><kd/><integral_limit/></linear_velocity>    required: 1/s, ...
//     <angular_velocity><kp/><ki/><kd/><integral_limit/></angular_velocity>  required: 1/s, ...
//     <max_linear_acceleration>20</max_linear_acceleration>    [m/s^2] > 0
//     <max_angular_acceleration>5</max_angular_acceleration>   [rad/s^2] > 0
//     <inertia>total</inertia>                 total (M_RB + M_A) or rigid_body (M_RB alone)
//   </plugin>
// The model's thrusters must act on all six axes.
#pragma once

#include <sdf/Element.hh>
#include <string>

#include "leeway/gnc/rov_pilot.h"
#include "leeway/world/model.h"

namespace leeway::sdfio {

/// The ROV pilot `plugin` attaches to body `body` of `model`; its rate is read by
/// load_controller().
RovPilotModel load_rov_pilot(const sdf::ElementPtr& plugin, const Model& model, int body);

}  // namespace leeway::sdfio
