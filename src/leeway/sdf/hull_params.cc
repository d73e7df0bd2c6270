#include "leeway/sdf/hull_params.h"

#include <fmt/format.h>

#include <stdexcept>

#include "leeway/io/mesh_file.h"
#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/plugin_names.h"

namespace leeway::sdfio {
namespace {

double number_or(const sdf::ElementPtr& parent, const char* name, double fallback, double lo,
                 bool strictly, const char* what) {
  const sdf::ElementPtr e = optional_child(parent, name);
  return e ? read_number_at_least(e, lo, strictly, what) : fallback;
}

/// The link called by `element` (or the canonical link when absent), as its pose in B.
Eigen::Isometry3d link_pose(const sdf::ElementPtr& element, const MergedLinks& links) {
  const std::string name = element ? text_of(element) : links.canonical_link;
  const auto it = links.links.find(name);
  if (it == links.links.end()) {
    throw LoadError(location_of(element),
                    fmt::format("no link '{}' in this model; expected one of its links", name));
  }
  return it->second.X_BL;
}

Eigen::Isometry3d read_pose(const sdf::ElementPtr& e) {
  if (!e) return Eigen::Isometry3d::Identity();
  const std::vector<double> v = read_numbers(e, 6, "x y z roll pitch yaw [m, rad]");
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.translation() = Vec3(v[0], v[1], v[2]);
  X.linear() = (Eigen::AngleAxisd(v[5], Vec3::UnitZ()) * Eigen::AngleAxisd(v[4], Vec3::UnitY()) *
                Eigen::AngleAxisd(v[3], Vec3::UnitX()))
                   .toRotationMatrix();
  return X;
}

/// One <mesh>: read, checked as a closed surface, and placed in B.
HullMesh load_mesh(const sdf::ElementPtr& e, const MergedLinks& links, Diagnostics& diagnostics) {
  reject_unknown_children(e, {"uri", "link", "pose", "scale"}, "<uri>, <link>, <pose>, <scale>");
  const sdf::ElementPtr uri = required_child(e, "uri", "the mesh file");
  const std::string path = resolve_file(uri);
  const sdf::ElementPtr scale_e = optional_child(e, "scale");
  const Vec3 scale = scale_e ? read_vec3(scale_e, "three scale factors") : Vec3::Ones();
  if ((scale.array() <= 0.0).any()) {
    throw LoadError(location_of(scale_e), "expected three positive scale factors");
  }
  MeshFile file;
  try {
    file = read_mesh_file(path, scale);
  } catch (const std::runtime_error& error) {
    throw LoadError(location_of(uri), fmt::format("{}: {}", path, error.what()));
  }
  HullMeshBuild built = make_hull_mesh(std::move(file.vertices), std::move(file.faces));
  const HullMeshCheck& c = built.check;
  if (!c.closed()) {
    throw LoadError(location_of(uri),
                    fmt::format("{}: the mesh is not closed ({} open edges, {} edges shared by "
                                "more than two triangles); expected a watertight hull, since "
                                "the water's pressure is integrated over a closed surface",
                                path, c.open_edges, c.non_manifold_edges));
  }
  if (!c.oriented()) {
    throw LoadError(location_of(uri),
                    fmt::format("{}: {} edges are traversed the same way by both their triangles "
                                "(flipped faces); expected consistently wound triangles",
                                path, c.misoriented_edges));
  }
  if (built.mesh.volume <= 0.0) {
    throw LoadError(location_of(uri),
                    fmt::format("{}: the mesh is inside out (enclosed volume {:.6g} m^3); "
                                "expected triangles counter-clockwise seen from outside",
                                path, built.mesh.volume));
  }
  if (c.degenerate_dropped > 0 || file.skipped_primitives > 0) {
    diagnostics.warn(location_of(uri),
                     fmt::format("{}: {} zero-area triangles and {} points or lines carry no "
                                 "pressure and were dropped",
                                 path, c.degenerate_dropped, file.skipped_primitives));
  }
  return transformed(built.mesh, link_pose(optional_child(e, "link"), links) *
                                     read_pose(optional_child(e, "pose")));
}

WindageModel load_windage(const sdf::ElementPtr& e) {
  reject_unknown_children(e, {"vrx", "world_axes", "blendermann"},
                          "<vrx> (with <world_axes>) or <blendermann>");
  if (const sdf::ElementPtr vrx = optional_child(e, "vrx")) {
    const Vec3 c = read_vec3(vrx, "the coefficients Cx Cy Cn");
    const sdf::ElementPtr axes = optional_child(e, "world_axes");
    return VrxWindage{c.x(), c.y(), c.z(), axes && read_bool(axes)};
  }
  const sdf::ElementPtr b = required_child(e, "blendermann", "<vrx> or <blendermann>");
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
  const auto area = [&](const char* n) {
    return read_number_at_least(required_child(b, n, "an area [m^2]"), 0.0, true, "an area");
  };
  const double length = read_number_at_least(required_child(b, "length", "the length overall [m]"),
                                             0.0, true, "a length");
  return blendermann_table(p, area("frontal_area"), area("lateral_area"), length);
}

HullFriction load_friction(const sdf::ElementPtr& e) {
  reject_unknown_children(e, {"length", "form_factor", "kinematic_viscosity", "wetted_area"},
                          "<length>, <form_factor>, <kinematic_viscosity>, <wetted_area>");
  HullFriction f;
  f.length = read_number_at_least(required_child(e, "length", "the waterline length [m]"), 0.0,
                                  true, "a length");
  f.form_factor = number_or(e, "form_factor", 0.0, 0.0, false, "a form factor k");
  f.kinematic_viscosity =
      number_or(e, "kinematic_viscosity", f.kinematic_viscosity, 0.0, true, "a viscosity");
  f.wetted_area = number_or(e, "wetted_area", 0.0, 0.0, false, "an area");
  return f;
}

void load_leeway_hull(const sdf::ElementPtr& plugin, const MergedLinks& links, HullParts& parts,
                      Diagnostics& diagnostics) {
  reject_unknown_children(plugin,
                          {"mesh", "max_triangles", "froude_krylov", "update_rate",
                           "between_updates", "friction", "windage"},
                          "<mesh>, <max_triangles>, <froude_krylov>, <update_rate>, "
                          "<between_updates>, <friction> and <windage>");
  if (plugin->HasElement("mesh")) {
    MeshHydrostatics m;
    for (sdf::ElementPtr e = plugin->GetElement("mesh"); e; e = e->GetNextElement("mesh")) {
      if (parts.mesh_where.element.empty()) parts.mesh_where = location_of(e);
      append(m.mesh, load_mesh(e, links, diagnostics));
    }
    const double budget = number_or(plugin, "max_triangles", 20000, 1, false, "a triangle count");
    if (static_cast<double>(m.mesh.faces.size()) > budget) {
      throw LoadError(parts.mesh_where,
                      fmt::format("the hull has {} triangles, over the budget of {:.0f} "
                                  "(<max_triangles>); expected a coarser collision mesh or a "
                                  "larger budget",
                                  m.mesh.faces.size(), budget));
    }
    if (const sdf::ElementPtr e = optional_child(plugin, "froude_krylov")) {
      m.froude_krylov = read_bool(e);
    }
    const double rate = number_or(plugin, "update_rate", 0.0, 0.0, false, "a rate [Hz]");
    m.update_period = rate > 0.0 ? 1.0 / rate : 0.0;
    if (const sdf::ElementPtr e = optional_child(plugin, "between_updates")) {
      const std::string v = text_of(e);
      if (v != "extrapolate" && v != "hold") {
        throw LoadError(location_of(e), fmt::format("got '{}', expected extrapolate or hold", v));
      }
      m.between =
          v == "hold" ? MeshHydrostatics::Between::kHold : MeshHydrostatics::Between::kExtrapolate;
    }
    parts.mesh = std::move(m);
  }
  if (const sdf::ElementPtr e = optional_child(plugin, "friction"))
    parts.friction = load_friction(e);
  if (const sdf::ElementPtr e = optional_child(plugin, "windage")) parts.windage = load_windage(e);
}

void load_vrx_surface(const sdf::ElementPtr& plugin, const MergedLinks& links, double surface_level,
                      HullParts& parts) {
  reject_unknown_children(plugin,
                          {"link_name", "hull_length", "hull_radius", "fluid_level",
                           "fluid_density", "points", "wavefield", "full_circle", "strips"},
                          "VRX's Surface parameters and Leeway's <full_circle> and <strips>");
  StripHull h;
  h.hull_length = read_number_at_least(required_child(plugin, "hull_length", "the length [m]"), 0.0,
                                       true, "a length");
  h.hull_radius = read_number_at_least(required_child(plugin, "hull_radius", "the radius [m]"), 0.0,
                                       true, "a radius");
  h.fluid_level = number_or(plugin, "fluid_level", surface_level, -1e9, false, "a height");
  h.fluid_density = number_or(plugin, "fluid_density", h.fluid_density, 0.0, true, "a density");
  if (const sdf::ElementPtr e = optional_child(plugin, "full_circle")) h.full_circle = read_bool(e);
  const int strips = static_cast<int>(number_or(plugin, "strips", 1, 1, false, "a count"));
  const Eigen::Isometry3d X_BL = link_pose(optional_child(plugin, "link_name"), links);
  std::vector<Vec3> points;
  if (const sdf::ElementPtr list = optional_child(plugin, "points")) {
    for (sdf::ElementPtr p = optional_child(list, "point"); p; p = p->GetNextElement("point")) {
      points.push_back(X_BL * read_vec3(p, "a point x y z in the link frame [m]"));
    }
  }
  if (points.empty()) {
    throw LoadError(location_of(plugin),
                    "the Surface plugin has no <points><point>; expected at least one point "
                    "along each hull, or the hull carries no buoyancy");
  }
  const double share = h.hull_length / static_cast<double>(points.size());
  h.strip_length = share / strips;
  h.p_BoP = split_into_strips(points, share, strips);
  parts.strips.push_back(std::move(h));
}

}  // namespace

bool is_leeway_hull(const std::string& filename, const std::string& name) {
  return plugin_matches(filename, name, "leeway-hull", "leeway::Hull");
}

bool is_vrx_surface(const std::string& filename, const std::string& name) {
  return plugin_matches(filename, name, "libSurface", "::Surface");
}

void load_hull_plugin(const sdf::ElementPtr& plugin, const MergedLinks& links, double surface_level,
                      HullParts& parts, Diagnostics& diagnostics) {
  const std::string filename = plugin->GetAttribute("filename")->GetAsString();
  const std::string name = plugin->GetAttribute("name")->GetAsString();
  if (is_leeway_hull(filename, name)) {
    load_leeway_hull(plugin, links, parts, diagnostics);
  } else {
    load_vrx_surface(plugin, links, surface_level, parts);
  }
}

}  // namespace leeway::sdfio
