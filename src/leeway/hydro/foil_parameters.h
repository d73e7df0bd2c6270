// The foil laws' parameters described once (core/parameter.h): every dialect that states a law
// (Leeway's <foil><coefficients>, gz-sim's LiftDrag, UUV Simulator's fin <liftdrag>) reads it
// through these tables, and docs/sdf-reference.md lists them as they are here. The laws are in
// foil.h; the table law's angles and columns are arrays, read by Leeway's dialect alone.
#pragma once

#include <array>
#include <numbers>

#include "leeway/core/parameter.h"
#include "leeway/hydro/foil.h"

namespace leeway {

inline constexpr std::array<NumberParameter<FlatPlateFoil>, 2> kFlatPlateParameters{{
    {{"lift", "", "k_L, the lift at 45 degrees", ParameterRange::at_least(0.0), 1.5},
     &FlatPlateFoil::lift},
    {{"drag", "", "k_D, half the drag broadside", ParameterRange::at_least(0.0), 1.0},
     &FlatPlateFoil::drag},
}};

inline constexpr std::array<NumberParameter<TwoLinesFoil>, 6> kTwoLinesParameters{{
    {{"a0", "rad", "the angle added to the angle of attack", ParameterRange::any(), 0.0},
     &TwoLinesFoil::a0},
    {{"cla", "1/rad", "the lift slope below the stall", ParameterRange::any(), {}},
     &TwoLinesFoil::cla},
    {{"cda", "1/rad", "the drag slope below the stall", ParameterRange::any(), {}},
     &TwoLinesFoil::cda},
    {{"alpha_stall", "rad", "the stall angle", ParameterRange::above(0.0), {}},
     &TwoLinesFoil::alpha_stall},
    {{"cla_stall", "1/rad", "the lift slope past the stall", ParameterRange::any(), {}},
     &TwoLinesFoil::cla_stall},
    {{"cda_stall", "1/rad", "the drag slope past the stall", ParameterRange::any(), {}},
     &TwoLinesFoil::cda_stall},
}};

inline constexpr std::array<NumberParameter<WingFoil>, 6> kWingParameters{{
    {{"aspect_ratio",
      "",
      "AR = span^2 / area, doubled for a foil ending on a hull",
      ParameterRange::above(0.0),
      {}},
     &WingFoil::aspect_ratio},
    {{"stall_angle",
      "rad",
      "the stall angle alpha_s, where the flow separates",
      ParameterRange::above_up_to(0.0, std::numbers::pi / 2),
      {}},
     &WingFoil::stall_angle},
    {{"zero_lift_drag", "", "C_D0, the drag at zero lift", ParameterRange::at_least(0.0), 0.05},
     &WingFoil::zero_lift_drag},
    {{"oswald_efficiency", "", "e, of the induced drag", ParameterRange::above(0.0), 0.9},
     &WingFoil::oswald_efficiency},
    {{"normal_force_90", "", "C_N90, the normal force broadside", ParameterRange::at_least(0.0),
      1.2},
     &WingFoil::normal_force_90},
    {{"stall_sharpness", "1/rad", "M, how quickly the lift falls across the stall",
      ParameterRange::above(0.0), 50.0},
     &WingFoil::stall_sharpness},
}};

inline constexpr std::array<NumberParameter<QuadraticFoil>, 2> kQuadraticParameters{{
    {{"lift_constant", "N s^2/(m^2 rad)", "L: the lift is L alpha U^2", ParameterRange::any(), {}},
     &QuadraticFoil::lift_constant},
    {{"drag_constant",
      "N s^2/(m^2 rad^2)",
      "D: the drag is D alpha^2 U^2",
      ParameterRange::at_least(0.0),
      {}},
     &QuadraticFoil::drag_constant},
}};

}  // namespace leeway
