// Checks of an actuator's parameters against what its kernels assume (thruster.h and
// thrust_curves.h for a thruster; control_surface.h, hydro/foil.h, hydro/deflection_fin.h and
// hydro/sail.h for a control surface), shared by every loader as body/mass_checks.h is. Each
// returns an empty string when the parameters are acceptable, or says in words what is wrong, for
// the loader to wrap with the file, line and element of the plugin that gave them.
#pragma once

#include <string>

#include "leeway/propulsion/control_surface.h"
#include "leeway/propulsion/thrust_curves.h"
#include "leeway/propulsion/thruster.h"

namespace leeway {

/// Every number finite, and each curve's own invariants: a dead zone's c_L, c_R >= 0 and
/// delta_L <= 0 <= delta_R; a table's inputs strictly increasing with one thrust each; a linear
/// or logistic map's forward cap >= 0 >= its reverse cap (and x_max > 0, nu > 0); a propeller's
/// diameter and fluid density > 0; an open-water curve's also J_max > 0, revolutions per unit > 0,
/// wake fraction and thrust deduction in [0, 1].
std::string check_thrust_curve(const ThrustCurve& curve);

/// Its curve (above), its position finite and its axis a unit vector, its torque factor finite,
/// a disc radius >= 0; the adjustment's efficiencies finite, its thrust range not empty and its
/// dead band >= 0. Its azimuth, if it has one, is check_azimuth's.
std::string check_thruster(const Thruster& thruster);

/// For a thruster with an azimuth: its turn axis a unit vector across the thrust axis (turning
/// about the thrust axis itself would not steer it) and its pivot finite.
std::string check_azimuth(const Thruster& thruster);

/// Every number finite; a foil's chord and span unit vectors at right angles, its area and chord
/// >= 0, and its coefficients' own invariants: a table's angles strictly increasing over less
/// than 2 pi with one C_L, C_D, C_M each; two lines' stall angle > 0; a wing's aspect ratio,
/// stall angle, Oswald efficiency and stall sharpness > 0. A deflection fin's chord and lift
/// directions unit vectors at right angles and its area >= 0; a sail's foil, and its two blocks
/// > 0 from the mast.
std::string check_control_surface(const ControlSurface& surface);

}  // namespace leeway
