// How often a served run publishes something given at a rate in its SDF (a contact sensor's
// <update_rate>, a PosePublisher's <update_frequency>).
#pragma once

#include <cstdint>

#include "leeway/sim/simulation.h"

namespace leeway {

/// Steps between two publications at `hz` per simulated second: every step for a rate of 0 or
/// less (gz-sim's "as often as it updates") or one faster than the step.
inline std::uint64_t publication_interval(double hz, double dt) {
  return hz > 0.0 && hz < 1.0 / dt ? steps_between(hz, dt) : 1;
}

}  // namespace leeway
