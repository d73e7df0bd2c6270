// A tree's joint limits and Coulomb friction, as impulses after each integrator step (as DART's
// joint constraints, which gz-sim uses, are): position limits as hard, inelastic stops; velocity
// limits as a cap; friction as an impulse of at most friction * h against the joint's motion,
// which holds it still while the other forces ask less than the friction (static) and slows it at
// friction / inertia while it slides (kinetic, the same coefficient: SDF has one).
//
// Each active joint j gives a row: v+_j = v_j + (H^-1 J^T lambda)_j, with bounds on lambda:
//   position at its lower limit   target v+_j = 0,           lambda >= 0 (it may leave)
//   position at its upper limit   target v+_j = 0,           lambda <= 0
//   |v_j| over its velocity limit  target v+_j = +-limit,    lambda towards the limit
//   friction                       target v+_j = 0,          |lambda| <= friction * h
// solved by projected Gauss-Seidel on the rows' Delassus matrix J H^-1 J^T (H the joint-space
// mass matrix, rnea.h; built only on a step where some row is active, which a joint resting
// against friction makes every step). A position past its limit is first put back on it (the
// integrator's overshoot, at most the step's motion). A joint friction holds (its impulse inside
// its bound) is put back where it was before the step: the impulse stops its velocity, and it did
// not move while held (without this it would creep by its weight's 1/2 a h^2 a step).
#pragma once

#include "leeway/multibody/articulated_data.h"

namespace leeway {

/// Applies the rows above to `state` after a step of h [s] from the positions `q_before`; `data`
/// is the workspace (its kinematics end at `state` when a row was active). Returns the number of
/// active rows.
int apply_joint_constraints(const ArticulatedModel& model, ArticulatedData& data,
                            ArticulatedState& state, const Eigen::VectorXd& q_before, double h);

}  // namespace leeway
