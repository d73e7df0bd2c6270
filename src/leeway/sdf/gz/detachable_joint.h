// gz-sim's DetachableJoint (gz-sim-detachable-joint-system), on a vehicle's model: it joins
// the vehicle's <parent_link> to <child_link> of the model <child_model> until a message on
// <detach_topic> (or the older <topic>) detaches them. VRX's launch writes one into its WAM-V,
// joined to the `platform` model (fixed to the world) until its task publishes on /vrx/release,
// which VRX's scoring plugin does as the task leaves its initial state.
//
// Leeway reads it as what it does to the vehicle: a kinematic hold (body_state.h) at its start
// pose, released
// - when the world holds a VRX task and the topic is /vrx/release: at the task's
//   <initial_state_duration> (10 s by default, VRX's), as VRX's scoring plugin does;
// - otherwise never, for now (a message from outside comes with the interfaces), with a warning.
// Leeway cannot join two bodies, so a child model that moves (VRX's articulated platform) is
// held still instead of carrying the vehicle on its joints (a warning says so); a child model
// the world does not hold is, as in gz-sim, no hold at all, with a warning unless
// <suppress_child_warning> is true.
#pragma once

#include <sdf/Element.hh>
#include <sdf/Model.hh>
#include <string>
#include <vector>

#include "leeway/core/error.h"
#include "leeway/world/model.h"

namespace leeway::sdfio {

struct DetachableJointParams {
  sdf::ElementPtr where;
  std::string parent_link, child_model, child_link;
  std::string detach_topic;  ///< gz-sim's default: /model/MODEL/detachable_joint/detach
  bool suppress_child_warning = false;
};

/// Reads the plugin on `model` (its scoped name `model_name`); a LoadError for a parent link the
/// model lacks or a missing child.
DetachableJointParams load_detachable_joint(const sdf::ElementPtr& plugin, const sdf::Model& model,
                                            const std::string& model_name);

/// VRX's release topic, published by its scoring plugins.
inline constexpr const char* kVrxReleaseTopic = "/vrx/release";

struct ClassifiedPlugins;
struct PlacedModel;

/// Adds to `m.holds` the holds of the world's DetachableJoints, read from `model_plugins` (one
/// per placed model); `body_of`: each placed model's body, or -1 for scenery.
void hold_detached_vehicles(const std::vector<PlacedModel>& models,
                            const std::vector<ClassifiedPlugins>& model_plugins,
                            const std::vector<int>& body_of, const ClassifiedPlugins& world_plugins,
                            Model& m, Diagnostics& diagnostics);

}  // namespace leeway::sdfio
