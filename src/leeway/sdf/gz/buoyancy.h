// gz-sim's buoyancy system (a world plugin, loaded unchanged):
//   <plugin filename="gz-sim-buoyancy-system" name="gz::sim::systems::Buoyancy">
//     <uniform_fluid_density>1000</uniform_fluid_density>   [kg/m^3], default 1000
//     <enable>model_name</enable>                            repeatable; default: every model
//   </plugin>
// gives every (enabled) model a buoyancy equal to the fluid's weight over the volume of its
// collision shapes, at their volume centroid; the whole world is fluid (no free surface).
//
#pragma once

#include <sdf/Element.hh>

#include "leeway/sdf/world_settings.h"

namespace leeway::sdfio {

GzBuoyancy load_gz_buoyancy(const sdf::ElementPtr& plugin);

}  // namespace leeway::sdfio
