// Every SDF <plugin> Leeway reads, in one table (plugin_registry.cc): the spelling that names it,
// its family, and the loader that reads it. The world loader classifies the plugins of the
// <world> and of each <model> once (classify_plugins); each family's loaders are then called,
// in the document's order, by the step of the load that needs them:
//
//   family            on     loader contract                                    called by
//   kWorldSetting     world  void(plugin, WorldContext&), into WorldSettings    load_world_settings
//   kWorldWind        model  the same (VRX classic's 2018 wind sat on a model)  load_world_settings
//   kTask             world  TaskModel(plugin, const Model&, Diagnostics&)      load_world, last
//   kHydrodynamics    model  vector<HydroParams>(plugin, const ModelContext&)   load_hydro_blocks
//   kHull             model  void(plugin, const ModelContext&, HullParts&)      load_body
//   kJointController  model  void(plugin, ActuatorSink&, DrivenJoints&)         load_body, first
//   kActuator         model  the same                                           load_body
//   kJointEffort      model  JointEffortParams(plugin, model name)              load_joint_efforts
//   kController       model  ControlLaw(plugin, const Scenario&, int body)      load_world, last
//   kDetachableJoint  model  DetachableJointParams(plugin, model, name)         load_world, last
//   kBattery          model  LinearBattery(plugin, Diagnostics&)                load_world
//   kSensor           model  void(plugin, SensorPluginContext&), adds a sensor   load_body
//   kPosePublisher    model  PosePublisherModel(plugin, Diagnostics&)            load_world
//
// A loader returns (or adds to) a typed fragment; the caller merges it and checks what involves
// more than one plugin (one hydrodynamics plugin and one controller per model, one wind per
// world). A plugin that matches rows of several families plays each role (VRX classic's dynamics
// plugin is hydrodynamics and a hull); within a family the first matching row wins. A plugin no
// row matches is reported by report_unknown_plugin, the one place that says so.
#pragma once

#include <cstdint>
#include <optional>
#include <sdf/Element.hh>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "leeway/core/error.h"
#include "leeway/sdf/gz/actuators.h"
#include "leeway/sdf/gz/detachable_joint.h"
#include "leeway/sdf/hull_parts.h"
#include "leeway/sdf/hydro_params.h"
#include "leeway/sdf/leeway/controllers.h"
#include "leeway/sdf/world_settings.h"
#include "leeway/world/model.h"

namespace leeway::sdfio {

enum class PluginFamily {
  kWorldSetting,
  kWorldWind,
  kTask,
  kHydrodynamics,
  kHull,
  kJointController,
  kActuator,
  kJointEffort,
  kController,
  kDetachableJoint,
  kBattery,
  kSensor,
  kPosePublisher,
};

/// Where a plugin stands: on the <world> (kWorldSetting, kTask) or on a <model> (the others).
enum class PluginScope { kWorld, kModel };

PluginScope scope_of(PluginFamily family);

/// How a row recognises a <plugin>: its filename contains `filename_part`, or its name ends with
/// `name_suffix` (so gz-sim's gz-sim-*, ignition-gazebo-* and lib*.so spellings all meet).
/// `folded`: `filename_part` is sought in "filename name" lowercased without underscores (VRX
/// spells its scoring plugins both ways). An empty part matches nothing.
struct PluginPattern {
  constexpr PluginPattern(std::string_view filename_part, std::string_view name_suffix,
                          bool folded = false)
      : filename_part(filename_part), name_suffix(name_suffix), folded(folded) {}

  std::string_view filename_part;
  std::string_view name_suffix;
  bool folded;

  bool matches(const std::string& filename, const std::string& name) const;
};

/// What a world-setting loader writes into.
struct WorldContext {
  WorldSettings& settings;
  std::uint64_t run_seed;
  std::string model_name;  ///< the model a kWorldWind plugin stands on
  Diagnostics& diagnostics;
  const std::vector<std::string>& model_names;  ///< every model's scoped name (model_tree.h)
};

/// What a model plugin's loader reads besides its element.
struct ModelContext {
  const std::string& name;  ///< the model's scoped name (model_tree.h)
  const MergedLinks& links;
  const WorldSettings& world;
  Diagnostics& diagnostics;
};

using WorldSettingLoader = void (*)(const sdf::ElementPtr& plugin, WorldContext& context);
/// Nothing for a task Leeway does not score (it warns instead).
using TaskLoader = std::optional<TaskModel> (*)(const sdf::ElementPtr& plugin, const Model& model,
                                                Diagnostics& diagnostics);
/// One HydroParams per link the plugin acts on (UUV Simulator's names several).
using HydrodynamicsLoader = std::vector<HydroParams> (*)(const sdf::ElementPtr& plugin,
                                                         const ModelContext& context);
using HullLoader = void (*)(const sdf::ElementPtr& plugin, const ModelContext& context,
                            HullParts& hull);
using ActuatorLoader = void (*)(const sdf::ElementPtr& plugin, ActuatorSink& sink,
                                DrivenJoints& driven);
using JointEffortLoader = JointEffortParams (*)(const sdf::ElementPtr& plugin,
                                                const std::string& model_name);
using ControllerLoader = LawLoader;  // sdf/leeway/controllers.h
using BatteryLoader = LinearBattery (*)(const sdf::ElementPtr& plugin, Diagnostics& diagnostics);
using DetachableJointLoader = DetachableJointParams (*)(const sdf::ElementPtr& plugin,
                                                        const sdf::Model& model,
                                                        const std::string& model_name);

struct SensorPluginContext;  // sensor_plugins.h
using SensorLoader = void (*)(const sdf::ElementPtr& plugin, SensorPluginContext& context);
using PosePublisherLoader = PosePublisherModel (*)(const sdf::ElementPtr& plugin,
                                                   Diagnostics& diagnostics);

/// One row of the table.
struct PluginKind {
  PluginFamily family;
  PluginPattern pattern;
  std::variant<WorldSettingLoader, TaskLoader, HydrodynamicsLoader, HullLoader, ActuatorLoader,
               JointEffortLoader, ControllerLoader, DetachableJointLoader, BatteryLoader,
               SensorLoader, PosePublisherLoader>
      load;
};

/// The table, in the order rows are tried.
const std::vector<PluginKind>& plugin_registry();

/// One role a plugin plays: its element and its row (none: no row matches; it is ignored).
struct PluginUse {
  sdf::ElementPtr element;
  const PluginKind* kind = nullptr;

  /// The row's loader, of the type its family's contract gives.
  template <class Loader>
  Loader loader() const {
    return std::get<Loader>(kind->load);
  }
};

/// The plugins of one <world> or <model>, in the document's order; a plugin appears once per
/// role, or once with no row.
struct ClassifiedPlugins {
  std::vector<PluginUse> uses;

  /// The uses of `family`, in order.
  std::vector<PluginUse> of(PluginFamily family) const;
};

/// Walks the <plugin> children of `world_or_model` once, matching each against the rows of
/// `scope`.
ClassifiedPlugins classify_plugins(const sdf::ElementPtr& world_or_model, PluginScope scope);

/// Warns, once per filename for the whole load, that the plugin `use` names (one no row matches)
/// has no meaning in Leeway and is ignored.
void report_unknown_plugin(const PluginUse& use, PluginScope scope, Diagnostics& diagnostics);

}  // namespace leeway::sdfio
