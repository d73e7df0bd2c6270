#include "leeway/sdf/gz/hydrodynamics.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <unordered_map>

#include <fmt/format.h>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/matrix_parameter_reading.h"

namespace leeway::sdfio {
namespace {

constexpr std::array<char, 6> kForce = {'x', 'y', 'z', 'k', 'm', 'n'};
constexpr std::array<char, 6> kVelocity = {'U', 'V', 'W', 'P', 'Q', 'R'};

enum class Kind { kAddedMass, kLinear, kQuadraticAbs, kQuadraticSigned };
struct Coefficient {
  Kind kind;
  int i, j, k;
};

/// Every SNAME coefficient name gz-sim reads, with its kind and indices.
const std::unordered_map<std::string, Coefficient>& coefficient_names() {
  static const auto table = [] {
    std::unordered_map<std::string, Coefficient> t;
    for (int i = 0; i < 6; ++i) {
      for (int j = 0; j < 6; ++j) {
        const std::string prefix{kForce[i], kVelocity[j]};
        t[std::string{kForce[i]} + "Dot" + kVelocity[j]] = {Kind::kAddedMass, i, j, 0};
        t[prefix] = {Kind::kLinear, i, j, 0};
        for (int k = 0; k < 6; ++k) {
          t[prefix + "abs" + kVelocity[k]] = {Kind::kQuadraticAbs, i, j, k};
          t[prefix + kVelocity[k]] = {Kind::kQuadraticSigned, i, j, k};
        }
      }
    }
    return t;
  }();
  return table;
}

bool is_known(const std::string& n) {
  static const std::array<std::string, 10> others = {
      "link_name",     "namespace",    "default_current",  "disable_coriolis", "disable_added_mass",
      "water_density", "waterDensity", "lookup_current_x", "lookup_current_y", "lookup_current_z"};
  return coefficient_names().contains(n) ||
         std::find(others.begin(), others.end(), n) != others.end();
}

/// The current field that <lookup_current_x/y/z> name, if they do: all three, in a world with an
/// EnvironmentPreload table.
std::shared_ptr<const VectorField> current_lookup(const sdf::ElementPtr& plugin,
                                                  const std::optional<EnvironmentData>& data,
                                                  Diagnostics& diagnostics) {
  std::array<sdf::ElementPtr, 3> names;
  int given = 0;
  for (int i = 0; i < 3; ++i) {
    names[i] = optional_child(plugin, std::string("lookup_current_") + "xyz"[i]);
    given += names[i] != nullptr;
  }
  if (given == 0) return nullptr;
  const sdf::ElementPtr first = names[0] ? names[0] : names[1] ? names[1] : names[2];
  if (given < 3) {
    throw LoadError(location_of(first),
                    "expected all three of <lookup_current_x>, "
                    "<lookup_current_y> and <lookup_current_z> (Leeway "
                    "looks the whole current vector up), or none");
  }
  if (!data) {
    throw LoadError(location_of(first),
                    fmt::format("<{}> names column '{}' of the world's environment data, and "
                                "the world has none; expected gz-sim's EnvironmentPreload "
                                "plugin in the <world>, with the table that holds it",
                                first->GetName(), text_of(first)));
  }
  return environment_vector_field(*data, {text_of(names[0]), text_of(names[1]), text_of(names[2])},
                                  location_of(first), diagnostics);
}

/// SNAME derivatives are forces per motion, negative where they oppose it; Leeway states the
/// tables positive where they dissipate.
const Dialect kSname{
    .opposite_sign = {kAddedMassParameter.name, kLinearDampingParameter.name,
                      kQuadraticDampingParameter.name},
    .sign_convention = "SNAME's sign: a derivative that opposes the motion is negative"};

}  // namespace

HydroParams load_gz_hydrodynamics(const sdf::ElementPtr& plugin,
                                  const std::optional<EnvironmentData>& data,
                                  Diagnostics& diagnostics) {
  reject_unknown_children(plugin, is_known,
                          "<link_name>, <namespace>, <default_current>, <disable_coriolis>, "
                          "<disable_added_mass>, <lookup_current_x/y/z> and the SNAME "
                          "coefficients xDotU, xU, xUabsU, xUU (x..n for the force, U..R for the "
                          "velocities)");
  HydroParams p;
  p.where = location_of(plugin);
  bool added_mass_disabled = false;
  for_each_child(plugin, [&](const sdf::ElementPtr& child) {
    const std::string& n = child->GetName();
    if (n == "link_name") {
      p.link_name = text_of(child);
    } else if (n == "default_current") {
      p.v_current_W = read_vec3(child, "three velocity components in m/s (world frame)");
    } else if (n == "disable_coriolis") {
      p.added_mass_coriolis = !read_bool(child);
    } else if (n == "disable_added_mass") {
      added_mass_disabled = read_bool(child);
    } else if (const auto it = coefficient_names().find(n); it != coefficient_names().end()) {
      const Coefficient c = it->second;
      switch (c.kind) {
        case Kind::kAddedMass:
          p.M_A(c.i, c.j) = read_matrix_entry(child, kAddedMassParameter, c.i, c.j, kSname);
          break;
        case Kind::kLinear:
          p.damping.linear(c.i, c.j) =
              read_matrix_entry(child, kLinearDampingParameter, c.i, c.j, kSname);
          break;
        case Kind::kQuadraticAbs:
        case Kind::kQuadraticSigned: {
          // D_q(i, j) is xUabsU's kind with k = j; a coupling with another |nu_k|, or the
          // signed form, lies outside the table (and the signed form dissipates one way only).
          const bool in_table = c.kind == Kind::kQuadraticAbs && c.j == c.k;
          const double value =
              in_table ? read_matrix_entry(child, kQuadraticDampingParameter, c.i, c.j, kSname)
                       : 0.0 - read_number(child, "one number (an SNAME hydrodynamic derivative)");
          if (value != 0.0) {
            p.damping.quadratic.push_back({c.i, c.j, c.k, value, c.kind == Kind::kQuadraticSigned});
          }
          if (value != 0.0 && c.kind == Kind::kQuadraticSigned && c.i == c.j && c.j == c.k) {
            diagnostics.warn(location_of(child),
                             fmt::format("<{0}> is the signed form {1}*{1} (gz-sim >= 7.3): it "
                                         "pushes the body along when {1} < 0. For drag in both "
                                         "directions use <{2}abs{3}>",
                                         n, std::string(1, static_cast<char>(std::tolower(n[1]))),
                                         n.substr(0, 2), n.substr(1, 1)));
          }
          break;
        }
      }
    }
    // namespace and water_density (unused by gz-sim's current code) are accepted and unused.
  });
  if (p.link_name.empty()) {
    throw LoadError(p.where, "missing <link_name>, expected the name of the link to act on");
  }
  p.current_lookup = current_lookup(plugin, data, diagnostics);
  if (added_mass_disabled) {
    p.M_A.setZero();
    p.added_mass_coriolis = false;
  }
  return p;
}

}  // namespace leeway::sdfio
