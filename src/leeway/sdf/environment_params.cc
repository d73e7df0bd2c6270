#include "leeway/sdf/environment_params.h"

#include <fmt/format.h>
#include <cmath>
#include <numbers>
#include <set>

#include "leeway/sdf/element_reading.h"

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

void load_uuv_current(const sdf::ElementPtr& plugin, CurrentModel& c) {
  reject_unknown_children(plugin, {"namespace", "constant_current"},
                          "<namespace> and <constant_current>");
  if (!plugin->HasElement("constant_current")) return;
  const sdf::ElementPtr cc = plugin->GetElement("constant_current");
  reject_unknown_children(cc, {"topic", "velocity", "horizontal_angle", "vertical_angle"},
                          "<topic>, <velocity>, <horizontal_angle> and <vertical_angle>");
  auto read = [&](const char* name, const std::string& unit) {
    BoundedGaussMarkov p;
    if (!cc->HasElement(name)) return p;
    const sdf::ElementPtr e = cc->GetElement(name);
    reject_unknown_children(e, {"mean", "min", "max", "mu", "noiseAmp"},
                            "<mean>, <min>, <max>, <mu> and <noiseAmp>");
    if (optional_child(e, "mean"))
      p.process.mean = read_number(optional_child(e, "mean"), "a mean in " + unit);
    if (optional_child(e, "min"))
      p.min = read_number(optional_child(e, "min"), "a lower limit in " + unit);
    if (optional_child(e, "max"))
      p.max = read_number(optional_child(e, "max"), "an upper limit in " + unit);
    if (optional_child(e, "noiseAmp"))
      p.process.sigma = read_number_at_least(optional_child(e, "noiseAmp"), 0.0, false,
                                             "a noise amplitude in " + unit);
    if (optional_child(e, "mu")) {
      const double mu = read_number(optional_child(e, "mu"), "a rate in 1/s");
      if (mu <= 0.0 && p.process.sigma > 0.0) {
        throw LoadError(
            location_of(optional_child(e, "mu")),
            fmt::format("got mu = {}, expected mu > 0: without mean reversion the process "
                        "is an unbounded random walk",
                        mu));
      }
      if (mu > 0.0) p.process.tau = 1.0 / mu;
    }
    return p;
  };
  c.gauss_markov = true;
  c.speed = read("velocity", "m/s");
  c.horizontal_angle = read("horizontal_angle", "rad");
  c.vertical_angle = read("vertical_angle", "rad");
}

namespace {

/// The parameters every VRX wind plugin shares: the wind's direction, mean and gust.
const std::set<std::string> kVrxWindLaw = {
    "wind_direction", "wind_mean_velocity", "var_wind_gain_constants", "var_wind_time_constants",
    "random_seed",    "update_rate",        "topic_wind_speed",        "topic_wind_direction"};

void read_vrx_wind_law(const sdf::ElementPtr& plugin, WindModel& w, Diagnostics& diagnostics) {
  if (optional_child(plugin, "wind_direction")) {
    w.direction = read_number(optional_child(plugin, "wind_direction"), "an angle in degrees") *
                  std::numbers::pi / 180.0;
  }
  w.mean_speed = any_number_or(plugin, "wind_mean_velocity", 0.0, "a speed in m/s");
  if (w.mean_speed < 0.0) {  // VRX scales its direction by the speed: a negative one reverses it
    w.mean_speed = -w.mean_speed;
    w.direction += std::numbers::pi;
  }
  w.gust = GustKind::kFirstOrder;
  w.gust_sigma = number_or(plugin, "var_wind_gain_constants", 0.0, 0.0, false, "a gain in m/s");
  w.gust_tau = number_or(plugin, "var_wind_time_constants", 0.1, 0.0, true, "a time constant in s");
  if (optional_child(plugin, "random_seed")) {
    diagnostics.warn(location_of(optional_child(plugin, "random_seed")),
                     "<random_seed> is replaced by the run's --seed (Leeway derives every random "
                     "stream from it)");
  }
}

Vec3 read_coefficients(const sdf::ElementPtr& e) {
  return read_vec3(e, "VRX's coefficients Cx Cy Cn");
}

/// Classic's coefficients, which it estimated from the collision shapes when they were absent.
Vec3 required_classic_coefficients(const sdf::ElementPtr& parent, const char* name) {
  const sdf::ElementPtr e = optional_child(parent, name);
  if (!e) {
    throw LoadError(location_of(parent),
                    fmt::format("no <{}>: VRX classic then estimates the coefficients from the "
                                "collision shapes, which Leeway does not; expected Cx Cy Cn "
                                "(VRX's WAM-V: 0.5 0.5 0.33)",
                                name));
  }
  return read_coefficients(e);
}

/// One <wind_obj> of classic's world plugin: <name> (or, in its last version, <model_name>) and
/// either <link_name> with <coeff_vector> or one <link> holding them.
std::pair<std::string, WindObject> classic_wind_object(const sdf::ElementPtr& o) {
  reject_unknown_children(o, {"name", "model_name", "link_name", "coeff_vector", "link"},
                          "<name> (or <model_name>), <link_name>, <coeff_vector> and <link>");
  const sdf::ElementPtr model_e = optional_child(o, "model_name")
                                      ? optional_child(o, "model_name")
                                      : required_child(o, "name", "the model's name");
  WindObject object{"", VrxWindage{}, location_of(o)};
  Vec3 c;
  if (const sdf::ElementPtr link = optional_child(o, "link")) {
    if (link->GetNextElement("link")) {
      throw LoadError(location_of(link->GetNextElement("link")),
                      "a second <link>: Leeway merges a model's links into one body and puts "
                      "the windage on its reference link; expected one <link>");
    }
    reject_unknown_children(link, {"link_name", "coeff_vector"}, "<link_name> and <coeff_vector>");
    object.link_name = text_of(required_child(link, "link_name", "the link the wind pushes"));
    // VRX's code reads the coefficients from <wind_obj>, not from the <link> it documents.
    c = optional_child(link, "coeff_vector") ? read_coefficients(link->GetElement("coeff_vector"))
                                             : required_classic_coefficients(o, "coeff_vector");
  } else {
    object.link_name = text_of(required_child(o, "link_name", "the link the wind pushes"));
    c = required_classic_coefficients(o, "coeff_vector");
  }
  object.windage = VrxWindage{c.x(), c.y(), c.z(), false, true};
  return {text_of(model_e), object};
}

void add_wind_object(WindObjects& objects, const std::string& model, const WindObject& object) {
  if (!objects.emplace(model, object).second) {
    throw LoadError(object.where, fmt::format("a second VRX windage for model '{}' (the first is "
                                              "at {}); expected one per model",
                                              model, objects.at(model).where.str()));
  }
}

/// VRX classic's spelling (libusv_gazebo_wind_plugin.so), whose wind objects differ.
bool is_vrx_classic_wind(const std::string& filename) {
  return filename.find("usv_gazebo_wind_plugin") != std::string::npos;
}

}  // namespace

