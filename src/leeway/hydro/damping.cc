#include "leeway/hydro/damping.h"

#include <cmath>

namespace leeway {

Vec6 damping_wrench(const DampingModel& model, const Vec6& V_rel_B) {
  const bool at_origin = model.p_BoP.isZero(0.0);
  const bool turned = !model.R_BP.isIdentity(0.0);
  Vec6 nu = at_origin ? V_rel_B : shift_twist(V_rel_B, model.p_BoP);
  if (turned) nu = stack(model.R_BP.transpose() * linear(nu), model.R_BP.transpose() * angular(nu));
  Vec6 F_P = -(model.linear * nu);
  if (!model.linear_speed_fade.isZero(0.0)) {
    const double U = linear(nu).norm();
    for (int i = 0; i < 6; ++i) {
      if (model.linear_speed_fade[i] != 0.0) F_P[i] *= std::exp(-model.linear_speed_fade[i] * U);
    }
  }
  for (const QuadraticDampingTerm& t : model.quadratic) {
    const double scale = t.signed_square ? nu[t.magnitude] : std::abs(nu[t.magnitude]);
    F_P[t.force] -= t.coefficient * nu[t.velocity] * scale;
  }
  if (turned) F_P = stack(model.R_BP * linear(F_P), model.R_BP * angular(F_P));
  return at_origin ? F_P : shift_wrench_to_origin(F_P, model.p_BoP);
}

}  // namespace leeway
