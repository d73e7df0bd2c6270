// Fixed triangle meshes that rays are cast against: a seabed from a mesh file, a wreck, a pier
// (the static models' mesh collisions, world/ray_cast.h). The meshes are held in an Embree 3
// bounding-volume hierarchy (Wald et al., ACM TOG 33(4), 2014), which finds the triangle a ray
// meets first among hundreds of thousands in a microsecond or so. Embree works in single
// precision; the triangle it finds is intersected again in double precision (geometry/ray.h),
// so a hit is as exact as the mesh, whatever its distance from W's origin. Triangles are hit
// from either side (a seabed's winding in a DAE file is whatever its author left).
//
// Built once, then only read: cast() may be called from several threads at once, and a copy
// shares the built hierarchy.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "leeway/geometry/ray.h"

namespace leeway {

class TriangleScene {
 public:
  struct Mesh {
    std::vector<Vec3> vertices_W;                     ///< [m], in W
    std::vector<std::array<std::uint32_t, 3>> faces;  ///< vertex indices
  };

  struct Hit {
    double distance = 0.0;         ///< [m]
    Vec3 normal_W = Vec3::Zero();  ///< unit, against the ray
    int mesh = -1;                 ///< index into the meshes built from
  };

  TriangleScene() = default;
  /// Builds the hierarchy over `meshes`. Throws std::invalid_argument for a face whose vertex
  /// index is out of range or a vertex that is not finite, naming the mesh and the face.
  explicit TriangleScene(std::vector<Mesh> meshes);

  bool empty() const { return !impl_; }
  std::size_t triangle_count() const;

  /// The first triangle the ray (in W) meets within max_distance.
  std::optional<Hit> cast(const Ray& ray_W, double max_distance) const;

 private:
  struct Impl;
  std::shared_ptr<const Impl> impl_;
};

}  // namespace leeway
