#include "leeway/multibody/aba.h"

#include <Eigen/Cholesky>

namespace leeway {

void forward_dynamics(const ArticulatedModel& model, ArticulatedData& data) {
  const int n = static_cast<int>(model.links.size());
  for (int i = 0; i < n; ++i) {
    const ArticulatedLink& link = model.links[i];
    data.IA_L[i] = link.M;
    data.pA_L[i] = -data.F_L[i] - link_velocity_wrench(link, data.V_L[i], data.V_water_L[i]);
  }
  for (int i = n - 1; i >= 0; --i) {
    const ArticulatedLink& link = model.links[i];
    const MotionSubspace& S = link.S_L;
    data.U[i] = data.IA_L[i] * S;
    const JointMatrix D = S.transpose() * data.U[i];
    data.D_inv[i] = D.llt().solve(JointMatrix::Identity(link.nv, link.nv));
    data.u[i] = data.tau.segment(link.v_start, link.nv) - S.transpose() * data.pA_L[i];
    if (link.parent < 0) continue;
    const MotionSubspace UD_inv = data.U[i] * data.D_inv[i];
    const Mat6 Ia = data.IA_L[i] - UD_inv * data.U[i].transpose();
    const Vec6 pa = data.pA_L[i] + Ia * data.c_L[i] + UD_inv * data.u[i];
    const Mat6 X = data.X_LP[i].matrix();
    data.IA_L[link.parent] += X.transpose() * Ia * X;
    data.pA_L[link.parent] += data.X_LP[i].apply_transpose(pa);
  }
  for (int i = 0; i < n; ++i) {
    const ArticulatedLink& link = model.links[i];
    const Vec6 a_prime =
        (link.parent < 0 ? Vec6::Zero() : data.X_LP[i].apply(data.A_L[link.parent])) + data.c_L[i];
    const JointVector v_dot = data.D_inv[i] * (data.u[i] - data.U[i].transpose() * a_prime);
    data.v_dot.segment(link.v_start, link.nv) = v_dot;
    data.A_L[i] = a_prime + link.S_L * v_dot;
  }
}

}  // namespace leeway
