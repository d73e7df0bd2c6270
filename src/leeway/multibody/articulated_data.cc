#include "leeway/multibody/articulated_data.h"

namespace leeway {

ArticulatedState neutral_state(const ArticulatedModel& model) {
  ArticulatedState state{Eigen::VectorXd::Zero(model.nq), Eigen::VectorXd::Zero(model.nv)};
  for (const ArticulatedLink& link : model.links)
    joint_neutral_position(link.joint, state.q.data() + link.q_start);
  return state;
}

ArticulatedData make_articulated_data(const ArticulatedModel& model) {
  const size_t n = model.links.size();
  ArticulatedData data;
  data.X_LP.resize(n);
  data.X_WL.resize(n);
  data.V_L.assign(n, Vec6::Zero());
  data.c_L.assign(n, Vec6::Zero());
  data.F_L.assign(n, Vec6::Zero());
  data.V_water_L.assign(n, Vec6::Zero());
  data.tau = Eigen::VectorXd::Zero(model.nv);
  data.IA_L.assign(n, Mat6::Zero());
  data.pA_L.assign(n, Vec6::Zero());
  data.U.resize(n);
  data.D_inv.resize(n);
  data.u.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const int nv = model.links[i].nv;
    data.U[i] = MotionSubspace::Zero(6, nv);
    data.D_inv[i] = JointMatrix::Zero(nv, nv);
    data.u[i] = JointVector::Zero(nv);
  }
  data.A_L.assign(n, Vec6::Zero());
  data.A_L_start.assign(n, Vec6::Zero());
  data.v_dot = Eigen::VectorXd::Zero(model.nv);
  data.armature = Eigen::VectorXd::Zero(model.nv);
  // A one-coordinate joint has at most three rows: a limit, its velocity cap and its friction.
  ConstraintWorkspace& c = data.constraints;
  const int most_rows = 3 * model.nv;
  c.rows.reserve(static_cast<std::size_t>(most_rows));
  c.I_c.resize(n);
  c.H = Eigen::MatrixXd::Zero(model.nv, model.nv);
  c.H_llt = Eigen::LLT<Eigen::MatrixXd>(model.nv);
  c.J = c.response = Eigen::MatrixXd::Zero(model.nv, most_rows);
  c.lambda = Eigen::VectorXd::Zero(most_rows);
  c.v = Eigen::VectorXd::Zero(model.nv);
  data.stage = neutral_state(model);
  data.q_dot = data.q_dot_sum = data.q_before = Eigen::VectorXd::Zero(model.nq);
  data.v_dot_sum = Eigen::VectorXd::Zero(model.nv);
  return data;
}

Vec6 link_velocity_wrench(const ArticulatedLink& link, const Vec6& V_L, const Vec6& V_water_L) {
  if (!link.added_mass_coriolis) return coriolis_wrench(link.M_RB, V_L);
  // In still water, with the Munk moment kept, the two terms are one: -(V x* (M_RB + M_A) V).
  if (link.munk == MunkMoment::kKeep && V_water_L.isZero(0.0)) return coriolis_wrench(link.M, V_L);
  return coriolis_wrench(link.M_RB, V_L) + coriolis_wrench(link.M_A, V_L - V_water_L, link.munk);
}

}  // namespace leeway
