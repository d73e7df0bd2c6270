#include "leeway/multibody/energy.h"

namespace leeway {

double kinetic_energy(const ArticulatedModel& model, const ArticulatedData& data) {
  double energy = 0.0;
  for (size_t i = 0; i < model.links.size(); ++i) {
    const ArticulatedLink& link = model.links[i];
    const Vec6& V = data.V_L[i];
    const Vec6 V_r = V - data.V_water_L[i];
    energy += 0.5 * V.dot(link.M_RB * V) + 0.5 * V_r.dot(link.M_A * V_r);
  }
  return energy;
}

Vec6 spatial_momentum_W(const ArticulatedModel& model, const ArticulatedData& data) {
  Vec6 h_W = Vec6::Zero();
  for (size_t i = 0; i < model.links.size(); ++i) {
    const Vec6 h_L = model.links[i].M_RB * data.V_L[i];
    const Placement& X_WL = data.X_WL[i];
    const Vec3 p_W = X_WL.R * linear(h_L);
    h_W += stack(p_W, X_WL.R * angular(h_L) + X_WL.p.cross(p_W));
  }
  return h_W;
}

}  // namespace leeway
