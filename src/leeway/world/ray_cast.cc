#include "leeway/world/ray_cast.h"

#include "leeway/world/model.h"
#include "leeway/world/visual_scene.h"

namespace leeway {

WorldEchoes::WorldEchoes(const Model& model, const std::vector<BodyState>& bodies, int hidden_body,
                         const Vec3& origin_W, double max_distance)
    : WorldEchoes(model, bodies, hidden_body) {
  if (model.visual_scene)
    view_.emplace(*model.visual_scene, bodies, origin_W, max_distance, hidden_body);
}

std::optional<Echo> cast_ray(const Model& model, const std::vector<BodyState>& bodies,
                             const Ray& ray_W, double max_distance, int ignore_body,
                             const BodiesInView* view) {
  std::optional<Echo> best;
  if (const auto& bathymetry = model.environment.bathymetry) {
    if (const auto hit = ray_cast_seabed(*bathymetry, ray_W, max_distance)) {
      best = Echo{hit->distance, hit->normal, Vec3::Zero()};
      max_distance = hit->distance;
    }
  }
  if (!model.visual_scene) return best;
  const auto hit =
      cast_visual_ray(*model.visual_scene, bodies, ray_W, max_distance, ignore_body, view);
  if (!hit) return best;
  Echo echo{hit->distance, hit->n_W, Vec3::Zero()};
  if (hit->body >= 0) {
    const BodyState& b = bodies[static_cast<std::size_t>(hit->body)];
    const Vec3 r_W = ray_W.origin + hit->distance * ray_W.direction - b.p_WB;
    echo.v_W = b.q_WB * linear(b.V_WB_B) + (b.q_WB * angular(b.V_WB_B)).cross(r_W);
  }
  return echo;
}

WorldSurfaces::WorldSurfaces(const Model& model, const std::vector<BodyState>& bodies,
                             const Vec3& origin_W, double max_distance)
    : model_(model), bodies_(bodies) {
  if (model.visual_scene) view_.emplace(*model.visual_scene, bodies, origin_W, max_distance, -1);
}

std::optional<SurfaceHit> WorldSurfaces::first_surface(const Ray& ray_W,
                                                       double max_distance) const {
  std::optional<SurfaceHit> best;
  if (const auto& bathymetry = model_.environment.bathymetry) {
    if (const auto hit = ray_cast_seabed(*bathymetry, ray_W, max_distance)) {
      best = SurfaceHit{hit->distance, hit->normal, {0.55, 0.5, 0.4}};
      max_distance = hit->distance;
    }
  }
  if (!model_.visual_scene) return best;
  const auto hit = cast_visual_ray(*model_.visual_scene, bodies_, ray_W, max_distance, -1,
                                   view_ ? &*view_ : nullptr);
  if (!hit) return best;
  return SurfaceHit{hit->distance, hit->n_W, {hit->color.r, hit->color.g, hit->color.b}};
}

}  // namespace leeway
