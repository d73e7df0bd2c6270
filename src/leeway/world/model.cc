#include "leeway/world/model.h"

namespace leeway {

void reseed(Model& model, std::uint64_t seed) {
  realise_environment(model.environment, seed);
  model.seed = seed;
}

int Model::body_index(const std::string& model_name) const {
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (bodies[i].model_name == model_name) return static_cast<int>(i);
  }
  return -1;
}

int Model::collider_index(const std::string& model_name) const {
  for (std::size_t i = 0; i < colliders.size(); ++i) {
    if (colliders[i].model_name == model_name) return static_cast<int>(i);
  }
  return -1;
}

std::string Model::shape_name(int collider, int shape) const {
  const Collider& c = colliders[static_cast<std::size_t>(collider)];
  return c.model_name + "::" + c.shapes[static_cast<std::size_t>(shape)].name;
}

int Model::actuator_index(const std::string& model_name, const std::string& actuator) const {
  for (std::size_t i = 0; i < actuators.size(); ++i) {
    if (actuators[i].model_name == model_name && actuators[i].name == actuator) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

int Model::sensor_index(const std::string& model_name, const std::string& sensor) const {
  for (std::size_t i = 0; i < sensors.size(); ++i) {
    if (sensors[i].model_name == model_name && sensors[i].name == sensor) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

}  // namespace leeway
