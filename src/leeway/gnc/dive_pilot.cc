#include "leeway/gnc/dive_pilot.h"

#include <algorithm>

#include "leeway/core/rotation.h"
#include "leeway/gnc/los_guidance.h"

namespace leeway {

void dive_pilot_update(const DivePilotModel& pilot, DivePilotState& state, const BodyState& body,
                       double dt, std::vector<std::optional<double>>& commands) {
  if (pilot.waypoints_W.empty()) return;
  const Eigen::Vector2d p = body.p_WB.head<2>();
  if (!state.started) {
    state.started = true;
    state.leg_start_W = p;
  }
  const std::size_t last = pilot.waypoints_W.size() - 1;
  if (state.waypoint < last &&
      (pilot.waypoints_W[state.waypoint].head<2>() - p).norm() < pilot.acceptance_radius) {
    ++state.reached;
    state.leg_start_W = pilot.waypoints_W[state.waypoint].head<2>();
    ++state.waypoint;
  } else if (state.waypoint == last && state.reached == last &&
             (pilot.waypoints_W[last].head<2>() - p).norm() < pilot.acceptance_radius) {
    ++state.reached;  // the last one: keep steering for it
  }
  const Vec3& goal = pilot.waypoints_W[state.waypoint];
  // Past the last waypoint the leg is from wherever the vehicle is: pure pursuit, a circle.
  const Eigen::Vector2d leg_start = state.reached > last ? p : state.leg_start_W;
  const double yaw_ref = (goal.head<2>() - p).norm() < 1e-9
                             ? euler_zyx(body.q_WB).z()
                             : los_guidance(leg_start, goal.head<2>(), p, pilot.lookahead).course;

  const Mat3 R_WB = body.q_WB.toRotationMatrix();
  const Vec3 rpy = euler_zyx(body.q_WB);
  const double z_dot = (R_WB * body.V_WB_B.head<3>()).z();
  const double theta_up = -rpy.y(), q_up = -body.V_WB_B[4];
  const double theta_ref = std::clamp(
      pid_update(pilot.depth, goal.z() - body.p_WB.z(), -z_dot, dt, state.depth_integral),
      -pilot.max_pitch, pilot.max_pitch);
  const double M_up =
      pid_update(pilot.pitch, theta_ref - theta_up, -q_up, dt, state.pitch_integral);
  const double N = pid_update(pilot.heading, wrap_angle(yaw_ref - rpy.z()), -body.V_WB_B[5], dt,
                              state.heading_integral);
  Vec6 tau = Vec6::Zero();
  tau[4] = -M_up;
  tau[5] = N;
  command_fin_wrench(pilot.fins, tau, body.V_WB_B[0], commands);
  for (int a : pilot.propulsion)
    commands.at(static_cast<std::size_t>(a)) = pilot.cruise_command;
}

}  // namespace leeway
