// The thrust curves' parameters, described once (core/parameter.h): Leeway's <thrust>, and
// where another dialect states the same curve, that dialect's: UUV Simulator's <conversion> (the
// quadratic and dead-zone curves; UUV spells them <rotorConstant>, <rotorConstantL>, <deltaL>,
// ... and requires every one), gz-sim's Thruster (the propeller, with gz-sim's defaults) and VRX
// classic's thruster (the linear and logistic maps' command and caps, in its spelling and sign).
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

/// VRX classic's maps: the command at full thrust and the caps, one description for both curves
/// (the logistic functions' six constants are vectors: docs/sdf-reference.md).
inline constexpr ParameterInfo kMaxCommand{
    "max_command", "", "x_max, the command at full thrust", ParameterRange::above(0.0), {}};
inline constexpr ParameterInfo kMaxForwardThrust{"max_forward",
                                                 "N",
                                                 "F_forward, the thrust at full command ahead",
                                                 ParameterRange::at_least(0.0),
                                                 {}};
inline constexpr ParameterInfo kMaxReverseThrust{"max_reverse",
                                                 "N",
                                                 "F_reverse, the thrust at full command astern",
                                                 ParameterRange::at_least(0.0),
                                                 {}};
inline constexpr std::array<NumberParameter<LinearThrust>, 3> kLinearThrustParameters{{
    {kMaxCommand, &LinearThrust::x_max},
    {kMaxForwardThrust, &LinearThrust::max_forward},
    {kMaxReverseThrust, &LinearThrust::max_reverse},
}};
inline constexpr std::array<NumberParameter<LogisticThrust>, 2> kLogisticCapParameters{{
    {kMaxForwardThrust, &LogisticThrust::max_forward},
    {kMaxReverseThrust, &LogisticThrust::max_reverse},
}};

inline constexpr std::array<NumberParameter<OpenWaterThrust>, 10> kOpenWaterParameters{{
    {{"diameter", "m", "D, the propeller's diameter", ParameterRange::above(0.0), {}},
     &OpenWaterThrust::diameter},
    {{"revolutions_per_unit",
      "rev/(s x)",
      "n per unit of x (1/60 for rpm, 1/(2 pi) for rad/s)",
      ParameterRange::above(0.0),
      {}},
     &OpenWaterThrust::x_to_rps},
    {{"fluid_density", "kg/m^3", "rho, the water's density", ParameterRange::above(0.0), 1025.0},
     &OpenWaterThrust::fluid_density},
    {{"k_t0", "", "K_T at J = 0", ParameterRange::any(), {}}, &OpenWaterThrust::K_T0},
    {{"k_tmax", "", "K_T at J_max", ParameterRange::any(), {}}, &OpenWaterThrust::K_Tmax},
    {{"k_q0", "", "K_Q at J = 0", ParameterRange::any(), {}}, &OpenWaterThrust::K_Q0},
    {{"k_qmax", "", "K_Q at J_max", ParameterRange::any(), {}}, &OpenWaterThrust::K_Qmax},
    {{"j_max", "", "J_max, the advance ratio of the second point", ParameterRange::above(0.0), {}},
     &OpenWaterThrust::J_max},
    {{"wake_fraction", "", "w_f, the wake's share of the advance speed",
      ParameterRange::between(0.0, 1.0), 0.0},
     &OpenWaterThrust::wake_fraction},
    {{"thrust_deduction", "", "t, the share of thrust the hull takes back",
      ParameterRange::between(0.0, 1.0), 0.0},
     &OpenWaterThrust::thrust_deduction},
}};

}  // namespace leeway
