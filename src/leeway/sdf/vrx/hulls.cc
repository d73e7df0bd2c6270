#include "leeway/sdf/vrx/hulls.h"

#include <fmt/format.h>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/vrx/polyhedra_buoyancy.h"

namespace leeway::sdfio {

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

/// VRX classic's buoyancy grid, from its dynamics plugin (sdf/vrx/hydrodynamics.h): 2 hulls of
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
