#include "leeway/multibody/link_loads.h"

namespace leeway {

BodyState link_body_state(const ArticulatedData& data, int link) {
  BodyState state;
  state.p_WB = data.X_WL[link].p;
  state.q_WB = Quat(data.X_WL[link].R);
  state.V_WB_B = data.V_L[link];
  return state;
}

void compute_link_loads(std::span<const LinkForces> links, const Environment& env,
                        const EnvironmentState& env_state, double t, Stage stage,
                        ArticulatedData& data) {
  for (size_t i = 0; i < links.size(); ++i) {
    const LinkForces& link = links[i];
    if (link.model == nullptr) {
      data.F_L[i].setZero();
      data.V_water_L[i] = data.V_L[i];
      continue;
    }
    ForceReport own;
    ForceReport& report = link.report ? *link.report : own;
    BodyWrenches wrenches = compute_body_wrenches(*link.model, env, env_state, t,
                                                  link_body_state(data, static_cast<int>(i)),
                                                  link.held, stage, &report);
    if (link.wrenches) *link.wrenches = wrenches;
    wrenches.terms[BodyWrenches::kRigidBodyCoriolis].setZero();
    wrenches.terms[BodyWrenches::kAddedMassCoriolis].setZero();
    data.F_L[i] = wrenches.total();
    data.V_water_L[i] = data.V_L[i] - report.V_WrB_B;
  }
}

}  // namespace leeway
