#include "leeway/world/ray_cast.h"

#include "leeway/world/model.h"
#include "leeway/world/visual_scene.h"

namespace leeway {

namespace {

/// The scene prepared for rays from `origin_W` (world/visual_scene.h), or none without a scene.
std::optional<BodiesInView> view_from(const Model& model, const std::vector<BodyState>& bodies,
                                      const Vec3& origin_W, double max_distance, int hidden_body) {
  if (!model.visual_scene) return std::nullopt;
  return BodiesInView(*model.visual_scene, bodies, origin_W, max_distance, hidden_body);
}

/// The first surface among the bathymetry's seabed (sand-coloured, on no body) and the visual
/// scene: what cast_ray() and WorldSurfaces both look for.
std::optional<VisualHit> first_hit(const Model& model, const std::vector<BodyState>& bodies,
                                   const Ray& ray_W, double max_distance, int ignore_body,
                                   const BodiesInView* view) {
  std::optional<VisualHit> best;
  if (const auto& bathymetry = model.environment.bathymetry) {
    if (const auto hit = ray_cast_seabed(*bathymetry, ray_W, max_distance)) {
      best = VisualHit{hit->distance, hit->normal, -1, Rgba{0.55f, 0.5f, 0.4f, 1.0f}};
      max_distance = hit->distance;
    }
  }
  if (!model.visual_scene) return best;
  const auto hit =
      cast_visual_ray(*model.visual_scene, bodies, ray_W, max_distance, ignore_body, view);
  return hit ? hit : best;
}

}  // namespace

WorldEchoes::WorldEchoes(const Model& model, const std::vector<BodyState>& bodies, int hidden_body,
                         const Vec3& origin_W, double max_distance)
    : WorldEchoes(model, bodies, hidden_body) {
  view_ = view_from(model, bodies, origin_W, max_distance, hidden_body);
}

std::optional<Echo> cast_ray(const Model& model, const std::vector<BodyState>& bodies,
                             const Ray& ray_W, double max_distance, int ignore_body,
                             const BodiesInView* view) {
  const auto hit = first_hit(model, bodies, ray_W, max_distance, ignore_body, view);
  if (!hit) return std::nullopt;
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
    : model_(model), bodies_(bodies), view_(view_from(model, bodies, origin_W, max_distance, -1)) {}

std::optional<SurfaceHit> WorldSurfaces::first_surface(const Ray& ray_W,
                                                       double max_distance) const {
  const auto hit = first_hit(model_, bodies_, ray_W, max_distance, -1, view_ ? &*view_ : nullptr);
  if (!hit) return std::nullopt;
  return SurfaceHit{hit->distance, hit->n_W, {hit->color.r, hit->color.g, hit->color.b}};
}

}  // namespace leeway
