#include "leeway/propulsion/thruster.h"

#include "leeway/propulsion/actuator_load.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

namespace leeway {

namespace {

/// f(p_BoP_B, axis_B) at the thruster's pose at `azimuth`. An unturned thruster's pose is read in
/// place: a pose returned through memory was written number by number and read back in pairs, a
/// store-forwarding stall that was 40 % of thruster_wrench()'s time on the Otter.
template <typename F>
auto at_pose(const Thruster& t, double azimuth, F&& f) {
  if (t.azimuth_actuator < 0 || azimuth == 0.0) return f(t.p_BoP_B, t.axis_B);
  const Eigen::AngleAxisd turn(azimuth, t.turn_axis_B);
  return f(Vec3(t.p_BoPivot_B + turn * (t.p_BoP_B - t.p_BoPivot_B)), Vec3(turn * t.axis_B));
}

/// The speed V [m/s] of the propeller at p (in B) along its axis a through the fluid.
double advance_speed(const Thruster& t, const Vec3& p, const Vec3& a, const Vec6& nu,
                     const Vec3& v_fluid_B) {
  if (t.advance == AdvanceSpeed::kGroundSpeed) return linear(nu).norm();
  const Vec3 v_P = Vec3(linear(nu)) + Vec3(angular(nu)).cross(p);
  return a.dot(v_P - v_fluid_B);
}

}  // namespace

ThrusterPose thruster_pose(const Thruster& t, double azimuth) {
  return at_pose(t, azimuth, [](const Vec3& p, const Vec3& a) { return ThrusterPose{p, a}; });
}

// thruster_wrench() and thruster_load() compute the same thrust apart, on purpose: the wrench
// is the hot path (four times per step per thruster), and a shared helper returning the pose
// and thrust as one struct cost the RexROV's step 10 % in store-forwarding stalls.

Vec6 thruster_wrench(const Thruster& t, double x, double azimuth, const Vec6& nu,
                     const Vec3& v_fluid_B, double share) {
  return at_pose(t, azimuth, [&](const Vec3& p, const Vec3& a) -> Vec6 {
    const ThrustAdjustment& adj = t.adjustment;
    const ThrustTorque tq =
        thrust_of(t.curve, adj.state_efficiency * x, advance_speed(t, p, a, nu, v_fluid_B));
    const double T = std::clamp(adj.thrust_efficiency * tq.thrust, adj.thrust_min, adj.thrust_max);
    if (std::abs(T) < adj.deadband) return Vec6::Zero();
    const Vec3 f = share * T * a;
    return stack(f, p.cross(f) + share * t.torque_factor * adj.thrust_efficiency * tq.torque * a);
  });
}

ActuatorLoad thruster_load(const Thruster& t, double x, double azimuth, const Vec6& nu,
                           const Vec3& v_fluid_B, double share) {
  return at_pose(t, azimuth, [&](const Vec3& p, const Vec3& a) {
    const ThrustAdjustment& adj = t.adjustment;
    const ThrustTorque tq =
        thrust_of(t.curve, adj.state_efficiency * x, advance_speed(t, p, a, nu, v_fluid_B));
    const double T = std::clamp(adj.thrust_efficiency * tq.thrust, adj.thrust_min, adj.thrust_max);
    ActuatorLoad load;
    if (std::abs(T) < adj.deadband) return load;
    const Vec3 f = share * T * a;
    load.thrust = share * T;
    load.torque = share * t.torque_factor * adj.thrust_efficiency * tq.torque;
    load.F_Bo_B = stack(f, p.cross(f) + load.torque * a);
    return load;
  });
}

}  // namespace leeway
