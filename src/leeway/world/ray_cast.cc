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

/// The bathymetry's seabed (sand-coloured, on no body) along `ray_W` within max_distance, which
/// a hit shortens to its distance.
std::optional<VisualHit> seabed_visual_hit(const Model& model, const Ray& ray_W,
                                           double& max_distance) {
  if (!model.environment.bathymetry) return std::nullopt;
  const auto hit = ray_cast_seabed(*model.environment.bathymetry, ray_W, max_distance);
  if (!hit) return std::nullopt;
  max_distance = hit->distance;
  return VisualHit{hit->distance, hit->normal, -1, Rgba{0.55f, 0.5f, 0.4f, 1.0f}};
}

/// The first surface among the bathymetry's seabed and the visual scene: what cast_ray() and
/// WorldSurfaces both look for.
std::optional<VisualHit> first_hit(const Model& model, const std::vector<BodyState>& bodies,
                                   const Ray& ray_W, double max_distance, int ignore_body,
                                   const BodiesInView* view) {
  const std::optional<VisualHit> best = seabed_visual_hit(model, ray_W, max_distance);
  if (!model.visual_scene) return best;
  const auto hit =
      cast_visual_ray(*model.visual_scene, bodies, ray_W, max_distance, ignore_body, view);
  return hit ? hit : best;
}

/// first_hit() for many rays, the visual scene's meshes traced in packets.
void first_hits(const Model& model, const std::vector<BodyState>& bodies,
                std::span<const Ray> rays_W, std::span<const double> max_distance, int ignore_body,
                const BodiesInView* view, std::vector<std::optional<VisualHit>>& out,
                bool anywhere = false) {
  out.resize(rays_W.size());
  std::vector<double> reach(max_distance.begin(), max_distance.end());
  for (std::size_t i = 0; i < rays_W.size(); ++i)
    out[i] = seabed_visual_hit(model, rays_W[i], reach[i]);
  if (!model.visual_scene) return;
  std::vector<std::optional<VisualHit>> visual(rays_W.size());
  cast_visual_rays(*model.visual_scene, bodies, rays_W, reach, ignore_body, view, visual, anywhere);
  for (std::size_t i = 0; i < rays_W.size(); ++i) {
    if (visual[i]) out[i] = visual[i];
  }
}

/// The echo of a hit: with the velocity of the point hit on a moving body.
Echo as_echo(const VisualHit& hit, const std::vector<BodyState>& bodies, const Ray& ray_W) {
  Echo echo{hit.distance, hit.n_W, Vec3::Zero(), hit.response};
  if (hit.body >= 0) {
    const BodyState& b = bodies[static_cast<std::size_t>(hit.body)];
    const Vec3 r_W = ray_W.origin + hit.distance * ray_W.direction - b.p_WB;
    echo.v_W = b.q_WB * linear(b.V_WB_B) + (b.q_WB * angular(b.V_WB_B)).cross(r_W);
  }
  return echo;
}

SurfaceHit as_surface_hit(const VisualHit& hit) {
  return {hit.distance, hit.n_W, {hit.color.r, hit.color.g, hit.color.b}};
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
  return as_echo(*hit, bodies, ray_W);
}

void WorldEchoes::first_echoes(std::span<const Ray> rays_W, std::span<const double> max_distance,
                               std::span<std::optional<Echo>> out) const {
  std::vector<std::optional<VisualHit>> hits;
  first_hits(model_, bodies_, rays_W, max_distance, hidden_body_, view_ ? &*view_ : nullptr, hits);
  for (std::size_t i = 0; i < rays_W.size(); ++i)
    out[i] = hits[i] ? std::optional(as_echo(*hits[i], bodies_, rays_W[i])) : std::nullopt;
}

WorldSurfaces::WorldSurfaces(const Model& model, const std::vector<BodyState>& bodies,
                             const Vec3& origin_W, double max_distance)
    : model_(model), bodies_(bodies), view_(view_from(model, bodies, origin_W, max_distance, -1)) {}

std::optional<SurfaceHit> WorldSurfaces::first_surface(const Ray& ray_W,
                                                       double max_distance) const {
  const auto hit = first_hit(model_, bodies_, ray_W, max_distance, -1, view_ ? &*view_ : nullptr);
  if (!hit) return std::nullopt;
  return as_surface_hit(*hit);
}

void WorldSurfaces::blocked(std::span<const Ray> rays_W, std::span<const double> max_distance,
                            std::span<std::uint8_t> out) const {
  std::vector<std::optional<VisualHit>> hits;
  first_hits(model_, bodies_, rays_W, max_distance, -1, view_ ? &*view_ : nullptr, hits, true);
  for (std::size_t i = 0; i < rays_W.size(); ++i)
    out[i] = hits[i].has_value();
}

void WorldSurfaces::first_surfaces(std::span<const Ray> rays_W,
                                   std::span<const double> max_distance,
                                   std::span<std::optional<SurfaceHit>> out) const {
  std::vector<std::optional<VisualHit>> hits;
  first_hits(model_, bodies_, rays_W, max_distance, -1, view_ ? &*view_ : nullptr, hits);
  for (std::size_t i = 0; i < rays_W.size(); ++i)
    out[i] = hits[i] ? std::optional(as_surface_hit(*hits[i])) : std::nullopt;
}

}  // namespace leeway
