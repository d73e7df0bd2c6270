// Leeway's Hull plugin, which describes a hull against the free surface, translated into Leeway's
// hull models (body/body_model.h) in the body frame B (VRX's hull plugins: sdf/vrx/hulls.h).
//
//   <plugin filename="leeway-hull" name="leeway::Hull">      Leeway's own:
//     <mesh>                       repeatable: a closed hull mesh (STL, OBJ, DAE, ...)
//       <uri>hull.stl</uri>        relative to the file it is written in
//       <link>base_link</link>     the link it belongs to (default: the canonical link)
//       <pose>0 0 0 0 0 0</pose>   the mesh's frame in the link's frame
//       <scale>1 1 1</scale>
//     </mesh>
//     <sectioned_hull>             repeatable: a slender hull generated from its dimensions
//       <length/> <half_beam/> <half_depth/> ... <link/> <pose/>   (sdf/leeway/hull_meshes.h)
//     </sectioned_hull>
//     <max_triangles>20000</max_triangles>    the budget; more is an error
//     <froude_krylov>false</froude_krylov>     add the incident wave's dynamic pressure
//     <update_rate>0</update_rate>             [Hz]; 0: every step
//     <between_updates>extrapolate</between_updates>  or hold
//     <friction>                   ITTC-57 friction and form drag (hydro/hull_friction.h)
//       <length/> <form_factor/> <kinematic_viscosity/> <wetted_area/>
//     </friction>
//     <windage>                    one of (hydro/windage.h):
//       <vrx>Cx Cy Cn</vrx> <world_axes>false</world_axes> <true_wind>false</true_wind>
//       <blendermann> <frontal_area/> <lateral_area/> <length/> <CD_t/> <CD_l_bow/>
//         <CD_l_stern/> <delta/> <kappa/> <s_L/> <s_H/> </blendermann>
//     </windage>
//   </plugin>
//
// docs/sdf-reference.md gives units, defaults and examples.
#pragma once

#include <sdf/Element.hh>

#include "leeway/core/error.h"
#include "leeway/sdf/hull_parts.h"
#include "leeway/sdf/link_merging.h"

namespace leeway::sdfio {

/// Adds what the plugin says to `parts`.
void load_leeway_hull(const sdf::ElementPtr& plugin, const MergedLinks& links, HullParts& parts,
                      Diagnostics& diagnostics);

}  // namespace leeway::sdfio
