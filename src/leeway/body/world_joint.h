// A body held to the world on one axis: an SDF <joint> whose parent is `world`, of type revolute
// (it turns about a fixed line) or prismatic (it slides along a fixed direction). gz-sim's rigs
// (the lift-drag test's wing on a rail) and VRX's articulated platform are built this way.
//
// The joint's motion subspace s (a 6-vector, about Bo in B) is constant in B for both types:
//   revolute about the unit axis a through the point p (both in B):  s = [p x a; a],
//     since Bo's velocity is omega x (Bo - p) = (p x a) qdot;
//   prismatic along a:                                              s = [a; 0].
// The twist is nu = s qdot, so the acceleration is s qddot, and the joint's reaction (a wrench R
// with s^T R = 0: it does no work along the axis) drops out of s^T (M nu_dot) = s^T (F + R):
//   qddot = s^T F / (s^T M s),  nu_dot = P F,  P = s (s^T M s)^-1 s^T.
// P takes the place of M^-1 (BodyModel::M_inv): the integrator is unchanged, and a drag bound
// computed from it (shape_float_drag_rate) is the one along the axis.
//
// The integrator moves the pose from the twist; its error leaves the axis at O(dt^5) a step, so
// keep_on_joint() puts the body back on it after each step, exactly: the joint position q is
// read from the pose, the pose rebuilt from q, and the twist made s qdot. Position limits are
// hard stops: a body reaching one stops there (the velocity into the stop is lost, an inelastic
// contact, as a simulator's joint limit without restitution behaves).
//
// A joint may instead be driven, kinematically, by an actuator (a JointPositionController's
// position servo, a JointController's velocity): the body then moves as the actuator's state
// prescribes, whatever the forces on it (its loads are still computed and reported), as a
// simulator's joint motor of unlimited effort does. drive_joint() moves it over a step.
#pragma once

#include <cmath>
#include <string>

#include "leeway/body/body_state.h"
#include "leeway/core/spatial.h"

namespace leeway {

struct WorldJoint {
  enum class Type { kRevolute, kPrismatic };
  std::string name;  ///< the SDF joint's
  Type type = Type::kRevolute;
  Vec3 axis_B = Vec3::UnitZ();   ///< a, unit, in B
  Vec3 p_BoJo_B = Vec3::Zero();  ///< p: a point of a revolute joint's axis [m], in B
  /// Position limits [rad or m] from the start pose (q = 0 there, as in SDF); a revolute one's
  /// within [-pi, pi].
  double lower = -INFINITY, upper = INFINITY;
  Vec3 p_WB_zero = Vec3::Zero();  ///< the body's pose at q = 0
  Quat q_WB_zero = Quat::Identity();
  /// Free: the forces move the body. Position, velocity: actuator `driver`'s state
  /// (Model::actuators) is q [rad or m] or qdot [rad/s or m/s].
  enum class Drive { kFree, kPosition, kVelocity };
  Drive drive = Drive::kFree;
  int driver = -1;
};

/// s, the twist of B (about Bo, in B) per unit joint velocity.
Vec6 motion_subspace(const WorldJoint& joint);

/// P = s (s^T M s)^-1 s^T: the acceleration per wrench of a body of mass matrix M (about Bo,
/// in B) on the joint.
Mat6 constrained_inverse_mass(const WorldJoint& joint, const Mat6& M);

/// The joint position [rad or m] of a body at `state` (on the joint, or near it).
double joint_position(const WorldJoint& joint, const BodyState& state);

/// Puts `state` on the joint at position q clamped to the limits, with the twist s qdot (zero
/// into a limit it reached).
void place_on_joint(const WorldJoint& joint, double q, double q_dot, BodyState& state);

/// Puts `state` exactly on the joint, at the position and joint velocity it has (or near).
void keep_on_joint(const WorldJoint& joint, BodyState& state);

/// Moves a driven joint's body over a step of dt from `start`, its driver's state being x0, x_mid
/// and x1 at the step's start, middle and end: to q = x1 with qdot = (x1 - x0) / dt (position),
/// or by qdot's integral by Simpson's rule, exact for the quadratic the step's actuator states
/// follow, with qdot = x1 (velocity). Limits stop it as they stop a free body.
void drive_joint(const WorldJoint& joint, const BodyState& start, double x0, double x_mid,
                 double x1, double dt, BodyState& state);

}  // namespace leeway
