// How an articulated model sits in a world (world/model.h): its tree (multibody/) and the bodies
// that are its links, whose states the tree's kinematics write.
#pragma once

#include <vector>

#include "leeway/body/body_state.h"
#include "leeway/multibody/articulated_data.h"

namespace leeway {

/// An actuator (Model::actuators) whose state is the generalised force [N m or N] on the
/// one-coordinate joint of kernel link `link` (sdf/joint_efforts.h).
struct JointEffort {
  int link = -1;
  int actuator = -1;
};

/// A model whose links move on joints: the tree that moves them (multibody/), each of its links
/// one of Model::bodies (with BodyModel::tree naming the tree), carrying the link's force
/// models. The first link is the model's canonical link's body, on a free joint (a vehicle), or
/// the first to move from a base fixed to the world (an arm on a pedestal; the base is scenery).
struct ArticulatedTree {
  ArticulatedModel kernel;
  /// One per kernel link: its body's index in Model::bodies; -1 for a frame-only link (a
  /// universal joint's cross), which has no body.
  std::vector<int> link_body;
  std::vector<JointEffort> efforts;  ///< the forces actuators put on its joints
};

/// Puts a free-floating base (a tree whose first joint is free) at `p_WB`, `q_WB` in `joints`;
/// a tree on a base fixed to the world is left as it is.
void place_free_base(const ArticulatedTree& tree, const Vec3& p_WB, const Quat& q_WB,
                     ArticulatedState& joints);

/// Writes each link body's state from `data`'s kinematics: p_WB and q_WB its link's placement,
/// V_WB_B its link's twist (the link frame is its body's B).
void place_link_bodies(const ArticulatedTree& tree, const ArticulatedData& data,
                       std::vector<BodyState>& bodies);

/// The same from the tree's state `joints` (its kinematics computed here, allocating): for a
/// client or a test that sets a tree's joints between steps, so that its link bodies agree.
void place_link_bodies(const ArticulatedTree& tree, const ArticulatedState& joints,
                       std::vector<BodyState>& bodies);

}  // namespace leeway
