#include "leeway/sdf/world_settings.h"

#include <fmt/format.h>
#include <sdf/Model.hh>
#include <sdf/World.hh>

#include <cmath>
#include <set>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/environment_params.h"
#include "leeway/sdf/plugin_names.h"
#include "leeway/sdf/sea_state_params.h"
#include "leeway/sdf/task_params.h"

namespace leeway::sdfio {
namespace {

double read_density(const sdf::ElementPtr& e) {
  const double rho = read_number(e, "a fluid density in kg/m^3");
  if (rho <= 0.0) {
    throw LoadError(location_of(e), fmt::format("got {}, expected a density > 0 kg/m^3", rho));
  }
  return rho;
}

GzBuoyancy load_gz_buoyancy(const sdf::ElementPtr& plugin) {
  reject_unknown_children(
      plugin,
      [](const std::string& n) {
        return n == "uniform_fluid_density" || n == "enable" || n == "graded_buoyancy";
      },
      "<uniform_fluid_density> and <enable>");
  GzBuoyancy b;
  b.where = location_of(plugin);
  for_each_child(plugin, [&](const sdf::ElementPtr& child) {
    const std::string& n = child->GetName();
    if (n == "uniform_fluid_density") {
      b.fluid_density = read_density(child);
    } else if (n == "enable") {
      b.enabled_models.insert(text_of(child));
    } else if (n == "graded_buoyancy") {
      throw LoadError(location_of(child),
                      "graded buoyancy (density layers) is not supported yet; expected "
                      "<uniform_fluid_density>");
    } else {
      throw LoadError(location_of(child), fmt::format("unknown parameter <{}>; this plugin accepts "
                                                      "<uniform_fluid_density> and <enable>",
                                                      n));
    }
  });
  return b;
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

/// Notes that `source` sets the world's wind: a second source is an error, not an override.
void claim_wind(WorldSettings& s, const sdf::ElementPtr& source) {
  if (!s.wind_where.element.empty()) {
    throw LoadError(location_of(source),
                    fmt::format("the world's wind is already set at {}; expected one wind "
                                "(Leeway's <wind> or one of VRX's wind plugins)",
                                s.wind_where.str()));
  }
  s.wind_where = location_of(source);
}

/// VRX classic's 2018 wind plugin sat on the model, but sets the world's wind.
void load_model_wind_plugins(const sdf::World& world, WorldSettings& s, Diagnostics& diagnostics) {
  for (std::uint64_t i = 0; i < world.ModelCount(); ++i) {
    const sdf::ElementPtr model = world.ModelByIndex(i)->Element();
    if (!model->HasElement("plugin")) continue;
    for (sdf::ElementPtr p = model->GetElement("plugin"); p; p = p->GetNextElement("plugin")) {
      if (!is_vrx_classic_wind(p->GetAttribute("filename")->GetAsString(), "")) continue;
      claim_wind(s, p);
      load_vrx_classic_model_wind(p, world.ModelByIndex(i)->Name(), s.environment.wind,
                                  s.wind_objects, diagnostics);
    }
  }
}

void load_environment(const sdf::ElementPtr& plugin, std::uint64_t run_seed, WorldSettings& s,
                      Diagnostics& diagnostics) {
  reject_unknown_children(
      plugin,
      [](const std::string& n) {
        static const std::set<std::string> known = {
            "fluid_density",   "air_density", "surface_level", "current", "current_process",
            "current_profile", "tides",       "wind",          "waves",   "wavefield",
            "current_field",   "wind_field",  "bathymetry"};
        return known.contains(n);
      },
      "<fluid_density>, <air_density>, <surface_level>, <current> or <current_process>, "
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
    std::optional<double> depth_at_origin;
    if (env.bathymetry) depth_at_origin = water_depth(*env.bathymetry, env.surface_level, 0.0, 0.0);
    env.random_sea = load_waves(plugin->GetElement("waves"), s.gravity_W.norm(), depth_at_origin);
  } else if (plugin->HasElement("wavefield")) {
    env.waves = load_vrx_wavefield(plugin->GetElement("wavefield"), env.surface_level, diagnostics);
  }
  realise_environment(env, run_seed);
  if (env.random_sea) warn_if_folding(*env.waves, plugin->GetElement("waves"), diagnostics);
}

}  // namespace

WorldSettings load_world_settings(const sdf::World& world, std::uint64_t run_seed,
                                  Diagnostics& diagnostics) {
  WorldSettings s;
  const auto g = world.Gravity();
  s.gravity_W = {g.X(), g.Y(), g.Z()};
  if (!s.gravity_W.allFinite()) {
    throw LoadError(location_of(world.Element()), "<gravity> is not finite");
  }
  const sdf::ElementPtr root = world.Element();
  if (const auto* sc = world.SphericalCoordinates()) s.origin = read_origin(*sc, root);
  for (sdf::ElementPtr p = root->HasElement("plugin") ? root->GetElement("plugin") : nullptr; p;
       p = p->GetNextElement("plugin")) {
    const std::string filename = p->GetAttribute("filename")->GetAsString();
    const std::string name = p->GetAttribute("name")->GetAsString();
    if (plugin_matches(filename, name, "buoyancy-system", "systems::Buoyancy")) {
      s.gz_buoyancy = load_gz_buoyancy(p);
    } else if (plugin_matches(filename, name, "leeway-environment", "leeway::Environment")) {
      load_environment(p, run_seed, s, diagnostics);
    } else if (plugin_matches(filename, name, "underwater_current", "UnderwaterCurrentPlugin")) {
      load_uuv_current(p, s.environment.current);
    } else if (is_vrx_wind(filename, name)) {
      claim_wind(s, p);
      load_vrx_wind(p, s.environment.wind, s.wind_objects, diagnostics);
    } else if (is_vrx_task_plugin(filename, name)) {
      continue;  // a task needs the models: the world loader reads it last
    } else if (is_unscored_vrx_task_plugin(filename, name)) {
      reject_unscored_vrx_task(p);
    } else {
      diagnostics.warn_once("plugin " + filename, location_of(p),
                            fmt::format("world plugin '{}' has no meaning in Leeway and is "
                                        "ignored (said once, wherever else it appears)",
                                        filename));
    }
  }
  load_model_wind_plugins(world, s, diagnostics);
  return s;
}

}  // namespace leeway::sdfio
