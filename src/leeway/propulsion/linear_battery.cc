#include "leeway/propulsion/linear_battery.h"

#include <algorithm>
#include <cmath>

namespace leeway {

BatteryState initial_battery_state(const LinearBattery& b) {
  return {b.initial_charge, 0.0, b.initial_voltage, b.start_draining};
}

void drain_battery(const LinearBattery& b, BatteryState& s, double power, double dt) {
  if (s.flat(b) || std::abs(s.voltage) < 1e-3) return;
  const double raw = power / s.voltage;
  s.current += std::min(dt / b.tau, 1.0) * (raw - s.current);
  s.charge -= s.current * dt / 3600.0;
  s.voltage = b.e0 + b.e1 * (1.0 - s.charge / b.capacity) - b.resistance * s.current;
}

}  // namespace leeway
