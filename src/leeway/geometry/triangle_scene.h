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
//
// Moving meshes (bodies' visuals) are cast against together through PlacedScenes: each body's
// TriangleScene, built in its body frame, placed by the body's pose as an Embree instance in a
// small top-level hierarchy built for one sample (a two-level BVH). The scenes placed together
// must share a RayDevice.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "leeway/geometry/ray.h"

namespace leeway {

/// An Embree device: scenes built on the same one can be placed together (PlacedScenes).
class RayDevice {
 public:
  RayDevice();  ///< a new device; throws std::runtime_error if Embree cannot make one
  void* handle() const { return device_.get(); }  ///< the RTCDevice

 private:
  std::shared_ptr<void> device_;
};

class PlacedScenes;

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
    int face = -1;                 ///< index into that mesh's faces
    /// The hit point's barycentric weights of the face's second and third vertices (the
    /// first's is 1 minus both): what interpolates texture coordinates.
    std::array<float, 2> barycentric{};
  };

  TriangleScene() = default;
  /// Builds the hierarchy over `meshes` on `device`. Throws std::invalid_argument for a face
  /// whose vertex index is out of range or a vertex that is not finite, naming the mesh and the
  /// face.
  explicit TriangleScene(std::vector<Mesh> meshes, const RayDevice& device = RayDevice());

  bool empty() const { return !impl_; }
  std::size_t triangle_count() const;
  /// Mesh `index` of those built from.
  const Mesh& mesh(std::size_t index) const;

  /// The first triangle the ray (in W) meets within max_distance.
  std::optional<Hit> cast(const Ray& ray_W, double max_distance) const;

 private:
  friend class PlacedScenes;
  struct Impl;
  /// The hit on face `face` of mesh `mesh`, which Embree met at `float_distance`, again in
  /// double precision.
  std::optional<Hit> refine(unsigned mesh, unsigned face, double float_distance, const Ray& ray,
                            double max_distance) const;
  std::shared_ptr<const Impl> impl_;
};

/// TriangleScenes placed in W by poses and cast against together, for one sample: built, then
/// only read (cast() from any number of threads).
class PlacedScenes {
 public:
  struct Hit {
    double distance = 0.0;         ///< [m]
    Vec3 normal_W = Vec3::Zero();  ///< unit, against the ray
    int id = -1;                   ///< the placed scene's, as add() was given it
    int mesh = -1;                 ///< index into that scene's meshes
    int face = -1;                 ///< as TriangleScene::Hit's
    std::array<float, 2> barycentric{};
  };

  /// Coordinates are taken about `centre_W` in single precision: the sensor's position.
  PlacedScenes(const RayDevice& device, const Vec3& centre_W);
  /// Places `scene` (its vertices in a frame G) at X_WG; `scene` must outlive this, and share
  /// `device`. An empty scene is left out.
  void add(const TriangleScene& scene, const Eigen::Isometry3d& X_WG, int id);
  /// Builds the top-level hierarchy; call once, after the last add().
  void commit();

  std::optional<Hit> cast(const Ray& ray_W, double max_distance) const;
  /// cast() for many rays at once (out[i] for rays_W[i] within max_distance[i]; a distance of 0
  /// skips the ray), the same hits: Embree traces them sixteen at a time, which for rays that
  /// start near one another and point alike (a scan's, a camera row's) is some four times the
  /// single rays' rate (bench/lidar_bench.cc). Throws std::invalid_argument if the spans differ
  /// in length.
  void cast(std::span<const Ray> rays_W, std::span<const double> max_distance,
            std::span<std::optional<Hit>> out) const;

 private:
  /// Embree's hit on face `face` of mesh `mesh` of placed scene `instance`, again in double
  /// precision.
  std::optional<Hit> refine(unsigned instance, unsigned mesh, unsigned face, double float_distance,
                            const Ray& ray_W, double max_distance) const;
  struct Placed {
    const TriangleScene* scene;
    Eigen::Isometry3d X_WG;
    int id;
  };
  struct Impl;
  std::vector<Placed> placed_;
  Vec3 centre_W_;
  std::shared_ptr<Impl> impl_;
};

}  // namespace leeway
