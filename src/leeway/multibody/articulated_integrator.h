// Fixed-step integration of an articulated tree: the classical fourth-order Runge-Kutta the
// single body uses (body/integrator.h, which says why RK4), on (q, v). Each stage runs the
// kinematics, asks the caller for the loads at that state and time, and runs the articulated-body
// algorithm; positions advance by joint_position_rate (joint.h). Quaternions (ball and free
// joints) are renormalised once at the end of the step, as the single body's is; the kinematics
// reads them normalised at every stage.
//
// The joints' springs and dampers (joint.h JointDynamics) are added to the caller's tau at every
// stage, -k (q - q_ref) - d q_dot. They can be stiff on a light link: the step is cut into as many
// substeps as keep their fastest rate (ArticulatedModel::joint_rate) times the substep at most 2
// (the single body's bound on its drag, body/integrator.h). After each substep the limits and
// the friction act as impulses (joint_constraints.h).
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
