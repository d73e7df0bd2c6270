#include "leeway/world/state.h"

#include "leeway/world/model.h"

namespace leeway {

State make_initial_state(const Model& model, std::uint64_t seed) {
  State s;
  s.seed = seed;
  s.environment = initial_environment_state(model.environment, seed);
  s.bodies.reserve(model.bodies.size());
  for (const BodyModel& b : model.bodies)
    s.bodies.push_back({b.p_WB0, b.q_WB0, b.V_WB_B0});
  s.hulls.resize(model.bodies.size());
  return s;
}

}  // namespace leeway
