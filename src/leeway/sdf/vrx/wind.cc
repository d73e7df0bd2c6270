#include "leeway/sdf/vrx/wind.h"

#include <fmt/format.h>
#include <numbers>
#include <set>

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {
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
