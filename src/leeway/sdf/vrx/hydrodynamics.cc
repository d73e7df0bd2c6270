#include "leeway/sdf/vrx/hydrodynamics.h"

#include <array>
#include <set>

#include <fmt/format.h>

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {
namespace {

struct Axis {
  const char* added_mass;
  const char* linear;
  const char* quadratic;
  double added_mass_default;  ///< VRX's code defaults
};
constexpr std::array<Axis, 6> kAxes = {{{"xDotU", "xU", "xUU", 5.0},
                                        {"yDotV", "yV", "yVV", 5.0},
                                        {"zDotW", "zW", "zWW", 0.1},
                                        {"kDotP", "kP", "kPP", 0.1},
                                        {"mDotQ", "mQ", "mQQ", 0.1},
                                        {"nDotR", "nR", "nRR", 1.0}}};
constexpr double kLinearDefault = 20.0;

double magnitude_or(const sdf::ElementPtr& plugin, const char* name, double fallback) {
  const sdf::ElementPtr e = optional_child(plugin, name);
  return e ? read_number_at_least(e, 0.0, false, "a magnitude >= 0 (VRX applies the sign itself)")
           : fallback;
}

}  // namespace

HydroParams load_vrx_simple_hydrodynamics(const sdf::ElementPtr& plugin) {
  std::set<std::string> known = {"link_name"};
  for (const Axis& a : kAxes)
    known.insert({a.added_mass, a.linear, a.quadratic});
  reject_unknown_children(plugin, known,
                          "<link_name> and VRX's coefficients xDotU..nDotR, xU..nR, xUU..nRR");
  HydroParams p;
  p.where = location_of(plugin);
  p.link_name = text_of(required_child(plugin, "link_name", "the name of the link to act on"));
  for (int i = 0; i < 6; ++i) {
    const Axis& a = kAxes[static_cast<std::size_t>(i)];
    p.M_A(i, i) = magnitude_or(plugin, a.added_mass, a.added_mass_default);
    p.damping.linear(i, i) = magnitude_or(plugin, a.linear, kLinearDefault);
    if (const double q = magnitude_or(plugin, a.quadratic, 0.0); q != 0.0)
      p.damping.quadratic.push_back({i, i, i, q, false});
  }
  return p;
}

HydroParams load_vrx_classic_hydrodynamics(const sdf::ElementPtr& plugin,
                                           const std::string& canonical_link) {
  reject_unknown_children(
      plugin,
      {"bodyName", "waterLevel", "waterDensity", "xDotU",      "yDotV",    "nDotR",     "xU",
       "xUU",      "yV",         "yVV",          "zW",         "kP",       "mQ",        "nR",
       "nRR",      "hullRadius", "boatWidth",    "boatLength", "length_n", "wave_model"},
      "VRX classic's <bodyName>, <waterLevel>, <waterDensity>, "
      "<xDotU> <yDotV> <nDotR>, <xU> <xUU> <yV> <yVV> <zW> <kP> <mQ> <nR> "
      "<nRR>, <hullRadius>, <boatWidth>, <boatLength>, <length_n> and "
      "<wave_model>");
  HydroParams p;
  p.where = location_of(plugin);
  const sdf::ElementPtr body = optional_child(plugin, "bodyName");
  p.link_name = body ? text_of(body) : canonical_link;
  for (int i = 0; i < 6; ++i) {
    const Axis& a = kAxes[static_cast<std::size_t>(i)];
    // Classic reads added mass in surge, sway and yaw only, and fixes 0.1 on the other three.
    p.M_A(i, i) =
        i == 0 || i == 1 || i == 5 ? magnitude_or(plugin, a.added_mass, a.added_mass_default) : 0.1;
    p.damping.linear(i, i) = magnitude_or(plugin, a.linear, kLinearDefault);
    if (i != 0 && i != 1 && i != 5) continue;  // classic's only quadratic terms: xUU, yVV, nRR
    if (const double q = magnitude_or(plugin, a.quadratic, 0.0); q != 0.0)
      p.damping.quadratic.push_back({i, i, i, q, false});
  }
  return p;
}

}  // namespace leeway::sdfio
