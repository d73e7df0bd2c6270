#include "leeway/multibody/rnea.h"

#include <vector>

namespace leeway {

Eigen::VectorXd inverse_dynamics(const ArticulatedModel& model, const ArticulatedData& data,
                                 const Eigen::VectorXd& v_dot) {
  const int n = static_cast<int>(model.links.size());
  // Base to leaves: each link's acceleration and the wrench its joint must pass to it.
  std::vector<Vec6> A_L(n), f_L(n);
  for (int i = 0; i < n; ++i) {
    const ArticulatedLink& link = model.links[i];
    A_L[i] = link.S_L * v_dot.segment(link.v_start, link.nv) + data.c_L[i];
    if (link.parent >= 0) A_L[i] += data.X_LP[i].apply(A_L[link.parent]);
    f_L[i] =
        link.M * A_L[i] - data.F_L[i] - link_velocity_wrench(link, data.V_L[i], data.V_water_L[i]);
  }
  // Leaves to base: each joint's share, and what the parent's joint carries of it.
  Eigen::VectorXd tau(model.nv);
  for (int i = n - 1; i >= 0; --i) {
    const ArticulatedLink& link = model.links[i];
    tau.segment(link.v_start, link.nv) = link.S_L.transpose() * f_L[i];
    if (link.parent >= 0) f_L[link.parent] += data.X_LP[i].apply_transpose(f_L[i]);
  }
  return tau;
}

Eigen::MatrixXd mass_matrix(const ArticulatedModel& model, const ArticulatedData& data) {
  std::vector<Mat6> I_c(model.links.size());
  Eigen::MatrixXd H(model.nv, model.nv);
  mass_matrix(model, data, I_c, H);
  return H;
}

void mass_matrix(const ArticulatedModel& model, const ArticulatedData& data, std::vector<Mat6>& I_c,
                 Eigen::MatrixXd& H) {
  const int n = static_cast<int>(model.links.size());
  // Each link's subtree's composite inertia, about Lo in L.
  for (int i = 0; i < n; ++i)
    I_c[i] = model.links[i].M;
  for (int i = n - 1; i >= 0; --i) {
    const int parent = model.links[i].parent;
    if (parent < 0) continue;
    const Mat6 X = data.X_LP[i].matrix();
    I_c[parent] += X.transpose() * I_c[i] * X;
  }
  H.setZero();
  for (int i = 0; i < n; ++i) {
    const ArticulatedLink& link = model.links[i];
    // F: the wrenches, about each ancestor's origin in its frame, that accelerate the subtree
    // along this joint's directions.
    Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6> F = I_c[i] * link.S_L;
    H.block(link.v_start, link.v_start, link.nv, link.nv) = link.S_L.transpose() * F;
    for (int j = i; model.links[j].parent >= 0;) {
      for (int k = 0; k < link.nv; ++k)
        F.col(k) = data.X_LP[j].apply_transpose(F.col(k));
      j = model.links[j].parent;
      const ArticulatedLink& ancestor = model.links[j];
      const JointMatrix H_ji = ancestor.S_L.transpose() * F;
      H.block(ancestor.v_start, link.v_start, ancestor.nv, link.nv) = H_ji;
      H.block(link.v_start, ancestor.v_start, link.nv, ancestor.nv) = H_ji.transpose();
    }
  }
}

}  // namespace leeway
