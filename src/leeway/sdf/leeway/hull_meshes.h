// The hull surfaces of Leeway's Hull plugin (sdf/leeway/hull.h), each checked and placed in the
// body frame B:
//
//   <mesh>                       a closed mesh file (STL, OBJ, DAE, ...): closed, consistently
//     <uri/> <link/> <pose/> <scale/>   wound and outward, or a LoadError that says which
//   <sectioned_hull>             a slender hull generated from its dimensions
//     <length/> <half_beam/> <half_depth/> <exponent/> <stations/> <section_points/>
//     <bow_fraction/> <stern_fraction/> <end_scale/> <bow_rise/> <link/> <pose/>
//
// docs/sdf-reference.md gives units, defaults and examples.
#pragma once

#include <sdf/Element.hh>

#include "leeway/core/error.h"
#include "leeway/geometry/hull_mesh.h"
#include "leeway/sdf/link_merging.h"

namespace leeway::sdfio {

/// The closed surface in the mesh file at `path` (scaled by `scale`), in the file's frame: a
/// LoadError at `uri` when it cannot be read, is open, has flipped faces or is inside out.
/// `use` says in messages what the closed surface is for.
HullMesh load_closed_mesh(const std::string& path, const Vec3& scale, const sdf::ElementPtr& uri,
                          const char* use, Diagnostics& diagnostics);

/// One <mesh>: read, checked as a closed surface, and placed in B.
HullMesh load_hull_mesh(const sdf::ElementPtr& mesh, const MergedLinks& links,
                        Diagnostics& diagnostics);

/// One <sectioned_hull> (geometry/mesh_shapes.h), placed in B.
HullMesh load_sectioned_hull(const sdf::ElementPtr& hull, const MergedLinks& links);

}  // namespace leeway::sdfio
