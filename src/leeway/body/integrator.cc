#include "leeway/body/integrator.h"

#include <algorithm>
#include <cmath>

#include "leeway/body/dynamics.h"

namespace leeway {
namespace {

BodyState advanced(const BodyState& s, const BodyStateRate& k, double h) {
  BodyState out;
  out.p_WB = s.p_WB + h * k.p_WB_dot;
  out.q_WB.coeffs() = s.q_WB.coeffs() + h * k.q_WB_dot;
  out.V_WB_B = s.V_WB_B + h * k.nu_dot;
  return out;
}

}  // namespace

int substeps_for(const BodyModel& body, double dt) {
  const double needed = std::ceil(body.drag_rate * dt / kMaxDragRateStep);
  return needed > 1.0 ? static_cast<int>(std::min(needed, 1e6)) : 1;
}

void integrate_body(const BodyModel& body, const Environment& env,
                    const EnvironmentState& env_state, double t, BodyState& state,
                    const HeldLoads& held, double dt, const StartOfStep* start) {
  auto rate = [&](double at, const BodyState& s, Stage stage) {
    return compute_body_state_rate(body, env, env_state, at, s, held, stage);
  };
  BodyStateRate k1;
  if (start && start->wrenches) {
    *start->wrenches =
        compute_body_wrenches(body, env, env_state, t, state, held, Stage::kStart, start->report);
    k1 = body_state_rate(body, state, *start->wrenches);
  } else {
    k1 = rate(t, state, Stage::kStart);
  }
  if (start) *start->nu_dot = k1.nu_dot;
  const BodyStateRate k2 = rate(t + dt / 2, advanced(state, k1, dt / 2), Stage::kMid);
  const BodyStateRate k3 = rate(t + dt / 2, advanced(state, k2, dt / 2), Stage::kMid);
  const BodyStateRate k4 = rate(t + dt, advanced(state, k3, dt), Stage::kEnd);
  const double h6 = dt / 6.0;
  state.p_WB += h6 * (k1.p_WB_dot + 2.0 * k2.p_WB_dot + 2.0 * k3.p_WB_dot + k4.p_WB_dot);
  state.q_WB.coeffs() += h6 * (k1.q_WB_dot + 2.0 * k2.q_WB_dot + 2.0 * k3.q_WB_dot + k4.q_WB_dot);
  state.q_WB.normalize();
  state.V_WB_B += h6 * (k1.nu_dot + 2.0 * k2.nu_dot + 2.0 * k3.nu_dot + k4.nu_dot);
}

}  // namespace leeway
