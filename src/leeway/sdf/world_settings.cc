#include "leeway/sdf/world_settings.h"

#include <algorithm>

#include <fmt/format.h>
#include <sdf/Model.hh>
#include <sdf/World.hh>

#include <cmath>
#include <set>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/plugin_registry.h"

namespace leeway::sdfio {
namespace {

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
  WorldContext context{s, run_seed, "", diagnostics, model_names};
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
