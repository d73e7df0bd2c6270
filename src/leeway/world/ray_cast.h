// Rays cast into a world, as the acoustic and range sensors cast them (sensors/dvl.h,
// sensors/lidar.h): the first surface a ray meets among the seabed of the world's bathymetry
// (env/bathymetry.h) and the world's visual scene (world/visual_scene.h: every model's visuals,
// a moving model's where its body is, and the collisions of a model without visuals). The echo
// carries the velocity of the point hit: zero on fixed surfaces, v + w x r on a moving body.
// The sea surface is the sensor's own business (env/sea_ray.h): a DVL does not see it, a lidar
// does.
#pragma once

#include <optional>
#include <vector>

#include "leeway/body/body_state.h"
#include "leeway/sensors/camera.h"
#include "leeway/sensors/dvl.h"
#include "leeway/world/visual_scene.h"

namespace leeway {

struct Model;

/// The first surface that `ray_W` meets within max_distance; body `ignore_body` (-1: none) is not
/// seen. `view`: the bodies in view from a point behind the ray's origin (world/visual_scene.h).
std::optional<Echo> cast_ray(const Model& model, const std::vector<BodyState>& bodies,
                             const Ray& ray_W, double max_distance, int ignore_body,
                             const BodiesInView* view = nullptr);

/// The world as a sensor sees it, with the bodies at `bodies`, body `hidden_body` left out (a
/// DVL's own hull, which it looks out of; -1: none, as a lidar sees its own vessel beyond its
/// near clip).
class WorldEchoes final : public EchoSource {
 public:
  WorldEchoes(const Model& model, const std::vector<BodyState>& bodies, int hidden_body)
      : model_(model), bodies_(bodies), hidden_body_(hidden_body) {}
  /// For rays that all start on rays from `origin_W` and end within max_distance of it (a
  /// scan's): the bodies in view are found once (BodiesInView).
  WorldEchoes(const Model& model, const std::vector<BodyState>& bodies, int hidden_body,
              const Vec3& origin_W, double max_distance);
  std::optional<Echo> first_echo(const Ray& ray_W, double max_distance) const override {
    return cast_ray(model_, bodies_, ray_W, max_distance, hidden_body_, view_ ? &*view_ : nullptr);
  }
  /// The rays traced in Embree's packets (with the bodies in view found once).
  void first_echoes(std::span<const Ray> rays_W, std::span<const double> max_distance,
                    std::span<std::optional<Echo>> out) const override;

 private:
  const Model& model_;
  const std::vector<BodyState>& bodies_;
  int hidden_body_;
  std::optional<BodiesInView> view_;
};

/// The world as a camera sees it: the visual scene's surfaces in their colours (the bathymetry's
/// seabed sand-coloured), every body seen, the bodies in view from `origin_W` found once (a
/// frame's).
class WorldSurfaces final : public SurfaceSource {
 public:
  WorldSurfaces(const Model& model, const std::vector<BodyState>& bodies, const Vec3& origin_W,
                double max_distance);
  std::optional<SurfaceHit> first_surface(const Ray& ray_W, double max_distance) const override;
  /// The rays traced in Embree's packets.
  void first_surfaces(std::span<const Ray> rays_W, std::span<const double> max_distance,
                      std::span<std::optional<SurfaceHit>> out) const override;
  /// In packets, each ray tried against every primitive in view (it need not come from the
  /// camera).
  void blocked(std::span<const Ray> rays_W, std::span<const double> max_distance,
               std::span<std::uint8_t> out) const override;

 private:
  const Model& model_;
  const std::vector<BodyState>& bodies_;
  std::optional<BodiesInView> view_;
};

}  // namespace leeway
