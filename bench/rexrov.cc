#include "rexrov.h"

#include <numbers>

#include "leeway/core/rotation.h"

namespace leeway::bench {

BodyModel rexrov_body() {
  BodyModel b;
  b.model_name = "rexrov";
  b.link_name = "base_link";
  b.mass = 1862.87;
  b.p_BoBcm = Vec3(0.0, 0.0, -0.05);
  b.I_Bcm << 525.39, 1.44, 33.41, 1.44, 794.2, 2.6, 33.41, 2.6, 691.23;
  b.M_RB = rigid_body_mass_matrix(b.mass, b.p_BoBcm, b.I_Bcm);
  Mat6 A;
  A << 779.79, -6.87, 103.32, 8.53, -165.54, -7.8,     //
      -6.87, 1222, 51.29, 409.44, -5.86, 62.73,        //
      103.32, 51.29, 3659.9, 6.11, -386.42, 10.77,     //
      8.53, 409.44, 6.11, 534.9, -10.04, 21.0,         //
      -165.54, -5.86, -386.42, -10.04, 842.69, -1.18,  //
      -7.8, 62.73, 10.77, 21.0, -1.18, 224.32;
  b.M_A = A;
  b.M_inv = (b.M_RB + b.M_A).inverse();
  b.damping.linear << 74.82, 0, 0, 0, 0, 0,  //
      0, 69.48, 0, 0, 0, 5.1,                //
      0, 0, 728.4, 0, 3.2, 0,                //
      0, 0, 0, 268.8, 0, 0,                  //
      0, 0, 4.1, 0, 309.77, 0,               //
      0, 6.2, 0, 0, 0, 105;
  const double dq[6] = {748.22, 992.53, 1821.01, 672, 802.2, 3.14};
  for (int i = 0; i < 6; ++i)
    b.damping.quadratic.push_back({i, i, i, dq[i], false});
  b.damping.quadratic.push_back({dof::r, dof::v, dof::r, 12.0, false});
  b.damping.quadratic.push_back({dof::v, dof::r, dof::v, 9.0, false});
  SubmergedRestoring r;
  r.f_weight_W = b.mass * Vec3(0, 0, -9.81);
  r.f_buoyancy_W = 1.8 * 1028 * Vec3(0, 0, 9.81);
  r.p_BoBcm = b.p_BoBcm;
  r.p_BoBcb = Vec3(0.0, 0.0, 0.3);
  b.restoring = r;
  b.v_current_override_W = Vec3(0.3, -0.2, 0.0);
  b.q_WB0 = quat_from_euler_zyx(0.05, -0.02, 0.7);
  b.V_WB_B0 << 1.2, 0.1, -0.05, 0.02, 0.03, 0.1;
  return b;
}

Model rexrov_with_thrusters(double dt) {
  struct Pose {
    double x, y, z, roll, pitch, yaw;  // m, deg
  };
  const Pose poses[] = {{-0.890895, 0.334385, 0.528822, 0, -74.53, -53.21},
                        {-0.890895, -0.334385, 0.528822, 0, -74.53, 53.21},
                        {0.890895, 0.334385, 0.528822, 0, -105.47, 53.21},
                        {0.890895, -0.334385, 0.528822, 0, -105.47, -53.21},
                        {-0.412125, 0.505415, 0.129, 0, 0, 45},
                        {-0.412125, -0.505415, 0.129, 0, 0, -45},
                        {0.412125, 0.505415, 0.129, 0, 0, 135},
                        {0.412125, -0.505415, 0.129, 0, 0, -135}};
  constexpr double kDeg = std::numbers::pi / 180.0;
  Model m;
  m.dt = dt;
  m.bodies = {rexrov_body()};
  int index = 0;
  for (const Pose& p : poses) {
    Thruster t;
    t.actuator = index;
    t.p_BoP_B = Vec3(p.x, p.y, p.z);
    t.axis_B = quat_from_euler_zyx(p.roll * kDeg, p.pitch * kDeg, p.yaw * kDeg) * Vec3::UnitX();
    t.curve = QuadraticThrust{0.00031, 0.00031, 0.0};
    t.torque_factor = 0.0;
    m.bodies[0].thrusters.push_back(t);
    ActuatorModel a;
    a.model_name = "rexrov";
    a.name = "thruster_" + std::to_string(index);
    a.body = 0;
    a.dynamics.dynamics = FirstOrderRotor{0.05};
    a.dynamics.x_min = -2540.0;
    a.dynamics.x_max = 2540.0;
    a.command_min = -2540.0;
    a.command_max = 2540.0;
    m.actuators.push_back(a);
    ++index;
  }
  return m;
}

}  // namespace leeway::bench