void load_vrx_wind(const sdf::ElementPtr& plugin, WindModel& w, WindObjects& objects,
                   Diagnostics& diagnostics) {
  const bool classic = is_vrx_classic_wind(plugin->GetAttribute("filename")->GetAsString());
  std::set<std::string> known = kVrxWindLaw;
  known.insert("wind_obj");
  reject_unknown_children(plugin, known,
                          "VRX's <wind_direction>, <wind_mean_velocity>, "
                          "<var_wind_gain_constants>, <var_wind_time_constants>, <random_seed>, "
                          "<update_rate>, <topic_wind_speed>, <topic_wind_direction> and "
                          "<wind_obj>");
  read_vrx_wind_law(plugin, w, diagnostics);
  for_each_child(plugin, [&](const sdf::ElementPtr& o) {
    if (o->GetName() != "wind_obj") return;
    if (classic) {
      const auto [model, object] = classic_wind_object(o);
      add_wind_object(objects, model, object);
      return;
    }
    reject_unknown_children(o, {"name", "link_name", "coeff_vector"},
                            "<name>, <link_name> and <coeff_vector>");
    const std::string model = text_of(required_child(o, "name", "the model's name"));
    const Vec3 c = read_coefficients(required_child(o, "coeff_vector", "VRX's coefficients"));
    add_wind_object(objects, model,
                    WindObject{text_of(required_child(o, "link_name", "the link the wind pushes")),
                               VrxWindage{c.x(), c.y(), c.z(), true, false}, location_of(o)});
  });
}

void load_vrx_classic_model_wind(const sdf::ElementPtr& plugin, const std::string& model,
                                 WindModel& w, WindObjects& objects, Diagnostics& diagnostics) {
  std::set<std::string> known = kVrxWindLaw;
  known.insert({"bodyName", "wind_coeff_vector"});
  reject_unknown_children(plugin, known,
                          "<bodyName>, <wind_coeff_vector> and VRX's <wind_direction>, "
                          "<wind_mean_velocity>, <var_wind_gain_constants>, "
                          "<var_wind_time_constants>, <random_seed> and <update_rate>");
  read_vrx_wind_law(plugin, w, diagnostics);
  const Vec3 c = required_classic_coefficients(plugin, "wind_coeff_vector");
  const sdf::ElementPtr body = optional_child(plugin, "bodyName");
  add_wind_object(objects, model,
                  WindObject{body ? text_of(body) : "",
                             VrxWindage{c.x(), c.y(), c.z(), false, true}, location_of(plugin)});
}

}  // namespace leeway::sdfio
