// Runs a one-vehicle world open loop: the reference vehicle tests command its actuators by name
// and compare where it ends up with a closed form.
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "leeway/world/step.h"

namespace leeway::testing {

/// Runs `duration` seconds with the first body's actuators held at the given commands (by
/// actuator name); returns the final state. A failed step fails the test and ends the run.
inline State run_with_commands(const Model& m,
                               const std::vector<std::pair<std::string, double>>& commands,
                               double duration) {
  State s = make_initial_state(m);
  Inputs in;
  in.commands.assign(m.actuators.size(), std::nullopt);
  for (const auto& [name, x] : commands)
    in.commands[static_cast<std::size_t>(m.actuator_index(m.bodies.at(0).model_name, name))] = x;
  while (s.t < duration - 1e-9) {
    const StepResult r = step(m, s, in);
    EXPECT_TRUE(r.ok) << r.error;
    if (!r.ok) break;
  }
  return s;
}

}  // namespace leeway::testing
