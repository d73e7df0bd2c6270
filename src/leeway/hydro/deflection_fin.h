// A control fin whose force follows its deflection alone (Fossen 2021, section 9.5; Fossen's
// Python Vehicle Simulator, REMUS 100 rudder and stern plane).
//
// Law, with q = 1/2 rho U^2 and deflection delta [rad]:
//   F = q A C_Ld (delta n - delta^2 c)
// lift along n (the force a positive deflection makes) and an induced drag against the chord
// direction c (forward). U^2 = (v_r . c)^2 + (v_r . n)^2 is the water-relative speed of the body
// origin in the fin's plane (surge and sway for a rudder, surge and heave for a stern plane), as
// the reference evaluates it; the force acts at the fin's position P.
//
// Unlike a foil (foil.h), the angle of the flow onto the fin plays no part: a straight-running
// vehicle with a centred fin feels nothing from it when it slips or turns. The general foil model
// is the physical one; this one reproduces the reference vehicles.
#pragma once

#include "leeway/core/spatial.h"

namespace leeway {

struct DeflectionFin {
  Vec3 p_BoP_B = Vec3::Zero();   ///< where the force acts [m], in B
  Vec3 chord_B = Vec3::UnitX();  ///< c: forward along the chord (unit)
  Vec3 lift_B = Vec3::UnitY();   ///< n: the force of a positive deflection (unit, normal to c)
  double area = 0.0;             ///< A [m^2]
  double lift_slope = 0.0;       ///< C_Ld [1/rad]
};

/// The fin's wrench about Bo in B [N, N m] at deflection `delta` [rad], for the water-relative
/// velocity `v_r_B` of Bo [m/s] in a fluid of density `rho` [kg/m^3].
Vec6 deflection_fin_wrench(const DeflectionFin& fin, double delta, const Vec3& v_r_B, double rho);

}  // namespace leeway
