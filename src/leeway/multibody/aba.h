// Forward dynamics of an articulated tree: Featherstone's articulated-body algorithm (Rigid Body
// Dynamics Algorithms, 2008, Table 7.1), O(n) in the links, in Leeway's linear-first order and in
// each link's own frame. Each link obeys Fossen's equation about its origin,
//   M a_L = F_L + w_L(V_L, V_water_L) + (its joint's wrench) - (its children's joints' wrenches),
// M = M_RB + M_A and w_L the velocity wrench (articulated_data.h link_velocity_wrench). Gravity is
// no acceleration of the world here: weight and buoyancy are wrenches in F_L, because with added
// mass in M the world-acceleration trick would weigh the water too (a link would fall at g with
// weight m g on an inertia m + m_A).
//
// Pass 1 (kinematics.h) gives V_L and c_L. Pass 2, leaves to base:
//   IA = M + sum_children X^T Ia X,   pA = -F_L - w_L + sum_children X^T pa,
//   U = IA S,  D = S^T U,  u = tau - S^T pA,
//   Ia = IA - U D^-1 U^T,  pa = pA + Ia c + U D^-1 u       (what the parent sees of this link).
// Pass 3, base to leaves:
//   a' = ^L X_P a_P + c   (a_P = 0 for the world),   v_dot = D^-1 (u - U^T a'),   a = a' + S v_dot.
// The accelerations are the body-frame derivatives of the twists (Fossen's nu_dot, for a free
// base).
#pragma once

#include "leeway/multibody/articulated_data.h"

namespace leeway {

/// Writes data's acceleration stage (v_dot, A_L and the passes' workspace) from its kinematics
/// (forward_kinematics, called first at the same state) and its loads F_L, V_water_L, tau.
void forward_dynamics(const ArticulatedModel& model, ArticulatedData& data);

}  // namespace leeway
