// VRX's PolyhedraBuoyancyDrag plugin (research/vrx.md 2.4), translated into shape floats
// (hydro/shape_float.h) in the body frame B:
//
//   <plugin filename="libPolyhedraBuoyancyDrag.so" name="vrx::PolyhedraBuoyancyDrag">
//     <fluid_density>997</fluid_density>   [kg/m^3], VRX's default
//     <fluid_level>0</fluid_level>         [m], default the world's calm level
//     <linear_drag>0</linear_drag>         [1/s], for every <buoyancy>
//     <angular_drag>0</angular_drag>       [1/s]
//     <buoyancy name="...">                repeatable
//       <link_name>link</link_name>        required; its mass shares out the drag
//       <pose>0 0 0 0 0 0</pose>           the shape's frame in the link's
//       <geometry>                         <box><size/>, <sphere><radius/>, <cylinder><radius/>
//         ...                              <length/> (VRX's); <ellipsoid><radii/>,
//       </geometry>                        <capsule><radius/><length/> (Leeway's)
//     </buoyancy>
//     <wavefield>                          ignored: the world's waves are used
//   </plugin>
//
// docs/sdf-reference.md gives units, defaults and examples.
#pragma once

#include <sdf/Element.hh>
#include <vector>

#include "leeway/hydro/shape_float.h"
#include "leeway/sdf/link_merging.h"

namespace leeway::sdfio {

/// The plugin's floats, placed in B. `surface_level` is the world's calm surface height.
std::vector<ShapeFloat> load_polyhedra_buoyancy_drag(const sdf::ElementPtr& plugin,
                                                     const MergedLinks& links,
                                                     double surface_level);

}  // namespace leeway::sdfio
