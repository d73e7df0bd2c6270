// Loaders for the slender-body terms of leeway::Hydrodynamics (docs/sdf-reference.md):
//
//   <cross_flow_drag>                       hydro/cross_flow_drag.h
//     <length>2</length>                    L [m]
//     <draft>0.195</draft>                  T [m]
//     <drag_coefficient>1.0</drag_coefficient>  C_d of the section
//     <fluid_density>1026</fluid_density>   [kg/m^3], default: the world's water
//     <intervals>20</intervals>             n (n + 1 stations), default 20
//     <weights>trapezoid</weights>          trapezoid (default) or rectangle (Fossen's sum)
//   </cross_flow_drag>
//   <body_lift>                             hydro/body_lift.h
//     <area>0.2128</area>  <span>0.19</span>  <zero_lift_drag>0.056</zero_lift_drag>
//     <oswald_efficiency>0.7</oswald_efficiency>  <fluid_density>1026</fluid_density>
//   </body_lift>
#pragma once

#include <optional>

#include <sdf/Element.hh>

#include "leeway/hydro/body_lift.h"
#include "leeway/hydro/cross_flow_drag.h"

namespace leeway::sdfio {

/// A fluid density of zero means "the world's water", filled in by the body loader.
CrossFlowDrag load_cross_flow_drag(const sdf::ElementPtr& e);
BodyLift load_body_lift(const sdf::ElementPtr& e);

}  // namespace leeway::sdfio
