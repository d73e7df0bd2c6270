// gz-sim's LinearBatteryPlugin (gz-sim-linearbatteryplugin-system, a model plugin) and the
// thrusters it powers (propulsion/linear_battery.h).
//
//   <plugin filename="gz-sim-linearbatteryplugin-system"
//           name="gz::sim::systems::LinearBatteryPlugin">
//     <battery_name>linear_battery</battery_name>          required
//     <voltage>14.4</voltage>                              V before the first step [V], required
//     <open_circuit_voltage_constant_coef>14.4</...>       e0 [V], required
//     <open_circuit_voltage_linear_coef>-3.1</...>         e1 [V] (0)
//     <initial_charge>400</initial_charge>                 q at t = 0 [Ah] (the capacity)
//     <capacity>400</capacity>                             c [Ah], required
//     <resistance>0.003</resistance>                       r [ohm], required
//     <smooth_current_tau>1</smooth_current_tau>           tau [s] (1)
//     <power_load>28.8</power_load>                        the model's own draw [W] (0)
//     <fix_issue_225>true</fix_issue_225>                  the state of charge is q / c
//     <start_draining>true</start_draining>                drain from t = 0 (false: from the
//                                                          model's first non-zero command)
//     <start_on_motion>false</start_on_motion>             not from the first command either
//   </plugin>
//
// Every thruster of the model (gz-sim's Thruster) stops once the battery is flat; one that names
// it in <battery_name> draws its <power_load> from it. Recharging (<enable_recharge>,
// <charging_time>, <recharge_by_topic>) and the draining and state topics need the transport:
// accepted, and the load says recharging is not simulated.
#pragma once

#include <sdf/Model.hh>
#include <string>

#include "leeway/core/error.h"
#include "leeway/world/model.h"

namespace leeway::sdfio {

struct ClassifiedPlugins;

/// One plugin (plugin_registry.h's loader).
LinearBattery load_linear_battery(const sdf::ElementPtr& plugin, Diagnostics& diagnostics);

/// Reads the model's batteries into `m.batteries` (for body `body`, whose actuators are already
/// in `m.actuators`) and connects its thrusters to them. A thruster's <battery_name> that names
/// none of them is an error.
void load_batteries(const ClassifiedPlugins& plugins, const sdf::Model& model,
                    const std::string& model_name, int body, Model& m, Diagnostics& diagnostics);

}  // namespace leeway::sdfio
