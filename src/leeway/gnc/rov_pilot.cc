#include "leeway/gnc/rov_pilot.h"

#include <cmath>

#include "leeway/core/rotation.h"

namespace leeway {
namespace {

/// x scaled down to norm `limit` if longer, its direction kept.
Vec3 saturate(const Vec3& x, double limit) {
  const double n = x.norm();
  return n > limit ? Vec3(x * (limit / n)) : x;
}

/// One PID over three axes with shared gains: advances `integral` unless the output saturates
/// (then the integral is held, conditional integration), and returns the saturated output.
Vec3 pid3(const PidGains& g, const Vec3& error, const Vec3& error_rate, double dt, double limit,
          Eigen::Ref<Vec3> integral) {
  const Vec3 advanced =
      (integral + dt * error).cwiseMax(-g.integral_limit).cwiseMin(g.integral_limit);
  const Vec3 u = g.kp * error + g.ki * advanced + g.kd * error_rate;
  if (u.norm() <= limit) {
    integral = advanced;
    return u;
  }
  return saturate(g.kp * error + g.ki * integral + g.kd * error_rate, limit);
}

}  // namespace

Vec6 rov_velocity_reference(const RovPilotModel& pilot, const Station& station,
                            const BodyState& body) {
  const Vec3 e_W = station.p_W - body.p_WB;
  const double yaw_ref =
      e_W.head<2>().norm() > pilot.face_goal_beyond ? std::atan2(e_W.y(), e_W.x()) : station.yaw;
  const Quat q_WD(Eigen::AngleAxisd(yaw_ref, Vec3::UnitZ()));
  const Eigen::AngleAxisd error(body.q_WB.conjugate() * q_WD);
  Vec6 nu_ref;
  nu_ref.head<3>() = saturate(pilot.k_position * (body.q_WB.conjugate() * e_W), pilot.max_speed);
  nu_ref.tail<3>() = saturate(pilot.k_attitude * error.angle() * error.axis(), pilot.max_turn_rate);
  return nu_ref;
}

Vec6 rov_acceleration(const RovPilotModel& pilot, const Vec6& nu_ref, const BodyState& body,
                      double dt, RovPilotState& state) {
  const Vec6& nu = body.V_WB_B;
  const Vec6 error_rate = state.started ? Vec6(-(nu - state.last_twist) / dt) : Vec6::Zero();
  state.started = true;
  state.last_twist = nu;
  const Vec6 e = nu_ref - nu;
  Vec6 a;
  a.head<3>() = pid3(pilot.linear, e.head<3>(), error_rate.head<3>(), dt,
                     pilot.max_linear_acceleration, state.integral.head<3>());
  a.tail<3>() = pid3(pilot.angular, e.tail<3>(), error_rate.tail<3>(), dt,
                     pilot.max_angular_acceleration, state.integral.tail<3>());
  return a;
}

void rov_pilot_update(const RovPilotModel& pilot, RovPilotState& state, const BodyState& body,
                      double dt, std::vector<std::optional<double>>& commands) {
  if (pilot.stations.empty()) return;
  const std::size_t last = pilot.stations.size() - 1;
  const bool within =
      (pilot.stations[state.station].p_W - body.p_WB).norm() < pilot.acceptance_radius;
  if (within && state.reached == state.station) {
    ++state.reached;
    if (state.station < last) ++state.station;
  }
  const Vec6 nu_ref = rov_velocity_reference(pilot, pilot.stations[state.station], body);
  command_wrench(pilot.commander, pilot.M * rov_acceleration(pilot, nu_ref, body, dt, state),
                 commands);
}

}  // namespace leeway
