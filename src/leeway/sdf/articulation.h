// How a model's links form an articulated tree (multibody/articulated_model.h), read from its
// SDF (or the URDF sdformat turns into SDF).
//
// Links joined by a joint that does not move are one body, a group, merged as link_merging.h
// merges a whole model. A joint does not move when it is
//   - fixed;
//   - revolute or prismatic with equal limits: UUV Simulator mounts every sensor and its arms'
//     bases on such joints (`<limit lower="0" upper="0">`), which gz-sim's DART locks;
//   - one the caller keeps fixed: a joint an actuator stands in for (a propeller's spin joint,
//     whose turning the thruster's rotor model carries; world/model.h's actuators).
// Every other joint (revolute, continuous, prismatic, ball, universal) joins two groups, parent to
// child (a universal joint as two revolute joints through a frame-only cross: the first <axis>
// turns the cross, <axis2> in the turned frame turns the child, as DART's universal joint),
// and the groups form a tree whose root holds the model's canonical link. A group's frame is its
// root link's: the canonical link's for the root, the child link of its joint for the others.
//
// Refused, each with the joint's file, line and element: a joint that would close a loop (its
// child already hangs from another joint, or both its ends are in one group), a joint whose
// links the model does not have, a zero axis, a joint type Leeway cannot move yet (revolute2,
// screw, gearbox), and (at build_articulated_model) a moving group whose mass or
// inertia is not positive definite. Nested models a joint holds stay merged into their parent's
// group, whatever their own joints (link_merging.h warns about those).
//
// A joint's <axis><dynamics> and <limit> become its JointDynamics: damping, friction,
// spring_stiffness and spring_reference as written; lower and upper (SDF's +-1e16 default is
// none); velocity and effort, where a value <= 0 is none (SDF writes -1 for none; URDF's mounts
// write 0).
#pragma once

#include <map>
#include <optional>
#include <sdf/Model.hh>
#include <set>
#include <string>
#include <vector>

#include "leeway/body/body_model.h"
#include "leeway/core/error.h"
#include "leeway/multibody/articulated_model.h"

namespace leeway::sdfio {

struct LinkGroup {
  std::string root_link;           ///< its frame's link
  std::vector<std::string> links;  ///< every link in it, the root first
  double mass = 0.0;               ///< [kg]
  Vec3 p_GoGcm = Vec3::Zero();     ///< centre of mass [m], in G
  Mat3 I_Gcm = Mat3::Zero();       ///< inertia about it [kg m^2], in G's axes
  SourceLocation where;            ///< its root <link>
};

struct GroupJoint {
  std::string name;
  JointKind kind = JointKind::kRevolute;
  int parent = 0, child = 0;    ///< group indices; parent < child
  Pose X_PF;                    ///< the joint's frame in the parent group's
  Pose X_MC;                    ///< the child group's frame in the joint's (at zero)
  Vec3 axis_F = Vec3::UnitZ();  ///< unit, in the joint's frame
  JointDynamics dynamics;
  /// A universal joint's second axis (<axis2>), in the joint's frame as the first turned it, and
  /// its dynamics; none for the other kinds.
  std::optional<Vec3> axis2_F;
  JointDynamics dynamics2;
  SourceLocation where;  ///< the <joint>
};

struct ModelArticulation {
  std::vector<LinkGroup> groups;   ///< parents first; groups[0] holds the canonical link
  std::vector<GroupJoint> joints;  ///< joints[i - 1] is the joint of groups[i]
  std::map<std::string, int> group_of_link;
  /// Every joint that does not move and why: "fixed", "equal limits" or "kept fixed".
  std::map<std::string, std::string> fixed_joints;
};

/// The model's tree as the header says; `kept_fixed` names joints the caller keeps fixed.
ModelArticulation articulate(const sdf::Model& model, const std::set<std::string>& kept_fixed,
                             Diagnostics& diagnostics);

/// The tree as an ArticulatedModel, in the groups' order (a universal joint's cross, named
/// `JOINT::cross`, just before its child, whose joint is then `JOINT::axis2`): group 0 on a free
/// joint (a vehicle), or, with `fixed_at`, group 0 fixed to the world there and its children
/// hanging from the world (a rig, an arm on a pedestal). Each link's M_RB is its group's inertia
/// and it has no added mass, or, with `group_bodies` (one per group; the fixed base's unread),
/// each takes its group's body's M_RB, M_A, Munk and C_A options (what the group's plugins give
/// it). A group add_link() refuses is a LoadError at its root <link> (its mass or inertia), or
/// at its <joint>.
ArticulatedModel build_articulated_model(const ModelArticulation& articulation,
                                         const std::optional<Pose>& fixed_at = std::nullopt,
                                         const std::vector<const BodyModel*>& group_bodies = {});

}  // namespace leeway::sdfio
