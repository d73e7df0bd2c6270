// A control surface on a body: a rudder, fin, stern plane or hydrofoil whose deflection is an
// actuator's state (actuator.h), with either law:
//   foil             foil.h: the flow's angle onto the deflected foil sets lift and drag, with
//                    the apparent flow at its centre of pressure (the physical model)
//   deflection fin   deflection_fin.h: force from the deflection alone, flow at the body origin
//                    (Fossen's REMUS 100)
#pragma once

#include <variant>

#include "leeway/hydro/deflection_fin.h"
#include "leeway/hydro/foil.h"

namespace leeway {

struct ControlSurface {
  int actuator = -1;  ///< the deflection's index in Model::actuators [rad]
  std::variant<Foil, DeflectionFin> law;
};

/// The surface's wrench about Bo in B [N, N m] at deflection `delta` [rad], on a body with twist
/// nu (about Bo, in B) in water of density rho [kg/m^3] moving at v_water_B at Bo.
Vec6 control_surface_wrench(const ControlSurface& surface, double delta, const Vec6& nu,
                            const Vec3& v_water_B, double rho);

}  // namespace leeway
