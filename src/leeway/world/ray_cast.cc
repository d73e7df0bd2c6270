#include "leeway/world/ray_cast.h"

#include <algorithm>

#include "leeway/world/model.h"

namespace leeway {
namespace {

void keep_closer(std::optional<Echo>& best, double& max_distance, const Echo& candidate) {
  if (candidate.distance <= max_distance) {
    best = candidate;
    max_distance = candidate.distance;
  }
}

}  // namespace

std::optional<Echo> cast_ray(const Model& model, const std::vector<BodyState>& bodies,
                             const Ray& ray_W, double max_distance, int ignore_body) {
  std::optional<Echo> best;
  const Environment& env = model.environment;
  if (env.bathymetry) {
    if (const auto hit = ray_cast_seabed(*env.bathymetry, ray_W, max_distance))
      keep_closer(best, max_distance, Echo{hit->distance, hit->normal, Vec3::Zero()});
  }
  for (const StaticPlane& plane : model.ray_scene.planes) {
    if (const auto hit = ray_cast_plane(plane.n_W, plane.c, ray_W, max_distance))
      keep_closer(best, max_distance, Echo{hit->distance, hit->normal, Vec3::Zero()});
  }
  if (const auto hit = model.ray_scene.meshes.cast(ray_W, max_distance))
    keep_closer(best, max_distance, Echo{hit->distance, hit->normal_W, Vec3::Zero()});

  for (const Collider& collider : model.colliders) {
    if (collider.body >= 0 && collider.body == ignore_body) continue;
    const Eigen::Isometry3d X_WB = collider_pose(collider, bodies);
    // The bounding sphere first: most colliders are nowhere near the ray.
    const Vec3 to_centre = X_WB.translation() - ray_W.origin;
    const double along = std::clamp(to_centre.dot(ray_W.direction), 0.0, max_distance);
    if ((to_centre - along * ray_W.direction).norm() > collider.radius) continue;
    for (const CollisionShape& shape : collider.shapes) {
      const Eigen::Isometry3d X_WS = X_WB * shape.X_BS;
      const Ray ray_S{X_WS.inverse() * ray_W.origin, X_WS.linear().transpose() * ray_W.direction};
      const auto hit = ray_cast(shape.shape, ray_S, max_distance);
      if (!hit) continue;
      Echo echo{hit->distance, X_WS.linear() * hit->normal, Vec3::Zero()};
      if (collider.body >= 0) {
        const BodyState& b = bodies[static_cast<std::size_t>(collider.body)];
        const Vec3 r_W = ray_W.origin + hit->distance * ray_W.direction - b.p_WB;
        echo.v_W = b.q_WB * linear(b.V_WB_B) + (b.q_WB * angular(b.V_WB_B)).cross(r_W);
      }
      keep_closer(best, max_distance, echo);
    }
  }
  return best;
}

}  // namespace leeway
