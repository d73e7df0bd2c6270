// The loads on a tree's links from the force models a single body has (body/dynamics.h): each
// link of an articulated tree carries a BodyModel of its own (its damping, restoring, hull,
// windage, thrusters, current), evaluated at the link's placement and twist as if the link were
// a free body, so that every force model Leeway has works on a link unchanged.
//
// Of the body's terms, the two Coriolis ones (kRigidBodyCoriolis, kAddedMassCoriolis) are left
// out of F_L: the articulated-body algorithm adds them itself from the link's twist and the
// water's (aba.h), which is set to the one the body's models saw, V_water_L = V_L - nu_r. Every
// other term, the added mass's M_A nu_c_dot included, is an applied wrench on the link.
#pragma once

#include <span>

#include "leeway/body/body_model.h"
#include "leeway/body/dynamics.h"
#include "leeway/multibody/articulated_data.h"

namespace leeway {

/// The state a free body in link L's place would have: at X_WL, with twist V_L.
BodyState link_body_state(const ArticulatedData& data, int link);

/// What acts on one link: its force models (a BodyModel with the link's M_RB and M_A, as
/// multibody/articulated_model.h's; none for a frame-only link, on which nothing acts) and its
/// held loads; with `wrenches` and `report`, what the evaluation found is kept there (every term,
/// the Coriolis ones included, as the single body reports them).
struct LinkForces {
  const BodyModel* model = nullptr;
  HeldLoads held;
  BodyWrenches* wrenches = nullptr;
  ForceReport* report = nullptr;
};

/// Fills data.F_L and data.V_water_L from `links` (one per link) at the kinematics' state and
/// time t, the held loads at `stage`.
void compute_link_loads(std::span<const LinkForces> links, const Environment& env,
                        const EnvironmentState& env_state, double t, Stage stage,
                        ArticulatedData& data);

}  // namespace leeway
