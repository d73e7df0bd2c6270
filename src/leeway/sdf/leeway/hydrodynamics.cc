#include "leeway/sdf/leeway/hydrodynamics.h"

#include <optional>
#include <set>

#include <fmt/format.h>

#include "leeway/core/frames.h"
#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/leeway/slender_body.h"
#include "leeway/sdf/matrix_parameter_reading.h"

namespace leeway::sdfio {
namespace {

Vec3 to_flu(const Vec3& x, bool frd) {
  return frd ? frd_to_flu(x) : x;
}
Mat6 to_flu(const Mat6& M, bool frd) {
  return frd ? flip_flu_frd(M) : M;
}

BuoyancyVolume read_buoyancy(const sdf::ElementPtr& e, bool frd) {
  reject_unknown_children(
      e, [](const std::string& n) { return n == "volume" || n == "center" || n == "height"; },
      "<volume>, <center> and <height>");
  if (!e->HasElement("volume")) {
    throw LoadError(location_of(e), "missing <volume>, expected the displaced volume in m^3");
  }
  BuoyancyVolume b;
  const sdf::ElementPtr v = e->GetElement("volume");
  b.volume = read_number(v, "a volume in m^3");
  if (b.volume < 0.0) {
    throw LoadError(location_of(v), fmt::format("got {}, expected a volume >= 0 m^3", b.volume));
  }
  if (e->HasElement("center")) {
    b.p_BoBcb = to_flu(read_vec3(e->GetElement("center"), "x y z in metres"), frd);
  }
  if (e->HasElement("height")) {
    b.height = read_number_at_least(e->GetElement("height"), 0.0, true, "a height in metres");
  }
  return b;
}

LinearRestoring read_restoring(const sdf::ElementPtr& e, bool frd) {
  reject_unknown_children(
      e, [](const std::string& n) { return n == "matrix" || n == "center_of_flotation"; },
      "<matrix> and <center_of_flotation>");
  if (!e->HasElement("matrix")) {
    throw LoadError(location_of(e), "missing <matrix>, expected 36 numbers (G, row-major)");
  }
  LinearRestoring r;
  const sdf::ElementPtr m = e->GetElement("matrix");
  r.G = to_flu(read_square_matrix<6>(m, false), frd);
  for (int i : {dof::u, dof::v, dof::r}) {
    if (!r.G.row(i).isZero(0.0) || !r.G.col(i).isZero(0.0)) {
      throw LoadError(location_of(m),
                      "non-zero entries in the surge, sway or yaw row or column: hydrostatics "
                      "restore heave, roll and pitch only; expected zeros there");
    }
  }
  if (e->HasElement("center_of_flotation")) {
    r.p_BoF = to_flu(read_vec3(e->GetElement("center_of_flotation"), "x y z in metres"), frd);
  }
  return r;
}

}  // namespace

HydroParams load_leeway_hydrodynamics(const sdf::ElementPtr& plugin) {
  reject_unknown_children(
      plugin,
      {"link_name", "frame", "reference_point", "added_mass", "linear_damping",
       "linear_damping_speed_fade", "quadratic_damping", "cancel_munk_moment", "munk_moment",
       "disable_coriolis", "buoyancy", "restoring", "point_weight", "wave_kinematics",
       "cross_flow_drag", "body_lift"},
      "<link_name>, <frame>, <reference_point>, <added_mass>, <linear_damping>, "
      "<linear_damping_speed_fade>, <quadratic_damping>, <cancel_munk_moment>, <munk_moment>, "
      "<disable_coriolis>, <wave_kinematics>, <buoyancy>, <restoring>, <point_weight>, "
      "<cross_flow_drag> and <body_lift>");

  HydroParams p;
  p.where = location_of(plugin);
  const bool frd = read_frame_is_frd(plugin);
  Vec3 p_BoP = Vec3::Zero();
  if (plugin->HasElement("reference_point")) {
    p_BoP = to_flu(read_vec3(plugin->GetElement("reference_point"), "x y z in metres"), frd);
  }
  if (plugin->HasElement("link_name")) p.link_name = text_of(plugin->GetElement("link_name"));
  const auto table = [&](const MatrixParameterInfo& info) -> std::optional<Mat6> {
    const sdf::ElementPtr e = optional_child(plugin, std::string(info.name));
    if (!e) return std::nullopt;
    return to_flu(read_matrix_parameter(e, info), frd);
  };
  // Added mass is constant, so it is moved to Bo once here: M_A,Bo = H^T M_A,P H.
  if (const auto M_A = table(kAddedMassParameter)) p.M_A = transport_to_origin(*M_A, p_BoP);
  p.damping.p_BoP = p_BoP;
  if (const auto D_l = table(kLinearDampingParameter)) p.damping.linear = *D_l;
  if (const sdf::ElementPtr q =
          optional_child(plugin, std::string(kQuadraticDampingParameter.name))) {
    const Mat6 Dq = read_matrix_parameter(q, kQuadraticDampingParameter);
    // nu_j |nu_j| changes sign with nu_j, so T_i T_j carries a table between FRD and FLU.
    const Vec6 t = frd ? flu_frd_signs() : Vec6::Ones();
    for (int i = 0; i < 6; ++i) {
      for (int j = 0; j < 6; ++j) {
        if (Dq(i, j) != 0.0)
          p.damping.quadratic.push_back({i, j, j, t[i] * t[j] * Dq(i, j), false});
      }
    }
  }
  if (const sdf::ElementPtr fade =
          optional_child(plugin, std::string(kLinearDampingSpeedFade.name)))
    p.damping.linear_speed_fade = read_six_parameters(fade, kLinearDampingSpeedFade);
  if (plugin->HasElement("cancel_munk_moment") &&
      read_bool(plugin->GetElement("cancel_munk_moment"))) {
    p.munk = MunkMoment::kCancelMoment;
  }
  if (const sdf::ElementPtr munk = optional_child(plugin, "munk_moment")) {
    p.munk = read_keyword<MunkMoment>(munk, {{"keep", MunkMoment::kKeep},
                                             {"cancel", MunkMoment::kCancelMoment},
                                             {"cancel_skew_pairs", MunkMoment::kCancelSkewPairs}});
  }
  for_each_child(plugin, [&](const sdf::ElementPtr& e) {
    if (e->GetName() != "point_weight") return;
    reject_unknown_children(e, {"mass", "position"}, "<mass> and <position>");
    PointWeight w;
    w.mass = read_number_at_least(required_child(e, "mass", "the weight's mass in kg"), 0.0, true,
                                  "a mass in kg");
    w.p_BoP = to_flu(read_vec3(required_child(e, "position", "where it acts, x y z in metres"),
                               "x y z in metres"),
                     frd);
    p.point_weights.push_back(w);
  });
  if (const sdf::ElementPtr c = optional_child(plugin, "cross_flow_drag")) {
    p.cross_flow_drag = load_cross_flow_drag(c);
  }
  if (const sdf::ElementPtr l = optional_child(plugin, "body_lift"))
    p.body_lift = load_body_lift(l);
  if (plugin->HasElement("disable_coriolis")) {
    p.added_mass_coriolis = !read_bool(plugin->GetElement("disable_coriolis"));
  }
  if (plugin->HasElement("buoyancy"))
    p.buoyancy = read_buoyancy(plugin->GetElement("buoyancy"), frd);
  if (plugin->HasElement("restoring")) {
    p.linear_restoring = read_restoring(plugin->GetElement("restoring"), frd);
  }
  if (p.buoyancy && p.linear_restoring) {
    throw LoadError(p.where,
                    "both <buoyancy> (a submerged body) and <restoring> (a surface body) are "
                    "given; expected one of them");
  }
  return p;
}

}  // namespace leeway::sdfio
