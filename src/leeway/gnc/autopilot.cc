#include "leeway/gnc/autopilot.h"

#include <algorithm>
#include <cmath>

#include "leeway/core/rotation.h"
#include "leeway/gnc/los_guidance.h"

namespace leeway {
namespace {

/// Leaves waypoint `state.waypoint` behind: on to the next, or hold at the last.
void advance(const AutopilotModel& pilot, AutopilotState& state, const Eigen::Vector2d& p) {
  ++state.reached;
  if (state.waypoint + 1 < pilot.waypoints.size()) {
    state.leg_start_W = pilot.waypoints[state.waypoint].p_W;
    ++state.waypoint;
    state.mode = PilotMode::kTransit;
  } else {
    state.leg_start_W = p;
    state.mode = PilotMode::kHold;
  }
}

}  // namespace

void autopilot_update(const AutopilotModel& pilot, AutopilotState& state, const BodyState& body,
                      double t, double dt, std::vector<std::optional<double>>& commands) {
  if (t < pilot.start_time || pilot.waypoints.empty()) return;
  const Eigen::Vector2d p = body.p_WB.head<2>();
  const double yaw = euler_zyx(body.q_WB).z();
  if (state.mode == PilotMode::kIdle) {
    state.mode = PilotMode::kTransit;
    state.leg_start_W = p;
  }
  const AutopilotWaypoint& target = pilot.waypoints[state.waypoint];
  const double d = (target.p_W - p).norm();
  if (state.mode != PilotMode::kTransit && d > 2.0 * pilot.acceptance_radius) {
    state.mode = PilotMode::kTransit;  // blown off the waypoint: go back to it
    state.leg_start_W = p;
  }
  if (state.mode == PilotMode::kTransit && d < pilot.acceptance_radius) {
    state.align_start = t;
    if (target.yaw) {
      state.mode = PilotMode::kAlign;
    } else {
      advance(pilot, state, p);
    }
  }
  const AutopilotWaypoint& goal = pilot.waypoints[state.waypoint];
  double yaw_ref = yaw, speed_ref = 0.0;
  if (state.mode == PilotMode::kTransit) {
    yaw_ref = los_guidance(state.leg_start_W, goal.p_W, p, pilot.lookahead).course;
    const double goal_d = (goal.p_W - p).norm();
    speed_ref = std::max(pilot.min_speed,
                         pilot.cruise_speed * std::min(1.0, goal_d / pilot.slowdown_radius));
    if (!pilot.rudders) speed_ref *= std::max(0.0, std::cos(wrap_angle(yaw_ref - yaw)));
  } else {
    yaw_ref = goal.yaw.value_or(yaw);
    if (state.mode == PilotMode::kAlign &&
        (std::abs(wrap_angle(yaw_ref - yaw)) < pilot.align_tolerance ||
         t - state.align_start >= pilot.align_timeout)) {
      advance(pilot, state, p);
    }
  }
  const double yaw_moment = pid_update(pilot.heading, wrap_angle(yaw_ref - yaw), -body.V_WB_B[5],
                                       dt, state.heading_integral);
  const double surge_force =
      pid_update(pilot.surge, speed_ref - body.V_WB_B[0], 0.0, dt, state.surge_integral);
  Vec6 thrust = Vec6::Zero(), steer = Vec6::Zero();
  thrust[0] = surge_force;
  (pilot.rudders ? steer : thrust)[5] = yaw_moment;
  command_wrench(pilot.commander, thrust, commands);
  if (pilot.rudders) command_fin_wrench(*pilot.rudders, steer, body.V_WB_B[0], commands);
}

}  // namespace leeway
