#include "leeway/world/model.h"

namespace leeway {

int Model::body_index(const std::string& model_name) const {
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (bodies[i].model_name == model_name) return static_cast<int>(i);
  }
  return -1;
}

int Model::actuator_index(const std::string& model_name, const std::string& actuator) const {
  for (std::size_t i = 0; i < actuators.size(); ++i) {
    if (actuators[i].model_name == model_name && actuators[i].name == actuator) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

}  // namespace leeway
