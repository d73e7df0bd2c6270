// What a controller knows of its vehicle when it runs: the navigation solution. It is the one
// input a controller reads (controller.h), as it would be for an external client's autonomy.
//
// It is the truth, the body's state at the start of the step the controller runs in
// (true_navigation), exact and without delay; or, with <navigation>estimated</navigation>, the
// estimate of the vehicle's navigator from its sensors (navigator.h), with the same fields.
#pragma once

#include "leeway/body/body_state.h"

namespace leeway {

struct NavigationSolution {
  double t = 0.0;  ///< the time the solution is valid at [s]
  /// Pose of B in W (position of Bo [m], attitude) and twist of B in W about Bo, in B
  /// (nu = [u v w p q r], m/s and rad/s), as the body's state holds them.
  BodyState body;
};

/// The true state of `body` at time t [s], as a navigation solution.
inline NavigationSolution true_navigation(const BodyState& body, double t) {
  return {t, body};
}

}  // namespace leeway
