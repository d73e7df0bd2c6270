// The plugins that describe a hull against the free surface, each translated into Leeway's hull
// models (body/body_model.h) in the body frame B.
//
//   <plugin filename="leeway-hull" name="leeway::Hull">      Leeway's own:
//     <mesh>                       repeatable: a closed hull mesh (STL, OBJ, DAE, ...)
//       <uri>hull.stl</uri>        relative to the file it is written in
//       <link>base_link</link>     the link it belongs to (default: the canonical link)
//       <pose>0 0 0 0 0 0</pose>   the mesh's frame in the link's frame
//       <scale>1 1 1</scale>
//     </mesh>
//     <sectioned_hull>             repeatable: a slender hull generated from its dimensions
//       <length/> <half_beam/> <half_depth/> ... <link/> <pose/>   (sdf/hull_mesh_params.h)
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
//   VRX's Surface (research/vrx.md 2.2): <link_name>, <hull_length>, <hull_radius>,
//   <fluid_level>, <fluid_density>, <points><point>x y z</point>...</points>, <wavefield>
//   (ignored: the world's waves are used); Leeway's additions <full_circle> and <strips>.
//
//   VRX's PolyhedraBuoyancyDrag: shape floats (sdf/shape_float_params.h).
//
//   VRX classic's dynamics plugin: its damping is a hydrodynamics plugin
//   (sdf/vrx_hydrodynamics.h), its buoyancy grid a strip hull: <boatLength> L (default 1.35),
//   <boatWidth> W (1.0), <hullRadius> r (0.213), <length_n> n (required), <waterLevel> (the
//   world's calm surface; classic assumed 0.5 m, so Leeway warns when it is absent),
//   <waterDensity> (997.7735), <bodyName> (the link the grid is in), <wave_model> (ignored).
//
// docs/sdf-reference.md gives units, defaults and examples.
#pragma once

#include <sdf/Element.hh>

#include "leeway/body/body_model.h"
#include "leeway/core/error.h"
#include "leeway/sdf/link_merging.h"

namespace leeway::sdfio {

/// The hull models gathered from a model's plugins.
struct HullParts {
  std::optional<MeshHydrostatics> mesh;
  SourceLocation mesh_where;  ///< the first <mesh>, for later messages
  std::vector<StripHull> strips;
  std::vector<ShapeFloat> shape_floats;
  std::optional<HullFriction> friction;
  WindageModel windage;

  bool floats() const { return mesh || !strips.empty() || !shape_floats.empty(); }
};

// Each adds what its plugin says to `parts`; `surface_level` is the world's calm surface height
// (the default fluid level).
void load_leeway_hull(const sdf::ElementPtr& plugin, const MergedLinks& links, HullParts& parts,
                      Diagnostics& diagnostics);
void load_vrx_surface(const sdf::ElementPtr& plugin, const MergedLinks& links, double surface_level,
                      HullParts& parts);
void load_vrx_classic_grid(const sdf::ElementPtr& plugin, const MergedLinks& links,
                           double surface_level, HullParts& parts, Diagnostics& diagnostics);

}  // namespace leeway::sdfio
