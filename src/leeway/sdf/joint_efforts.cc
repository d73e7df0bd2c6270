#include "leeway/sdf/joint_efforts.h"

#include <fmt/format.h>

#include <sdf/Joint.hh>

#include "leeway/sdf/actuator_sink.h"
#include "leeway/sdf/plugin_registry.h"

namespace leeway::sdfio {
namespace {

/// The first one-coordinate kernel link on joint `name` (a universal joint's cross: its first
/// axis, which gz-sim pushes on), or -1.
int effort_link(const ArticulatedModel& kernel, const std::string& name) {
  for (std::size_t i = 0; i < kernel.links.size(); ++i) {
    if (kernel.links[i].joint_name == name && kernel.links[i].nv == 1) return static_cast<int>(i);
  }
  return -1;
}

/// The body the joint of kernel link `link` moves: its link's, or for a frame-only cross the
/// link hanging from it.
int moved_body(const ArticulatedTree& tree, int link) {
  for (std::size_t i = static_cast<std::size_t>(link); i < tree.link_body.size(); ++i) {
    if (tree.link_body[i] >= 0 &&
        (static_cast<int>(i) == link || tree.kernel.links[i].parent == link)) {
      return tree.link_body[i];
    }
  }
  return -1;
}

}  // namespace

void load_joint_efforts(const sdf::Model& model, const ClassifiedPlugins& plugins, int first_body,
                        ArticulatedLoad& load, std::vector<ActuatorModel>& actuators,
                        std::vector<ActuatorWiring>& wiring, Diagnostics& diagnostics) {
  for (const PluginUse& use : plugins.of(PluginFamily::kJointEffort)) {
    JointEffortParams params = use.loader<JointEffortLoader>()(use.element, model.Name());
    const sdf::ElementPtr where = use.element->GetElement("joint_name");
    const sdf::Joint* joint = model.JointByName(params.joint);
    if (!joint) {
      throw LoadError(location_of(where),
                      fmt::format("model '{}' has no joint '{}'; expected one of its joints",
                                  model.Name(), params.joint));
    }
    if (joint->Type() == sdf::JointType::BALL) {
      throw LoadError(location_of(where),
                      fmt::format("joint '{}' is a ball joint, with three coordinates; gz-sim "
                                  "pushes on one: expected a revolute, continuous, prismatic or "
                                  "universal joint",
                                  params.joint));
    }
    const int link = effort_link(load.tree.kernel, params.joint);
    if (link < 0) {
      diagnostics.warn(location_of(where),
                       fmt::format("joint '{}' of model '{}' does not move (fixed, locked by "
                                   "equal limits, stood in for by an actuator, or holding the "
                                   "model to the world): the force on it moves nothing",
                                   params.joint, model.Name()));
      continue;
    }
    const ArticulatedLink& moved = load.tree.kernel.links[static_cast<std::size_t>(link)];
    ActuatorModel a;
    a.name = params.joint;
    a.unit = moved.joint == JointKind::kPrismatic ? "N" : "N m";
    a.dynamics.dynamics = ZeroOrderRotor{};
    const double limit = moved.dynamics.effort_limit;
    a.dynamics.x_min = a.command_min = -limit;
    a.dynamics.x_max = a.command_max = limit;
    a.policy = CommandPolicy::kClamp;
    const int body = moved_body(load.tree, link);
    std::size_t group = 0;
    while (load.group_body[group] != body)
      ++group;
    ActuatorSink sink{model,      load.group_links[group],
                      body,       load.bodies[static_cast<std::size_t>(body - first_body)],
                      actuators,  wiring,
                      diagnostics};
    load.tree.efforts.push_back({link, sink.add(std::move(a), use.element, params.topics)});
  }
}

void warn_joint_efforts_on_rigid_model(const sdf::Model& model, const ClassifiedPlugins& plugins,
                                       Diagnostics& diagnostics) {
  for (const PluginUse& use : plugins.of(PluginFamily::kJointEffort)) {
    const JointEffortParams params = use.loader<JointEffortLoader>()(use.element, model.Name());
    diagnostics.warn(location_of(use.element),
                     fmt::format("model '{}' is one rigid body (its joints merged, as the "
                                 "warnings about them say): the force on joint '{}' moves "
                                 "nothing",
                                 model.Name(), params.joint));
  }
}

}  // namespace leeway::sdfio
