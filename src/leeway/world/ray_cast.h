// Rays cast into a world, as the acoustic and range sensors cast them (sensors/dvl.h): the first
// surface a ray meets among the seabed of the world's bathymetry (env/bathymetry.h), the static
// models' mesh and plane collisions (world/ray_scene.h) and every model's collision primitives
// (world/contacts.h), a moving model's where its body is. The echo carries the velocity of the
// point hit: zero on fixed surfaces, v + w x r on a moving body.
//
// Visual geometry is not seen, nor the collision meshes of moving models; issue 28's ray-casting
// scene adds both.
#pragma once

#include <optional>
#include <vector>

#include "leeway/body/body_state.h"
#include "leeway/sensors/dvl.h"

namespace leeway {

struct Model;

/// The first surface that `ray_W` meets within max_distance; the collision shapes of body
/// `ignore_body` (the sensor's own hull, which it looks out of) are not seen.
std::optional<Echo> cast_ray(const Model& model, const std::vector<BodyState>& bodies,
                             const Ray& ray_W, double max_distance, int ignore_body);

/// The world as a sensor on body `own_body` sees it, with the bodies at `bodies`.
class WorldEchoes final : public EchoSource {
 public:
  WorldEchoes(const Model& model, const std::vector<BodyState>& bodies, int own_body)
      : model_(model), bodies_(bodies), own_body_(own_body) {}
  std::optional<Echo> first_echo(const Ray& ray_W, double max_distance) const override {
    return cast_ray(model_, bodies_, ray_W, max_distance, own_body_);
  }

 private:
  const Model& model_;
  const std::vector<BodyState>& bodies_;
  int own_body_;
};

}  // namespace leeway
