#include "leeway/sdf/leeway/hull.h"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/leeway/hull_meshes.h"
#include "leeway/sdf/leeway/windage.h"

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

}  // namespace leeway::sdfio
