#include "leeway/hydro/body_lift.h"

#include <cmath>
#include <numbers>

namespace leeway {

double lift_slope(const BodyLift& l) {
  const double AR = l.span * l.span / l.area;
  return std::numbers::pi * AR / (1.0 + std::sqrt(1.0 + 0.25 * AR * AR));
}

Vec6 body_lift_wrench(const BodyLift& l, const Vec6& nu_r) {
  // 0 - w, not -w: a level run (w = +0) must give alpha = +pi astern, as in FRD, not -pi; the
  // reference's lift astern is large and its sign picks whether the body dives or climbs.
  const double u = nu_r[dof::u], w_frd = 0.0 - nu_r[dof::w];
  const double U2 = linear(nu_r).squaredNorm();
  const double alpha = std::atan2(w_frd, u);
  const double AR = l.span * l.span / l.area;
  const double C_L = lift_slope(l) * alpha;
  const double C_D = l.zero_lift_drag + C_L * C_L / (std::numbers::pi * l.oswald_efficiency * AR);
  const double q = 0.5 * l.fluid_density * U2 * l.area;
  const double F_D = q * C_D, F_L = q * C_L;
  const double ca = std::cos(alpha), sa = std::sin(alpha);
  Vec6 F = Vec6::Zero();
  F[dof::u] = -ca * F_D + sa * F_L;
  F[dof::w] = sa * F_D + ca * F_L;  // -Z_frd
  return F;
}

}  // namespace leeway
