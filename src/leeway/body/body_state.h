#pragma once

#include "leeway/core/spatial.h"

namespace leeway {

/// The changing part of one rigid body. Written by integrate_body() (integrator.h).
struct BodyState {
  Vec3 p_WB = Vec3::Zero();      ///< position of Bo in W [m]
  Quat q_WB = Quat::Identity();  ///< attitude, v_W = q_WB * v_B (unit quaternion)
  Vec6 V_WB_B = Vec6::Zero();    ///< twist of B in W about Bo, in B: nu = [u v w p q r]

  bool operator==(const BodyState& o) const {
    return p_WB == o.p_WB && q_WB.coeffs() == o.q_WB.coeffs() && V_WB_B == o.V_WB_B;
  }
};

}  // namespace leeway
