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

// thruster_wrench() and thruster_load() compute the same thrust apart, on purpose: the wrench
// is the hot path (four times per step per thruster), and a shared helper returning the pose
// and thrust as one struct cost the RexROV's step 10 % in store-forwarding stalls.

Vec6 thruster_wrench(const Thruster& t, double x, double azimuth, const Vec6& nu,
                     const Vec3& v_fluid_B, double share) {
  const auto [p, a] = thruster_pose(t, azimuth);
  double V = 0.0;
  if (t.advance == AdvanceSpeed::kGroundSpeed) {
    V = linear(nu).norm();
  } else {
    const Vec3 v_P = Vec3(linear(nu)) + Vec3(angular(nu)).cross(p);
    V = a.dot(v_P - v_fluid_B);
  }
  const ThrustAdjustment& adj = t.adjustment;
  const ThrustTorque tq = thrust_of(t.curve, adj.state_efficiency * x, V);
  const double T = std::clamp(adj.thrust_efficiency * tq.thrust, adj.thrust_min, adj.thrust_max);
  if (std::abs(T) < adj.deadband) return Vec6::Zero();
  const Vec3 f = share * T * a;
  return stack(f, p.cross(f) + share * t.torque_factor * adj.thrust_efficiency * tq.torque * a);
}

ActuatorLoad thruster_load(const Thruster& t, double x, double azimuth, const Vec6& nu,
                           const Vec3& v_fluid_B, double share) {
  const auto [p, a] = thruster_pose(t, azimuth);
  double V = 0.0;
  if (t.advance == AdvanceSpeed::kGroundSpeed) {
    V = linear(nu).norm();
  } else {
    const Vec3 v_P = Vec3(linear(nu)) + Vec3(angular(nu)).cross(p);
    V = a.dot(v_P - v_fluid_B);
  }
  const ThrustAdjustment& adj = t.adjustment;
  const ThrustTorque tq = thrust_of(t.curve, adj.state_efficiency * x, V);
  const double T = std::clamp(adj.thrust_efficiency * tq.thrust, adj.thrust_min, adj.thrust_max);
  ActuatorLoad load;
  if (std::abs(T) < adj.deadband) return load;
  const Vec3 f = share * T * a;
  load.thrust = share * T;
  load.torque = share * t.torque_factor * adj.thrust_efficiency * tq.torque;
  load.F_Bo_B = stack(f, p.cross(f) + load.torque * a);
  return load;
}

}  // namespace leeway
