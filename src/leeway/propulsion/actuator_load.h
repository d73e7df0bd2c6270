// What a thruster or a control surface applies on its body at one instant, in the quantities a
// user logs and plots (thrust, shaft torque, lift, drag, angle of attack) as well as the wrench
// the dynamics sum. thruster_wrench() and control_surface_wrench() are these loads' wrenches; a
// step keeps the loads at its start for its outputs (world/step_data.h).
#pragma once

#include "leeway/propulsion/control_surface.h"
#include "leeway/propulsion/thruster.h"

namespace leeway {

struct ActuatorLoad {
  Vec6 F_Bo_B = Vec6::Zero();    ///< the wrench on the body about Bo, in B [N, N m]
  double thrust = 0.0;           ///< thrusters: T along the thrust axis [N] (0 in the deadband)
  double torque = 0.0;           ///< thrusters: shaft torque reaction about the axis [N m]
  double lift = 0.0;             ///< foils: force across the apparent flow [N]
  double drag = 0.0;             ///< foils: force along the apparent flow [N]
  double angle_of_attack = 0.0;  ///< foils and sails: alpha [rad]

  bool operator==(const ActuatorLoad&) const = default;
};

/// thruster_wrench()'s load: T = clamp(eta_T T(eta_x x, V)) scaled by the disc's immersed
/// `share`, Q likewise, and their wrench.
ActuatorLoad thruster_load(const Thruster& thruster, double x, double azimuth, const Vec6& nu,
                           const Vec3& v_fluid_B, double share = 1.0);

/// control_surface_wrench()'s load. Lift and drag split a foil's force across and along the
/// apparent flow at its centre of pressure; a deflection fin (Fossen's law gives no flow angle)
/// and a sail report their wrench, and a sail its angle of attack.
ActuatorLoad control_surface_load(const ControlSurface& surface, double x, const Vec6& nu,
                                  const Vec3& v_fluid_B, double rho);

}  // namespace leeway
