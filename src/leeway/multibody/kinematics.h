// The position and velocity stage of an articulated tree: where each link is and how it moves.
// One pass from the base to the leaves (parents first, articulated_model.h):
//   X_PL = X_PF X_FM(q) X_MC                (joint.h; its child C is the link L),
//   X_WL = X_WP X_PL,
//   V_L  = ^L X_P V_P + S_L v_joint         (V_P = 0 for the world),
//   c_L  = V_L x (S_L v_joint)              (spatial_cross.h; joint.h says why it is all of it).
#pragma once

#include "leeway/multibody/articulated_data.h"

namespace leeway {

/// Writes data's position and velocity stage (X_LP, X_WL, V_L, c_L) for `state`.
void forward_kinematics(const ArticulatedModel& model, const ArticulatedState& state,
                        ArticulatedData& data);

}  // namespace leeway
