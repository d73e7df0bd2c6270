// World-wide settings read from the world's plugins, used while loading each model.
//
// The world's own elements (<gravity>, <spherical_coordinates>, <magnetic_field>) and what
// the world-setting plugins of every dialect say (plugin_registry.h routes them): Leeway's
// environment (sdf/leeway/environment.h), gz-sim's buoyancy and environment preload
// (sdf/gz/buoyancy.h, sdf/gz/environment_preload.h), UUV Simulator's current (sdf/uuv/current.h)
// and VRX's wind (sdf/vrx/wind.h).
#pragma once

#include <map>
#include <optional>
#include <sdf/World.hh>
#include <set>
#include <string>
#include <vector>

#include "leeway/core/error.h"
#include "leeway/core/geo.h"
#include "leeway/core/spatial.h"
#include "leeway/env/environment.h"
#include "leeway/hydro/windage.h"
#include "leeway/sdf/gz/environment_preload.h"
#include "leeway/sdf/leeway/fields.h"
#include "leeway/world/client_limits.h"

namespace leeway::sdfio {

/// gz-sim's buoyancy system. Uniform: the whole world is fluid of `fluid_density`. Graded
/// (`<graded_buoyancy>`): `fluid_density` below the lowest layer, and each layer's density from
/// its height up to the next (gz-sim's `above_depth` is a height z in the world, despite its name).
struct GzBuoyancy {
  struct Layer {
    double z = 0.0;        ///< [m], W
    double density = 0.0;  ///< [kg/m^3], from z up to the next layer
  };
  SourceLocation where;
  double fluid_density = 1000.0;
  std::vector<Layer> layers;             ///< ascending z; empty: uniform
  std::set<std::string> enabled_models;  ///< gz-sim's scoped names; empty: every model

  /// Whether it acts on the model with scoped name `model` (model_tree.h) and these links: as
  /// gz-sim, when the model, a model around it or one of its links is enabled.
  bool applies_to(const std::string& model, const std::vector<std::string>& links = {}) const {
    if (enabled_models.empty()) return true;
    for (std::size_t end = model.find("::");; end = model.find("::", end + 2)) {
      if (enabled_models.contains(model.substr(0, end))) return true;
      if (end == std::string::npos) break;
    }
    for (const std::string& link : links) {
      if (enabled_models.contains(model + "::" + link)) return true;
    }
    return false;
  }
  /// The density of the topmost layer (the fluid above everything).
  double top_density() const { return layers.empty() ? fluid_density : layers.back().density; }
};

/// A model that a VRX wind plugin puts windage on.
struct WindObject {
  std::string link_name;  ///< empty: the model's reference link
  VrxWindage windage;
  SourceLocation where;
};
using WindObjects = std::map<std::string, WindObject>;  ///< by model name

struct WorldSettings {
  Vec3 gravity_W{0.0, 0.0, -9.80665};
  /// The world's <spherical_coordinates>: the geodetic point under W's origin (W is ENU there).
  std::optional<Geodetic> origin;
  /// The world's <magnetic_field> [T], in W: a magnetometer's field when there is no origin.
  Vec3 magnetic_field_W = Vec3::Zero();
  std::vector<GeoCoverage> geo_fields;  ///< checked by the world loader once models are placed
  Environment environment;
  std::optional<GzBuoyancy> gz_buoyancy;
  std::optional<EnvironmentData> environment_data;  ///< gz-sim's EnvironmentPreload table
  SourceLocation wind_where;   ///< what set the wind (empty: nothing), to refuse a second source
  SourceLocation waves_where;  ///< what set the sea state (empty: nothing), likewise
  WindObjects wind_objects;    ///< VRX's windage, by model
  ClientLimits client_limits;  ///< Leeway's ClientLimits (sdf/leeway/client_limits.h)
  SourceLocation client_limits_where;  ///< where they were stated (empty: nowhere)
};

struct ClassifiedPlugins;

/// Reads <gravity>, <spherical_coordinates> and the world-setting plugins (plugin_registry.h) of
/// the world and of its models (`model_plugins[i]` for the model named `model_names[i]`), in the
/// document's order; warns about the world plugins Leeway does not know (gz-sim's physics, sensors
/// and scene-broadcaster systems have no meaning here). The environment's random parts are drawn
/// with `run_seed` (realise_environment).
WorldSettings load_world_settings(const sdf::World& world, const ClassifiedPlugins& world_plugins,
                                  const std::vector<std::string>& model_names,
                                  const std::vector<ClassifiedPlugins>& model_plugins,
                                  std::uint64_t run_seed, Diagnostics& diagnostics);

/// Notes that `source` sets the world's wind: a second source is an error, not an override.
void claim_wind(WorldSettings& s, const sdf::ElementPtr& source);
/// The same for the sea state: Leeway's <waves> or <wavefield>, or VRX's wavefield message.
void claim_waves(WorldSettings& s, const sdf::ElementPtr& source);

}  // namespace leeway::sdfio
