// The joints of an articulated tree: how a child link C moves relative to its parent P.
//
// Frames (Drake's names): F is the joint's frame fixed on the parent, M the joint's frame moving
// with the child. The child link sits at
//   X_PC(q) = X_PF * X_FM(q) * X_MC,
// with X_PF and X_MC constant and X_FM(q) the joint's own displacement (identity at q = 0, the
// pose the SDF file gives). A joint's velocity v is M's twist relative to F, expressed in M:
//   V_FM_M = S_M v,   S_M = [a; 0] prismatic, [0; a] revolute, [0; I] ball, I free
// (linear-first, about Mo; a the unit axis, the same in F and M since a joint moves along or
// about it). S_M is constant in M, so S_C = ^C X_M S_M is constant in the child, and the
// velocity-product term of the child's acceleration is V_C x (S_C v) alone (Featherstone 2008,
// Table 4.1: c_J = 0 for all four kinds with these velocity variables).
//
// Coordinates q, in the model's vector at the joint's offset:
//   revolute, continuous  1: the angle [rad], about a                         nv 1
//   prismatic             1: the displacement [m], along a                    nv 1
//   ball                  4: the quaternion q_FM, coefficients (x, y, z, w)    nv 3: w_FM_M [rad/s]
//   free                  7: p_FM [m] in F, then q_FM (x, y, z, w)             nv 6: V_FM_M [m/s,
//   rad/s]
// A free joint is the floating base of a vehicle: its F is the world. Quaternions are kept unit by
// the integrator (articulated_integrator.h); kinematics normalises them again when it reads them.
#pragma once

#include <Eigen/Core>
#include <cmath>

#include "leeway/core/pose.h"
#include "leeway/core/spatial.h"

namespace leeway {

enum class JointKind { kRevolute, kContinuous, kPrismatic, kBall, kFree };

/// What SDF's <axis><dynamics> and <axis><limit> (URDF's <dynamics> and <limit>) give a
/// one-coordinate joint, in its own unit: [rad] for revolute and continuous, [m] for prismatic.
/// None of them by default. The integrator applies the spring and the damping as joint forces
/// (articulated_integrator.h) and the rest as impulses after each step (joint_constraints.h).
struct JointDynamics {
  double damping = 0.0;           ///< viscous [N m s/rad or N s/m], >= 0
  double friction = 0.0;          ///< Coulomb, the most it resists with [N m or N], >= 0
  double spring_stiffness = 0.0;  ///< [N m/rad or N/m], >= 0
  double spring_reference = 0.0;  ///< the spring's rest position [rad or m]
  double lower = -INFINITY;       ///< position limits [rad or m]; none on a continuous joint
  double upper = INFINITY;
  double velocity_limit = INFINITY;  ///< |q_dot| at most [rad/s or m/s]
  double effort_limit = INFINITY;    ///< |tau| a command may ask at most [N m or N] (actuators')

  bool operator==(const JointDynamics&) const = default;
};

/// A joint's motion subspace: 6 rows (linear-first), one column per velocity (at most 6). Its
/// storage is fixed (no allocation) and sized at run time.
using MotionSubspace = Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6>;
/// A joint's own vectors and square matrices (velocities, torques, D = S^T IA S): at most 6.
using JointVector = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 6, 1>;
using JointMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>;

/// Number of position coordinates (nq) and of velocities (nv) of a joint kind.
int joint_nq(JointKind kind);
int joint_nv(JointKind kind);

/// S_M of the header: the twist of M relative to F per unit joint velocity, in M about Mo.
/// `axis` is unit (revolute, continuous, prismatic; unused otherwise).
MotionSubspace joint_motion_subspace(JointKind kind, const Vec3& axis);

/// X_FM(q) of the header, from the joint's nq coordinates (a ball's or free joint's quaternion
/// is normalised here).
Pose joint_displacement(JointKind kind, const Vec3& axis, const double* q);

/// q_dot from v (the nq rates of the joint's nq coordinates): v itself for one-coordinate joints;
/// 1/2 q_FM (x) w for a quaternion; R_FM v_lin for a free joint's position.
void joint_position_rate(JointKind kind, const double* q, const double* v, double* q_dot);

/// The joint's zero: angle or displacement 0, identity quaternion, origin.
void joint_neutral_position(JointKind kind, double* q);

}  // namespace leeway
