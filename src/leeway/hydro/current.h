// Water current seen by a body.
//
// The hydrodynamic forces (added-mass Coriolis, damping) act on the velocity relative to the water,
// Fossen's nu_r = nu - nu_c, with nu_c = [R_WB^T v_c_W ; 0] for an irrotational current v_c_W
// [m/s]. With the added mass acting on nu_r, M_A nu_r_dot = M_A nu_dot - M_A nu_c_dot, so the
// equation of motion gains the term +M_A nu_c_dot, where for a current uniform in space
//   nu_c_dot = [ R_WB^T a_c_W - w_WB_B x (R_WB^T v_c_W) ; 0 ]
// (a_c_W = dv_c_W/dt; the second part is the current turning in the body frame as the body yaws).
// Fossen 2021, section 10.3, equations 10.5 to 10.12.
#pragma once

#include "leeway/core/spatial.h"

namespace leeway {

/// nu_r = V_WB_B - [R_WB^T v_c_W ; 0].
inline Vec6 relative_twist(const Vec6& V_WB_B, const Mat3& R_WB, const Vec3& v_c_W) {
  return stack(linear(V_WB_B) - R_WB.transpose() * v_c_W, angular(V_WB_B));
}

/// nu_c_dot of the header comment, for a current uniform in space.
inline Vec6 current_twist_rate(const Mat3& R_WB, const Vec3& w_WB_B, const Vec3& v_c_W,
                               const Vec3& a_c_W) {
  return stack(R_WB.transpose() * a_c_W - w_WB_B.cross(R_WB.transpose() * v_c_W), Vec3::Zero());
}

}  // namespace leeway
