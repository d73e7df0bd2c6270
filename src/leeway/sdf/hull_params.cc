#include "leeway/sdf/hull_params.h"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/hull_mesh_params.h"
#include "leeway/sdf/shape_float_params.h"
#include "leeway/sdf/vrx_hydrodynamics.h"
#include "leeway/sdf/windage_params.h"

namespace leeway::sdfio {
namespace {

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

}  // namespace

void load_leeway_hull(const sdf::ElementPtr& plugin, const MergedLinks& links, HullParts& parts,
                      Diagnostics& diagnostics) {
  reject_unknown_children(plugin,
                          {"mesh", "sectioned_hull", "max_triangles", "froude_krylov",
                           "update_rate", "between_updates", "friction", "windage"},
                          "<mesh>, <sectioned_hull>, <max_triangles>, <froude_krylov>, "
                          "<update_rate>, <between_updates>, <friction> and <windage>");
  if (plugin->HasElement("mesh") || plugin->HasElement("sectioned_hull")) {
    MeshHydrostatics m;
    for_each_child(plugin, [&](const sdf::ElementPtr& e) {
      const std::string kind = e->GetName();
      if (kind != "mesh" && kind != "sectioned_hull") return;
      if (parts.mesh_where.element.empty()) parts.mesh_where = location_of(e);
      append(m.mesh, kind == "mesh" ? load_hull_mesh(e, links, diagnostics)
                                    : load_sectioned_hull(e, links));
    });
    const double budget = number_or(plugin, "max_triangles", 20000, 1, false, "a triangle count");
    if (static_cast<double>(m.mesh.faces.size()) > budget) {
      throw LoadError(parts.mesh_where,
                      fmt::format("the hull has {} triangles, over the budget of {:.0f} "
                                  "(<max_triangles>); expected a coarser mesh or a "
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
  const Eigen::Isometry3d X_BL = link_frame(optional_child(plugin, "link_name"), links);
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

/// VRX classic's buoyancy grid, from its dynamics plugin (vrx_hydrodynamics.h): 2 hulls of
/// `length_n` points each, at x = ((j - 1/2)/n - 1/2) L and y = +-W/2 in the link frame, each
/// carrying L/n of a hull of radius r.
void load_vrx_classic_grid(const sdf::ElementPtr& plugin, const MergedLinks& links,
                           double surface_level, HullParts& parts, Diagnostics& diagnostics) {
  StripHull h;
  h.hull_length = number_or(plugin, "boatLength", 1.35, 0.0, true, "a length [m]");
  h.hull_radius = number_or(plugin, "hullRadius", 0.213, 0.0, true, "a radius [m]");
  const double width = number_or(plugin, "boatWidth", 1.0, 0.0, false, "a width [m]");
  h.fluid_density = number_or(plugin, "waterDensity", h.fluid_density, 0.0, true, "a density");
  if (const sdf::ElementPtr level = optional_child(plugin, "waterLevel")) {
    h.fluid_level = read_number(level, "a height [m]");
  } else {
    h.fluid_level = surface_level;
    diagnostics.warn(location_of(plugin),
                     fmt::format("no <waterLevel>: the grid floats on the world's calm surface, "
                                 "{} m, where VRX classic would have assumed 0.5 m",
                                 surface_level));
  }
  const int n = read_count_at_least(required_child(plugin, "length_n",
                                                   "the number of grid points along each hull "
                                                   "(VRX's WAM-V: 2); without it classic's grid "
                                                   "is empty"),
                                    1, "the number of grid points");
  const Eigen::Isometry3d X_BL = link_frame(optional_child(plugin, "bodyName"), links);
  for (const double side : {-1.0, 1.0}) {
    for (int j = 1; j <= n; ++j) {
      const double x = ((j - 0.5) / n - 0.5) * h.hull_length;
      h.p_BoP.push_back(X_BL * Vec3(x, side * width / 2.0, 0.0));
    }
  }
  h.strip_length = h.hull_length / n;
  parts.strips.push_back(std::move(h));
}

}  // namespace leeway::sdfio
