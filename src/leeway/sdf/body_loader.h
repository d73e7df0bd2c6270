// Compiles one SDF <model>, or one group of an articulated model's links, into a BodyModel: its
// merged links (link_merging.h), the hydrodynamics blocks on its links (hydro_blocks.h), its
// hull and actuator plugins, and the world's buoyancy and current.
#pragma once

#include <sdf/Model.hh>

#include <set>
#include <span>
#include <string>
#include <vector>

#include "leeway/body/body_model.h"
#include "leeway/propulsion/actuator.h"
#include "leeway/sdf/hydro_params.h"
#include "leeway/sdf/link_merging.h"
#include "leeway/sdf/world_settings.h"
#include "leeway/sensors/sensor.h"
#include "leeway/sim/wiring.h"

namespace leeway::sdfio {

struct ClassifiedPlugins;

/// `name`: the model's scoped name (model_tree.h), which the body and its actuators take;
/// `plugins`: the model's, classified (plugin_registry.h), or none (an articulated model's
/// moving links); `hydro_blocks`: every hydrodynamics block of the model (load_hydro_blocks),
/// of which the body takes those on its links; `links`: what the body is made of (merge_links, or
/// merge_link_group for one group of an articulated model's); `body_index`: the body's place in the
/// world; its actuators are appended to `actuators`, the sensors on its links (sensor_params.h) to
/// `sensors`, the topics they name to `wiring`'s lists.
BodyModel load_body(const sdf::Model& model, const std::string& name,
                    const ClassifiedPlugins& plugins, std::span<const HydroParams> hydro_blocks,
                    const MergedLinks& links, const Eigen::Isometry3d& X_WM,
                    const WorldSettings& world, int body_index,
                    std::vector<ActuatorModel>& actuators, std::vector<SensorModel>& sensors,
                    Wiring& wiring, Diagnostics& diagnostics);

/// The joints the model's actuator plugins stand in for (a propeller's spin, a steering joint, a
/// fin's hinge), which an articulated model keeps fixed (articulation.h).
std::set<std::string> actuated_joints(const sdf::Model& model, const std::string& name,
                                      const ClassifiedPlugins& plugins);

struct ModelContext;

/// The sensors of `model` (its links' <sensor>s and its sensor plugins), appended to `sensors`
/// with the topics they name to `wiring`: on body `body_index` at X_WB, or, with a body index
/// of -1 (a static model, or one fixed to the world), held by the world, their frames in W.
void load_model_sensors(const sdf::Model& model, const std::string& name,
                        const ClassifiedPlugins& plugins, const ModelContext& context,
                        int body_index, const Eigen::Isometry3d& X_WB,
                        std::vector<SensorModel>& sensors, std::vector<SensorWiring>& wiring);

}  // namespace leeway::sdfio
