#include "leeway/sdf/gz/detachable_joint.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/model_tree.h"
#include "leeway/sdf/plugin_registry.h"
#include "leeway/sdf/vrx/scoring.h"

namespace leeway::sdfio {

DetachableJointParams load_detachable_joint(const sdf::ElementPtr& plugin, const sdf::Model& model,
                                            const std::string& model_name) {
  reject_unknown_children(
      plugin,
      std::set<std::string>{"parent_link", "child_model", "child_link", "topic", "detach_topic",
                            "attach_topic", "output_topic", "suppress_child_warning"},
      "gz-sim's DetachableJoint parameters: <parent_link>, <child_model>, "
      "<child_link>, <topic>, <detach_topic>, <attach_topic>, "
      "<output_topic>, <suppress_child_warning>");
  DetachableJointParams out;
  out.where = plugin;
  const sdf::ElementPtr parent =
      required_child(plugin, "parent_link", "the link of this model that is joined");
  out.parent_link = text_of(parent);
  if (model.LinkByName(out.parent_link) == nullptr) {
    throw LoadError(location_of(parent),
                    fmt::format("model '{}' has no link '{}'; expected one of its links",
                                model_name, out.parent_link));
  }
  out.child_model = text_of(required_child(plugin, "child_model", "the model joined to it"));
  out.child_link = text_of(required_child(plugin, "child_link", "the link of that model"));
  out.detach_topic = "/model/" + model_name + "/detachable_joint/detach";
  for (const char* name : {"topic", "detach_topic"}) {
    if (const sdf::ElementPtr topic = optional_child(plugin, name))
      out.detach_topic = text_of(topic);
  }
  if (const sdf::ElementPtr e = optional_child(plugin, "suppress_child_warning"))
    out.suppress_child_warning = read_bool(e);
  return out;
}

void hold_detached_vehicles(const std::vector<PlacedModel>& models,
                            const std::vector<ClassifiedPlugins>& model_plugins,
                            const std::vector<int>& body_of, const ClassifiedPlugins& world_plugins,
                            Model& m, Diagnostics& diagnostics) {
  // VRX's scoring plugins, scored or not, publish the release as their task leaves its initial
  // state.
  std::optional<double> vrx_release;
  for (const PluginUse& use : world_plugins.of(PluginFamily::kTask)) {
    vrx_release = vrx_initial_duration(use.element);
  }
  for (std::size_t i = 0; i < models.size(); ++i) {
    for (const PluginUse& use : model_plugins[i].of(PluginFamily::kDetachableJoint)) {
      const DetachableJointParams joint =
          use.loader<DetachableJointLoader>()(use.element, *models[i].model, models[i].name);
      const int body = body_of[i];
      if (body < 0) continue;  // an anchored vehicle: warn_anchored names the plugin
      const auto child = std::find_if(models.begin(), models.end(), [&](const auto& placed) {
        return placed.name == joint.child_model;
      });
      const SourceLocation where = location_of(joint.where);
      if (child == models.end()) {
        if (!joint.suppress_child_warning) {
          diagnostics.warn(where, fmt::format("DetachableJoint of model '{}': the world holds no "
                                              "model '{}', so nothing holds '{}' (as in gz-sim)",
                                              models[i].name, joint.child_model, models[i].name));
        }
        continue;
      }
      if (child->model->LinkByName(joint.child_link) == nullptr) {
        throw LoadError(location_of(optional_child(joint.where, "child_link")),
                        fmt::format("model '{}' has no link '{}'; expected one of its links",
                                    joint.child_model, joint.child_link));
      }
      if (body_of[static_cast<std::size_t>(child - models.begin())] >= 0) {
        diagnostics.warn(where, fmt::format("DetachableJoint of model '{}': model '{}' moves, and "
                                            "Leeway cannot join two bodies yet, so '{}' is held "
                                            "still at its start until released instead of moving "
                                            "with '{}'",
                                            models[i].name, joint.child_model, models[i].name,
                                            joint.child_model));
      }
      double until = INFINITY;
      if (vrx_release && joint.detach_topic == kVrxReleaseTopic) {
        until = *vrx_release;
      } else {
        diagnostics.warn(where, fmt::format("DetachableJoint of model '{}': it is released by a "
                                            "message on '{}', which Leeway does not receive yet, "
                                            "so '{}' stays held to '{}' for the whole run",
                                            models[i].name, joint.detach_topic, models[i].name,
                                            joint.child_model));
      }
      const BodyModel& vehicle = m.bodies[static_cast<std::size_t>(body)];
      m.holds.push_back({body, until, {vehicle.p_WB0, vehicle.q_WB0, Vec6::Zero()}});
    }
  }
}

}  // namespace leeway::sdfio
