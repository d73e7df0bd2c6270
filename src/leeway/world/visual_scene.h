// What sensors' rays meet (a lidar's, a DVL's; a camera's next): every model's <visual>
// geometry, with its collisions standing in for a model that has no visuals (the default world's
// WAM-V is written for physics only, gz-sim's flat seabed has a collision plane alone).
//
// Built once per world that has such a sensor (sdf/load_world.cc), then only read, from any
// number of threads:
//   - each body's mesh visuals in one Embree hierarchy in its body frame B (geometry/
//     triangle_scene.h), and its primitives kept exact (geometry/ray.h); a ray is turned into B
//     for each body whose bounding sphere it passes within reach of;
//   - the static models' mesh and plane visuals in one hierarchy in W, their primitives exact,
//     and the collision planes of static models without visuals, infinite.
// Each mesh part keeps its colour (the SDF's, else the file material's) and its texture (the
// SDF's albedo map or script texture, else the file material's; geometry/texture.h), each
// primitive the SDF's: a camera's surface colour, a lidar's reflectivity later; and its
// visual's response to a lidar and a sonar (<laser_retro>, <leeway:backscatter>). A texture whose
// image cannot be read is warned about once, with the SDF line that names it or its mesh's, and
// its surface keeps its colour.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "leeway/body/body_state.h"
#include "leeway/core/error.h"
#include "leeway/geometry/convex_shape.h"
#include "leeway/geometry/texture.h"
#include "leeway/geometry/triangle_scene.h"
#include "leeway/geometry/visual.h"
#include "leeway/world/ray_scene.h"

namespace leeway {

struct Model;

struct VisualScene {
  /// An exact primitive, posed in its group's frame (B, or W for the static group).
  struct Primitive {
    ConvexShape shape;
    Eigen::Isometry3d X_GP = Eigen::Isometry3d::Identity();
    Eigen::Isometry3d X_PG = Eigen::Isometry3d::Identity();  ///< its inverse
    double radius = 0.0;  ///< of a sphere about P's origin that holds it [m]
    Rgba color;
    std::shared_ptr<const Texture> texture;  ///< none: `color` alone
    SurfaceResponse response{};
  };
  /// How a mesh looks (and sounds).
  struct MeshLook {
    Rgba color;
    std::shared_ptr<const Texture> texture;  ///< none: `color` alone
    std::vector<TexCoord> uv;                ///< with a texture: one per vertex of the mesh
    SurfaceResponse response{};
  };
  /// The geometry of one body, or of every static model.
  struct Group {
    TriangleScene meshes;              ///< in the group's frame
    std::vector<MeshLook> mesh_looks;  ///< one per mesh of `meshes`
    std::vector<Primitive> primitives;
    double radius = 0.0;  ///< of a sphere about the frame's origin holding it all [m]
  };
  RayDevice device;                 ///< the groups' meshes are built on it
  Group fixed;                      ///< static models', in W (radius unused)
  std::vector<StaticPlane> planes;  ///< in W
  std::vector<Group> bodies;        ///< one per Model::bodies, in B
};

/// The scene of `model`'s visuals; for a model without any, its collision primitives
/// (Model::colliders) and its static mesh and plane collisions (`collisions`). Mesh files are
/// read here; one that cannot be read is warned about once, with its SDF line, and left out.
VisualScene build_visual_scene(const Model& model, const RayScene& collisions,
                               Diagnostics& diagnostics);

/// What a ray meets in the scene.
struct VisualHit {
  double distance = 0.0;     ///< [m]
  Vec3 n_W = Vec3::UnitZ();  ///< unit, against the ray
  int body = -1;             ///< -1: a static model
  Rgba color;
  SurfaceResponse response{};
};

/// The scene as rays from one point (a lidar's scan) see it at one sample, prepared once for
/// all the rays:
///   - every mesh, the static ones and those of the bodies in reach, placed where the bodies are
///     in one two-level Embree hierarchy (PlacedScenes): one query a ray;
///   - every primitive in reach posed in W, with its bounding sphere seen from the point as a
///     cone of directions: a ray tests a primitive only if its direction is in the cone, one dot
///     product per primitive in single precision (with a margin of 1e-5 on the cone's cosine,
///     which only lets more in; a primitive whose sphere holds the point is always tested).
class BodiesInView {
 public:
  /// From `origin_W`, within max_distance, with the bodies at `bodies` and `ignore_body` left out.
  BodiesInView(const VisualScene& scene, const std::vector<BodyState>& bodies, const Vec3& origin_W,
               double max_distance, int ignore_body);

 private:
  friend std::optional<VisualHit> cast_visual_ray(const VisualScene&, const std::vector<BodyState>&,
                                                  const Ray&, double, int, const BodiesInView*);
  friend void cast_visual_rays(const VisualScene&, const std::vector<BodyState>&,
                               std::span<const Ray>, std::span<const double>, int,
                               const BodiesInView*, std::span<std::optional<VisualHit>>, bool);
  struct PosedPrimitive {
    const VisualScene::Primitive* primitive;
    Eigen::Isometry3d X_WP, X_PW;
    int body;
  };
  /// The primitives' nearest hit within max_distance, if nearer than `best`: those whose cone
  /// holds the ray's direction, or every one for a ray not from the view's point (`anywhere`).
  void hit_primitives(const Ray& ray_W, std::optional<VisualHit>& best, double& max_distance,
                      bool anywhere = false) const;
  /// Calls f(primitive) for each primitive whose cone holds `direction` (unit, in W).
  template <typename F>
  void for_each_candidate(const Vec3& direction, F&& f) const {
    const auto x = static_cast<float>(direction.x()), y = static_cast<float>(direction.y()),
               z = static_cast<float>(direction.z());
    for (std::size_t i = 0; i < primitives_.size(); ++i) {
      if (x * axis_x_[i] + y * axis_y_[i] + z * axis_z_[i] >= min_cos_[i]) f(primitives_[i]);
    }
  }

  PlacedScenes meshes_;
  std::vector<float> axis_x_, axis_y_, axis_z_, min_cos_;  ///< unit axes to the centres
  std::vector<PosedPrimitive> primitives_;
};

/// The first surface of `scene` that `ray_W` meets within max_distance, the bodies at `bodies`
/// (Model::bodies' order), body `ignore_body` left out (-1: none). Rays from inside a primitive
/// do not see it; mesh triangles are seen from either side, planes from their front. With
/// `view` (made from a point on the ray's line behind its origin, with the same ignore_body),
/// only its candidate bodies are tried.
std::optional<VisualHit> cast_visual_ray(const VisualScene& scene,
                                         const std::vector<BodyState>& bodies, const Ray& ray_W,
                                         double max_distance, int ignore_body = -1,
                                         const BodiesInView* view = nullptr);

/// cast_visual_ray() for many rays at once: out[i] for rays_W[i] within max_distance[i] (0:
/// skipped), the same hits. With `view`, the meshes are traced in Embree's packets
/// (PlacedScenes), much faster for rays alike (a scan's, a camera row's); rays that do not come
/// from the view's point (`anywhere`: a camera's rays to the sun) are tried against every
/// primitive in its reach instead of those in their direction's cone. Throws
/// std::invalid_argument if the spans differ in length.
void cast_visual_rays(const VisualScene& scene, const std::vector<BodyState>& bodies,
                      std::span<const Ray> rays_W, std::span<const double> max_distance,
                      int ignore_body, const BodiesInView* view,
                      std::span<std::optional<VisualHit>> out, bool anywhere = false);

}  // namespace leeway
