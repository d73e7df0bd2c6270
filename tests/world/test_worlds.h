// Small worlds built in code that more than one world/ test steps.
#pragma once

#include "leeway/world/model.h"
#include "test_util.h"

namespace leeway::testing {

/// One body on a restoring spring far too stiff for its 0.1 s step: the explicit integration
/// blows up within a few steps.
inline Model stiff_spring_model() {
  BodyModel b = make_body(1.0, Vec3(1, 1, 1));
  b.model_name = "stiff";
  LinearRestoring r;
  r.G(dof::w, dof::w) = 1e12;
  b.restoring = r;
  b.p_WB0 = Vec3(0, 0, 0.1);
  return make_model({b}, 0.1);
}

/// `body` driven by `thruster` (its shaft is actuator 0, "prop": a first-order rotor with tau
/// 0.2 s, commands within [-10, 10]) at dt 0.01 s.
inline Model one_thruster_model(BodyModel body, Thruster thruster) {
  thruster.actuator = 0;
  body.thrusters.push_back(thruster);
  Model m = make_model({body}, 0.01);
  ActuatorModel a;
  a.model_name = body.model_name;
  a.name = "prop";
  a.body = 0;
  a.dynamics.dynamics = FirstOrderRotor{0.2};
  a.command_min = -10.0;
  a.command_max = 10.0;
  m.actuators.push_back(a);
  return m;
}

}  // namespace leeway::testing
