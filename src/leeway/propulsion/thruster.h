// A thruster on a body: a propeller (or an air fan) at a point, pushing along an axis that may
// turn about another (an azimuth or a vectored outboard).
//
//   shaft state x           an actuator's state (actuator.h), e.g. shaft speed
//   thrust and torque       T, Q = thrust_of(curve, x, V) (thrust_curves.h)
//   axis                    a = R(turn axis, azimuth) a0, the direction of positive thrust
//   propeller centre        p = pivot + R(turn axis, azimuth) (p0 - pivot): an azimuth swings
//                           the propeller round its pivot (an outboard's steering joint)
//   wrench about Bo         F = T a,  M = p x F + k_Q Q a
//
// Foreign plugins adjust the curve's thrust (ThrustAdjustment): UUV Simulator scales the rotor
// state by a propeller efficiency before the conversion and the thrust by a thrust efficiency
// after it, then clamps it; gz-sim's thruster zeroes a thrust inside its dead band:
//   T = clamp(eta_T T_curve(eta_x x), T_min, T_max),  T = 0 where |T| < deadband
// (Q is scaled by eta_T and zeroed with T in the dead band). The defaults change nothing.
//
// k_Q (`torque_factor`) scales the shaft torque that reacts on the hull about the axis: -1 is the
// physical reaction of a propeller whose positive shaft speed turns it positively about the axis
// (the water's drag torque on the blades, taken by the shaft, turns the hull the other way); 0
// ignores it, as gz-sim's thruster and the Otter do; Fossen's REMUS 100 applies +Q / 10
// (reference/fossen-vehicles).
//
// The advance speed V the curve sees is either
//   axial          the fluid's speed onto the propeller along its axis: a . (v_P - v_fluid), with
//                  v_P = v_Bo + w x p_BoP (the physical choice, the default), or
//   ground speed   |v_Bo|, the body's speed over ground, as Fossen's REMUS 100 does.
//
// The fluid is water (a propeller, in the current) or air (an airboat's fan, in the wind). With a
// disc radius, T and Q scale with the share of the disc in that fluid (disc_immersion.h): the
// caller passes it, as it depends on the free surface where the propeller is.
#pragma once

#include <limits>

#include "leeway/core/fluid.h"
#include "leeway/core/spatial.h"
#include "leeway/propulsion/thrust_curves.h"

namespace leeway {

enum class AdvanceSpeed { kAxialThroughWater, kGroundSpeed };

struct ThrustAdjustment {
  double state_efficiency = 1.0;                                 ///< eta_x
  double thrust_efficiency = 1.0;                                ///< eta_T
  double thrust_min = -std::numeric_limits<double>::infinity();  ///< [N]
  double thrust_max = std::numeric_limits<double>::infinity();   ///< [N]
  double deadband = 0.0;                                         ///< [N]
};

struct Thruster {
  int actuator = -1;            ///< the shaft state's index in Model::actuators
  Vec3 p_BoP_B = Vec3::Zero();  ///< the propeller's centre [m], in B
  Vec3 axis_B = Vec3::UnitX();  ///< a0: positive thrust direction at zero azimuth (unit)
  ThrustCurve curve;
  double torque_factor = -1.0;  ///< k_Q
  AdvanceSpeed advance = AdvanceSpeed::kAxialThroughWater;
  int azimuth_actuator = -1;         ///< the azimuth angle's actuator [rad], or -1: fixed
  Vec3 turn_axis_B = Vec3::UnitZ();  ///< the axis the azimuth turns a0 about (unit)
  Vec3 p_BoPivot_B = Vec3::Zero();   ///< a point of that axis [m], in B (azimuth only)
  Fluid fluid = Fluid::kWater;
  double disc_radius = 0.0;  ///< R [m]; 0: the propeller is always wholly in its fluid
  ThrustAdjustment adjustment;
};

struct ThrusterPose {
  Vec3 p_BoP_B;  ///< the propeller's centre [m], in B
  Vec3 axis_B;   ///< the direction of positive thrust (unit)
};

/// Where the propeller is and where it pushes at azimuth angle `azimuth` [rad].
ThrusterPose thruster_pose(const Thruster& thruster, double azimuth);

/// The thruster's wrench about Bo in B [N, N m] at shaft state x and azimuth [rad], on a body
/// with twist nu (about Bo, in B) in its fluid moving at v_fluid_B, with `share` [0, 1] of the
/// disc in that fluid.
Vec6 thruster_wrench(const Thruster& thruster, double x, double azimuth, const Vec6& nu,
                     const Vec3& v_fluid_B, double share = 1.0);

}  // namespace leeway
