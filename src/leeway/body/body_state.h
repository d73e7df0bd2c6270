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

/// A kinematic hold: body `body` (its index in Model::bodies) is kept at `pose`, at rest, over
/// every step that ends before `until` [s]. The integrator still evaluates the body's loads (for
/// the step's outputs and the hull's cache) but does not let it move; the first step that ends at
/// or after `until` starts it from `pose` at rest. VRX holds its vehicle on its platform this way
/// through a task's initial phase (the world loader adds the hold).
struct KinematicHold {
  int body = -1;
  double until = 0.0;
  BodyState pose;  ///< its twist is zero

  bool operator==(const KinematicHold&) const = default;
};

}  // namespace leeway
