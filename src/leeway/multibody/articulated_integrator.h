// Fixed-step integration of an articulated tree: the classical fourth-order Runge-Kutta the
// single body uses (body/integrator.h, which says why RK4), on (q, v). Each stage runs the
// kinematics, asks the caller for the loads at that state and time, and runs the articulated-body
// algorithm; positions advance by joint_position_rate (joint.h). Quaternions (ball and free
// joints) are renormalised once at the end of the step, as the single body's is; the kinematics
// reads them normalised at every stage.
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

/// Advances `state` from time t by dt [s]. On return `data` holds the last stage's evaluation
/// (at t + dt, before the step's final combination), not the new state's.
void integrate_articulated(const ArticulatedModel& model, ArticulatedData& data,
                           ArticulatedState& state, double t, double dt,
                           const ArticulatedLoads& loads);

}  // namespace leeway
