#include "leeway/world/model.h"

namespace leeway {

int Model::body_index(const std::string& model_name) const {
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (bodies[i].model_name == model_name) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace leeway
