// Viscous resistance at the hull, per wetted area, on top of the Fossen damping of the body:
//   X = -1/2 rho S (1 + k) C_F(Re) u_r |u_r|,   C_F = 0.075 / (log10 Re - 2)^2   (ITTC 1957)
// with u_r the surge speed through the water, Re = |u_r| L / nu the Reynolds number on the
// waterline length L, S the wetted area (from the clipped hull mesh at each update, or given) and
// k the form factor (ITTC 1978's 1 + k): the pressure (form) drag of a slender hull as a
// multiple of its friction; 0 leaves friction alone.
// The ITTC line is a turbulent-flow fit; below Re = 1e5 (a 1 m hull under 0.1 m/s) C_F is held
// at its value there, so the resistance stays quadratic in speed and finite at rest.
#pragma once

#include "leeway/core/spatial.h"

namespace leeway {

struct HullFriction {
  double length = 0.0;                   ///< L, waterline length [m]
  double form_factor = 0.0;              ///< k
  double kinematic_viscosity = 1.19e-6;  ///< nu [m^2/s] (sea water at 15 C, ITTC 2011)
  double wetted_area = 0.0;              ///< S [m^2] when the body has no hull mesh to measure it
};

/// ITTC-57 friction coefficient at Reynolds number Re (held below 1e5).
double ittc57_friction_coefficient(double reynolds);

/// The resistance wrench about Bo in B [N]: surge only. `wetted_area` S [m^2], `nu_r` the twist
/// relative to the water, `fluid_density` [kg/m^3].
Vec6 hull_friction_wrench(const HullFriction& model, double wetted_area, const Vec6& nu_r,
                          double fluid_density);

}  // namespace leeway
