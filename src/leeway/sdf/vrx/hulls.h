// VRX's hull plugins, translated into Leeway's strip hulls (body/body_model.h) in the body
// frame B:
//
//   VRX's Surface (research/vrx.md 2.2): <link_name>, <hull_length>, <hull_radius>,
//   <fluid_level>, <fluid_density>, <points><point>x y z</point>...</points>, <wavefield>
//   (ignored: the world's waves are used); Leeway's additions <full_circle> and <strips>.
//
//   VRX's PolyhedraBuoyancyDrag: shape floats (sdf/vrx/polyhedra_buoyancy.h).
//
//   VRX classic's dynamics plugin: its damping is a hydrodynamics plugin
//   (sdf/vrx/hydrodynamics.h), its buoyancy grid a strip hull: <boatLength> L (default 1.35),
//   <boatWidth> W (1.0), <hullRadius> r (0.213), <length_n> n (required), <waterLevel> (the
//   world's calm surface; classic assumed 0.5 m, so Leeway warns when it is absent),
//   <waterDensity> (997.7735), <bodyName> (the link the grid is in), <wave_model> (ignored).
//
// docs/sdf-reference.md gives units, defaults and examples.
#pragma once

#include <sdf/Element.hh>

#include "leeway/core/error.h"
#include "leeway/sdf/hull_parts.h"
#include "leeway/sdf/link_merging.h"

namespace leeway::sdfio {

// Each adds what its plugin says to `parts`; `surface_level` is the world's calm surface height
// (the default fluid level).
void load_vrx_surface(const sdf::ElementPtr& plugin, const MergedLinks& links, double surface_level,
                      HullParts& parts);
void load_vrx_classic_grid(const sdf::ElementPtr& plugin, const MergedLinks& links,
                           double surface_level, HullParts& parts, Diagnostics& diagnostics);

}  // namespace leeway::sdfio
