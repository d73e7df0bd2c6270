#include "leeway/hydro/sail.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <numbers>

namespace leeway {

double sail_swing_limit(const Sail& sail, double sheet_length) {
  const double a = sail.deck_block, b = sail.boom_block, L = sheet_length;
  const double cosine = (a * a + b * b - L * L) / (2 * a * b);
  return std::acos(std::clamp(cosine, -1.0, 1.0));
}

SailLoad sail_load(const Sail& sail, double sheet_length, const Vec6& nu, const Vec3& v_air_B,
                   double rho) {
  const auto apparent = [&](const Vec3& p_B) -> Vec3 {
    return v_air_B - (Vec3(linear(nu)) + Vec3(angular(nu)).cross(p_B));
  };
  const double limit = sail_swing_limit(sail, sheet_length);
  SailLoad load;
  load.swing = std::clamp(angle_of_attack(sail.foil, 0.0, apparent(sail.p_BoM_B)), -limit, limit);
  const Vec3 p_BoP_B = sail.p_BoM_B + Eigen::AngleAxisd(load.swing, sail.foil.span_B) *
                                          (sail.foil.p_BoP_B - sail.p_BoM_B);
  load.foil = foil_load(sail.foil, load.swing, apparent(p_BoP_B), rho);
  load.F_Bo_B = stack(load.foil.f_B, p_BoP_B.cross(load.foil.f_B) + load.foil.m_P_B);
  return load;
}

}  // namespace leeway
