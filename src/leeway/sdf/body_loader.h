// Compiles one SDF <model> into a BodyModel: merged links (link_merging.h), the model's
// hydrodynamics plugin (gz-sim's or Leeway's), and the world's buoyancy and current.
#pragma once

#include <sdf/Model.hh>

#include "leeway/body/body_model.h"
#include "leeway/sdf/world_settings.h"

namespace leeway::sdfio {

BodyModel load_body(const sdf::Model& model, const Eigen::Isometry3d& X_WM,
                    const WorldSettings& world, Diagnostics& diagnostics);

}  // namespace leeway::sdfio
