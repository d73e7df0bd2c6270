// Loaders for a model's actuators: Leeway's leeway::Thruster and leeway::ControlSurface plugins
// (docs/sdf-reference.md gives every element with its unit and default).
//
//   <plugin filename="leeway" name="leeway::Thruster">
//     <actuator>left_propeller</actuator>     its name in commands and recordings (required)
//     <frame>flu</frame>                      axes of <position> and <axis>: flu (default) or frd
//     <position>0 0.395 0</position>          propeller centre in the model's reference link [m]
//     <axis>1 0 0</axis>                      direction of positive thrust (normalised)
//     ...actuator elements (below)...
//     <thrust>one curve</thrust>              propulsion/thrust_curves.h
//     <torque_factor>-1</torque_factor>       shaft torque on the hull (propulsion/thruster.h)
//     <advance_speed>axial</advance_speed>    axial (default) or ground_speed
//   </plugin>
//   <plugin filename="leeway" name="leeway::ControlSurface">
//     <actuator>rudder</actuator>  <frame>flu</frame>  ...actuator elements...
//     <deflection_fin> or <foil>              propulsion/control_surface.h
//   </plugin>
//
// Actuator elements, shared: <unit>, <dynamics> (zero_order, first_order, yoerger, bessa),
// <state_min>, <state_max>, <max_rate>, <command_min>, <command_max>, <command_policy>
// (error, clamp, saturate) and <watchdog_timeout>.
#pragma once

#include <vector>

#include <sdf/Model.hh>

#include "leeway/body/body_model.h"
#include "leeway/core/error.h"
#include "leeway/propulsion/actuator.h"
#include "leeway/sdf/actuator_sink.h"

namespace leeway::sdfio {

/// Each adds its plugin's thruster or control surface to the sink's body and its actuators to the
/// world's list (the foreign actuators: sdf/gz/actuators.h, sdf/uuv/actuators.h, sdf/vrx/thrust.h).
void load_leeway_thruster(const sdf::ElementPtr& plugin, ActuatorSink& sink);
void load_leeway_control_surface(const sdf::ElementPtr& plugin, ActuatorSink& sink);
/// A foil without an actuator (a keel, a fixed fin).
void load_leeway_foil(const sdf::ElementPtr& plugin, ActuatorSink& sink);

}  // namespace leeway::sdfio
