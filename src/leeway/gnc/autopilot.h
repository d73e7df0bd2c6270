// Leeway's reference autopilot for surface vessels: line-of-sight waypoint guidance with a
// heading PID and a surge-speed PID, its wrench split among the vessel's thrusters by the
// allocation (thrust_commands.h). A world file attaches it to a model with
// <plugin name="leeway::Autopilot"> (docs/sdf-reference.md, "Reference autonomy"), with its
// gains; it runs inside step() at its own rate (controller.h).
//
// Per waypoint, three modes:
//   transit  LOS along the leg (los_guidance.h) from the last waypoint (or from where the vehicle
//            started); speed U = cruise * min(1, d / slowdown_radius), at least min_speed, and
//            scaled by max(0, cos(heading error)) so a vessel turns before it drives off
//   align    once within acceptance_radius of a waypoint with a yaw: speed 0, heading to the
//            yaw, until within align_tolerance or align_timeout has passed
//   hold     after the last waypoint: as align, forever; if the vessel drifts out beyond twice
//            the acceptance radius it transits back
// Control, every period T (controller.h):
//   N = heading PID on wrap(psi_ref - psi), rate -r        [N m]
//   X = surge PID on U - u                                  [N]
// with psi the yaw (about W's z), u and r the body's surge speed and yaw rate over ground.
// A vessel whose thrusters give a yaw moment steers with them: thrusts for (X, 0, 0, 0, 0, N)
// over the surge and yaw axes. One whose thrusters do not (a centre-line propeller) steers with
// its rudders: X goes to the thrusters, N to the rudders through their allocation
// (fin_commands.h), scheduled by the surge speed. A rudder needs way on to turn the vessel, so
// a rudder-steered vessel does not slow for a heading error (it turns at its transit speed),
// cannot align on a waypoint's yaw (its waypoints must have none) and, holding at the last
// waypoint, drifts until it transits back.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "leeway/body/body_state.h"
#include "leeway/gnc/fin_commands.h"
#include "leeway/gnc/pid.h"
#include "leeway/gnc/thrust_commands.h"

namespace leeway {

struct AutopilotWaypoint {
  Eigen::Vector2d p_W = Eigen::Vector2d::Zero();  ///< [m], W
  std::optional<double> yaw;                      ///< [rad] about W's z, from x; none: any

  bool operator==(const AutopilotWaypoint&) const = default;
};

struct AutopilotModel {
  double start_time = 0.0;  ///< [s]; before it the autopilot commands nothing
  std::vector<AutopilotWaypoint> waypoints;
  double cruise_speed = 2.0;            ///< [m/s]
  double lookahead = 10.0;              ///< Delta [m]
  double acceptance_radius = 2.0;       ///< [m]
  double slowdown_radius = 10.0;        ///< [m]
  double min_speed = 0.3;               ///< [m/s]
  double align_tolerance = 0.05;        ///< [rad]
  double align_timeout = 20.0;          ///< [s]
  PidGains heading;                     ///< [N m/rad, N m/(rad s), N m s/rad]
  PidGains surge;                       ///< [N s/m, N/m, N s^2/m]
  ThrustCommander commander;            ///< over surge, and yaw unless `rudders`
  std::optional<FinCommander> rudders;  ///< over yaw, when the thrusters give no yaw moment
};

enum class PilotMode { kIdle, kTransit, kAlign, kHold };

struct AutopilotState {
  PilotMode mode = PilotMode::kIdle;
  std::size_t waypoint = 0;  ///< the waypoint being approached or aligned on
  Eigen::Vector2d leg_start_W = Eigen::Vector2d::Zero();
  double align_start = 0.0;  ///< [s]
  double heading_integral = 0.0;
  double surge_integral = 0.0;
  std::size_t reached = 0;  ///< arrivals so far (returns to the hold point count again)

  bool operator==(const AutopilotState&) const = default;
};

/// One control update at time t [s] for the vessel in `body`: advances the mode and the
/// integrals over the control period and writes the thruster (and held azimuth) commands.
void autopilot_update(const AutopilotModel& pilot, AutopilotState& state, const BodyState& body,
                      double t, double dt, std::vector<std::optional<double>>& commands);

}  // namespace leeway
