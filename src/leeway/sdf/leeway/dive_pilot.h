// Leeway's reference pilot for finned AUVs (gnc/dive_pilot.h), attached to a model:
//   <plugin filename="leeway-dive-pilot" name="leeway::DivePilot">
//     <rate>10</rate>                          control rate (sdf/leeway/controllers.h)
//     <waypoints>                              required, at least one:
//       <waypoint>x y z</waypoint>               [m] in W (z up: 10 m deep is z = -10)
//     </waypoints>
//     <cruise_command>1200</cruise_command>    required: every thruster's command, in its unit
//     <lookahead>10</lookahead>                LOS Delta [m] > 0, default 10
//     <acceptance_radius>5</acceptance_radius> horizontal [m] > 0, default 5
//     <max_pitch>0.35</max_pitch>              [rad] in (0, pi/2), default 0.35
//     <depth><kp/><ki/><kd/><integral_limit/></depth>        required: rad/m, rad/(m s), rad s/m
//     <pitch><kp/><ki/><kd/><integral_limit/></pitch>        required: N m/rad, ...
//     <heading><kp/><ki/><kd/><integral_limit/></heading>    required: N m/rad, ...
//   </plugin>
// The model needs actuated fins in the water that give pitch and yaw moments when it runs
// ahead (fin_commands.h), and at least one thruster.
#pragma once

#include <sdf/Element.hh>
#include <string>

#include "leeway/gnc/dive_pilot.h"
#include "leeway/world/model.h"

namespace leeway::sdfio {

/// The dive pilot `plugin` attaches to body `body` of `model`; its rate is read by
/// load_controller().
DivePilotModel load_dive_pilot(const sdf::ElementPtr& plugin, const Model& model, int body);

}  // namespace leeway::sdfio
