// A battery whose open-circuit voltage is linear in its charge (gz-sim's LinearBatteryPlugin,
// gz:src/systems/battery_plugin/LinearBatteryPlugin.cc), drained by the power its consumers draw.
// Each step of dt, with P the total power drawn [W] and V the voltage after the previous step:
//
//   i_raw = P / V,   i <- i + (dt / tau) (i_raw - i)       (the current, smoothed over tau)
//   q <- q - i dt / 3600                                   (the charge [Ah])
//   V  = e0 + e1 (1 - q / c) - r i                         (the terminal voltage)
//
// The state of charge is q / c; at or below 0 the battery is flat: it stops changing, and the
// thrusters of its model stop (gz-sim's Thruster gives no thrust once a battery of its model is
// flat). It drains only once its model is commanded to move (gz-sim starts draining when a joint
// of the model is first given a non-zero velocity or force).
#pragma once

#include <string>

namespace leeway {

struct LinearBattery {
  std::string name;               ///< its <battery_name>
  int body = -1;                  ///< the body (model) it powers
  double e0 = 0.0;                ///< the open-circuit voltage's constant term [V]
  double e1 = 0.0;                ///< its term linear in the charge drawn, 1 - q / c [V]
  double capacity = 1.0;          ///< c [Ah]
  double resistance = 0.0;        ///< r [ohm]
  double tau = 1.0;               ///< the current's smoothing time [s]
  double power_load = 0.0;        ///< what the model draws beside its actuators [W]
  double initial_voltage = 0.0;   ///< V before the first step [V]
  double initial_charge = 1.0;    ///< q at t = 0 [Ah]
  bool start_draining = false;    ///< drains from t = 0, not from its model's first command
  bool drains_on_command = true;  ///< starts draining at its model's first non-zero command
};

struct BatteryState {
  double charge = 0.0;   ///< q [Ah]
  double current = 0.0;  ///< i, smoothed [A]
  double voltage = 0.0;  ///< V [V]
  bool draining = false;

  bool flat(const LinearBattery& b) const { return charge / b.capacity <= 0.0; }
  bool operator==(const BatteryState&) const = default;
};

BatteryState initial_battery_state(const LinearBattery& battery);

/// One step of dt [s] drawing `power` [W] (nothing changes once it is flat or a voltage is 0).
void drain_battery(const LinearBattery& battery, BatteryState& state, double power, double dt);

}  // namespace leeway
