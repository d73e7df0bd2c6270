// Coriolis and centripetal terms built from a mass matrix.
//
// Law (Fossen 2021, Thm 3.2 and eq. 6.43): for a 6x6 mass matrix M about Bo in B axes, with
// nu = [v; w] (linear, angular) and M split into 3x3 blocks M11, M12, M21, M22,
//   a = M11 v + M12 w,   b = M21 v + M22 w,
//   C(nu) = [ 0       -S(a) ]        C(nu) nu = [ w x a         ]
//           [ -S(a)   -S(b) ],                  [ v x a + w x b ].
// C is skew-symmetric for every nu, so nu^T C(nu) nu = 0: these terms do no work.
// The same construction gives C_RB(nu) from M_RB and C_A(nu_r) from M_A, the latter evaluated on
// the velocity relative to the water. M must be symmetric (the loader symmetrises M_A).
//
// Munk moment: the part of C_A nu_r nu_r that couples linear velocities into a moment,
// v_r x (A11 v_r). It is the destabilising yaw moment of a slender hull; it is physical and kept
// unless a model asks to cancel it (some published models fold it into their damping fit).
// Two ways to cancel it, both found in published models:
//   moment only   drop v_r x (A11 v_r) from the moment. This removes one half of each skew pair,
//                 so C_A then no longer does zero work: the model relies on its damping to stay
//                 passive.
//   skew pairs    zero the entries of C_A that carry the pitch and yaw Munk moments, (4,0), (4,2),
//                 (5,0), (5,1), and their skew partners (0,4), (2,4), (0,5), (1,5) (0-based), as
//                 Fossen's REMUS 100 does (reference/fossen-vehicles). C_A stays skew-symmetric, so
//                 it still does no work; the partners take with them the added-mass terms
//                 A33 w q - A22 v r in surge, A11 u r in sway and A11 u q in heave.
//
// The functions return the generalised force that goes on the right-hand side,
//   M nu_dot = ... - C(nu) nu,
// as a wrench about Bo in B [N, N m].
#pragma once

#include "leeway/core/spatial.h"

namespace leeway {

/// C(nu) of the header comment (for tests and linearisation; the step uses coriolis_wrench).
Mat6 coriolis_matrix(const Mat6& M, const Vec6& nu);

enum class MunkMoment { kKeep, kCancelMoment, kCancelSkewPairs };

/// -C(nu) nu, with the Munk moment kept or cancelled as above.
Vec6 coriolis_wrench(const Mat6& M, const Vec6& nu, MunkMoment munk = MunkMoment::kKeep);

}  // namespace leeway
