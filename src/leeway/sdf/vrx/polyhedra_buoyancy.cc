#include "leeway/sdf/vrx/polyhedra_buoyancy.h"

#include <fmt/format.h>

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {
namespace {

/// The one shape inside <geometry>.
FloatShape read_geometry(const sdf::ElementPtr& geometry) {
  const char* accepted = "one of <box>, <sphere>, <cylinder>, <ellipsoid>, <capsule>";
  FloatShape s;
  int shapes = 0;
  for_each_child(geometry, [&](const sdf::ElementPtr& e) {
    const std::string kind = e->GetName();
    ++shapes;
    if (kind == "box") {
      s.kind = ShapeKind::kBox;
      s.size = read_vec3(required_child(e, "size", "the edge lengths x y z [m]"),
                         "the edge lengths x y z [m]");
      if ((s.size.array() <= 0.0).any()) {
        throw LoadError(location_of(e), "expected three positive edge lengths [m]");
      }
    } else if (kind == "sphere") {
      s.kind = ShapeKind::kSphere;
      s.radius = required_positive(e, "radius", "a radius [m]");
    } else if (kind == "cylinder" || kind == "capsule") {
      s.kind = kind == "cylinder" ? ShapeKind::kCylinder : ShapeKind::kCapsule;
      s.radius = required_positive(e, "radius", "a radius [m]");
      s.length = read_number_at_least(required_child(e, "length", "the length along z [m]"), 0.0,
                                      kind == "cylinder", "a length [m]");
    } else if (kind == "ellipsoid") {
      s.kind = ShapeKind::kEllipsoid;
      s.size = read_vec3(required_child(e, "radii", "the semi-axes x y z [m]"),
                         "the semi-axes x y z [m]");
      if ((s.size.array() <= 0.0).any()) {
        throw LoadError(location_of(e), "expected three positive semi-axes [m]");
      }
    } else {
      throw LoadError(location_of(e), fmt::format("got <{}>, expected {}", kind, accepted));
    }
  });
  if (shapes != 1) {
    throw LoadError(location_of(geometry),
                    fmt::format("<geometry> holds {} shapes, expected {}", shapes, accepted));
  }
  return s;
}

}  // namespace

std::vector<ShapeFloat> load_polyhedra_buoyancy_drag(const sdf::ElementPtr& plugin,
                                                     const MergedLinks& links,
                                                     double surface_level) {
  reject_unknown_children(
      plugin,
      {"fluid_density", "fluid_level", "linear_drag", "angular_drag", "buoyancy", "wavefield"},
      "<fluid_density>, <fluid_level>, <linear_drag>, <angular_drag>, "
      "<buoyancy> and <wavefield>");
  ShapeFloat common;
  common.fluid_density =
      number_or(plugin, "fluid_density", common.fluid_density, 0.0, true, "a density [kg/m^3]");
  common.fluid_level = number_or(plugin, "fluid_level", surface_level, -1e9, false, "a height");
  common.linear_drag = number_or(plugin, "linear_drag", 0.0, 0.0, false, "a drag rate [1/s]");
  common.angular_drag = number_or(plugin, "angular_drag", 0.0, 0.0, false, "a drag rate [1/s]");
  std::vector<ShapeFloat> floats;
  for_each_child(plugin, [&](const sdf::ElementPtr& b) {
    if (b->GetName() != "buoyancy") return;
    reject_unknown_children(b, {"link_name", "pose", "geometry"},
                            "<link_name>, <pose> and <geometry>");
    const sdf::ElementPtr link = required_child(b, "link_name", "the link the float is part of");
    ShapeFloat f = common;
    f.shape = read_geometry(required_child(b, "geometry", "the float's shape"));
    f.X_BS = link_frame(link, links) * read_pose(optional_child(b, "pose"));
    f.link_mass = links.links.at(text_of(link)).mass;
    floats.push_back(f);
  });
  if (floats.empty()) {
    throw LoadError(location_of(plugin),
                    "the PolyhedraBuoyancyDrag plugin has no <buoyancy>; expected at least one "
                    "shape, or the model carries no buoyancy");
  }
  return floats;
}

}  // namespace leeway::sdfio
