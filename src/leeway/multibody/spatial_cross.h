// The spatial cross products of articulated-body dynamics, in Leeway's linear-first order
// (core/spatial.h: V = [v; w], F = [f; n]). Featherstone writes them angular-first (Rigid Body
// Dynamics Algorithms, 2008, eqs. 2.31-2.32); swapping the blocks gives
//
//   motion_cross(V) m = V x m  = [ w x m_lin + v x m_ang ;  w x m_ang ]
//       crm(V) = [ S(w)  S(v) ]
//                [ 0     S(w) ]
//   force_cross(V) f  = V x* f = [ w x f_lin ;  w x f_ang + v x f_lin ]
//       crf(V) = [ S(w)  0    ]  = -crm(V)^T
//                [ S(v)  S(w) ]
//
// with S(.) the cross-product matrix (core/spatial.h skew). crm is how a motion vector fixed in
// a frame that moves with twist V changes (the velocity-product term of an acceleration, c_i of
// the articulated-body algorithm); crf the same for a force vector (the bias force V x* M V of a
// body's momentum). They are dual: (V x* f) . m = -f . (V x m), so a body's momentum M V with M
// symmetric does no work on V. Fossen's Coriolis and centripetal wrench is the same term:
// hydro/coriolis.h coriolis_wrench(M, V) = -(V x* (M V)), for M_RB and for the added mass M_A
// alike, the Munk moment included; the tests hold the two together.
#pragma once

#include "leeway/core/spatial.h"

namespace leeway {

/// V x m: the motion vector m (a twist or an acceleration) seen from a frame moving with twist V.
inline Vec6 motion_cross(const Vec6& V, const Vec6& m) {
  return stack(angular(V).cross(linear(m)) + linear(V).cross(angular(m)),
               angular(V).cross(angular(m)));
}

/// V x* f: the force vector f (a wrench or a momentum) seen from a frame moving with twist V.
inline Vec6 force_cross(const Vec6& V, const Vec6& f) {
  return stack(angular(V).cross(linear(f)),
               angular(V).cross(angular(f)) + linear(V).cross(linear(f)));
}

/// crm(V) of the header: motion_cross(V, m) == motion_cross_matrix(V) * m.
inline Mat6 motion_cross_matrix(const Vec6& V) {
  Mat6 X = Mat6::Zero();
  X.block<3, 3>(0, 0) = skew(angular(V));
  X.block<3, 3>(0, 3) = skew(linear(V));
  X.block<3, 3>(3, 3) = skew(angular(V));
  return X;
}

/// crf(V) of the header: force_cross(V, f) == force_cross_matrix(V) * f == -crm(V)^T f.
inline Mat6 force_cross_matrix(const Vec6& V) {
  return -motion_cross_matrix(V).transpose();
}

}  // namespace leeway
