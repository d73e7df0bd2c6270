#include "leeway/sdf/uuv_hydrodynamics.h"

#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "leeway/core/frames.h"
#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {
namespace {

/// The Fossen model's matrices, FRD as written (added mass positive, damping Fossen-negative),
/// with UUV's knobs applied.
struct FossenMatrices {
  Mat6 M_A = Mat6::Zero();
  Mat6 D_lin = Mat6::Zero(), D_u = Mat6::Zero();
  Vec6 D_q = Vec6::Zero();
};

FossenMatrices read_fossen(const sdf::ElementPtr& m, Diagnostics& diagnostics) {
  reject_unknown_children(
      m,
      {"type", "added_mass", "linear_damping", "linear_damping_forward_speed", "quadratic_damping",
       "scaling_added_mass", "offset_added_mass", "scaling_damping", "offset_linear_damping",
       "offset_lin_forward_speed_damping", "offset_nonlin_damping", "scaling_volume",
       "offset_volume"},
      "UUV Simulator's fossen parameters (docs/sdf-reference.md)");
  FossenMatrices f;
  const auto matrix = [&](const char* name, bool diagonal_ok) -> Mat6 {
    const sdf::ElementPtr e = optional_child(m, name);
    return e ? read_matrix6(e, diagonal_ok) : Mat6::Zero();
  };
  const Mat6 I = Mat6::Identity();
  const double s_D = any_number_or(m, "scaling_damping", 1.0, "a number");
  f.M_A =
      any_number_or(m, "scaling_added_mass", 1.0, "a number") *
      (matrix("added_mass", false) + any_number_or(m, "offset_added_mass", 0.0, "a number") * I);
  f.D_lin = s_D * (matrix("linear_damping", true) +
                   any_number_or(m, "offset_linear_damping", 0.0, "a number") * I);
  f.D_u = s_D * (matrix("linear_damping_forward_speed", true) +
                 any_number_or(m, "offset_lin_forward_speed_damping", 0.0, "a number") * I);
  const Mat6 D_q = matrix("quadratic_damping", true);
  if (!(D_q - Mat6(D_q.diagonal().asDiagonal())).isZero(0.0)) {
    diagnostics.warn(location_of(m->GetElement("quadratic_damping")),
                     "only the diagonal of <quadratic_damping> acts, as in UUV Simulator; the "
                     "off-diagonal entries are ignored");
  }
  f.D_q = s_D * (D_q.diagonal() +
                 Vec6::Constant(any_number_or(m, "offset_nonlin_damping", 0.0, "a number")));
  return f;
}

}  // namespace

bool is_uuv_underwater_object(const std::string& filename, const std::string&) {
  // libuuv_underwater_object_ros_plugin.so (UUV Simulator 0.6), libunderwater_object_ros_plugin.so
  // (0.5, as the LAUV and Desistek SAGA packages spell it), and the plain builds without "_ros".
  return filename.find("underwater_object") != std::string::npos;
}

HydroParams load_uuv_underwater_object(const sdf::ElementPtr& plugin, double rho,
                                       Diagnostics& diagnostics) {
  reject_unknown_children(
      plugin, {"fluid_density", "flow_velocity_topic", "use_global_current", "debug", "link"},
      "<fluid_density>, <flow_velocity_topic>, <use_global_current>, "
      "<debug> and one <link name=...> block");
  HydroParams p;
  p.where = location_of(plugin);
  const sdf::ElementPtr link = required_child(plugin, "link", "a <link name=...> block");
  if (link->GetNextElement("link")) {
    throw LoadError(location_of(link->GetNextElement("link")),
                    "a second <link> block; Leeway merges a model's links into one body, so "
                    "expected one, for the canonical link");
  }
  p.link_name = link->HasAttribute("name") ? link->GetAttribute("name")->GetAsString() : "";
  if (p.link_name.empty()) {
    throw LoadError(location_of(link), "the <link> block has no name; expected <link name=...>");
  }
  for (const char* surface : {"metacentric_width", "metacentric_length", "submerged_height"}) {
    if (link->HasElement(surface)) {
      throw LoadError(location_of(link->GetElement(surface)),
                      fmt::format("<{}> selects UUV Simulator's surface-vessel mode, which Leeway "
                                  "does not copy; expected a submerged body (for a surface "
                                  "vessel use leeway::Hull, or <restoring> in "
                                  "leeway::Hydrodynamics)",
                                  surface));
    }
  }
  reject_unknown_children(
      link, {"volume", "neutrally_buoyant", "center_of_buoyancy", "box", "hydrodynamic_model"},
      "<volume>, <neutrally_buoyant>, <center_of_buoyancy>, <box> and "
      "<hydrodynamic_model>");
  const sdf::ElementPtr model =
      required_child(link, "hydrodynamic_model", "<type> fossen or sphere and its parameters");
  const sdf::ElementPtr type = required_child(model, "type", "fossen or sphere");
  FossenMatrices f;
  if (text_of(type) == "fossen") {
    f = read_fossen(model, diagnostics);
  } else if (text_of(type) == "sphere") {
    reject_unknown_children(model, {"type", "radius"}, "<type> and <radius>");
    const double r = read_number_at_least(required_child(model, "radius", "the radius in metres"),
                                          0.0, true, "a radius in metres");
    const double added = 2.0 / 3.0 * rho * std::numbers::pi * r * r * r;
    const double drag = 0.5 * rho * 0.5 * std::numbers::pi * r * r;
    for (int i = 0; i < 3; ++i) {
      f.M_A(i, i) = added;
      f.D_q[i] = -drag;
    }
  } else {
    throw_unknown_keyword(type, text_of(type), {"fossen", "sphere"});
  }
  // FRD -> FLU by T M T (T = diag(1, -1, -1, 1, -1, -1)); damping to Leeway's dissipative sign.
  const Vec6 t = flu_frd_signs();
  p.M_A = flip_flu_frd(f.M_A);
  p.damping.linear = -flip_flu_frd(f.D_lin);
  for (int i = 0; i < 6; ++i) {
    if (f.D_q[i] != 0.0) p.damping.quadratic.push_back({i, i, i, -f.D_q[i], false});
    for (int j = 0; j < 6; ++j) {
      // u_r D_u(i, j) nu_j: a signed product with the surge, which T leaves alone.
      if (f.D_u(i, j) != 0.0) {
        p.damping.quadratic.push_back({i, j, dof::u, -t[i] * t[j] * f.D_u(i, j), true});
      }
    }
  }
  BuoyancyVolume b;
  if (const sdf::ElementPtr c = optional_child(link, "center_of_buoyancy")) {
    b.p_BoBcb = read_vec3(c, "x y z in metres, in the link frame");
  }
  const sdf::ElementPtr neutral = optional_child(link, "neutrally_buoyant");
  b.neutral = neutral && read_bool(neutral);
  if (!b.neutral) {
    const double V =
        read_number_at_least(required_child(link, "volume", "the displaced volume in m^3"), 0.0,
                             false, "a volume in m^3");
    const double s_V = any_number_or(model, "scaling_volume", 1.0, "a number");
    b.volume = std::max(0.0, s_V * (V + any_number_or(model, "offset_volume", 0.0, "a number")));
  }
  // UUV Simulator cuts the buoyancy near the surface by the share of this box below it.
  if (const sdf::ElementPtr box = optional_child(link, "box")) {
    b.height = read_number_at_least(required_child(box, "height", "the box's height in metres"),
                                    0.0, true, "a height in metres");
  }
  p.buoyancy = b;
  return p;
}

}  // namespace leeway::sdfio
