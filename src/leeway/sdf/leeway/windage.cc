#include "leeway/sdf/leeway/windage.h"

#include <fmt/format.h>

#include <algorithm>
#include <numbers>
#include <numeric>

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {
namespace {

WindageTable load_blendermann(const sdf::ElementPtr& b) {
  reject_unknown_children(b,
                          {"frontal_area", "lateral_area", "length", "CD_t", "CD_l_bow",
                           "CD_l_stern", "delta", "kappa", "s_L", "s_H"},
                          "the areas, <length> and Blendermann's coefficients");
  Blendermann p;
  p.CD_t = number_or(b, "CD_t", p.CD_t, 0.0, true, "a drag coefficient");
  p.CD_l_bow = number_or(b, "CD_l_bow", p.CD_l_bow, 0.0, true, "a drag coefficient");
  p.CD_l_stern = number_or(b, "CD_l_stern", p.CD_l_stern, 0.0, true, "a drag coefficient");
  p.delta = number_or(b, "delta", p.delta, 0.0, false, "delta");
  p.kappa = number_or(b, "kappa", p.kappa, 0.0, false, "kappa");
  p.s_L = number_or(b, "s_L", 0.0, -1e6, false, "a distance");
  p.s_H = number_or(b, "s_H", 0.0, -1e6, false, "a height");
  return blendermann_table(p, required_positive(b, "frontal_area", "an area [m^2]"),
                           required_positive(b, "lateral_area", "an area [m^2]"),
                           required_positive(b, "length", "the length overall [m]"));
}

/// A user's coefficient table: angles in degrees, FLU signs unless <frame>frd</frame> (Fossen's:
/// the angle measured towards starboard, Y and N positive to starboard).
WindageTable load_table(const sdf::ElementPtr& e) {
  reject_unknown_children(e,
                          {"frontal_area", "lateral_area", "length", "height", "air_density",
                           "frame", "angles", "C_X", "C_Y", "C_K", "C_N"},
                          "the areas, lengths, <air_density>, <frame>, <angles> and the "
                          "coefficients <C_X>, <C_Y>, <C_K>, <C_N>");
  WindageTable t;
  t.frontal_area = required_positive(e, "frontal_area", "an area [m^2]");
  t.lateral_area = required_positive(e, "lateral_area", "an area [m^2]");
  t.length = required_positive(e, "length", "the length overall [m]");
  t.height = number_or(e, "height", t.lateral_area / t.length, 0.0, false, "a height [m]");
  t.air_density = number_or(e, "air_density", t.air_density, 0.0, true, "a density [kg/m^3]");
  bool frd = false;
  if (const sdf::ElementPtr f = optional_child(e, "frame")) {
    const std::string v = text_of(f);
    if (v != "flu" && v != "frd") {
      throw LoadError(location_of(f), fmt::format("got '{}', expected flu or frd", v));
    }
    frd = v == "frd";
  }
  const sdf::ElementPtr angles_e = required_child(e, "angles", "the wind angles [deg]");
  std::vector<double> angles = read_numbers(angles_e, 0, "the wind angles [deg]");
  for (std::size_t i = 1; i < angles.size(); ++i) {
    if (!(angles[i] > angles[i - 1])) {
      throw LoadError(location_of(angles_e),
                      fmt::format("angle {} follows {}; expected strictly increasing angles",
                                  angles[i], angles[i - 1]));
    }
  }
  if (angles.back() - angles.front() >= 360.0) {
    throw LoadError(location_of(angles_e),
                    fmt::format("the angles span {} deg; expected less than a full circle (the "
                                "table wraps round from the last to the first)",
                                angles.back() - angles.front()));
  }
  auto column = [&](const char* name, bool flips) {
    const sdf::ElementPtr c = required_child(e, name, "one coefficient per angle");
    std::vector<double> v = read_numbers(c, 0, "one coefficient per angle");
    if (v.size() != angles.size()) {
      throw LoadError(location_of(c), fmt::format("got {} coefficients, expected {}, one per "
                                                  "angle in <angles>",
                                                  v.size(), angles.size()));
    }
    if (frd && flips) {
      for (double& x : v)
        x = -x;
    }
    return v;
  };
  std::vector<double> C_X = column("C_X", false), C_Y = column("C_Y", true),
                      C_K = column("C_K", false), C_N = column("C_N", true);
  // In FRD the angle runs towards starboard: mirror it, which reverses the order.
  std::vector<std::size_t> order(angles.size());
  std::iota(order.begin(), order.end(), 0);
  if (frd) std::reverse(order.begin(), order.end());
  for (std::size_t i : order) {
    t.angle.push_back((frd ? -angles[i] : angles[i]) * std::numbers::pi / 180.0);
    t.C_X.push_back(C_X[i]);
    t.C_Y.push_back(C_Y[i]);
    t.C_K.push_back(C_K[i]);
    t.C_N.push_back(C_N[i]);
  }
  return t;
}

}  // namespace

WindageModel load_windage(const sdf::ElementPtr& e) {
  reject_unknown_children(e, {"vrx", "world_axes", "true_wind", "blendermann", "table"},
                          "<vrx> (with <world_axes> and <true_wind>), <blendermann> or <table>");
  if (const sdf::ElementPtr vrx = optional_child(e, "vrx")) {
    const Vec3 c = read_vec3(vrx, "the coefficients Cx Cy Cn");
    const sdf::ElementPtr axes = optional_child(e, "world_axes");
    const sdf::ElementPtr true_wind = optional_child(e, "true_wind");
    return VrxWindage{c.x(), c.y(), c.z(), axes && read_bool(axes),
                      true_wind && read_bool(true_wind)};
  }
  if (const sdf::ElementPtr table = optional_child(e, "table")) return load_table(table);
  return load_blendermann(required_child(e, "blendermann", "<vrx>, <blendermann> or <table>"));
}

}  // namespace leeway::sdfio
