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
// Cancelling removes one half of a skew pair, so C_A then no longer does zero work: a model that
// cancels it relies on its damping to stay passive.
//
// The functions return the generalised force that goes on the right-hand side,
//   M nu_dot = ... - C(nu) nu,
// as a wrench about Bo in B [N, N m].
#pragma once

#include "leeway/core/spatial.h"

namespace leeway {

/// C(nu) of the header comment (for tests and linearisation; the step uses coriolis_wrench).
Mat6 coriolis_matrix(const Mat6& M, const Vec6& nu);

/// -C(nu) nu, optionally without the Munk moment v x (M11 v).
Vec6 coriolis_wrench(const Mat6& M, const Vec6& nu, bool cancel_munk_moment = false);

}  // namespace leeway
