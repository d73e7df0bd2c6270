#include "leeway/sensors/imu.h"

namespace leeway {

ImuTruth imu_truth(const Pose& X_BS, const BodyState& state, const Vec6& nu_dot, const Vec3& g_W) {
  const Vec3 v = linear(state.V_WB_B), omega = angular(state.V_WB_B);
  const Vec3& r = X_BS.p;
  const Vec3 a_Bo = linear(nu_dot) + omega.cross(v);
  const Vec3 a_So = a_Bo + angular(nu_dot).cross(r) + omega.cross(omega.cross(r));
  const Mat3 R_SB = X_BS.q.conjugate().toRotationMatrix();
  ImuTruth out;
  out.f_S = R_SB * (a_So - state.q_WB.conjugate() * g_W);
  out.omega_S = R_SB * omega;
  out.q_WS = state.q_WB * X_BS.q;
  return out;
}

}  // namespace leeway
