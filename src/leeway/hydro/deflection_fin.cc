#include "leeway/hydro/deflection_fin.h"

namespace leeway {

Vec6 deflection_fin_wrench(const DeflectionFin& fin, double delta, const Vec3& v_r_B, double rho) {
  const double along = v_r_B.dot(fin.chord_B), across = v_r_B.dot(fin.lift_B);
  const double k = 0.5 * rho * (along * along + across * across) * fin.area * fin.lift_slope;
  const Vec3 f_B = k * (delta * fin.lift_B - delta * delta * fin.chord_B);
  return stack(f_B, fin.p_BoP_B.cross(f_B));
}

}  // namespace leeway
