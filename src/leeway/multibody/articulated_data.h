// The changing part of an articulated tree: its state (q, v) and the workspace its algorithms
// write, grouped by the stage that writes it (as MuJoCo's mjData). Sized once for a model by
// make_articulated_data(); no algorithm allocates.
//
// Stages, in the order a step runs them:
//   forward_kinematics (kinematics.h)  X_LP, X_WL, V_L, c_L           from q, v
//   the caller                         F_L, V_water_L, tau            the loads at that state
//   forward_dynamics (aba.h)           IA_L, pA_L, U, D_inv, u, A_L,  v_dot
//   integrate_articulated              stage, q_dot, sums, q_before   (the above, 4 times each)
//   apply_joint_constraints            constraints                    after each substep
// inverse_dynamics (rnea.h) and the energies (energy.h) read the kinematics' stage and the
// caller's; mass_matrix (rnea.h) the kinematics' alone.
#pragma once

#include <Eigen/Cholesky>
#include <Eigen/Core>
#include <vector>

#include "leeway/core/pose.h"
#include "leeway/multibody/articulated_model.h"
#include "leeway/multibody/motion_transform.h"

namespace leeway {

/// One active row of the joint constraints (joint_constraints.h).
struct ConstraintRow {
  int v_index, q_index;
  double target;                  ///< the v+ it drives towards
  double lambda_min, lambda_max;  ///< the impulse's bounds [N m s or N s]
  bool friction = false;
};

/// What apply_joint_constraints works in, sized for the model on first use.
struct ConstraintWorkspace {
  std::vector<ConstraintRow> rows;  ///< at most 3 per one-coordinate joint
  std::vector<Mat6> I_c;            ///< each link's subtree's composite inertia (mass_matrix)
  Eigen::MatrixXd H;                ///< the joint-space mass matrix
  Eigen::LLT<Eigen::MatrixXd> H_llt;
  Eigen::MatrixXd J, response;  ///< J^T and H^-1 J^T, nv x rows
  Eigen::VectorXd lambda, v;    ///< the rows' impulses; the velocities they give
};

/// The tree's state: every joint's coordinates and velocities (articulated_model.h's layout).
struct ArticulatedState {
  Eigen::VectorXd q;  ///< model.nq
  Eigen::VectorXd v;  ///< model.nv

  bool operator==(const ArticulatedState&) const = default;
};

/// Every joint at its zero (joint_neutral_position), at rest.
ArticulatedState neutral_state(const ArticulatedModel& model);

struct ArticulatedData {
  // Position and velocity stage: forward_kinematics.
  std::vector<MotionTransform> X_LP;  ///< ^L X_P: from the parent's (or the world's) frame
  std::vector<Placement> X_WL;        ///< each link's placement in the world
  std::vector<Vec6> V_L;              ///< its twist in W, about Lo in L [m/s, rad/s]
  std::vector<Vec6> c_L;              ///< V_L x (S_L v_joint): the velocity-product acceleration

  // The loads, filled by the caller after forward_kinematics.
  std::vector<Vec6> F_L;        ///< every applied wrench on the link, about Lo in L [N, N m]:
                                ///< weight, buoyancy, damping, thrust; not the link's inertia
                                ///< (its Coriolis terms are added here) nor its joint's
  std::vector<Vec6> V_water_L;  ///< the water's velocity at the link, as a twist about Lo in L:
                                ///< the added mass's Coriolis terms and energy are relative to it
  Eigen::VectorXd tau;          ///< the joints' generalised forces [N m, N], model.nv

  // Acceleration stage: forward_dynamics.
  std::vector<Mat6> IA_L;          ///< articulated inertia about Lo, in L
  std::vector<Vec6> pA_L;          ///< articulated bias force about Lo, in L
  std::vector<MotionSubspace> U;   ///< IA_L S_L
  std::vector<JointMatrix> D_inv;  ///< (S_L^T IA_L S_L + armature)^-1
  std::vector<JointVector> u;      ///< tau - S_L^T pA_L
  std::vector<Vec6> A_L;           ///< each link's spatial acceleration, about Lo in L
  Eigen::VectorXd v_dot;           ///< the joints' accelerations, model.nv

  // The integrator's stages (articulated_integrator.h), kept here so that a step allocates
  // nothing.
  ArticulatedState stage;                ///< the state a stage evaluates
  Eigen::VectorXd q_dot;                 ///< its position rates, model.nq
  Eigen::VectorXd q_dot_sum, v_dot_sum;  ///< RK4's weighted sums of the stages' rates
  Eigen::VectorXd q_before;              ///< the positions a substep starts from
  /// Each joint's implicit damping over the substep (articulated_integrator.h), h d where its
  /// damping is stiff at the substep h, else 0: added to the joint's inertia, model.nv.
  Eigen::VectorXd armature;
  ConstraintWorkspace constraints;
  /// Each link's A_L at the step's first stage, at its start state and time: what the step's
  /// outputs report (world/step_data.h), as the single body's nu_dot.
  std::vector<Vec6> A_L_start;
};

/// A workspace sized for `model`: zero loads, still water.
ArticulatedData make_articulated_data(const ArticulatedModel& model);

/// The wrench the link's inertia adds to its loads because it moves: Fossen's -C_RB(V) V for the
/// rigid body and -C_A(V_r) V_r for the added mass, V_r = V - V_water (hydro/coriolis.h; equal to
/// -(V x* M V), multibody/spatial_cross.h), with the link's Munk option and without C_A where the
/// link says so. About Lo in L.
Vec6 link_velocity_wrench(const ArticulatedLink& link, const Vec6& V_L, const Vec6& V_water_L);

}  // namespace leeway
