// Spatial algebra for 6-D twists, wrenches and inertias.
//
// Order: every 6-vector is linear-first, as Fossen and SNAME write it:
//   twist  V = [u v w p q r]   (linear velocity, then angular velocity)
//   wrench F = [X Y Z K M N]   (force, then moment)
// Use the named offsets in `dof` rather than bare indices.
//
// A twist or wrench is "about" a point and "expressed in" a frame; names say both (see frames.h).
// The transport matrix H moves them between points of one rigid body (Fossen 2021, eq. 3.41):
//   V_P = H(r) V_Bo,   F_Bo = H(r)^T F_P,   with r = p_BoP (P relative to Bo) and
//   H(r) = [ I  S(r)^T ]
//          [ 0  I      ]
// so power is invariant: F_Bo . V_Bo = F_P . V_P.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <numbers>

namespace leeway {

/// pi, once for every file that works in angles (a unity build holds several files in one unit).
inline constexpr double kPi = std::numbers::pi;

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat6 = Eigen::Matrix<double, 6, 6>;
using Quat = Eigen::Quaterniond;

/// Named offsets into linear-first 6-vectors.
namespace dof {
inline constexpr int u = 0, v = 1, w = 2, p = 3, q = 4, r = 5;
inline constexpr int kLinear = 0;   ///< start of the linear block (u, v, w or X, Y, Z)
inline constexpr int kAngular = 3;  ///< start of the angular block (p, q, r or K, M, N)
}  // namespace dof

/// Cross-product matrix: skew(a) * b == a.cross(b).
inline Mat3 skew(const Vec3& a) {
  Mat3 s;
  s << 0.0, -a.z(), a.y(),  //
      a.z(), 0.0, -a.x(),   //
      -a.y(), a.x(), 0.0;
  return s;
}

inline auto linear(const Vec6& x) {
  return x.segment<3>(dof::kLinear);
}
inline auto angular(const Vec6& x) {
  return x.segment<3>(dof::kAngular);
}

inline Vec6 stack(const Vec3& lin, const Vec3& ang) {
  Vec6 x;
  x << lin, ang;
  return x;
}

/// H(r) of the header comment: maps a twist about Bo to the twist about P, r = p_BoP.
Mat6 transport_matrix(const Vec3& p_BoP);

/// Wrench about P -> the same wrench about Bo (both expressed in the same frame).
inline Vec6 shift_wrench_to_origin(const Vec6& F_P, const Vec3& p_BoP) {
  return stack(linear(F_P), angular(F_P) + p_BoP.cross(linear(F_P)));
}

/// Twist about Bo -> twist of the same body about P (both expressed in the same frame).
inline Vec6 shift_twist(const Vec6& V_Bo, const Vec3& p_BoP) {
  return stack(linear(V_Bo) + angular(V_Bo).cross(p_BoP), angular(V_Bo));
}

/// Re-expresses a 6x6 matrix given about P (mapping twists about P to wrenches about P)
/// about Bo: H^T M_P H. Used for mass, added-mass and linear damping matrices.
Mat6 transport_to_origin(const Mat6& M_P, const Vec3& p_BoP);

/// Rigid-body spatial inertia about the body origin Bo, expressed in B (Fossen's M_RB, eq. 3.44):
///   M_RB = [ m I          -m S(r_g) ]
///          [ m S(r_g)      I_Bo     ],  I_Bo = I_Bcm - m S(r_g)^2,  r_g = p_BoBcm.
/// `I_Bcm` is the inertia tensor about the centre of mass, in B axes [kg m^2].
Mat6 rigid_body_mass_matrix(double mass, const Vec3& p_BoBcm, const Mat3& I_Bcm);

}  // namespace leeway
