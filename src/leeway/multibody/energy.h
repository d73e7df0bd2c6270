// What an articulated tree's motion carries: its kinetic energy (the links' and the water's) and
// its spatial momentum. Conserved quantities the tests hold the integrator to; read at the
// kinematics' state (forward_kinematics first) and with the loads' V_water_L.
#pragma once

#include "leeway/multibody/articulated_data.h"

namespace leeway {

/// 1/2 sum V_L^T M_RB V_L + 1/2 sum V_r^T M_A V_r [J], V_r = V_L - V_water_L: the rigid links'
/// energy in their absolute motion, the water's in the motion relative to it (as the single
/// body's, body/dynamics.h kinetic_energy).
double kinetic_energy(const ArticulatedModel& model, const ArticulatedData& data);

/// sum of the links' rigid momenta M_RB V_L, about the world's origin, in W [kg m/s, kg m^2/s]:
/// linear first. Constant for a free tree without external loads (the water's impulse is not in
/// it: with added mass, conserve the sum with the water's, or test without).
Vec6 spatial_momentum_W(const ArticulatedModel& model, const ArticulatedData& data);

}  // namespace leeway
