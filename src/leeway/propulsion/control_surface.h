// A control surface on a body: a rudder, fin, stern plane, hydrofoil, keel or sail, with one law:
//   foil             foil.h: the flow's angle onto the deflected foil sets lift and drag, with
//                    the apparent flow at its centre of pressure (the physical model); the
//                    actuator's state is the deflection [rad]
//   deflection fin   deflection_fin.h: force from the deflection alone, flow at the body origin
//                    (Fossen's REMUS 100); the state is the deflection [rad]
//   sail             sail.h: a foil on a free hinge, swung by the wind; the state is the sheet's
//                    length [m]
// A surface without an actuator (a keel, a skeg) holds deflection 0.
// It works in water (the world's density and current) or in air (the air density and wind).
#pragma once

#include <variant>

#include "leeway/core/fluid.h"
#include "leeway/hydro/deflection_fin.h"
#include "leeway/hydro/foil.h"
#include "leeway/hydro/sail.h"

namespace leeway {

struct ControlSurface {
  int actuator = -1;  ///< the state's index in Model::actuators, or -1: fixed at 0
  std::variant<Foil, DeflectionFin, Sail> law;
  Fluid fluid = Fluid::kWater;
  /// Its own density of that fluid [kg/m^3], when its plugin states one (UUV's fin
  /// <fluid_density>, gz-sim LiftDrag's <air_density>); 0: the world's (Environment).
  double fluid_density = 0.0;
};

/// The surface's wrench about Bo in B [N, N m] at actuator state `x` (deflection [rad] or sheet
/// length [m]), on a body with twist nu (about Bo, in B) in its fluid of density rho [kg/m^3]
/// moving at v_fluid_B.
Vec6 control_surface_wrench(const ControlSurface& surface, double x, const Vec6& nu,
                            const Vec3& v_fluid_B, double rho);

}  // namespace leeway
