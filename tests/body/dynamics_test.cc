#include "leeway/body/dynamics.h"

#include <gtest/gtest.h>

#include "leeway/core/rotation.h"
#include "leeway/hydro/coriolis.h"
#include "test_util.h"

namespace leeway {
namespace {

TEST(Dynamics, ForwardAndInverseDynamicsAgree) {
  // M nu_dot + C_RB nu + C_A nu_r + D nu_r + g - M_A nu_c_dot = tau, evaluated independently.
  BodyModel b =
      testing::make_body(30.0, Vec3(2, 3, 4), (Vec6() << 3, 20, 25, 0.5, 2, 2).finished());
  b.p_BoBcm = Vec3(0.02, 0.0, -0.03);
  testing::recompile(b);
  b.damping.linear.diagonal() << 5, 10, 10, 1, 2, 2;
  b.damping.quadratic.push_back({dof::u, dof::u, dof::u, 3.0, false});
  b.v_current_override_W = Vec3(0.2, -0.1, 0.0);
  SubmergedRestoring r;
  r.f_weight_W = Vec3(0, 0, -30 * 9.81);
  r.f_buoyancy_W = Vec3(0, 0, 29 * 9.81);
  r.p_BoBcm = b.p_BoBcm;
  r.p_BoBcb = Vec3(0, 0, 0.02);
  b.restoring = r;
  BodyState s;
  s.q_WB = quat_from_euler_zyx(0.1, -0.2, 0.7);
  s.V_WB_B << 1.2, 0.1, -0.2, 0.05, 0.1, -0.3;
  const Vec6 tau = (Vec6() << 10, -5, 3, 0.5, -1, 2).finished();
  HeldLoads held;
  held.F_ext_Bo_B = tau;
  const Vec6 nu_dot =
      compute_body_state_rate(b, Environment{}, EnvironmentState{}, 0.0, s, held).nu_dot;

  const Mat3 R = s.q_WB.toRotationMatrix();
  Vec6 nu_r = s.V_WB_B;
  nu_r.head<3>() -= R.transpose() * *b.v_current_override_W;
  Vec6 nu_c_dot = Vec6::Zero();
  nu_c_dot.head<3>() = -Vec3(s.V_WB_B.tail<3>()).cross(R.transpose() * *b.v_current_override_W);
  const Vec6 lhs = (b.M_RB + b.M_A) * nu_dot + coriolis_matrix(b.M_RB, s.V_WB_B) * s.V_WB_B +
                   coriolis_matrix(b.M_A, nu_r) * nu_r - damping_wrench(b.damping, nu_r) -
                   submerged_restoring_wrench(r, R) - b.M_A * nu_c_dot;
  EXPECT_TRUE(lhs.isApprox(tau, 1e-12)) << (lhs - tau).transpose();
}

TEST(Dynamics, WrenchTermsAreReportedSeparately) {
  BodyModel b = testing::make_body(10.0, Vec3(1, 1, 1));
  b.damping.linear(dof::u, dof::u) = 2.0;
  BodyState s;
  s.V_WB_B[dof::u] = 3.0;
  const BodyWrenches w =
      compute_body_wrenches(b, Environment{}, EnvironmentState{}, 0.0, s, HeldLoads{});
  EXPECT_DOUBLE_EQ(w.terms[BodyWrenches::kDamping][dof::u], -6.0);
  EXPECT_EQ(BodyWrenches::name(BodyWrenches::kDamping), "damping");
  EXPECT_TRUE(w.terms[BodyWrenches::kRestoring].isZero(0.0));
}

}  // namespace
}  // namespace leeway
