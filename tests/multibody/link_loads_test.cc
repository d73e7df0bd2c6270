// A tree's links under the single body's force models (multibody/link_loads.h): a one-link tree
// carrying a real vehicle's BodyModel must move as that body does under body/integrator.h.
#include "leeway/multibody/link_loads.h"

#include <gtest/gtest.h>

#include <cstdio>

#include "leeway/body/integrator.h"
#include "leeway/multibody/articulated_integrator.h"
#include "leeway/sdf/load_world.h"
#include "leeway/world/state.h"

namespace leeway {
namespace {

TEST(LinkLoads, ARemusAsAOneLinkTreeFollowsTheSingleBodyInACurrent) {
  // Fossen's REMUS 100 (worlds/remus100.sdf: damping, cross-flow drag, body lift, submerged
  // restoring, its Munk skew pairs cancelled), in a 0.3 m/s current across it, coasting from
  // 1.5 m/s with a yaw and pitch rate: 20 s at the world's step, the tree by the articulated-body
  // algorithm with the body's wrenches (Coriolis terms its own), the body by its integrator.
  Diagnostics diagnostics;
  Model model =
      load_world_file(std::string(LEEWAY_SOURCE_DIR) + "/worlds/remus100.sdf", diagnostics);
  ASSERT_FALSE(model.bodies.empty());
  BodyModel body = model.bodies[0];
  body.v_current_override_W = Vec3(0.1, 0.3, 0.0);
  ASSERT_EQ(substeps_for(body, model.dt), 1);
  const State start = make_initial_state(model);
  const std::vector<double> actuators(model.actuators.size(), 0.0);
  HeldLoads held;
  held.actuators = {actuators, actuators, actuators};

  BodyState coasting;
  coasting.p_WB = body.p_WB0;
  coasting.q_WB = body.q_WB0;
  coasting.V_WB_B << 1.5, 0.0, 0.05, 0.0, 0.05, 0.1;

  ArticulatedModel tree;
  ArticulatedLink hull;
  hull.name = body.link_name;
  hull.M_RB = body.M_RB;
  hull.M_A = body.M_A;
  hull.munk = body.munk;
  hull.added_mass_coriolis = body.added_mass_coriolis;
  add_link(tree, hull);
  ArticulatedState state = neutral_state(tree);
  state.q.head<3>() = coasting.p_WB;
  state.q.segment<4>(3) = coasting.q_WB.coeffs();
  state.v = coasting.V_WB_B;
  ArticulatedData data = make_articulated_data(tree);
  const LinkForces link_forces[] = {{&body, held}};
  const ArticulatedLoads loads = [&](double t, const ArticulatedState&, ArticulatedData& d) {
    compute_link_loads(link_forces, model.environment, start.environment, t, Stage::kStart, d);
    d.tau.setZero();
  };

  const double dt = model.dt;
  const int steps = static_cast<int>(std::lround(20.0 / dt));
  double worst_position = 0.0, worst_twist = 0.0;
  for (int k = 0; k < steps; ++k) {
    integrate_body(body, model.environment, start.environment, k * dt, coasting, held, dt);
    integrate_articulated(tree, data, state, k * dt, dt, loads);
    worst_position = std::max(worst_position, (state.q.head<3>() - coasting.p_WB).norm());
    worst_twist = std::max(worst_twist, (state.v - coasting.V_WB_B).norm());
  }
  const Quat q_tree(state.q[6], state.q[3], state.q[4], state.q[5]);
  std::printf(
      "REMUS as a one-link tree: %.1e m, %.1e rad, %.1e in its twist from the body "
      "after 20 s (it went %.1f m)\n",
      worst_position, q_tree.angularDistance(coasting.q_WB), worst_twist,
      (coasting.p_WB - body.p_WB0).norm());
  EXPECT_GT((coasting.p_WB - body.p_WB0).norm(), 5.0);
  EXPECT_LT(worst_position, 1e-9);
  EXPECT_LT(q_tree.angularDistance(coasting.q_WB), 1e-10);
  EXPECT_LT(worst_twist, 1e-10);
}

}  // namespace
}  // namespace leeway
