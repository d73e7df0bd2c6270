// Station keeping (dynamic positioning) for a vehicle with thrusters on all six axes or a subset:
// a PID on the pose error, in the body frame, as UUV Simulator's rov_pid_controller does
// (research/uuv.md 3). A reference baseline, not a tuned product.
//
//   e   = [R_WB^T (p_WB - p_ref);  (roll, pitch, yaw - yaw_ref)]      position in B [m], angles
//                                                                    [rad], yaw wrapped to +-pi
//   tau = -(K_p e + K_i integral(e) + K_d nu)                        about Bo, in B [N, N m]
//
// with nu the body's twist over ground (so the derivative term damps motion, not the current).
// The Euler-angle error stands in for the attitude error about the body axes, which holds near
// level; an ROV's restoring moment keeps it there. The integral is held within +-limit on each
// axis (anti-windup), so a vehicle that cannot reach its station does not wind up a large
// command to spend when it can. UUV Simulator's RexROV gains: K_p = 3300 on five axes and 330 in
// yaw, K_d = 1100, K_i = 0.
//
// As a world's controller (controller.h), StationKeeperModel splits the wrench among the body's
// thrusters (thrust_commands.h) over the axes its gains act on, steering those that steer (an
// H-layout WAM-V's two outboards then hold sway too). With a wave filter (wave_filter.h) the PID
// sees the low-frequency pose and twist only, and leaves the waves' back-and-forth alone.
#pragma once

#include <optional>
#include <vector>

#include "leeway/body/body_state.h"
#include "leeway/gnc/thrust_commands.h"
#include "leeway/gnc/wave_filter.h"

namespace leeway {

struct StationKeepingGains {
  Vec6 kp = Vec6::Zero();                       ///< [N/m, N m/rad]
  Vec6 ki = Vec6::Zero();                       ///< [N/(m s), N m/(rad s)]
  Vec6 kd = Vec6::Zero();                       ///< [N s/m, N m s/rad]
  Vec6 integral_limit = Vec6::Constant(1e300);  ///< on integral(e) [m s, rad s]
};

struct Station {
  Vec3 p_W = Vec3::Zero();  ///< [m], W
  double yaw = 0.0;         ///< [rad], about W's z; roll and pitch are held at zero
};

struct StationKeepingState {
  Vec6 integral = Vec6::Zero();       ///< integral(e) [m s, rad s]
  std::vector<double> azimuth_angle;  ///< [rad] last given, per thruster (0 at the start)
  WaveFilterState wave_filter;

  bool operator==(const StationKeepingState&) const = default;
};

struct StationKeeperModel {
  Station station;
  StationKeepingGains gains;
  ThrustCommander commander;  ///< over the axes with a nonzero gain; steers if it must
  std::optional<WaveFilterModel> wave_filter;  ///< none: the PID sees the measured pose
};

/// The pose error e (above) of `body` against `station`.
Vec6 station_error(const Station& station, const BodyState& body);

/// The wrench that pulls `body` back to `station`; advances the integral by dt [s].
Vec6 station_keeping_wrench(const StationKeepingGains& gains, const Station& station,
                            const BodyState& body, double dt, StationKeepingState& state);

/// One control update of period dt [s]: the wrench above, on the wave-filtered pose if the keeper
/// has a filter, as thruster commands.
void station_keeper_update(const StationKeeperModel& keeper, StationKeepingState& state,
                           const BodyState& body, double dt,
                           std::vector<std::optional<double>>& commands);

}  // namespace leeway
