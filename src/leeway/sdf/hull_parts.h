// What a model's hull plugins gather (sdf/leeway/hull.h, sdf/vrx/hulls.h,
// sdf/vrx/polyhedra_buoyancy.h), in the body frame B, before load_body puts it on the body.
#pragma once

#include <optional>
#include <vector>

#include "leeway/body/body_model.h"
#include "leeway/core/error.h"

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

}  // namespace leeway::sdfio
