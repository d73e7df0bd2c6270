#include "leeway/multibody/link_loads.h"

namespace leeway {

BodyState link_body_state(const ArticulatedData& data, int link) {
  BodyState state;
  state.p_WB = data.X_WL[link].p;
  state.q_WB = Quat(data.X_WL[link].R);
  state.V_WB_B = data.V_L[link];
  return state;
}

void compute_link_loads(const std::vector<BodyModel>& link_models, const Environment& env,
                        const EnvironmentState& env_state, double t,
                        const std::vector<HeldLoads>& held, Stage stage, ArticulatedData& data) {
  for (size_t i = 0; i < link_models.size(); ++i) {
    const int link = static_cast<int>(i);
    ForceReport report;
    BodyWrenches wrenches = compute_body_wrenches(
        link_models[i], env, env_state, t, link_body_state(data, link), held[i], stage, &report);
    wrenches.terms[BodyWrenches::kRigidBodyCoriolis].setZero();
    wrenches.terms[BodyWrenches::kAddedMassCoriolis].setZero();
    data.F_L[i] = wrenches.total();
    data.V_water_L[i] = data.V_L[i] - report.V_WrB_B;
  }
}

}  // namespace leeway
