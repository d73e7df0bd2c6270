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
  // Leaves to base. A one-axis joint (most of an arm's) takes the scalar path: S is one column,
  // D a number.
  for (int i = n - 1; i >= 0; --i) {
    const ArticulatedLink& link = model.links[i];
    const Mat6& IA = data.IA_L[i];
    const Vec6& pA = data.pA_L[i];
    Mat6 Ia;
    Vec6 pa;
    if (link.nv == 1) {
      const Vec6 s = link.S_L.col(0), U = IA * s;
      const double D_inv = 1.0 / (s.dot(U) + data.armature[link.v_start]);
      const double u = data.tau[link.v_start] - s.dot(pA);
      data.U[i].col(0) = U;
      data.D_inv[i](0, 0) = D_inv;
      data.u[i][0] = u;
      if (link.parent < 0) continue;
      Ia = IA - (D_inv * U) * U.transpose();
      pa = pA + Ia * data.c_L[i] + (D_inv * u) * U;
    } else if (link.nv == 6) {
      // A free joint, at fixed size: Eigen's products and solves of dynamic size (the general
      // case below) allocate.
      const Mat6 S = link.S_L;
      const Mat6 U = IA * S;
      const Mat6 D_inv = (S.transpose() * U).llt().solve(Mat6::Identity());
      const Vec6 u = data.tau.segment<6>(link.v_start) - S.transpose() * pA;
      data.U[i] = U;
      data.D_inv[i] = D_inv;
      data.u[i] = u;
      if (link.parent < 0) continue;
      const Mat6 UD_inv = U * D_inv;
      Ia = IA - UD_inv * U.transpose();
      pa = pA + Ia * data.c_L[i] + UD_inv * u;
    } else {
      const MotionSubspace& S = link.S_L;
      data.U[i] = IA * S;
      const JointMatrix D = S.transpose() * data.U[i];
      data.D_inv[i] = D.llt().solve(JointMatrix::Identity(link.nv, link.nv));
      data.u[i] = data.tau.segment(link.v_start, link.nv) - S.transpose() * pA;
      if (link.parent < 0) continue;
      const MotionSubspace UD_inv = data.U[i] * data.D_inv[i];
      Ia = IA - UD_inv * data.U[i].transpose();
      pa = pA + Ia * data.c_L[i] + UD_inv * data.u[i];
    }
    data.IA_L[link.parent] += data.X_LP[i].transform_inertia_to_parent(Ia);
    data.pA_L[link.parent] += data.X_LP[i].apply_transpose(pa);
  }
  // Base to leaves.
  for (int i = 0; i < n; ++i) {
    const ArticulatedLink& link = model.links[i];
    const Vec6 a_prime =
        (link.parent < 0 ? Vec6::Zero() : data.X_LP[i].apply(data.A_L[link.parent])) + data.c_L[i];
    if (link.nv == 1) {
      const double v_dot = data.D_inv[i](0, 0) * (data.u[i][0] - data.U[i].col(0).dot(a_prime));
      data.v_dot[link.v_start] = v_dot;
      data.A_L[i] = a_prime + link.S_L.col(0) * v_dot;
    } else if (link.nv == 6) {
      const Mat6 U = data.U[i], D_inv = data.D_inv[i];
      const Vec6 v_dot = D_inv * (Vec6(data.u[i]) - U.transpose() * a_prime);
      data.v_dot.segment<6>(link.v_start) = v_dot;
      data.A_L[i] = a_prime + Mat6(link.S_L) * v_dot;
    } else {
      const JointVector v_dot = data.D_inv[i] * (data.u[i] - data.U[i].transpose() * a_prime);
      data.v_dot.segment(link.v_start, link.nv) = v_dot;
      data.A_L[i] = a_prime + link.S_L * v_dot;
    }
  }
}

}  // namespace leeway
