#include "leeway/hydro/cross_flow_drag.h"

#include <cmath>

namespace leeway {

Vec6 cross_flow_drag_wrench(const CrossFlowDrag& d, const Vec6& nu_r) {
  const double v = nu_r[dof::v], r = nu_r[dof::r];
  const double dx = d.length / d.intervals;
  const double k = 0.5 * d.fluid_density * d.draft * d.drag_coefficient;
  double Y = 0.0, N = 0.0;
  for (int i = 0; i <= d.intervals; ++i) {
    const double x = -0.5 * d.length + i * dx;
    const double weight = (!d.rectangle_weights && (i == 0 || i == d.intervals)) ? 0.5 * dx : dx;
    const double v_x = v + x * r;
    const double f = -k * std::abs(v_x) * v_x * weight;
    Y += f;
    N += x * f;
  }
  Vec6 F = Vec6::Zero();
  F[dof::v] = Y;
  F[dof::r] = N;
  return F;
}

}  // namespace leeway
