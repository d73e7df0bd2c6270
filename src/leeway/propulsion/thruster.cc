#include "leeway/propulsion/thruster.h"

#include "leeway/propulsion/actuator_load.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

namespace leeway {

ThrusterPose thruster_pose(const Thruster& t, double azimuth) {
  if (t.azimuth_actuator < 0 || azimuth == 0.0) return {t.p_BoP_B, t.axis_B};
  const Eigen::AngleAxisd turn(azimuth, t.turn_axis_B);
  return {t.p_BoPivot_B + turn * (t.p_BoP_B - t.p_BoPivot_B), turn * t.axis_B};
}

namespace {

/// The thrust T [N] and shaft torque Q [N m] after the adjustment, with the pose they act at.
struct AppliedThrust {
  ThrusterPose pose;
  double T = 0.0;
  ThrustTorque tq;
};

[[gnu::always_inline]] inline AppliedThrust applied_thrust(const Thruster& t, double x,
                                                           double azimuth, const Vec6& nu,
                                                           const Vec3& v_fluid_B) {
  const ThrusterPose pose = thruster_pose(t, azimuth);
  double V = 0.0;
  if (t.advance == AdvanceSpeed::kGroundSpeed) {
    V = linear(nu).norm();
  } else {
    const Vec3 v_P = Vec3(linear(nu)) + Vec3(angular(nu)).cross(pose.p_BoP_B);
    V = pose.axis_B.dot(v_P - v_fluid_B);
  }
  const ThrustAdjustment& adj = t.adjustment;
  const ThrustTorque tq = thrust_of(t.curve, adj.state_efficiency * x, V);
  return {pose, std::clamp(adj.thrust_efficiency * tq.thrust, adj.thrust_min, adj.thrust_max), tq};
}

}  // namespace

Vec6 thruster_wrench(const Thruster& t, double x, double azimuth, const Vec6& nu,
                     const Vec3& v_fluid_B, double share) {
  const auto [pose, T, tq] = applied_thrust(t, x, azimuth, nu, v_fluid_B);
  if (std::abs(T) < t.adjustment.deadband) return Vec6::Zero();
  const Vec3& a = pose.axis_B;
  const Vec3 f = share * T * a;
  return stack(f, pose.p_BoP_B.cross(f) +
                      share * t.torque_factor * t.adjustment.thrust_efficiency * tq.torque * a);
}

ActuatorLoad thruster_load(const Thruster& t, double x, double azimuth, const Vec6& nu,
                           const Vec3& v_fluid_B, double share) {
  const auto [pose, T, tq] = applied_thrust(t, x, azimuth, nu, v_fluid_B);
  ActuatorLoad load;
  if (std::abs(T) < t.adjustment.deadband) return load;
  const Vec3& a = pose.axis_B;
  const Vec3 f = share * T * a;
  load.thrust = share * T;
  load.torque = share * t.torque_factor * t.adjustment.thrust_efficiency * tq.torque;
  load.F_Bo_B = stack(f, pose.p_BoP_B.cross(f) + load.torque * a);
  return load;
}

}  // namespace leeway
