#include "leeway/sdf/gz/linear_battery.h"

#include <fmt/format.h>

#include <algorithm>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/plugin_registry.h"

namespace leeway::sdfio {

LinearBattery load_linear_battery(const sdf::ElementPtr& p, Diagnostics& diagnostics) {
  reject_unknown_children(
      p,
      {"battery_name", "voltage", "open_circuit_voltage_constant_coef",
       "open_circuit_voltage_linear_coef", "initial_charge", "capacity", "resistance",
       "smooth_current_tau", "power_load", "fix_issue_225", "enable_recharge", "charging_time",
       "recharge_by_topic", "power_draining_topic", "stop_power_draining_topic", "start_draining",
       "start_on_motion"},
      "gz-sim's LinearBatteryPlugin parameters (docs/sdf-reference.md)");
  LinearBattery b;
  b.name = text_of(required_child(p, "battery_name", "the battery's name"));
  b.initial_voltage =
      read_number_at_least(required_child(p, "voltage", "the voltage before the first step [V]"),
                           0.0, true, "a voltage in V");
  b.e0 = read_number(required_child(p, "open_circuit_voltage_constant_coef",
                                    "the open-circuit voltage's constant term [V]"),
                     "a voltage in V");
  b.e1 = any_number_or(p, "open_circuit_voltage_linear_coef", 0.0, "a voltage in V");
  b.capacity = read_number_at_least(required_child(p, "capacity", "the capacity [Ah]"), 0.0, true,
                                    "a charge in Ah");
  b.initial_charge = number_or(p, "initial_charge", b.capacity, 0.0, false, "a charge in Ah");
  b.resistance =
      read_number_at_least(required_child(p, "resistance", "the internal resistance [ohm]"), 0.0,
                           false, "a resistance in ohm");
  b.tau = number_or(p, "smooth_current_tau", 1.0, 0.0, true, "a time in s");
  b.power_load = number_or(p, "power_load", 0.0, 0.0, false, "a power in W");
  if (const sdf::ElementPtr e = optional_child(p, "start_draining"))
    b.start_draining = read_bool(e);
  if (const sdf::ElementPtr e = optional_child(p, "start_on_motion")) {
    b.drains_on_command = read_bool(e);
    if (!b.drains_on_command && !b.start_draining) {
      diagnostics.warn(location_of(e),
                       fmt::format("battery '{}': with <start_on_motion>false it drains from a "
                                   "message, which Leeway does not receive yet: it stays full",
                                   b.name));
    }
  }
  if (const sdf::ElementPtr e = optional_child(p, "fix_issue_225"); !e || !read_bool(e)) {
    diagnostics.warn(location_of(e ? e : p),
                     fmt::format("battery '{}': without <fix_issue_225>true, gz-sim counts each "
                                 "step's charge up to 100 times in its state of charge (its "
                                 "issue 225); Leeway takes the state of charge as q / c, as "
                                 "gz-sim does with the fix",
                                 b.name));
  }
  if (const sdf::ElementPtr e = optional_child(p, "enable_recharge"); e && read_bool(e)) {
    diagnostics.warn(location_of(e),
                     fmt::format("battery '{}': recharging is started by a message, which "
                                 "Leeway does not receive yet: the battery only drains",
                                 b.name));
  }
  return b;
}

void load_batteries(const ClassifiedPlugins& plugins, const sdf::Model& model,
                    const std::string& model_name, int body, Model& m, Diagnostics& diagnostics) {
  const std::size_t first = m.batteries.size();
  for (const PluginUse& use : plugins.of(PluginFamily::kBattery)) {
    LinearBattery b = use.loader<BatteryLoader>()(use.element, diagnostics);
    b.body = body;
    for (std::size_t i = first; i < m.batteries.size(); ++i) {
      if (m.batteries[i].name == b.name) {
        throw LoadError(location_of(use.element),
                        fmt::format("a second battery '{}' on model '{}'; expected unique "
                                    "<battery_name>s",
                                    b.name, model_name));
      }
    }
    m.batteries.push_back(std::move(b));
  }
  for (const Thruster& t : m.bodies[static_cast<std::size_t>(body)].thrusters) {
    ActuatorModel& a = m.actuators[static_cast<std::size_t>(t.actuator)];
    if (a.battery_name.empty()) {
      if (m.batteries.size() > first) a.battery = static_cast<int>(first);
      continue;
    }
    const auto named =
        std::find_if(m.batteries.begin() + static_cast<std::ptrdiff_t>(first), m.batteries.end(),
                     [&](const LinearBattery& b) { return b.name == a.battery_name; });
    if (named == m.batteries.end()) {
      throw LoadError(location_of(model.Element()),
                      fmt::format("thruster '{}' of model '{}' draws from battery '{}', which "
                                  "the model does not have; expected the <battery_name> of one "
                                  "of its LinearBatteryPlugins",
                                  a.name, model_name, a.battery_name));
    }
    a.battery = static_cast<int>(named - m.batteries.begin());
  }
}

}  // namespace leeway::sdfio
