#include "leeway/sdf/vrx/hydrodynamics.h"

#include <array>
#include <set>

#include <fmt/format.h>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/matrix_parameter_reading.h"

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

/// Entry (i, i) of `table` from VRX's element `name` (a magnitude: VRX applies the sign
/// itself, so Leeway's sign), or VRX's default.
double diagonal_or(const sdf::ElementPtr& plugin, const char* name,
                   const MatrixParameterInfo& table, int i, double fallback) {
  const sdf::ElementPtr e = optional_child(plugin, name);
  static const Dialect kMagnitudes{.sign_convention = "a magnitude: VRX applies the sign itself"};
  return e ? read_matrix_entry(e, table, i, i, kMagnitudes) : fallback;
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
    p.M_A(i, i) = diagonal_or(plugin, a.added_mass, kAddedMassParameter, i, a.added_mass_default);
    p.damping.linear(i, i) =
        diagonal_or(plugin, a.linear, kLinearDampingParameter, i, kLinearDefault);
    if (const double q = diagonal_or(plugin, a.quadratic, kQuadraticDampingParameter, i, 0.0);
        q != 0.0)
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
        i == 0 || i == 1 || i == 5
            ? diagonal_or(plugin, a.added_mass, kAddedMassParameter, i, a.added_mass_default)
            : 0.1;
    p.damping.linear(i, i) =
        diagonal_or(plugin, a.linear, kLinearDampingParameter, i, kLinearDefault);
    if (i != 0 && i != 1 && i != 5) continue;  // classic's only quadratic terms: xUU, yVV, nRR
    if (const double q = diagonal_or(plugin, a.quadratic, kQuadraticDampingParameter, i, 0.0);
        q != 0.0)
      p.damping.quadratic.push_back({i, i, i, q, false});
  }
  return p;
}

}  // namespace leeway::sdfio
