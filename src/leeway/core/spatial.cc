#include "leeway/core/spatial.h"

namespace leeway {

Mat6 transport_matrix(const Vec3& p_BoP) {
  Mat6 H = Mat6::Identity();
  H.block<3, 3>(dof::kLinear, dof::kAngular) = skew(p_BoP).transpose();
  return H;
}

Mat6 transport_to_origin(const Mat6& M_P, const Vec3& p_BoP) {
  const Mat6 H = transport_matrix(p_BoP);
  return H.transpose() * M_P * H;
}

Mat6 rigid_body_mass_matrix(double mass, const Vec3& p_BoBcm, const Mat3& I_Bcm) {
  const Mat3 S = skew(p_BoBcm);
  Mat6 M;
  M.block<3, 3>(0, 0) = mass * Mat3::Identity();
  M.block<3, 3>(0, 3) = -mass * S;
  M.block<3, 3>(3, 0) = mass * S;
  M.block<3, 3>(3, 3) = I_Bcm - mass * S * S;
  return M;
}

}  // namespace leeway
