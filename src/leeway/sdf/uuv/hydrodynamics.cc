#include "leeway/sdf/uuv/hydrodynamics.h"

#include <cmath>
#include <numbers>
#include <optional>
#include <set>
#include <string>

#include <fmt/format.h>

#include "leeway/core/frames.h"
#include "leeway/hydro/shape_added_mass.h"
#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/matrix_parameter_reading.h"

namespace leeway::sdfio {
namespace {

/// The Fossen model's matrices, FRD as written (added mass positive, damping Fossen-negative).
struct FossenMatrices {
  Mat6 M_A = Mat6::Zero();
  Mat6 D_lin = Mat6::Zero(), D_u = Mat6::Zero();
  Vec6 D_q = Vec6::Zero();
};

const std::set<std::string> kFossenElements = {"type",
                                               "added_mass",
                                               "linear_damping",
                                               "linear_damping_forward_speed",
                                               "quadratic_damping",
                                               "scaling_added_mass",
                                               "offset_added_mass",
                                               "scaling_damping",
                                               "offset_linear_damping",
                                               "offset_lin_forward_speed_damping",
                                               "offset_nonlin_damping",
                                               "scaling_volume",
                                               "offset_volume"};

/// The Fossen block as written. UUV Simulator's sphere and cylinder are Fossen models too: they
/// read the same block, then overwrite the entries their shape sets.
FossenMatrices read_fossen(const sdf::ElementPtr& m, std::set<std::string> known,
                           Diagnostics& diagnostics) {
  known.insert(kFossenElements.begin(), kFossenElements.end());
  reject_unknown_children(m, known,
                          "UUV Simulator's fossen parameters and the shape's own "
                          "(docs/sdf-reference.md)");
  // As written: UUV's knobs act on them before their diagonals are checked (check_dissipative).
  const auto matrix = [&](const MatrixParameterInfo& table) -> Mat6 {
    const sdf::ElementPtr e = optional_child(m, std::string(table.name));
    return e ? read_square_matrix<6>(e, table.diagonal_shorthand) : Mat6::Zero();
  };
  FossenMatrices f;
  f.M_A = matrix(kAddedMassParameter);
  f.D_lin = matrix(kLinearDampingParameter);
  const sdf::ElementPtr forward = optional_child(m, "linear_damping_forward_speed");
  f.D_u = forward ? read_square_matrix<6>(forward, true) : Mat6::Zero();
  const Mat6 D_q = matrix(kQuadraticDampingParameter);
  if (!(D_q - Mat6(D_q.diagonal().asDiagonal())).isZero(0.0)) {
    diagnostics.warn(location_of(m->GetElement("quadratic_damping")),
                     "only the diagonal of <quadratic_damping> acts, as in UUV Simulator; the "
                     "off-diagonal entries are ignored");
  }
  f.D_q = D_q.diagonal();
  return f;
}

/// UUV's randomisation knobs, which act on the whole model, shape entries included.
void apply_knobs(const sdf::ElementPtr& m, FossenMatrices& f) {
  const Mat6 I = Mat6::Identity();
  const double s_D = any_number_or(m, "scaling_damping", 1.0, "a number");
  f.M_A = any_number_or(m, "scaling_added_mass", 1.0, "a number") *
          (f.M_A + any_number_or(m, "offset_added_mass", 0.0, "a number") * I);
  f.D_lin = s_D * (f.D_lin + any_number_or(m, "offset_linear_damping", 0.0, "a number") * I);
  f.D_u = s_D * (f.D_u + any_number_or(m, "offset_lin_forward_speed_damping", 0.0, "a number") * I);
  f.D_q =
      s_D * (f.D_q + Vec6::Constant(any_number_or(m, "offset_nonlin_damping", 0.0, "a number")));
}

/// UUV Simulator writes dissipative damping negative (RexROV's linear surge term is -74.82), as
/// Fossen does.
const Dialect kUuvFossen{
    .opposite_sign = {kLinearDampingParameter.name, kQuadraticDampingParameter.name},
    .sign_convention = "UUV Simulator's sign, Fossen's: damping that dissipates is negative"};

/// A positive diagonal entry feeds energy into that motion, which then grows without bound (UUV's
/// own plugin test vehicle, all +1, leaves the water at 100 m/s and diverges within a second).
/// The knobs have acted: it is the model UUV Simulator would run that is checked.
void check_dissipative(const sdf::ElementPtr& m, const FossenMatrices& f) {
  for (const auto& [table, diagonal] :
       {std::pair{kLinearDampingParameter, Vec6(f.D_lin.diagonal())},
        std::pair{kQuadraticDampingParameter, f.D_q}}) {
    const sdf::ElementPtr e = optional_child(m, std::string(table.name));
    check_diagonal(e ? e : m, table, Vec6::Zero() - diagonal, kUuvFossen,
                   " after UUV Simulator's scaling and offsets");
  }
}

/// The block's <box>: UUV Simulator's stand-in for the link's bounding box (Gazebo's was broken),
/// its sides [m] along the link's x (<width>), y (<length>) and z (<height>).
struct BlockBox {
  sdf::ElementPtr element;
  Vec3 sides = Vec3::Zero();
};

std::optional<BlockBox> read_box(const sdf::ElementPtr& link) {
  const sdf::ElementPtr box = optional_child(link, "box");
  if (!box) return std::nullopt;
  reject_unknown_children(box, {"width", "length", "height"}, "<width>, <length> and <height>");
  BlockBox b{box, Vec3::Zero()};
  const char* sides[] = {"width", "length", "height"};
  for (int i = 0; i < 3; ++i) {
    const std::string what = fmt::format("the box's {} in metres", sides[i]);
    // The height cuts the buoyancy near the surface; the sides stand in for the shape's size.
    const sdf::ElementPtr e =
        i == 2 ? required_child(box, sides[i], what.c_str()) : optional_child(box, sides[i]);
    b.sides[i] = e ? read_number_at_least(e, 0.0, true, "a length in metres") : 0.0;
  }
  return b;
}

/// A shape's size [m]: the block's own `name`, else what UUV Simulator takes from the bounding
/// box (`from_box`, given its three sides), else an error saying both.
template <typename FromBox>
double read_size(const sdf::ElementPtr& m, const char* name, const char* what,
                 const std::optional<BlockBox>& box, FromBox from_box) {
  if (const sdf::ElementPtr e = optional_child(m, name))
    return read_number_at_least(e, 0.0, true, what);
  if (box && (box->sides.array() > 0.0).all()) return from_box(box->sides);
  throw LoadError(
      location_of(m),
      fmt::format("missing <{}>, {}; UUV Simulator falls back to the link's bounding box, which "
                  "Leeway reads from the block's <box> (<width>, <length> and <height>): give "
                  "<{}> or the whole <box>",
                  name, what, name));
}

/// Half the smallest side: the radius of the round shape the box holds (UUV Simulator takes the
/// whole side, the diameter, as the radius: a sphere or cylinder twice its box's thickness).
double inscribed_radius(const Vec3& sides) {
  return 0.5 * sides.minCoeff();
}

void set_sphere(const sdf::ElementPtr& m, double rho, const std::optional<BlockBox>& box,
                FossenMatrices& f) {
  const double r = read_size(m, "radius", "the radius in metres", box, inscribed_radius);
  const double added = 2.0 / 3.0 * rho * std::numbers::pi * r * r * r;
  const double drag = 0.5 * rho * 0.5 * std::numbers::pi * r * r;
  for (int i = 0; i < 3; ++i) {
    f.M_A(i, i) = added;
    f.D_q[i] = -drag;
  }
}

/// Drag coefficients of a finite cylinder of slenderness L / D, as UUV Simulator's steps give
/// them: end-on (of the area pi r^2) and across (of 2 r L).
double end_on_drag_coefficient(double slenderness) {
  if (slenderness <= 1) return 0.91;
  if (slenderness <= 2) return 0.85;
  if (slenderness <= 4) return 0.87;
  return 0.99;  // UUV stops at 7 (and leaves longer ones unset); the last step carries on
}
double cross_flow_drag_coefficient(double slenderness) {
  if (slenderness <= 1) return 0.63;
  if (slenderness <= 2) return 0.68;
  if (slenderness <= 5) return 0.74;
  if (slenderness <= 10) return 0.82;
  return 0.98;
}

/// UUV Simulator's cylinder: a missing length is the box's longest side, a missing axis that
/// side's, as UUV takes them; a missing radius half the box's smallest side (inscribed_radius).
void set_cylinder(const sdf::ElementPtr& m, double rho, const std::optional<BlockBox>& box,
                  FossenMatrices& f, Diagnostics& diagnostics) {
  const double r = read_size(m, "radius", "the radius in metres", box, inscribed_radius);
  const double L = read_size(m, "length", "the length in metres", box,
                             [](const Vec3& sides) { return sides.maxCoeff(); });
  int axis = 0;
  if (const sdf::ElementPtr axis_element = optional_child(m, "axis")) {
    axis = read_keyword<int>(axis_element, {{"i", 0}, {"j", 1}, {"k", 2}});
    int longest = 0;
    if (box && !m->HasElement("length") && box->sides.maxCoeff(&longest) > box->sides[axis]) {
      diagnostics.warn(
          location_of(axis_element),
          fmt::format("the cylinder lies along {} while its <box> is longest along {}: its "
                      "length is the box's longest side ({:.4g} m), as UUV Simulator takes it; "
                      "give <length> or check <axis>",
                      "ijk"[axis], "ijk"[longest], L));
    }
  } else if (box && (box->sides.array() > 0.0).all()) {
    box->sides.maxCoeff(&axis);
  } else {
    throw LoadError(location_of(m),
                    "missing <axis>, i, j or k, the link axis the cylinder lies along; UUV "
                    "Simulator falls back to the bounding box's longest side, which Leeway reads "
                    "from the block's <box>: give <axis> or the whole <box>");
  }
  const double slenderness = L / (2.0 * r);
  const Vec6 added = cylinder_added_mass(rho, r, L);  // as if along x
  const double cd_end = end_on_drag_coefficient(slenderness);
  const double cd_cross = cross_flow_drag_coefficient(slenderness);
  for (int i = 0; i < 3; ++i) {
    const bool along = i == axis;
    f.M_A(i, i) = along ? added[0] : added[1];
    f.D_q[i] = along ? -0.5 * rho * cd_end * std::numbers::pi * r * r
                     : -0.5 * rho * cd_cross * 2.0 * r * L;
    if (along) continue;  // rolling about the axis moves no water: the block's value stays
    f.M_A(3 + i, 3 + i) = added[4];
    // Strip theory's cross-flow moment, Int 1/2 rho C_d 2r |q x| q x x dx = rho C_d r L^4/32 q|q|,
    // where the block gives none (UUV Simulator has no rotational drag for its shapes).
    if (f.D_q[3 + i] == 0.0) f.D_q[3 + i] = -rho * cd_cross * r * std::pow(L, 4) / 32.0;
  }
}

/// One <link name=...> block, about its link's origin in the link's axes.
HydroParams load_link_block(const sdf::ElementPtr& link, double rho, Diagnostics& diagnostics) {
  HydroParams p;
  p.where = location_of(link);
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
  const std::optional<BlockBox> box = read_box(link);
  const sdf::ElementPtr model = required_child(
      link, "hydrodynamic_model", "<type> fossen, sphere or cylinder and its parameters");
  const sdf::ElementPtr type = required_child(model, "type", "fossen, sphere or cylinder");
  const std::string shape = text_of(type);
  FossenMatrices f;
  if (shape == "fossen") {
    f = read_fossen(model, {}, diagnostics);
  } else if (shape == "sphere") {
    f = read_fossen(model, {"radius"}, diagnostics);
    set_sphere(model, rho, box, f);
  } else if (shape == "cylinder") {
    f = read_fossen(model, {"radius", "length", "axis"}, diagnostics);
    set_cylinder(model, rho, box, f, diagnostics);
  } else if (shape == "spheroid" || shape == "box") {
    throw LoadError(
        location_of(type),
        fmt::format("<type>{}</type>: UUV Simulator prints that this model is still in "
                    "development ({}), so Leeway does not copy it; expected fossen, sphere or "
                    "cylinder (an ellipsoid's added mass can be written out as <added_mass>, "
                    "docs/sdf-reference.md)",
                    shape,
                    shape == "box" ? "its drag never reaches the force"
                                   : "its added mass is built from the body's mass"));
  } else {
    throw_unknown_keyword(type, shape, {"fossen", "sphere", "cylinder"});
  }
  apply_knobs(model, f);
  check_dissipative(model, f);
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
  if (box) b.height = box->sides.z();
  b.fluid_density = rho;
  p.buoyancy = b;
  return p;
}

}  // namespace

std::vector<HydroParams> load_uuv_underwater_object(const sdf::ElementPtr& plugin, double world_rho,
                                                    Diagnostics& diagnostics) {
  reject_unknown_children(
      plugin, {"fluid_density", "flow_velocity_topic", "use_global_current", "debug", "link"},
      "<fluid_density>, <flow_velocity_topic>, <use_global_current>, "
      "<debug> and <link name=...> blocks");
  // The plugin's own water, as in UUV Simulator, wins over the world's.
  const sdf::ElementPtr density = optional_child(plugin, "fluid_density");
  const double rho =
      density ? read_number_at_least(density, 0.0, true, "a density in kg/m^3") : world_rho;
  std::vector<HydroParams> blocks;
  for (sdf::ElementPtr link = required_child(plugin, "link", "a <link name=...> block"); link;
       link = link->GetNextElement("link")) {
    blocks.push_back(load_link_block(link, rho, diagnostics));
  }
  return blocks;
}

}  // namespace leeway::sdfio
