// The parameters of the thrust curves that more than one dialect states, described once
// (core/parameter.h): Leeway's <thrust> and UUV Simulator's <conversion> (the quadratic and
// dead-zone curves; UUV spells them <rotorConstant>, <rotorConstantL>, <deltaL>, ... and
// requires every one), Leeway's <propeller> and gz-sim's Thruster (with gz-sim's defaults).
// docs/sdf-reference.md lists them as they are here. The curves are in thrust_curves.h; x is the
// rotor's state (rotor_dynamics.h).
#pragma once

#include <array>

#include "leeway/core/parameter.h"
#include "leeway/propulsion/thrust_curves.h"

namespace leeway {

/// The quadratic curve: kQuadraticThrustParameters, and <k_reverse>, which defaults to
/// <k_forward> (kQuadraticReverse).
inline constexpr NumberParameter<QuadraticThrust> kQuadraticForward{
    {"k_forward", "N/x^2", "k, the thrust per x |x| ahead", ParameterRange::any(), {}},
    &QuadraticThrust::k_forward};
inline constexpr NumberParameter<QuadraticThrust> kQuadraticTorque{
    {"k_torque", "N m/x^2", "k_q, the shaft torque per x |x| (0: none)", ParameterRange::any(),
     0.0},
    &QuadraticThrust::k_torque};
inline constexpr std::array<NumberParameter<QuadraticThrust>, 2> kQuadraticThrustParameters{
    {kQuadraticForward, kQuadraticTorque}};
inline constexpr NumberParameter<QuadraticThrust> kQuadraticReverse{
    {"k_reverse", "N/x^2", "the thrust per x |x| astern", ParameterRange::any(), {}},
    &QuadraticThrust::k_reverse};

inline constexpr std::array<NumberParameter<DeadZoneThrust>, 4> kDeadZoneThrustParameters{{
    {{"c_l", "N/x^2", "c_L, the slope astern", ParameterRange::at_least(0.0), {}},
     &DeadZoneThrust::c_L},
    {{"c_r", "N/x^2", "c_R, the slope ahead", ParameterRange::at_least(0.0), {}},
     &DeadZoneThrust::c_R},
    {{"delta_l",
      "x^2",
      "delta_L, the dead zone's end astern, in x |x|",
      ParameterRange::at_most(0.0),
      {}},
     &DeadZoneThrust::delta_L},
    {{"delta_r",
      "x^2",
      "delta_R, the dead zone's end ahead, in x |x|",
      ParameterRange::at_least(0.0),
      {}},
     &DeadZoneThrust::delta_R},
}};

/// gz-sim's propeller, in either form; <thrust_coefficient> (kPropellerThrustCoefficient), when
/// given, fixes C_t, else kPropellerAdvanceParameters give it.
inline constexpr std::array<NumberParameter<PropellerThrust>, 2> kPropellerParameters{{
    {{"diameter", "m", "D, the propeller's diameter", ParameterRange::above(0.0), {}},
     &PropellerThrust::diameter},
    {{"fluid_density", "kg/m^3", "rho, the water's density", ParameterRange::above(0.0), 1000.0},
     &PropellerThrust::fluid_density},
}};
inline constexpr NumberParameter<PropellerThrust> kPropellerThrustCoefficient{
    {"thrust_coefficient", "", "C_t, fixed (T = C_t rho D^4 w |w|)", ParameterRange::any(), {}},
    &PropellerThrust::thrust_coefficient};
inline constexpr std::array<NumberParameter<PropellerThrust>, 3> kPropellerAdvanceParameters{{
    {{"alpha_1", "", "alpha_1, C_t at zero advance", ParameterRange::any(), 1.0},
     &PropellerThrust::alpha_1},
    {{"alpha_2", "", "alpha_2, C_t's slope in the advance ratio", ParameterRange::any(), 0.0},
     &PropellerThrust::alpha_2},
    {{"wake_fraction",
      "",
      "w_f, the wake's share of the advance speed",
      ParameterRange::between(0.0, 1.0),
      {}},
     &PropellerThrust::wake_fraction},
}};

}  // namespace leeway
