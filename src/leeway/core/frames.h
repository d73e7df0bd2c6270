// Frames and the monogram notation used throughout Leeway (after Drake).
//
// Frames
//   W    the world: ENU (x East, y North, z Up), origin at the SDF world origin.
//   B    a body's reference link frame: FLU (x forward, y left, z up), origin Bo.
//   Bcm  B's centre of mass;  Bcb  B's centre of buoyancy;  F  a centre of flotation.
//   P    a point or frame on B where a force model is defined (a reference point, a thruster).
//   NED and FRD appear only at the boundaries (SDF parameter sets, recordings) with `_ned`/`_frd`.
//
// Names: quantity, then reference and target, then the expressed-in frame when it differs.
//   p_WB      position of Bo measured from W's origin, expressed in W            [m]
//   p_BoBcm   position of Bcm from Bo, expressed in B                             [m]
//   R_WB      rotation with v_W = R_WB * v_B  (q_WB is the same as a quaternion)
//   V_WB_B    twist of B in W, about Bo, expressed in B: Fossen's nu = [u v w p q r]
//   V_rel_B   twist of B relative to the water (Fossen's nu_r), about Bo, in B
//   F_Bo_B    wrench on B about Bo, expressed in B: [X Y Z K M N]                 [N, N m]
//   v_c_W     water-current velocity in W                                         [m/s]
// Fossen's matrices keep their names (M_RB, M_A, C_A, D) and act about Bo in B axes unless a
// name says otherwise.
//
// Conversions
//   ENU <-> NED:  (x, y, z)_ned = (y, x, -z)_enu; the same map goes back.
//   FLU <-> FRD:  (x, y, z)_frd = (x, -y, -z)_flu; the same map goes back. On 6-vectors it is
//   T = diag(1, -1, -1, 1, -1, -1), and a 6x6 matrix converts as T M T: the couplings between
//   {u, p} and {v, w, q, r} change sign, the rest do not.
#pragma once

#include "leeway/core/spatial.h"

namespace leeway {

/// R_NE: maps ENU coordinates to NED coordinates (a symmetric involution).
inline Mat3 ned_from_enu() {
  Mat3 R;
  R << 0, 1, 0,  //
      1, 0, 0,   //
      0, 0, -1;
  return R;
}

/// R_FLU_FRD = R_FRD_FLU = diag(1, -1, -1).
inline Mat3 frd_from_flu() {
  return Eigen::Vector3d(1.0, -1.0, -1.0).asDiagonal();
}

inline Vec3 enu_to_ned(const Vec3& x_enu) {
  return {x_enu.y(), x_enu.x(), -x_enu.z()};
}
inline Vec3 ned_to_enu(const Vec3& x_ned) {
  return {x_ned.y(), x_ned.x(), -x_ned.z()};
}
inline Vec3 flu_to_frd(const Vec3& x_flu) {
  return {x_flu.x(), -x_flu.y(), -x_flu.z()};
}
inline Vec3 frd_to_flu(const Vec3& x_frd) {
  return flu_to_frd(x_frd);
}

/// T = diag(1, -1, -1, 1, -1, -1): converts a twist or wrench between FLU and FRD, both ways.
inline Vec6 flu_frd_signs() {
  Vec6 t;
  t << 1, -1, -1, 1, -1, -1;
  return t;
}
inline Vec6 flip_flu_frd(const Vec6& x) {
  return x.cwiseProduct(flu_frd_signs());
}

/// T M T: converts a 6x6 (mass, damping, restoring) matrix between FLU and FRD, both ways.
inline Mat6 flip_flu_frd(const Mat6& M) {
  const Vec6 t = flu_frd_signs();
  return t.asDiagonal() * M * t.asDiagonal();
}

/// Attitude of an FRD body in NED from the attitude of the same body as FLU in ENU:
/// R_NED_FRD = R_NE * R_WB * R_FLU_FRD.
inline Quat ned_frd_from_enu_flu(const Quat& q_WB) {
  return Quat(ned_from_enu() * q_WB.toRotationMatrix() * frd_from_flu());
}
inline Quat enu_flu_from_ned_frd(const Quat& q_ned_frd) {
  return Quat(ned_from_enu() * q_ned_frd.toRotationMatrix() * frd_from_flu());
}

}  // namespace leeway
