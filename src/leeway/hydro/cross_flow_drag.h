// Cross-flow drag: the quadratic sway and yaw drag of a slender hull, summed over strips along it
// (Fossen 2021, section 6.7; Fossen's Python Vehicle Simulator, crossFlowDrag).
//
// Law, in B (FLU) about Bo, with v, r the water-relative sway and yaw rates:
//   Y = - sum_i  1/2 rho T C_d |v + x_i r| (v + x_i r) w_i
//   N = - sum_i  1/2 rho T C_d x_i |v + x_i r| (v + x_i r) w_i
// over n + 1 stations x_i = -L/2 + i L/n, i = 0..n. Each strip of length L/n has draft T and the
// 2-D drag coefficient C_d of a section of beam B and draft T (Hoerner's curve over B / 2T).
// Weights: trapezoid (w_i = L/n, halved at the ends: the integral over the length), or
// rectangle (w_i = L/n at every station, one strip's length more than the hull), which is how
// Fossen's reference vehicles sum it (reference/fossen-vehicles). Sway and yaw only; the
// formula is the same in FRD, since v and r both change sign there.
#pragma once

#include "leeway/core/spatial.h"

namespace leeway {

struct CrossFlowDrag {
  double length = 0.0;             ///< L [m]
  double draft = 0.0;              ///< T [m]
  double drag_coefficient = 0.0;   ///< C_d of the section (2-D)
  double fluid_density = 1025.0;   ///< rho [kg/m^3]
  int intervals = 20;              ///< n: n + 1 stations
  bool rectangle_weights = false;  ///< w_i = L/n at every station (Fossen's sum)
};

/// The drag wrench about Bo in B [N, N m] for the water-relative twist `nu_r` about Bo.
Vec6 cross_flow_drag_wrench(const CrossFlowDrag& drag, const Vec6& nu_r);

}  // namespace leeway
