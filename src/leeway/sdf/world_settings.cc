#include "leeway/sdf/world_settings.h"

#include <algorithm>

#include <fmt/format.h>
#include <sdf/Model.hh>
#include <sdf/World.hh>

#include <cmath>
#include <set>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/environment_params.h"
#include "leeway/sdf/plugin_registry.h"
#include "leeway/sdf/sea_state_params.h"

namespace leeway::sdfio {
namespace {

double read_density(const sdf::ElementPtr& e) {
  const double rho = read_number(e, "a fluid density in kg/m^3");
  if (rho <= 0.0) {
    throw LoadError(location_of(e), fmt::format("got {}, expected a density > 0 kg/m^3", rho));
  }
  return rho;
}

Geodetic read_origin(const ignition::math::SphericalCoordinates& sc, const sdf::ElementPtr& world) {
  const sdf::ElementPtr e = world->GetElement("spherical_coordinates");
  if (sc.Surface() != ignition::math::SphericalCoordinates::EARTH_WGS84) {
    throw LoadError(location_of(e), "expected <surface_model>EARTH_WGS84");
  }
  if (sc.HeadingOffset().Radian() != 0.0) {
    throw LoadError(location_of(optional_child(e, "heading_deg")),
                    fmt::format("heading_deg is {:g}; Leeway's W is east-north-up at the origin, "
                                "expected 0",
                                sc.HeadingOffset().Degree()));
  }
  const Geodetic g{sc.LatitudeReference().Degree(), sc.LongitudeReference().Degree(),
                   sc.ElevationReference()};
  if (!(std::abs(g.latitude_deg) <= 90.0) || !std::isfinite(g.longitude_deg) ||
      !std::isfinite(g.altitude_m)) {
    throw LoadError(location_of(e), fmt::format("latitude {} deg, longitude {} deg: expected "
                                                "|latitude| <= 90 and finite values",
                                                g.latitude_deg, g.longitude_deg));
  }
  return g;
}

}  // namespace

GzBuoyancy load_gz_buoyancy(const sdf::ElementPtr& plugin) {
  reject_unknown_children(plugin, {"uniform_fluid_density", "graded_buoyancy", "enable"},
                          "<uniform_fluid_density>, <graded_buoyancy> and <enable>");
  GzBuoyancy b;
  b.where = location_of(plugin);
  if (plugin->HasElement("uniform_fluid_density") && plugin->HasElement("graded_buoyancy")) {
    throw LoadError(location_of(plugin->GetElement("graded_buoyancy")),
                    "both <uniform_fluid_density> and <graded_buoyancy>; expected one");
  }
  for_each_child(plugin, [&](const sdf::ElementPtr& child) {
    const std::string& n = child->GetName();
    if (n == "uniform_fluid_density") {
      b.fluid_density = read_density(child);
    } else if (n == "enable") {
      b.enabled_models.insert(text_of(child));
    } else if (n == "graded_buoyancy") {
      reject_unknown_children(child, {"default_density", "density_change"},
                              "<default_density> and <density_change>");
      b.fluid_density = number_or(child, "default_density", 1000.0, 0.0, true,
                                  "the density below every layer [kg/m^3]");
      for_each_child(child, [&](const sdf::ElementPtr& layer) {
        if (layer->GetName() != "density_change") return;
        reject_unknown_children(layer, {"above_depth", "density"}, "<above_depth> and <density>");
        const double z =
            read_number(required_child(layer, "above_depth", "the layer's height z [m]"),
                        "the layer's height z [m]");
        const double density =
            read_density(required_child(layer, "density", "the layer's density [kg/m^3]"));
        for (const GzBuoyancy::Layer& other : b.layers) {
          if (other.z == z) {
            throw LoadError(location_of(layer),
                            fmt::format("a second layer at above_depth {} m; expected one", z));
          }
        }
        b.layers.push_back({z, density});
      });
      std::sort(b.layers.begin(), b.layers.end(),
                [](const auto& a, const auto& c) { return a.z < c.z; });
    }
  });
  return b;
}

void claim_wind(WorldSettings& s, const sdf::ElementPtr& source) {
  if (!s.wind_where.element.empty()) {
    throw LoadError(location_of(source),
                    fmt::format("the world's wind is already set at {}; expected one wind "
                                "(Leeway's <wind> or one of VRX's wind plugins)",
                                s.wind_where.str()));
  }
  s.wind_where = location_of(source);
}

void claim_waves(WorldSettings& s, const sdf::ElementPtr& source) {
  if (!s.waves_where.element.empty()) {
    throw LoadError(location_of(source),
                    fmt::format("the world's sea state is already set at {}; expected one "
                                "(Leeway's <waves> or <wavefield>, or VRX's wavefield message)",
                                s.waves_where.str()));
  }
  s.waves_where = location_of(source);
}

void load_environment(const sdf::ElementPtr& plugin, std::uint64_t run_seed, WorldSettings& s,
                      Diagnostics& diagnostics) {
  reject_unknown_children(
      plugin,
      [](const std::string& n) {
        static const std::set<std::string> known = {
            "fluid_density",   "air_density", "surface_level", "current",    "current_process",
            "current_profile", "tides",       "wind",          "waves",      "wavefield",
            "current_field",   "wind_field",  "bathymetry",    "sound_speed"};
        return known.contains(n);
      },
      "<fluid_density>, <air_density>, <sound_speed>, <surface_level>, <current> or "
      "<current_process>, "
      "<current_profile>, "
      "<tides>, <current_field>, <wind>, <wind_field>, <bathymetry>, and <waves> or "
      "<wavefield>");
  Environment& env = s.environment;
  if (plugin->HasElement("fluid_density")) {
    env.fluid_density = read_density(plugin->GetElement("fluid_density"));
  }
  if (plugin->HasElement("air_density")) {
    env.air_density = read_density(plugin->GetElement("air_density"));
  }
  if (plugin->HasElement("sound_speed")) {
    env.sound_speed = number_or(plugin, "sound_speed", env.sound_speed, 0.0, true,
                                "the speed of sound in the water [m/s]");
  }
  if (plugin->HasElement("current") && plugin->HasElement("current_process")) {
    throw LoadError(location_of(plugin->GetElement("current_process")),
                    "both <current> and <current_process> given; expected one surface current");
  }
  if (plugin->HasElement("current")) {
    env.current.steady_W =
        read_vec3(plugin->GetElement("current"), "three velocity components in m/s (ENU, towards)");
  }
  if (plugin->HasElement("current_process")) {
    load_current_process(plugin->GetElement("current_process"), env.current);
  }
  if (plugin->HasElement("current_profile")) {
    load_current_profile(plugin->GetElement("current_profile"), env.current);
  }
  if (plugin->HasElement("tides")) load_tides(plugin->GetElement("tides"), env.current);
  if (plugin->HasElement("wind")) {
    claim_wind(s, plugin->GetElement("wind"));
    load_wind(plugin->GetElement("wind"), env.wind);
  }
  const FieldContext files{s.origin, diagnostics, s.geo_fields};
  if (plugin->HasElement("current_field")) {
    env.current_field = load_field(plugin->GetElement("current_field"), FieldKind::kCurrent, files);
  }
  if (plugin->HasElement("wind_field")) {
    env.wind_field = load_field(plugin->GetElement("wind_field"), FieldKind::kWind, files);
  }
  if (plugin->HasElement("bathymetry")) {
    env.bathymetry = load_bathymetry(plugin->GetElement("bathymetry"), files);
  }
  if (plugin->HasElement("surface_level")) {
    env.surface_level = read_number(plugin->GetElement("surface_level"), "a height in metres");
  }
  if (plugin->HasElement("waves") && plugin->HasElement("wavefield")) {
    throw LoadError(location_of(plugin->GetElement("wavefield")),
                    "both <waves> and <wavefield> given; expected one sea state");
  }
  if (plugin->HasElement("waves")) {
    claim_waves(s, plugin->GetElement("waves"));
    std::optional<double> depth_at_origin;
    if (env.bathymetry) depth_at_origin = water_depth(*env.bathymetry, env.surface_level, 0.0, 0.0);
    env.random_sea = load_waves(plugin->GetElement("waves"), s.gravity_W.norm(), depth_at_origin);
  } else if (plugin->HasElement("wavefield")) {
    claim_waves(s, plugin->GetElement("wavefield"));
    env.waves = load_vrx_wavefield(plugin->GetElement("wavefield"), env.surface_level, diagnostics);
  }
  realise_environment(env, run_seed);
  if (env.random_sea) warn_if_folding(*env.waves, plugin->GetElement("waves"), diagnostics);
}

WorldSettings load_world_settings(const sdf::World& world, const ClassifiedPlugins& world_plugins,
                                  const std::vector<std::string>& model_names,
                                  const std::vector<ClassifiedPlugins>& model_plugins,
                                  std::uint64_t run_seed, Diagnostics& diagnostics) {
  WorldSettings s;
  const auto g = world.Gravity();
  s.gravity_W = {g.X(), g.Y(), g.Z()};
  if (!s.gravity_W.allFinite()) {
    throw LoadError(location_of(world.Element()), "<gravity> is not finite");
  }
  if (const auto* sc = world.SphericalCoordinates()) s.origin = read_origin(*sc, world.Element());
  const auto B = world.MagneticField();
  s.magnetic_field_W = {B.X(), B.Y(), B.Z()};
  WorldContext context{s, run_seed, "", diagnostics};
  for (const PluginUse& use : world_plugins.uses) {
    if (!use.kind) {
      report_unknown_plugin(use, PluginScope::kWorld, diagnostics);
    } else if (use.kind->family == PluginFamily::kWorldSetting) {
      use.loader<WorldSettingLoader>()(use.element, context);
    }
  }
  for (std::size_t i = 0; i < model_names.size(); ++i) {
    context.model_name = model_names[i];
    for (const PluginUse& use : model_plugins[i].of(PluginFamily::kWorldWind))
      use.loader<WorldSettingLoader>()(use.element, context);
  }
  return s;
}

}  // namespace leeway::sdfio
