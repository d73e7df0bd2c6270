#include "leeway/sdf/leeway/environment.h"

#include <fmt/format.h>
#include <cmath>
#include <numbers>
#include <set>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/leeway/fields.h"
#include "leeway/sdf/leeway/sea_state.h"

namespace leeway::sdfio {
namespace {

BoundedGaussMarkov read_process(const sdf::ElementPtr& e, const std::string& unit) {
  reject_unknown_children(e, {"mean", "sigma", "tau", "min", "max"},
                          "<mean>, <sigma>, <tau>, <min> and <max>");
  BoundedGaussMarkov p;
  p.process.mean = read_number(required_child(e, "mean", unit.c_str()), "a mean in " + unit);
  if (optional_child(e, "sigma"))
    p.process.sigma = read_number_at_least(optional_child(e, "sigma"), 0.0, false,
                                           "a standard deviation in " + unit);
  if (optional_child(e, "tau"))
    p.process.tau =
        read_number_at_least(optional_child(e, "tau"), 0.0, true, "a time constant in s");
  if (optional_child(e, "min"))
    p.min = read_number(optional_child(e, "min"), "a lower limit in " + unit);
  if (optional_child(e, "max"))
    p.max = read_number(optional_child(e, "max"), "an upper limit in " + unit);
  if (p.min > p.process.mean || p.max < p.process.mean) {
    throw LoadError(location_of(e), fmt::format("the mean {} lies outside [min, max] = [{}, {}]",
                                                p.process.mean, p.min, p.max));
  }
  return p;
}

}  // namespace

void load_current_process(const sdf::ElementPtr& e, CurrentModel& c) {
  reject_unknown_children(e, {"speed", "horizontal_angle", "vertical_angle"},
                          "<speed>, <horizontal_angle> and <vertical_angle>");
  c.gauss_markov = true;
  c.speed = read_process(required_child(e, "speed", "a Gauss-Markov process in m/s"), "m/s");
  if (optional_child(e, "horizontal_angle"))
    c.horizontal_angle = read_process(optional_child(e, "horizontal_angle"), "rad");
  if (optional_child(e, "vertical_angle"))
    c.vertical_angle = read_process(optional_child(e, "vertical_angle"), "rad");
}

void load_current_profile(const sdf::ElementPtr& e, CurrentModel& c) {
  reject_unknown_children(e, {"type", "layer", "exponent", "depth"},
                          "<type>, <layer>, <exponent> and <depth>");
  const std::string type = text_of(required_child(e, "type", "uniform, layers or power_law"));
  if (type == "uniform") {
    c.profile = CurrentProfile::kUniform;
  } else if (type == "layers") {
    c.profile = CurrentProfile::kLayers;
    for (sdf::ElementPtr l = optional_child(e, "layer"); l; l = l->GetNextElement("layer")) {
      reject_unknown_children(l, {"depth", "factor"}, "<depth> and <factor>");
      const double depth = read_number_at_least(required_child(l, "depth", "a depth in m"), 0.0,
                                                false, "a depth in m");
      if (!c.layers.empty() && depth <= c.layers.back().first) {
        throw LoadError(location_of(l), fmt::format("layer depth {} m does not increase; expected "
                                                    "layers ordered from the surface down",
                                                    depth));
      }
      c.layers.emplace_back(depth,
                            read_number(required_child(l, "factor", "a factor"), "a factor"));
    }
    if (c.layers.empty())
      throw LoadError(location_of(e), "<type>layers needs at least one <layer>");
  } else if (type == "power_law") {
    c.profile = CurrentProfile::kPowerLaw;
    c.power_depth = read_number_at_least(required_child(e, "depth", "the water depth h in m"), 0.0,
                                         true, "a depth in m");
    if (optional_child(e, "exponent"))
      c.power_exponent =
          read_number_at_least(optional_child(e, "exponent"), 0.0, true, "an exponent");
  } else {
    throw LoadError(location_of(optional_child(e, "type")),
                    fmt::format("got '{}', expected uniform, layers or power_law", type));
  }
}

void load_tides(const sdf::ElementPtr& e, CurrentModel& c) {
  reject_unknown_children(e, {"flood_direction", "constituent"},
                          "<flood_direction> and <constituent>");
  if (optional_child(e, "flood_direction"))
    c.flood_direction = read_number(optional_child(e, "flood_direction"), "an angle in rad");
  for (sdf::ElementPtr k = optional_child(e, "constituent"); k;
       k = k->GetNextElement("constituent")) {
    reject_unknown_children(k, {"name", "amplitude", "period", "phase"},
                            "<name>, <amplitude>, <period> and <phase>");
    TidalConstituent t;
    t.name = optional_child(k, "name") ? text_of(optional_child(k, "name")) : "";
    t.amplitude =
        read_number(required_child(k, "amplitude", "a speed amplitude in m/s"), "a speed in m/s");
    if (optional_child(k, "phase"))
      t.phase = read_number(optional_child(k, "phase"), "a phase in rad");
    if (optional_child(k, "period")) {
      t.period = read_number_at_least(optional_child(k, "period"), 0.0, true, "a period in s");
    } else if (t.name == "M2" || t.name == "S2" || t.name == "N2") {
      t.period = t.name == "M2" ? kM2Period : t.name == "S2" ? kS2Period : kN2Period;
    } else {
      throw LoadError(location_of(k), fmt::format("constituent '{}' needs a <period> in s (only "
                                                  "M2, S2 and N2 are known by name)",
                                                  t.name));
    }
    c.tides.push_back(t);
  }
}

void load_wind(const sdf::ElementPtr& e, WindModel& w) {
  reject_unknown_children(e, {"speed", "direction", "gust"}, "<speed>, <direction> and <gust>");
  if (optional_child(e, "speed"))
    w.mean_speed = read_number_at_least(optional_child(e, "speed"), 0.0, false, "a speed in m/s");
  if (optional_child(e, "direction"))
    w.direction = read_number(optional_child(e, "direction"), "an angle in rad");
  const sdf::ElementPtr g = optional_child(e, "gust");
  if (!g) return;
  reject_unknown_children(g, {"type", "sigma", "tau", "kappa", "length", "components"},
                          "<type>, <sigma>, <tau>, <kappa>, <length> and <components>");
  const std::string type = text_of(required_child(g, "type", "first_order, harris or none"));
  if (type == "first_order") {
    w.gust = GustKind::kFirstOrder;
    w.gust_sigma =
        read_number_at_least(required_child(g, "sigma", "the gust's standard deviation in m/s"),
                             0.0, false, "a speed in m/s");
    w.gust_tau = read_number_at_least(required_child(g, "tau", "the gust's time constant in s"),
                                      0.0, true, "a time constant in s");
  } else if (type == "harris") {
    if (w.mean_speed <= 0.0) {
      throw LoadError(location_of(g),
                      "Harris's spectrum scales with the mean wind: expected <speed> > 0");
    }
    w.gust = GustKind::kHarris;
    if (optional_child(g, "kappa"))
      w.harris_kappa =
          read_number_at_least(optional_child(g, "kappa"), 0.0, true, "a drag coefficient");
    if (optional_child(g, "length"))
      w.harris_length =
          read_number_at_least(optional_child(g, "length"), 0.0, true, "a length in m");
    if (const sdf::ElementPtr c = optional_child(g, "components"))
      w.harris_components = read_count_in(c, 1, 1000000, "components");
  } else if (type != "none") {
    throw LoadError(location_of(optional_child(g, "type")),
                    fmt::format("got '{}', expected first_order, harris or none", type));
  }
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

}  // namespace leeway::sdfio
