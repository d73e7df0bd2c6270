#include "leeway/hydro/hull_friction.h"

#include <algorithm>
#include <cmath>

namespace leeway {

double ittc57_friction_coefficient(double reynolds) {
  const double l = std::log10(std::max(reynolds, 1e5)) - 2.0;
  return 0.075 / (l * l);
}

Vec6 hull_friction_wrench(const HullFriction& m, double wetted_area, const Vec6& nu_r,
                          double fluid_density) {
  const double u = nu_r[dof::u];
  const double C_F = ittc57_friction_coefficient(std::abs(u) * m.length / m.kinematic_viscosity);
  Vec6 F = Vec6::Zero();
  F[dof::u] = -0.5 * fluid_density * wetted_area * (1.0 + m.form_factor) * C_F * u * std::abs(u);
  return F;
}

}  // namespace leeway
