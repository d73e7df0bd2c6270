// Fixed-step integration of one body: classical fourth-order Runge-Kutta on (p_WB, q_WB, nu),
// with the quaternion renormalised once at the end of the step.
//
// Why RK4: the closed-form checks of the foundation (exponential and quadratic decay, restoring
// periods) hold to 1e-6 or better at ordinary steps, it damps no physical oscillation noticeably
// (amplitude error O((w dt)^6) per cycle), and it is explicit, so force models never see a guess
// of the future state. Inputs (external wrenches) are held constant over the step; actuator
// states are given at the stages' times (dynamics.h, HeldLoads).
#pragma once

#include "leeway/body/body_model.h"
#include "leeway/body/body_state.h"
#include "leeway/body/dynamics.h"
#include "leeway/env/environment.h"

namespace leeway {

/// What the first stage evaluated at the step's start state, kept for the step's outputs
/// (world/step_data.h): written in place, it costs no other evaluation.
struct StartOfStep {
  BodyWrenches* wrenches;  ///< every term [N, N m], about Bo in B; null: not kept
  Vec6* nu_dot;            ///< M^-1 times their sum [m/s^2, rad/s^2], in B
  ForceReport* report;     ///< the flows at Bo and the actuators' loads (with `wrenches`)
};

/// RK4 is stable on a decay of rate r [1/s] while r h < 2.785; a body's substeps keep
/// drag_rate h at most this.
inline constexpr double kMaxDragRateStep = 2.0;

/// The RK4 substeps a step of dt [s] takes for `body`: 1, unless its drag relaxes faster than
/// RK4 follows at dt (BodyModel::drag_rate); then ceil(drag_rate dt / kMaxDragRateStep).
int substeps_for(const BodyModel& body, double dt);

/// Advances `state` from time t by dt [s] under the held loads (dynamics.h); the environment is
/// sampled at each stage's time (t, t + dt/2, t + dt). With `start`, fills in what it points to.
void integrate_body(const BodyModel& body, const Environment& env,
                    const EnvironmentState& env_state, double t, BodyState& state,
                    const HeldLoads& held, double dt, const StartOfStep* start = nullptr);

}  // namespace leeway
