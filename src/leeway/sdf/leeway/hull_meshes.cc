#include "leeway/sdf/leeway/hull_meshes.h"

#include <fmt/format.h>

#include <stdexcept>

#include "leeway/formats/mesh_file.h"
#include "leeway/geometry/mesh_shapes.h"
#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {

HullMesh load_closed_mesh(const std::string& path, const Vec3& scale, const sdf::ElementPtr& uri,
                          const char* use, Diagnostics& diagnostics) {
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
                                "more than two triangles); expected a watertight surface, {}",
                                path, c.open_edges, c.non_manifold_edges, use));
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
                     fmt::format("{}: {} zero-area triangles and {} points or lines enclose "
                                 "nothing and were dropped",
                                 path, c.degenerate_dropped, file.skipped_primitives));
  }
  return std::move(built.mesh);
}

HullMesh load_hull_mesh(const sdf::ElementPtr& e, const MergedLinks& links,
                        Diagnostics& diagnostics) {
  reject_unknown_children(e, {"uri", "link", "pose", "scale"}, "<uri>, <link>, <pose>, <scale>");
  const sdf::ElementPtr uri = required_child(e, "uri", "the mesh file");
  const sdf::ElementPtr scale_e = optional_child(e, "scale");
  const Vec3 scale = scale_e ? read_vec3(scale_e, "three scale factors") : Vec3::Ones();
  if ((scale.array() <= 0.0).any()) {
    throw LoadError(location_of(scale_e), "expected three positive scale factors");
  }
  const HullMesh mesh = load_closed_mesh(
      resolve_file(uri), scale, uri,
      "since the water's pressure is integrated over a closed surface", diagnostics);
  return transformed(
      mesh, link_frame(optional_child(e, "link"), links) * read_pose(optional_child(e, "pose")));
}

HullMesh load_sectioned_hull(const sdf::ElementPtr& e, const MergedLinks& links) {
  reject_unknown_children(
      e,
      {"length", "half_beam", "half_depth", "exponent", "stations", "section_points",
       "bow_fraction", "stern_fraction", "end_scale", "bow_rise", "link", "pose"},
      "the hull's dimensions, <link> and <pose>");
  SectionedHullShape h;
  h.length = required_positive(e, "length", "the length overall [m]");
  h.half_beam = required_positive(e, "half_beam", "the half beam [m]");
  h.half_depth = required_positive(e, "half_depth", "the half depth [m]");
  h.exponent = number_or(e, "exponent", h.exponent, 0.0, true, "a superellipse exponent");
  if (const sdf::ElementPtr s = optional_child(e, "stations")) {
    h.stations = read_count_at_least(s, 2, "a number of sections");
  }
  if (const sdf::ElementPtr s = optional_child(e, "section_points")) {
    h.section_points = read_count_at_least(s, 3, "a number of points round a section");
  }
  const auto fraction = [&](const char* name, double fallback) {
    const sdf::ElementPtr f = optional_child(e, name);
    return f ? read_number_in(f, 0.0, 1.0, "a fraction of the length") : fallback;
  };
  h.bow_fraction = fraction("bow_fraction", h.bow_fraction);
  h.stern_fraction = fraction("stern_fraction", h.stern_fraction);
  if (h.bow_fraction + h.stern_fraction > 1.0) {
    throw LoadError(location_of(e),
                    fmt::format("<bow_fraction> {} and <stern_fraction> {} overlap; expected "
                                "tapers that together take at most the whole length",
                                h.bow_fraction, h.stern_fraction));
  }
  if (const sdf::ElementPtr s = optional_child(e, "end_scale")) {
    h.end_scale = read_number_in(s, 1e-3, 1.0, "the section scale at the ends");
  }
  if (const sdf::ElementPtr s = optional_child(e, "bow_rise")) {
    h.bow_rise = read_number(s, "the stem's rise [m]");
  }
  return transformed(sectioned_hull_mesh(h), link_frame(optional_child(e, "link"), links) *
                                                 read_pose(optional_child(e, "pose")));
}

}  // namespace leeway::sdfio
