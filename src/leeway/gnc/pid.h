// One PID channel, the building block of the reference controllers:
//   u = k_p e + k_i I + k_d e_dot,   I = integral of e, held within +-integral_limit
// The caller gives e_dot (a measured rate, such as -r for a heading error), so there is no
// derivative kick when the setpoint jumps. Holding I (anti-windup) keeps a saturated loop from
// storing a large command to spend when it recovers.
#pragma once

#include <algorithm>

namespace leeway {

struct PidGains {
  double kp = 0.0;
  double ki = 0.0;
  double kd = 0.0;
  double integral_limit = 1e300;  ///< on I, in the error's unit times seconds

  bool operator==(const PidGains&) const = default;
};

/// Advances the integral by dt [s] and returns u.
inline double pid_update(const PidGains& g, double error, double error_rate, double dt,
                         double& integral) {
  integral = std::clamp(integral + error * dt, -g.integral_limit, g.integral_limit);
  return g.kp * error + g.ki * integral + g.kd * error_rate;
}

}  // namespace leeway
