// Loads a model whose links move on joints (articulation.h) into a world: one body per group of
// links that move together (load_body on merge_link_group's links), and the tree that moves them
// (world/articulated_tree.h).
//
// What each group's body carries:
//   - group 0, the model's canonical link and the links fixed to it: the model's plugins
//     (hydrodynamics, hull, actuators, sensor plugins), as a model of one body has them. A plugin
//     that names a link of another group is refused (link_merging.h's link_frame): Leeway does
//     not yet attach a plugin's forces to a moving link;
//   - every group: its links' inertia, weight, the world's buoyancy of their collisions (gz-sim's
//     Buoyancy plugin) and current, the sensors on its links, its visuals and collisions.
// The body of group 0 is the model's (named as the model is); every other group's body is named
// MODEL/LINK after its root link (`rov/upper_arm`), so that each link has its own row in the
// recordings and its own topics.
//
// A model fixed to the world (world_joints.h) keeps group 0 as scenery (its plugins act on
// nothing, as for any anchored model) and its other groups hang from the world.
//
// Not articulated yet, each staying one merged body with its other joints warned about as
// fixed: a model held to the world on an axis (a revolute or prismatic joint to the world), a
// model whose joints hold nested models (gz-sim's lift-drag rig), and a model with a plugin on
// a moving link (LinkElsewhereError, said in a warning).
#pragma once

#include <optional>
#include <sdf/Model.hh>
#include <string>
#include <vector>

#include "leeway/body/body_model.h"
#include "leeway/propulsion/actuator.h"
#include "leeway/sdf/link_merging.h"
#include "leeway/sdf/world_settings.h"
#include "leeway/sensors/sensor.h"
#include "leeway/sim/wiring.h"
#include "leeway/world/articulated_tree.h"

namespace leeway::sdfio {

struct ClassifiedPlugins;

struct ArticulatedLoad {
  std::vector<BodyModel> bodies;  ///< one per moving group, in the groups' order
  /// Its link_body index the world's bodies, counted from the `first_body` given.
  ArticulatedTree tree;
  /// One per group: its links in its frame, for its visuals and collisions (group 0's is the
  /// fixed base's when the model is fixed to the world).
  std::vector<MergedLinks> group_links;
  std::vector<int> group_body;  ///< one per group: its body's index in the world, -1 for a base
};

/// The model as an articulated tree, or nothing when no joint of it moves (or it is held on an
/// axis to the world): it is then one body. `anchored`: the model is fixed to the world
/// (world_anchor). `first_body`, `tree_index`: where its bodies and tree go in the world; the
/// bodies' actuators and sensors are appended to `actuators` and `sensors`, the topics they name
/// to `wiring`.
std::optional<ArticulatedLoad> load_articulated(
    const sdf::Model& model, const std::string& name, const ClassifiedPlugins& plugins,
    const Eigen::Isometry3d& X_WM, bool anchored, const WorldSettings& world, int first_body,
    int tree_index, std::vector<ActuatorModel>& actuators, std::vector<SensorModel>& sensors,
    Wiring& wiring, Diagnostics& diagnostics);

}  // namespace leeway::sdfio
