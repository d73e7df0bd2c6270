// A buoyancy engine (a variable buoyancy system, as gliders and long-range AUVs carry): a bladder
// whose volume V_b [m^3] a pump moves toward a commanded volume at a bounded rate (the world's
// actuator, in m^3), and which adds to the body's buoyancy what its volume displaces beyond the
// neutral volume V_n:
//
//   F_W = -g_W (rho_here V_b - rho V_n),   rho_here = rho in the water, 0 above `surface_z`,
//
// applied at the engine link's origin, no moment about it (gz-sim's buoyancy engine system,
// gz:src/systems/buoyancy_engine/BuoyancyEngine.cc). At V_b = V_n the engine adds nothing in
// the water; the V_n term stands for the oil the bladder holds, so out of the water (above the
// optional surface height) the engine weighs rho g V_n.
#pragma once

#include <optional>

#include "leeway/core/spatial.h"

namespace leeway {

struct BuoyancyEngine {
  int actuator = -1;                ///< the bladder volume's actuator (Model::actuators) [m^3]
  Vec3 p_BoL_B = Vec3::Zero();      ///< where it pushes: the engine link's origin [m], in B
  double fluid_density = 1000.0;    ///< rho [kg/m^3]
  double neutral_volume = 0.0;      ///< V_n [m^3]
  std::optional<double> surface_z;  ///< above this height of the link's origin [m, W] it is dry
};

/// Its wrench about Bo, in B, at bladder volume `volume` [m^3], for a body at (p_WB, R_WB) under
/// gravity g_W [m/s^2].
Vec6 buoyancy_engine_wrench(const BuoyancyEngine& engine, double volume, const Vec3& p_WB,
                            const Mat3& R_WB, const Vec3& g_W);

}  // namespace leeway
