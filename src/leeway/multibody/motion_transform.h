// ^C X_P: the change of a motion vector's coordinates from frame P to frame C, in Leeway's
// linear-first order (Featherstone 2008, eq. 2.24, with the blocks swapped):
//
//   ^C X_P = [ R_CP   -R_CP S(p) ]      p = p_PoCo, in P
//            [ 0       R_CP      ]
//
// since a twist about Po, [v_Po; w], is [v_Po + w x p; w] about Co. Forces go the other way with
// the transpose: a wrench about Co in C is the wrench ^C X_P^T f_C about Po in P
// ([f; n] -> [R_PC f; n_P + p x f_P]). The articulated-body algorithm carries velocities and
// accelerations from parent to child with apply(), and forces and articulated inertias from
// child to parent with apply_transpose() and X^T I X.
#pragma once

#include "leeway/core/spatial.h"

namespace leeway {

struct MotionTransform {
  Mat3 R_CP = Mat3::Identity();
  Vec3 p_PoCo_P = Vec3::Zero();

  /// ^C X_P m: the motion vector m (about Po, in P) about Co, in C.
  Vec6 apply(const Vec6& m_P) const {
    const Vec3 w_P = angular(m_P);
    return stack(R_CP * (linear(m_P) - p_PoCo_P.cross(w_P)), R_CP * w_P);
  }

  /// ^C X_P^T f: the force vector f (about Co, in C) about Po, in P.
  Vec6 apply_transpose(const Vec6& f_C) const {
    const Vec3 f_P = R_CP.transpose() * linear(f_C);
    return stack(f_P, R_CP.transpose() * angular(f_C) + p_PoCo_P.cross(f_P));
  }

  /// X^T I X: a symmetric 6x6 inertia (a mass matrix, an articulated inertia) about Co in C,
  /// about Po in P. In 3x3 blocks, I = [A B; B^T C], with A' = R^T A R (B', C' alike), S = S(p):
  ///   X^T I X = [ A'              B' - A' S                 ]
  ///             [ B'^T + S A'     C' - S A' S + S B' - B'^T S ]
  /// and, A' being symmetric and S skew, S A' = -(A' S)^T and B'^T S = -(S B')^T: five 3x3
  /// products and three for the rotation, a third of the two 6x6 products' work.
  Mat6 transform_inertia_to_parent(const Mat6& I_C) const {
    const Mat3 R_PC = R_CP.transpose();
    const Mat3 A = R_PC * I_C.block<3, 3>(0, 0) * R_CP;
    const Mat3 B = R_PC * I_C.block<3, 3>(0, 3) * R_CP;
    const Mat3 C = R_PC * I_C.block<3, 3>(3, 3) * R_CP;
    const Mat3 S = skew(p_PoCo_P);
    const Mat3 AS = A * S, SB = S * B;
    Mat6 I_P;
    I_P.block<3, 3>(0, 0) = A;
    I_P.block<3, 3>(0, 3) = B - AS;
    I_P.block<3, 3>(3, 0) = I_P.block<3, 3>(0, 3).transpose();
    I_P.block<3, 3>(3, 3) = C - S * AS + SB + SB.transpose();
    return I_P;
  }

  /// The 6x6 matrix of the header.
  Mat6 matrix() const {
    Mat6 X = Mat6::Zero();
    X.block<3, 3>(0, 0) = R_CP;
    X.block<3, 3>(0, 3) = -R_CP * skew(p_PoCo_P);
    X.block<3, 3>(3, 3) = R_CP;
    return X;
  }
};

}  // namespace leeway
