// A body's hydrodynamics from the blocks on its links. A hydrodynamics plugin acts on a link
// (UUV Simulator's underwater-object plugin on several, one <link> block each: the RexROV's on
// its hull and on each link of its arm); each block goes to the body that holds its link, an
// articulated model's group (articulated_loader.h) or the merged model (link_merging.h). The block
// on the body's reference link (its frame B) is the body's as written. A block on another link L
// fixed into the body (the arm's base, bolted to the vehicle) is moved into B:
//   added mass  M_B = H^T R M_L R^T H, R = diag(R_BL, R_BL), H = transport_matrix(p_BoLo):
//               exact, and so is the added-mass Coriolis built from it, as Kirchhoff's equations
//               keep their form in any frame fixed to the body;
//   damping     kept at L in L's axes (DampingModel::R_BP, p_BoP), where it was written: a drag
//               quadratic in L's velocities is not one in B's;
//   buoyancy    its volume (a neutral block's: its link's mass over the water's density) at its
//               centre, added to the body's at the volume-weighted centre, in the reference
//               block's water; the surface cut stays the reference block's <box> height.
// A second block on one link, a block naming no link of the model, and a moved block with
// anything else (its own current, restoring matrix, cross-flow drag, body lift, point weights,
// or Coriolis and Munk settings unlike the body's) are errors naming the block.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "leeway/sdf/hydro_params.h"
#include "leeway/sdf/link_merging.h"
#include "leeway/sdf/plugin_registry.h"

namespace leeway::sdfio {

/// Every block of the model's hydrodynamics plugins, read once for all its bodies, in the
/// document's order; the plugins no row of the registry knows are reported here. `context`'s
/// links are the model's (merged, or the canonical group's with the others elsewhere).
std::vector<HydroParams> load_hydro_blocks(const ClassifiedPlugins& plugins,
                                           const ModelContext& context);

/// The hydrodynamics of the body that `links` make, from the blocks on its links (those on its
/// links_elsewhere are other bodies'); none when no block is on its links. `water_density`
/// [kg/m^3] is the world's.
std::optional<HydroParams> body_hydro(std::span<const HydroParams> blocks, const MergedLinks& links,
                                      double water_density);

}  // namespace leeway::sdfio
