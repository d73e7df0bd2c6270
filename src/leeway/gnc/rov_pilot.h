// Leeway's reference pilot for ROVs: UUV Simulator's cascaded PIDs (uuv_control_cascaded_pids,
// research/uuv.md 3), a position loop that asks for a velocity, a velocity loop that asks for an
// acceleration, and the acceleration turned into a wrench by the vehicle's inertia, split among
// its thrusters by the allocation (thrust_commands.h). A world file attaches it with
// <plugin name="leeway::RovPilot"> (docs/sdf-reference.md, "Reference autonomy").
//
// Guidance: the vehicle visits its stations (x, y, z, yaw in W) in order; a station is reached
// within acceptance_radius of its position, and the last one is held. While the goal is more
// than face_goal_beyond away horizontally the vehicle looks where it goes (yaw reference = the
// bearing of the goal), as UUV Simulator's does; nearer, it turns to the station's yaw.
//
// Control, every period T (controller.h), with p, q_WB the pose and nu = [v; w] the body's twist
// over ground in B:
//   position   v_ref = sat(k_position R_WB^T (p_ref - p), max_speed)                  [m/s], B
//              w_ref = sat(k_attitude theta, max_turn_rate)                          [rad/s], B
//              theta: the rotation vector from B to the reference attitude (level, yaw_ref)
//   velocity   a_v = sat(PID_linear(v_ref - v), max_linear_acceleration)            [m/s^2]
//              a_w = sat(PID_angular(w_ref - w), max_angular_acceleration)        [rad/s^2]
//              (one gain set for the three linear axes, one for the three angular; the
//              derivative acts on the measured acceleration, so a new reference gives no kick)
//   inertia    tau = M [a_v; a_w]                                               [N, N m], B
// sat(x, s) scales a vector x down to norm s, keeping its direction, as UUV Simulator's does.
//
// Where it differs from UUV Simulator's, on purpose:
//   - M is M_RB + M_A by default. UUV Simulator's uses M_RB alone (its pid/mass and
//     pid/inertial), which leaves the velocity loop slower than its gains say by the ratio of
//     rigid-body to total mass: for RexROV, 0.34 in heave. <inertia>rigid_body</inertia> gives
//     its behaviour back.
//   - While an acceleration is saturated its integral is held (conditional integration) rather
//     than reset to zero: a reset throws away the bias that holds the vehicle against a current
//     every time a large step saturates the loop.
//   - The attitude error is the rotation vector, not the Euler angles of the error quaternion:
//     the same near level, and right for any error.
// UUV Simulator's RexROV gains: position 0.8, attitude 0.3 [1/s]; linear velocity k_p 10,
// k_i 2, saturation 20 m/s^2; angular velocity k_p 10, k_i 2, k_d 1, saturation 5 rad/s^2.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "leeway/body/body_state.h"
#include "leeway/gnc/pid.h"
#include "leeway/gnc/station_keeping.h"
#include "leeway/gnc/thrust_commands.h"

namespace leeway {

struct RovPilotModel {
  std::vector<Station> stations;        ///< visited in order, the last held; W
  double acceptance_radius = 0.5;       ///< [m]
  double face_goal_beyond = 5.0;        ///< horizontal distance [m]
  double k_position = 0.8;              ///< [1/s]
  double k_attitude = 0.3;              ///< [1/s]
  double max_speed = 0.5;               ///< [m/s]
  double max_turn_rate = 0.3;           ///< [rad/s]
  PidGains linear;                      ///< [1/s, 1/s^2, 1]; integral limit [m]
  PidGains angular;                     ///< [1/s, 1/s^2, 1]; integral limit [rad]
  double max_linear_acceleration = 20;  ///< [m/s^2]
  double max_angular_acceleration = 5;  ///< [rad/s^2]
  Mat6 M = Mat6::Identity();            ///< acceleration to wrench, about Bo in B
  ThrustCommander commander;            ///< over all six axes
};

struct RovPilotState {
  bool started = false;
  std::size_t station = 0;         ///< the station steered for
  std::size_t reached = 0;         ///< stations reached so far
  Vec6 integral = Vec6::Zero();    ///< of the velocity errors [m, rad]
  Vec6 last_twist = Vec6::Zero();  ///< nu at the previous update, for the derivative

  bool operator==(const RovPilotState&) const = default;
};

/// The position loop's output [v_ref; w_ref] in B for `body` heading to `station`.
Vec6 rov_velocity_reference(const RovPilotModel& pilot, const Station& station,
                            const BodyState& body);

/// The velocity loop's output [a_v; a_w] in B for the reference `nu_ref`; advances the
/// integrals by dt [s].
Vec6 rov_acceleration(const RovPilotModel& pilot, const Vec6& nu_ref, const BodyState& body,
                      double dt, RovPilotState& state);

/// One control update with period dt [s]: advances the guidance and the integrals and writes
/// the thruster commands.
void rov_pilot_update(const RovPilotModel& pilot, RovPilotState& state, const BodyState& body,
                      double dt, std::vector<std::optional<double>>& commands);

}  // namespace leeway
