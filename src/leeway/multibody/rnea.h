// Inverse dynamics and the joint-space mass matrix of an articulated tree: the recursive
// Newton-Euler algorithm (Featherstone 2008, Table 5.1) and the composite-rigid-body algorithm
// (Table 6.2), in the same frames and with the same link equation as aba.h. They are the
// articulated-body algorithm's independent checks (tests/multibody): ABA's v_dot fed to
// inverse_dynamics gives back tau, and mass_matrix(q) v_dot = tau - inverse_dynamics(v_dot = 0).
#pragma once

#include <Eigen/Core>

#include "leeway/multibody/articulated_data.h"

namespace leeway {

/// The joint forces tau [N m, N] that give the tree the accelerations v_dot (model.nv) under the
/// loads F_L and V_water_L of `data`, at its kinematics' state (forward_kinematics first).
Eigen::VectorXd inverse_dynamics(const ArticulatedModel& model, const ArticulatedData& data,
                                 const Eigen::VectorXd& v_dot);

/// H(q): the tree's joint-space mass matrix (nv x nv, symmetric, added mass included), at the
/// kinematics' positions: its kinetic energy is 1/2 v^T H v in still water.
Eigen::MatrixXd mass_matrix(const ArticulatedModel& model, const ArticulatedData& data);

/// The same into `H` (sized nv x nv), with `I_c` (one per link) the subtrees' composite
/// inertias: allocating nothing.
void mass_matrix(const ArticulatedModel& model, const ArticulatedData& data, std::vector<Mat6>& I_c,
                 Eigen::MatrixXd& H);

}  // namespace leeway
