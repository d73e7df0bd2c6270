#include "leeway/transport/world_control.h"

#include <fmt/format.h>

#include <cmath>
#include <optional>

namespace leeway {

std::string apply_world_control(Simulation& sim, const WorldControlRequest& r) {
  if (r.reset_time_only || r.reset_model_only)
    return "reset of the time or the models alone: Leeway resets the whole run (reset.all)";
  if (!std::isfinite(r.run_to_sim_time) || r.run_to_sim_time < 0.0)
    return "run_to_sim_time is not a time (a finite, non-negative number of seconds)";
  if (r.multi_step > kMaxMultiStep) {
    return fmt::format(
        "multi_step {}: more than {} steps, which is what a negative number "
        "becomes in the unsigned field; expected 1 to {}",
        r.multi_step, kMaxMultiStep, kMaxMultiStep);
  }
  r.pause ? sim.pause() : sim.resume();
  if (r.multi_step > 0) {
    sim.grant_steps(r.multi_step);
  } else if (r.step) {
    sim.grant_steps(1);
  }
  if (r.run_to_sim_time > 0.0) sim.run_to(r.run_to_sim_time);
  if (r.reset_all)
    sim.request_reset(r.seed != 0 ? std::optional<std::uint64_t>(r.seed) : std::nullopt);
  return {};
}

}  // namespace leeway
