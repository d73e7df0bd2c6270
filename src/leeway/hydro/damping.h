// Hydrodynamic damping: linear and quadratic, with full coupling tables.
//
// Law, about a reference point P, in B axes (Fossen 2021, eq. 6.61, with SNAME coupling terms):
//   F_P_i = - sum_j Dl_ij nu_j                          linear           [kg/s, kg m/s, kg m^2/s]
//           - sum_(j,k) Dq_ijk nu_j |nu_k|              quadratic, |nu|nu form
//           - sum_(j,k) Ds_ijk nu_j nu_k                quadratic, signed nu nu form
// with nu = V_P the water-relative twist about P (nu_P = H(p_BoP) nu_r), in the axes the
// coefficients are written in: B's, or those of a link fixed to B (R_BP; a drag quadratic on a
// link's axes is not one on B's). The wrench is turned back to B's axes and moved to Bo by H^T.
// Optionally the linear force in row i fades with the relative speed U = |v_P|: its part -Dl_i. nu
// is multiplied by exp(-k_i U), as Fossen's REMUS 100 does in surge and sway (k = 3 s/m;
// reference/fossen-vehicles), so the linear damping that holds a slow vehicle gives way to the
// quadratic drag of a fast one. Coefficients are positive when they dissipate (Fossen's sign; SNAME
// derivatives such as gz-sim's xU are their negatives, converted at load). The signed form nu_j
// nu_k is what gz-sim's `xUU` means since gz-sim 7.3: it dissipates only while nu_k has the sign of
// the fit.
//
// Each quadratic coefficient is stored as one term (i, j, k), so a model with a few couplings costs
// a few multiplications, and a full 6x6x6 table is still expressible.
#pragma once

#include <vector>

#include "leeway/core/spatial.h"

namespace leeway {

struct QuadraticDampingTerm {
  int force;           ///< i: the wrench component it acts on (dof::u ... dof::r)
  int velocity;        ///< j: the velocity component that sets its sign
  int magnitude;       ///< k: the velocity component whose magnitude (or signed value) scales it
  double coefficient;  ///< Dq_ijk or Ds_ijk, positive when dissipative
  bool signed_square;  ///< false: nu_j |nu_k|;  true: nu_j nu_k
};

struct DampingModel {
  Mat6 linear = Mat6::Zero();                   ///< Dl about P, in B axes
  std::vector<QuadraticDampingTerm> quadratic;  ///< Dq and Ds terms about P
  Vec3 p_BoP = Vec3::Zero();                    ///< reference point P [m], in B
  Mat3 R_BP = Mat3::Identity();                 ///< the axes of nu and F_P, in B
  Vec6 linear_speed_fade = Vec6::Zero();        ///< k_i [s/m]; 0: no fading in row i

  bool empty() const { return linear.isZero(0.0) && quadratic.empty(); }
};

/// Damping wrench about Bo in B [N, N m] for the water-relative twist V_rel_B about Bo.
Vec6 damping_wrench(const DampingModel& model, const Vec6& V_rel_B);

}  // namespace leeway
