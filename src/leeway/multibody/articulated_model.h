// The compiled, immutable description of an articulated tree: links joined by moving joints, the
// first of them (the base) joined to the world, fixed or free. Links that an SDF model joins with
// fixed joints are one link here (sdf/link_merging merges them first). Built once by a loader or a
// test with add_link(); the algorithms (kinematics.h, aba.h, rnea.h, energy.h) only read it.
//
// Each link L carries its inertia about its own origin Lo, in L, as the single body does
// (body/body_model.h): the rigid body's M_RB and the water's added mass M_A, both 6x6 and
// symmetric, linear-first. The articulated-body algorithm takes M = M_RB + M_A whole into each
// link's articulated inertia, so a light link with a large added mass is as stable as a single
// body is (the added mass is never an explicit force a step late).
//
// Links are stored parents first: a link's parent has a smaller index (-1: the world). Positions
// q and velocities v are one vector each for the whole tree; each joint owns the slice
// [q_start, q_start + nq) and [v_start, v_start + nv) (joint.h gives nq and nv per kind).
#pragma once

#include <string>
#include <vector>

#include "leeway/core/pose.h"
#include "leeway/core/spatial.h"
#include "leeway/hydro/coriolis.h"
#include "leeway/multibody/joint.h"
#include "leeway/multibody/placement.h"

namespace leeway {

struct ArticulatedLink {
  std::string name;
  int parent = -1;  ///< the parent link's index; -1: the world

  // The joint to the parent (joint.h's frames F, M and the child C = L).
  std::string joint_name;
  JointKind joint = JointKind::kFree;
  Pose X_PF;                    ///< the joint's fixed frame F in the parent (or the world)
  Pose X_MC;                    ///< this link in the joint's moving frame M
  Vec3 axis_F = Vec3::UnitZ();  ///< unit axis, in F (and M); revolute, continuous, prismatic
  JointDynamics dynamics;       ///< its spring, damping, friction and limits (one-coordinate)

  /// A frame between two joints and nothing else (the cross of a universal joint, two revolute
  /// joints through one point): no mass, no inertia, and a link with inertia must hang from it
  /// at its origin, whose articulated inertia its joint then moves.
  bool frame_only = false;

  // Inertia about Lo, in L [kg, kg m, kg m^2].
  Mat6 M_RB = Mat6::Zero();             ///< the rigid body's (rigid_body_mass_matrix)
  Mat6 M_A = Mat6::Zero();              ///< the water's added mass; zero in air
  MunkMoment munk = MunkMoment::kKeep;  ///< as BodyModel's (hydro/coriolis.h)
  bool added_mass_coriolis = true;      ///< include C_A(nu_r) nu_r, as BodyModel's

  // Filled by add_link().
  int q_start = 0, v_start = 0;
  int nq = 0, nv = 0;
  Mat6 M = Mat6::Zero();  ///< M_RB + M_A
  MotionSubspace S_L;     ///< the joint's motion subspace in L: ^L X_M S_M
  /// X_PL(q) without a quaternion for the one-coordinate joints (kinematics.cc): by Rodrigues'
  /// formula R_FM = I + sin q K + (1 - cos q) K^2 (K = S(a)) for revolute and continuous,
  ///   X_PL = X_PL_terms[0] + sin q X_PL_terms[1] + (1 - cos q) X_PL_terms[2],
  /// rotations and translations alike; for prismatic, R_PL = terms[0].R and
  /// p_PL = terms[0].p + q terms[1].p.
  Placement X_PL_terms[3];
  /// S^T M S of a one-coordinate joint: the least inertia its joint can see (a subtree's
  /// articulated inertia is at least the link's own), which bounds how fast its spring and
  /// damping act (articulated_integrator.h). For a frame-only link, the least rotational inertia
  /// of the link hanging from it about its origin, set when that link is added.
  double own_joint_inertia = 0.0;
};

struct ArticulatedModel {
  std::vector<ArticulatedLink> links;
  int nq = 0;  ///< position coordinates of the whole tree
  int nv = 0;  ///< velocities (degrees of freedom) of the whole tree
  /// The fastest rate of any joint's spring (sqrt(k / I)) [1/s], I its own_joint_inertia, or of
  /// whatever else a loader knows relaxes a link as fast (a float's drag, body/integrator.h):
  /// the integrator's substeps keep it times the substep at most 2. A joint's damping needs no
  /// substeps: where it is stiff it acts implicitly (articulated_integrator.h).
  double joint_rate = 0.0;
};

/// Appends `link` to `model` and returns its index. Throws std::invalid_argument, naming the
/// link, when its parent is not an earlier link or the world, its axis is zero (it is normalised
/// otherwise), or M_RB + M_A is not symmetric positive definite (a moving link must have mass and
/// inertia in every direction its joint moves, and this checks all six: a massless link would leave
/// D = S^T IA S singular at a leaf; a frame-only link must have neither, and hang a link with
/// them from its origin before anything else hangs from it), or its joint's dynamics are
/// negative, not numbers, or its limits are empty (lower > upper) or on a joint that has none
/// (ball, free, continuous).
int add_link(ArticulatedModel& model, ArticulatedLink link);

}  // namespace leeway
