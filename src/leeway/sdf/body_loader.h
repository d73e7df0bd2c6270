// Compiles one SDF <model> into a BodyModel: merged links (link_merging.h), the model's
// hydrodynamics plugin (gz-sim's or Leeway's), its hull and actuator plugins, and the world's
// buoyancy and current.
#pragma once

#include <sdf/Model.hh>

#include <vector>

#include "leeway/body/body_model.h"
#include "leeway/propulsion/actuator.h"
#include "leeway/sdf/world_settings.h"
#include "leeway/sensors/sensor.h"

namespace leeway::sdfio {

struct ClassifiedPlugins;

/// `name`: the model's scoped name (model_tree.h), which the body and its actuators take;
/// `plugins`: the model's, classified (plugin_registry.h); `body_index`: the body's place in the
/// world; its actuators are appended to `actuators`, its sensors (sensor_params.h) to
/// `sensors`.
BodyModel load_body(const sdf::Model& model, const std::string& name,
                    const ClassifiedPlugins& plugins, const Eigen::Isometry3d& X_WM,
                    const WorldSettings& world, int body_index,
                    std::vector<ActuatorModel>& actuators, std::vector<SensorModel>& sensors,
                    Diagnostics& diagnostics);

}  // namespace leeway::sdfio
