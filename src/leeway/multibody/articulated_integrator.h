// Fixed-step integration of an articulated tree: the classical fourth-order Runge-Kutta the
// single body uses (body/integrator.h, which says why RK4), on (q, v). Each stage runs the
// kinematics, asks the caller for the loads at that state and time, and runs the articulated-body
// algorithm; positions advance by joint_position_rate (joint.h). Quaternions (ball and free
// joints) are renormalised once at the end of the step, as the single body's is; the kinematics
// reads them normalised at every stage.
//
// The joints' springs and dampers (joint.h JointDynamics) are added to the caller's tau at every
// stage, -k (q - q_ref) - d q_dot. They can be stiff on a light link. A spring (and whatever else
// ArticulatedModel::joint_rate bounds) cuts the step into as many substeps as keep its rate times
// the substep at most 2 (the single body's bound on its drag, body/integrator.h). A damper whose
// rate d / I (I the joint's own_joint_inertia) times the substep h exceeds 2 acts implicitly
// instead, as MuJoCo's and Drake's joint damping do: h d is added to the joint's inertia in the
// articulated-body algorithm (an armature, ArticulatedData::armature), so its stages solve
// (M + h D) v_dot = tau - D v. Its velocity then relaxes at d / (I + h d) < 1 / h, which RK4
// keeps stable and smooth: an overdamped joint (the Oberon 7's fingers, d = 100 N m s/rad on
// 1e-4 kg m^2) settles over about a step to the motion it would follow, tau / d, rather than
// within its true I / d, and costs no substeps (explicitly it would need d h / 2 I = 5000 of them
// at 10 ms). A damper that is not stiff acts explicitly, to RK4's order. After each substep the
// limits and the friction act as impulses (joint_constraints.h).
#pragma once

#include <functional>

#include "leeway/multibody/articulated_data.h"

namespace leeway {

/// Fills data.F_L, data.V_water_L and data.tau for the tree at `state` and time `t` [s]; the
/// kinematics of `data` are already at `state` when it is called.
using ArticulatedLoads =
    std::function<void(double t, const ArticulatedState& state, ArticulatedData& data)>;

/// q_dot (model.nq) for the velocities of `state`, written into `q_dot` (sized model.nq).
void position_rate(const ArticulatedModel& model, const ArticulatedState& state,
                   Eigen::VectorXd& q_dot);

/// The substeps a step of dt [s] takes: 1, or ceil(joint_rate dt / 2).
int articulated_substeps(const ArticulatedModel& model, double dt);

/// Adds each one-coordinate joint's spring and damping, -k (q - q_ref) - d q_dot, to tau.
void add_joint_passive_forces(const ArticulatedModel& model, const ArticulatedState& state,
                              Eigen::VectorXd& tau);

/// Advances `state` from time t by dt [s], in articulated_substeps(model, dt) substeps. On return
/// `data` holds the last stage's evaluation (at t + dt, before the step's final combination), or
/// the new state's kinematics where a joint constraint acted.
void integrate_articulated(const ArticulatedModel& model, ArticulatedData& data,
                           ArticulatedState& state, double t, double dt,
                           const ArticulatedLoads& loads);

}  // namespace leeway
