// Leeway's reference pilot for finned AUVs (REMUS 100, LAUV): line-of-sight waypoint guidance in
// the horizontal plane, a depth loop around a pitch loop (successive loop closure, as Fossen's
// REMUS 100 autopilot does), a heading PID, and the propeller at a fixed command. The pitch and
// yaw moments go to the fins through their allocation (fin_commands.h). A world file attaches it
// with <plugin name="leeway::DivePilot"> (docs/sdf-reference.md, "Reference autonomy").
//
// Guidance: each waypoint is a point (x, y, z) in W. Along the leg from the previous waypoint
// (or from where the vehicle started) the heading follows the LOS course (los_guidance.h) and
// the depth loop holds the waypoint's z; within acceptance_radius (horizontally) the next leg
// begins. After the last waypoint the pilot keeps steering for it, circling it at its turning
// radius at its depth.
//
// Control, every period T (controller.h), with theta the nose-up pitch, q its rate, psi the
// yaw, r its rate, z and z_dot the height in W [m] and its rate:
//   theta_ref = clamp(depth PID on (z_ref - z), rate -z_dot; +-max_pitch)       [rad]
//   M_up      = pitch PID on (theta_ref - theta), rate -q                         [N m], nose up
//   N         = heading PID on wrap(psi_ref - psi), rate -r                       [N m]
//   fins for (0, 0, 0, 0, -M_up, N) over the pitch and yaw axes (in B, M about +y is nose down)
//   every thruster of the body at cruise_command, in its actuator's unit
// A vehicle too deep pitches its nose up and climbs on its forward speed; that needs way on,
// and a neutrally buoyant vehicle (as the REMUS 100 is) holds depth with a small trim angle.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "leeway/body/body_state.h"
#include "leeway/gnc/fin_commands.h"
#include "leeway/gnc/pid.h"

namespace leeway {

struct DivePilotModel {
  std::vector<Vec3> waypoints_W;   ///< [m], W (z up: a depth of 10 m is z = -10)
  double lookahead = 10.0;         ///< LOS Delta [m]
  double acceptance_radius = 5.0;  ///< horizontal [m]
  double max_pitch = 0.35;         ///< the largest pitch the depth loop asks for [rad]
  PidGains depth;                  ///< [rad/m, rad/(m s), rad s/m]
  PidGains pitch;                  ///< [N m/rad, N m/(rad s), N m s/rad]
  PidGains heading;                ///< [N m/rad, N m/(rad s), N m s/rad]
  double cruise_command = 0.0;     ///< every thruster's command, in its unit
  std::vector<int> propulsion;     ///< the thrusters' actuators in Model::actuators
  FinCommander fins;               ///< over pitch and yaw
};

struct DivePilotState {
  bool started = false;
  std::size_t waypoint = 0;  ///< the waypoint being steered for
  Eigen::Vector2d leg_start_W = Eigen::Vector2d::Zero();
  double depth_integral = 0.0;
  double pitch_integral = 0.0;
  double heading_integral = 0.0;
  std::size_t reached = 0;  ///< waypoints reached so far

  bool operator==(const DivePilotState&) const = default;
};

/// One control update with period dt [s]: advances the guidance and the integrals and writes
/// the fin and thruster commands.
void dive_pilot_update(const DivePilotModel& pilot, DivePilotState& state, const BodyState& body,
                       double dt, std::vector<std::optional<double>>& commands);

}  // namespace leeway
