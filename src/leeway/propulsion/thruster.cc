#include "leeway/propulsion/thruster.h"

#include <Eigen/Geometry>

namespace leeway {

Vec3 thrust_axis(const Thruster& t, double azimuth) {
  if (t.azimuth_actuator < 0 || azimuth == 0.0) return t.axis_B;
  return Eigen::AngleAxisd(azimuth, t.turn_axis_B) * t.axis_B;
}

Vec6 thruster_wrench(const Thruster& t, double x, double azimuth, const Vec6& nu,
                     const Vec3& v_fluid_B, double share) {
  const Vec3 a = thrust_axis(t, azimuth);
  double V = 0.0;
  if (t.advance == AdvanceSpeed::kGroundSpeed) {
    V = linear(nu).norm();
  } else {
    const Vec3 v_P = Vec3(linear(nu)) + Vec3(angular(nu)).cross(t.p_BoP_B);
    V = a.dot(v_P - v_fluid_B);
  }
  const ThrustTorque tq = thrust_of(t.curve, x, V);
  const Vec3 f = share * tq.thrust * a;
  return stack(f, t.p_BoP_B.cross(f) + share * t.torque_factor * tq.torque * a);
}

}  // namespace leeway
