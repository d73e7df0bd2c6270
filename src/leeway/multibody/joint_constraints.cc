#include "leeway/multibody/joint_constraints.h"

#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>

#include "leeway/multibody/kinematics.h"
#include "leeway/multibody/rnea.h"

namespace leeway {
namespace {

/// The rows of the header for the joints of `model` at `state` into `rows`, positions put back
/// on limits.
void active_rows(const ArticulatedModel& model, ArticulatedState& state, double h,
                 std::vector<ConstraintRow>& rows) {
  rows.clear();
  for (const ArticulatedLink& link : model.links) {
    if (link.nv != 1) continue;  // the one-coordinate joints: the dynamics are theirs
    const JointDynamics& d = link.dynamics;
    double& q = state.q[link.q_start];
    const double v = state.v[link.v_start];
    const int j = link.v_start, i = link.q_start;
    if (q <= d.lower) {
      q = d.lower;
      if (v < 0.0) rows.push_back({j, i, 0.0, 0.0, INFINITY});
    } else if (q >= d.upper) {
      q = d.upper;
      if (v > 0.0) rows.push_back({j, i, 0.0, -INFINITY, 0.0});
    }
    if (v > d.velocity_limit) rows.push_back({j, i, d.velocity_limit, -INFINITY, 0.0});
    if (v < -d.velocity_limit) rows.push_back({j, i, -d.velocity_limit, 0.0, INFINITY});
    if (d.friction > 0.0) rows.push_back({j, i, 0.0, -d.friction * h, d.friction * h, true});
  }
}

}  // namespace

int apply_joint_constraints(const ArticulatedModel& model, ArticulatedData& data,
                            ArticulatedState& state, const Eigen::VectorXd& q_before, double h) {
  ConstraintWorkspace& c = data.constraints;
  active_rows(model, state, h, c.rows);
  const std::vector<ConstraintRow>& rows = c.rows;
  if (rows.empty()) return 0;
  const int k = static_cast<int>(rows.size());
  forward_kinematics(model, state, data);
  mass_matrix(model, data, c.I_c, c.H);
  c.H_llt.compute(c.H);
  auto J = c.J.leftCols(k);  // J^T: one unit column per row
  J.setZero();
  for (int r = 0; r < k; ++r)
    J(rows[r].v_index, r) = 1.0;
  auto response = c.response.leftCols(k);  // H^-1 J^T: each row's unit impulse's dv
  response = J;
  c.H_llt.solveInPlace(response);
  auto lambda = c.lambda.head(k);
  lambda.setZero();
  Eigen::VectorXd& v = c.v;
  v = state.v;
  for (int sweep = 0; sweep < 100; ++sweep) {
    double largest_change = 0.0;
    for (int r = 0; r < k; ++r) {
      const ConstraintRow& row = rows[r];
      const double A_rr = response(row.v_index, r);
      const double wanted = lambda[r] - (v[row.v_index] - row.target) / A_rr;
      const double next = std::clamp(wanted, row.lambda_min, row.lambda_max);
      const double change = next - lambda[r];
      if (change == 0.0) continue;
      v += response.col(r) * change;
      lambda[r] = next;
      largest_change = std::max(largest_change, std::abs(change) * A_rr);
    }
    if (largest_change <= 1e-14 * (1.0 + v.cwiseAbs().maxCoeff())) break;
  }
  // A joint friction holds (its impulse inside its bound) did not move over the step.
  for (int r = 0; r < k; ++r) {
    const ConstraintRow& row = rows[r];
    if (!row.friction || std::abs(lambda[r]) >= row.lambda_max) continue;
    v[row.v_index] = 0.0;
    state.q[row.q_index] = q_before[row.q_index];
  }
  state.v = v;
  forward_kinematics(model, state, data);
  return k;
}

}  // namespace leeway
