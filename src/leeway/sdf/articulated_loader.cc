#include "leeway/sdf/articulated_loader.h"

#include <fmt/format.h>

#include <algorithm>
#include <sdf/Joint.hh>

#include "leeway/sdf/articulation.h"
#include "leeway/sdf/body_loader.h"
#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/hydro_blocks.h"
#include "leeway/sdf/joint_efforts.h"
#include "leeway/sdf/plugin_registry.h"

namespace leeway::sdfio {
namespace {

bool joined_to_world(const sdf::Model& model) {
  for (std::uint64_t j = 0; j < model.JointCount(); ++j) {
    if (model.JointByIndex(j)->ParentLinkName() == "world") return true;
  }
  return false;
}

/// Whether a joint between two of the model's own links is of a moving type (whether it moves
/// is articulate()'s to say).
bool has_moving_joint(const sdf::Model& model) {
  for (std::uint64_t j = 0; j < model.JointCount(); ++j) {
    const sdf::Joint& joint = *model.JointByIndex(j);
    if (joint.ParentLinkName() != "world" && joint.Type() != sdf::JointType::FIXED) return true;
  }
  return false;
}

/// Whether a joint of the model holds a nested model's link (gz-sim's lift-drag rig its wings):
/// such a model stays one merged body for now, whatever its joints.
bool holds_nested_model(const sdf::Model& model) {
  for (std::uint64_t i = 0; i < model.ModelCount(); ++i) {
    if (joint_into(model, *model.ModelByIndex(i)) != nullptr) return true;
  }
  return false;
}

/// The anchoring joint of `model` must hold the tree's base (group 0): a tree hangs from it.
void check_anchor(const sdf::Model& model, const ModelArticulation& articulation) {
  for (std::uint64_t j = 0; j < model.JointCount(); ++j) {
    const sdf::Joint& joint = *model.JointByIndex(j);
    if (joint.ParentLinkName() != "world") continue;
    const auto group = articulation.group_of_link.find(joint.ChildLinkName());
    if (group == articulation.group_of_link.end() || group->second == 0) continue;
    throw LoadError(
        location_of(joint.Element()),
        fmt::format("joint '{}' fixes link '{}' to the world, and that link moves on "
                    "a joint of the model's; expected the model's canonical link "
                    "'{}' (or a link fixed to it) fixed to the world",
                    joint.Name(), joint.ChildLinkName(), articulation.groups[0].root_link));
  }
}

}  // namespace

std::optional<ArticulatedLoad> load_articulated(
    const sdf::Model& model, const std::string& name, const ClassifiedPlugins& plugins,
    const Eigen::Isometry3d& X_WM, bool anchored, const WorldSettings& world, int first_body,
    int tree_index, std::vector<ActuatorModel>& actuators, std::vector<SensorModel>& sensors,
    Wiring& wiring, Diagnostics& diagnostics) {
  if (!has_moving_joint(model) || holds_nested_model(model) ||
      (!anchored && joined_to_world(model))) {
    return std::nullopt;
  }
  // Loaded on trial: a plugin on a moving link keeps the model one body, as it was, and the
  // merged body's load says its own warnings.
  Diagnostics trial = diagnostics;
  const ModelArticulation articulation =
      articulate(model, actuated_joints(model, name, plugins), trial);
  if (articulation.groups.size() == 1) return std::nullopt;
  if (anchored) check_anchor(model, articulation);

  ArticulatedLoad out;
  const ClassifiedPlugins none;
  // Each link's missing <inertial> was said by articulate().
  Diagnostics unsaid;
  const std::size_t actuators_before = actuators.size(), sensors_before = sensors.size();
  const std::size_t actuator_wiring_before = wiring.actuators.size();
  const std::size_t sensor_wiring_before = wiring.sensors.size();
  for (const LinkGroup& group : articulation.groups)
    out.group_links.push_back(merge_link_group(model, group.links, unsaid));
  // Read once; each body takes the blocks on its links (a block on the anchored base moves
  // nothing, as on scenery).
  const std::vector<HydroParams> hydro =
      load_hydro_blocks(plugins, {name, out.group_links[0], world, trial});
  for (std::size_t g = 0; g < articulation.groups.size(); ++g) {
    if (anchored && g == 0) {
      out.group_body.push_back(-1);
      continue;
    }
    const int body = first_body + static_cast<int>(out.bodies.size());
    out.group_body.push_back(body);
    try {
      out.bodies.push_back(load_body(model, name, g == 0 ? plugins : none, hydro,
                                     out.group_links[g], X_WM, world, body, actuators, sensors,
                                     wiring, trial));
    } catch (const LinkElsewhereError& e) {
      actuators.resize(actuators_before);
      sensors.resize(sensors_before);
      wiring.actuators.resize(actuator_wiring_before);
      wiring.sensors.resize(sensor_wiring_before);
      diagnostics.warn(e.where(),
                       fmt::format("{}: model '{}' stays one rigid body, its joints fixed, "
                                   "because Leeway attaches a plugin only to the links fixed to "
                                   "its canonical link '{}' for now",
                                   e.problem(), name, articulation.groups[0].root_link));
      return std::nullopt;
    }
    out.bodies.back().tree = tree_index;
    // The model's own body is its canonical link's; every other goes by MODEL/LINK (in the
    // recordings, the topics, the summary).
    if (g > 0) out.bodies.back().model_name = name + "/" + articulation.groups[g].root_link;
  }

  std::vector<const BodyModel*> group_bodies;
  for (std::size_t g = 0, b = 0; g < articulation.groups.size(); ++g)
    group_bodies.push_back(out.group_body[g] < 0 ? nullptr : &out.bodies[b++]);
  std::optional<Pose> fixed_at;
  if (anchored) fixed_at = Pose(X_WM * out.group_links[0].X_MB);
  out.tree.kernel = build_articulated_model(articulation, fixed_at, group_bodies);
  std::size_t g = anchored ? 1 : 0;
  for (const ArticulatedLink& link : out.tree.kernel.links)
    out.tree.link_body.push_back(link.frame_only ? -1 : out.group_body[g++]);
  load_joint_efforts(model, plugins, first_body, out, actuators, wiring.actuators, trial);
  diagnostics = std::move(trial);
  // A link's floats may relax faster than its joints: the tree's substeps follow the fastest.
  for (const BodyModel& b : out.bodies)
    out.tree.kernel.joint_rate = std::max(out.tree.kernel.joint_rate, b.drag_rate);
  return out;
}

}  // namespace leeway::sdfio
