// The rotor dynamics' parameters described once (core/parameter.h): Leeway's <dynamics> and UUV
// Simulator's thruster <dynamics> (which spells them <timeConstant>, <Jmsp>, <Kv1>, ... and
// requires every one) read them through these tables, and docs/sdf-reference.md lists them as
// they are here. The laws are in rotor_dynamics.h. x is the rotor's state in the unit its thrust
// curve takes (rad/s, rpm, or the command itself); u is the command.
#pragma once

#include <array>

#include "leeway/core/parameter.h"
#include "leeway/propulsion/rotor_dynamics.h"

namespace leeway {

inline constexpr std::array<NumberParameter<FirstOrderRotor>, 1> kFirstOrderRotorParameters{{
    {{"time_constant", "s", "tau, the time to 63 % of a step", ParameterRange::above(0.0), {}},
     &FirstOrderRotor::time_constant},
}};

inline constexpr std::array<NumberParameter<YoergerRotor>, 2> kYoergerRotorParameters{{
    {{"alpha", "1/(x s)", "alpha, the quadratic drag on the rotor", ParameterRange::above(0.0), {}},
     &YoergerRotor::alpha},
    {{"beta", "x/(u s)", "beta, the command's gain", ParameterRange::above(0.0), {}},
     &YoergerRotor::beta},
}};

inline constexpr std::array<NumberParameter<BessaRotor>, 5> kBessaRotorParameters{{
    {{"inertia", "kg m^2", "J, the rotor's inertia", ParameterRange::above(0.0), {}},
     &BessaRotor::J_msp},
    {{"k_v1", "N m/x", "K_v1, the linear friction", ParameterRange::at_least(0.0), {}},
     &BessaRotor::K_v1},
    {{"k_v2", "N m/x^2", "K_v2, the quadratic friction", ParameterRange::at_least(0.0), {}},
     &BessaRotor::K_v2},
    {{"k_t", "N m/A", "K_t, the motor's torque constant", ParameterRange::above(0.0), {}},
     &BessaRotor::K_t},
    {{"r_m", "ohm", "R_m, the motor's resistance", ParameterRange::above(0.0), {}},
     &BessaRotor::R_m},
}};

}  // namespace leeway
