// The reference controllers as worlds attach them: the fin allocation against its closed form,
// RexROV holding station offshore in a wandering current and inspecting a structure with the
// cascaded ROV pilot, the REMUS 100 and the LAUV running lawnmower surveys at depth, USVSim's
// rudder boat steering by its rudder round a circuit, and the Lutra Prop inspecting a bridge in a
// river (worlds/offshore_rexrov.sdf, worlds/rexrov_inspection.sdf, worlds/remus100_survey.sdf,
// worlds/lauv_survey.sdf, worlds/usvsim_rudder_boat_waypoints.sdf, worlds/river_bridge.sdf).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "leeway/core/rotation.h"
#include "leeway/gnc/fin_commands.h"
#include "leeway/propulsion/control_surface.h"
#include "leeway/sdf/load_world.h"
#include "leeway/sim/simulation.h"

namespace leeway {
namespace {

Scenario load_world(const std::string& name) {
  Diagnostics d;
  return load_scenario_file(std::string(LEEWAY_SOURCE_DIR) + "/worlds/" + name, d);
}

TEST(FinCommands, RemusFinsGiveTheirClosedFormMomentsAndAreScheduledBySpeed) {
  // Deflection fins at x = -0.8 m, A = 0.0133 m^2, rho 1026: at 1 m/s a stern plane (C_Ld 0.7,
  // lift along +z) gives M = 0.8 q A C_Ld per radian about +y (nose down), a rudder (C_Ld 0.5,
  // lift along +y) N = -0.8 q A C_Ld.
  const Scenario w = load_world("remus100_survey.sdf");
  const Model& m = w.model;
  const auto& pilot = std::get<DivePilotModel>(w.controllers.at(0).law);
  const FinCommander& fins = pilot.fins;
  const int rudder = m.actuator_index("remus100", "rudder");
  const int stern = m.actuator_index("remus100", "stern_plane");
  ASSERT_EQ(fins.actuators.size(), 2u);
  const Eigen::Index r = fins.actuators[0] == rudder ? 0 : 1, s = 1 - r;
  ASSERT_EQ(fins.actuators[static_cast<std::size_t>(s)], stern);
  const double q = 0.5 * 1026.0, M = 0.8 * q * 0.0133 * 0.7, N = -0.8 * q * 0.0133 * 0.5;
  EXPECT_NEAR(fins.B_1(4, s), M, 1e-6 * M);
  EXPECT_NEAR(fins.B_1(5, r), N, 1e-6 * std::abs(N));
  EXPECT_NEAR(fins.B_1(4, r), 0.0, 1e-9);
  EXPECT_EQ(fins.B_1.row(1).norm(), 0.0);  // the rudder's sway force is not allocated for
  // A nose-down moment of 0.2 N m and a yaw moment of -0.1 N m at 2 m/s, then at 0.1 m/s (as
  // at the 0.5 m/s floor).
  std::vector<std::optional<double>> commands(m.actuators.size());
  Vec6 tau = Vec6::Zero();
  tau[4] = 0.2;
  tau[5] = -0.1;
  command_fin_wrench(fins, tau, 2.0, commands);
  EXPECT_NEAR(*commands[static_cast<std::size_t>(stern)], 0.2 / (4.0 * M), 1e-9);
  EXPECT_NEAR(*commands[static_cast<std::size_t>(rudder)], -0.1 / (4.0 * N), 1e-9);
  command_fin_wrench(fins, tau, 0.1, commands);
  EXPECT_NEAR(*commands[static_cast<std::size_t>(stern)], 0.2 / (0.25 * M), 1e-9);
  // Ten times that asks for 2.09 rad; the fins' law is linear to their 15 degree stops, so the
  // stops are the useful range.
  command_fin_wrench(fins, 10.0 * tau, 0.1, commands);
  EXPECT_NEAR(*commands[static_cast<std::size_t>(stern)], 15.0 * M_PI / 180.0, 1e-12);
}

TEST(FinCommands, ARudderIsHeldWhereItGivesItsGreatestMoment) {
  // The rudder boat's rudder turns to +-0.6 rad, but its wing law stalls at 0.35 rad (the
  // sigmoid blend takes the lift down from a little before it): past its peak it gives less
  // moment, so the allocation stops there, to within the 0.003 rad of its scan.
  const Scenario w = load_world("usvsim_rudder_boat_waypoints.sdf");
  const Model& m = w.model;
  const auto& pilot = std::get<AutopilotModel>(w.controllers.at(0).law);
  ASSERT_TRUE(pilot.rudders.has_value());
  const FinCommander& fins = *pilot.rudders;
  ASSERT_EQ(fins.actuators.size(), 1u);
  const ControlSurface& rudder = m.bodies[0].control_surfaces.at(0);
  ASSERT_EQ(rudder.actuator, fins.actuators[0]);
  Vec6 ahead = Vec6::Zero();
  ahead[0] = 1.0;
  const auto yaw_moment = [&](double delta) {
    return control_surface_wrench(rudder, delta, ahead, Vec3::Zero(), 1000.0)[5];
  };
  const double peak = fins.delta_max[0];
  EXPECT_GT(peak, 0.25);
  EXPECT_LT(peak, 0.35);
  EXPECT_NEAR(fins.delta_min[0], -peak, 1e-12);
  // A positive angle turns it to starboard: its moment is negative, and most so at the peak.
  for (const double step : {-0.006, 0.006, 0.6 - peak})
    EXPECT_LT(yaw_moment(peak), yaw_moment(peak + step)) << step;
}

TEST(ControllerWorlds, RexRovHoldsStationWithinHalfAMetreInAWanderingCurrent) {
  Scenario w = load_world("offshore_rexrov.sdf");
  reseed(w.model, 7);
  const Model& m = w.model;
  Simulation sim(w);
  const State& s = sim.state();
  const Vec3 station = s.bodies[0].p_WB;
  double worst = 0.0, worst_yaw = 0.0, least_speed = 1e9, most_speed = 0.0;
  while (s.t < 300.0 - 1e-9) {
    ASSERT_TRUE(sim.step().ok);
    const double speed =
        current_velocity(m.environment, s.environment, s.bodies[0].p_WB, s.t).norm();
    least_speed = std::min(least_speed, speed);
    most_speed = std::max(most_speed, speed);
    if (s.t < 10.0) continue;  // the integral catches up with the current
    worst = std::max(worst, (s.bodies[0].p_WB - station).norm());
    worst_yaw =
        std::max(worst_yaw, std::abs(wrap_angle(euler_zyx(s.bodies[0].q_WB).z() - M_PI / 2)));
  }
  std::printf("offshore RexROV: worst %.3f m, %.4f rad; current %.3f to %.3f m/s\n", worst,
              worst_yaw, least_speed, most_speed);
  EXPECT_LT(worst, 0.5);
  EXPECT_LT(worst_yaw, 0.05);
  EXPECT_GT(most_speed - least_speed, 0.02);  // the current did wander (sigma 0.05 m/s)
}

TEST(ControllerWorlds, RexRovInspectsAStructureAtItsSpeedLimitOnStraightLegs) {
  // Four stations on a 20 m square at 50 m depth, the last 6 m deeper, in a 0.2 m/s current.
  // The position loop asks for max_speed towards the station, and the velocity loop's integral
  // takes out drag and current: mid-leg, the speed over ground is max_speed and the track the
  // straight line from where the last station was reached. At each corner the velocity asked
  // for turns 90 degrees in B at once, a step the loop overshoots by about its 4.3 %
  // (rov_pilot_test.cc) and that rolls it about 3 degrees for a second.
  const Scenario w = load_world("rexrov_inspection.sdf");
  const auto& pilot = std::get<RovPilotModel>(w.controllers.at(0).law);
  Simulation sim(w);
  const State& s = sim.state();
  double top_speed = 0.0, slowest_mid_leg = 1e9, worst_cross_track = 0.0, worst_tilt = 0.0;
  double worst_hold = 0.0;
  std::size_t leg = 0;
  Vec3 leg_start = s.bodies[0].p_WB;
  while (s.t < 300.0 - 1e-9) {
    ASSERT_TRUE(sim.step().ok);
    const BodyState& b = s.bodies[0];
    const auto& ps = std::get<RovPilotState>(sim.controller_states().at(0));
    if (ps.station != leg) {  // a new leg, from here
      leg = ps.station;
      leg_start = b.p_WB;
    }
    const Vec3 goal = pilot.stations[leg].p_W, along = (goal - leg_start).normalized();
    const Vec3 off = b.p_WB - leg_start;
    const double progress = off.dot(along), length = (goal - leg_start).norm();
    const double speed = b.V_WB_B.head<3>().norm();
    top_speed = std::max(top_speed, speed);
    if (progress > 5.0 && progress < length - 5.0) {
      slowest_mid_leg = std::min(slowest_mid_leg, speed);
      worst_cross_track = std::max(worst_cross_track, (off - progress * along).norm());
    }
    const Vec3 rpy = euler_zyx(b.q_WB);
    worst_tilt = std::max({worst_tilt, std::abs(rpy.x()), std::abs(rpy.y())});
    if (s.t > 240.0) worst_hold = std::max(worst_hold, (b.p_WB - goal).norm());
  }
  const auto& state = std::get<RovPilotState>(sim.controller_states().at(0));
  std::printf(
      "RexROV inspection: %zu stations reached; mid-leg speed at least %.4f m/s, top %.4f; "
      "track within %.3f m; tilt %.2f deg; holds within %.4f m\n",
      state.reached, slowest_mid_leg, top_speed, worst_cross_track, worst_tilt * 180.0 / M_PI,
      worst_hold);
  EXPECT_EQ(state.reached, pilot.stations.size());
  EXPECT_NEAR(slowest_mid_leg, pilot.max_speed, 0.01 * pilot.max_speed);
  EXPECT_LT(top_speed, 1.08 * pilot.max_speed);
  EXPECT_LT(worst_cross_track, 0.1);
  EXPECT_LT(worst_tilt, 4.0 * M_PI / 180.0);
  EXPECT_LT(worst_hold, 0.01);
}

TEST(ControllerWorlds, RexRovPilotHoldsWithinHalfAMetreInA03MetrePerSecondCurrent) {
  // The inspection's pilot on one station, its start pose, in a 0.3 m/s current 45 degrees off
  // the bow: the bar for dynamic positioning, met by the cascaded loops too.
  Scenario w = load_world("rexrov_inspection.sdf");
  w.model.environment.current.steady_W = 0.3 * Vec3(1.0, 1.0, 0.0).normalized();
  auto& pilot = std::get<RovPilotModel>(w.controllers.at(0).law);
  pilot.stations = {{make_initial_state(w.model).bodies[0].p_WB, 0.0}};
  Simulation sim(w);
  const State& s = sim.state();
  double worst = 0.0;
  while (s.t < 300.0 - 1e-9) {
    ASSERT_TRUE(sim.step().ok);
    worst = std::max(worst, (s.bodies[0].p_WB - pilot.stations[0].p_W).norm());
  }
  const double final_error = (s.bodies[0].p_WB - pilot.stations[0].p_W).norm();
  std::printf("RexROV pilot in a 0.3 m/s current: worst %.3f m, final %.4f m\n", worst,
              final_error);
  EXPECT_LT(worst, 0.5);
  EXPECT_LT(final_error, 0.01);
}

TEST(ControllerWorlds, RemusRunsItsLawnmowerAtDepth) {
  // Four 200 m lines at x = 0, 40, 80, 120 m, 10 m deep, from 2 m deep.
  const Scenario w = load_world("remus100_survey.sdf");
  const auto& pilot = std::get<DivePilotModel>(w.controllers.at(0).law);
  Simulation sim(w);
  const State& s = sim.state();
  double worst_depth = 0.0, worst_cross_track = 0.0;
  while (s.t < 600.0 - 1e-9) {
    ASSERT_TRUE(sim.step().ok);
    const Vec3& p = s.bodies[0].p_WB;
    if (s.t > 60.0) worst_depth = std::max(worst_depth, std::abs(p.z() + 10.0));
    if (p.y() > 40.0 && p.y() < 160.0) {  // the middle of a line
      const double line = 40.0 * std::round(p.x() / 40.0);
      worst_cross_track = std::max(worst_cross_track, std::abs(p.x() - line));
    }
  }
  const auto& state = std::get<DivePilotState>(sim.controller_states().at(0));
  std::printf("REMUS survey: %zu waypoints reached, depth within %.3f m, lines within %.3f m\n",
              state.reached, worst_depth, worst_cross_track);
  EXPECT_EQ(state.reached, pilot.waypoints_W.size());
  EXPECT_LT(worst_depth, 0.1);
  EXPECT_LT(worst_cross_track, 1.0);
}

TEST(ControllerWorlds, TheLauvFliesItsLawnmowerAtTheSpeedItsThrustAndDampingGive) {
  // UUV Simulator's LAUV under the same pilot: three 100 m lines at x = 0, 20, 40 m, 10 m deep.
  // Its propeller faces aft; the command -212 gives T = 0.0002 212^2 ahead, which UUV's surge
  // damping 2.4 u + 2.4 u|u| balances at the root below (the fins, edge-on, add no drag).
  const Scenario w = load_world("lauv_survey.sdf");
  const auto& pilot = std::get<DivePilotModel>(w.controllers.at(0).law);
  const double T = 0.0002 * 212.0 * 212.0;
  const double u_closed = (-2.4 + std::sqrt(2.4 * 2.4 + 4.0 * 2.4 * T)) / (2.0 * 2.4);
  Simulation sim(w);
  const State& s = sim.state();
  double worst_depth = 0.0, worst_cross_track = 0.0, worst_speed_error = 0.0;
  while (s.t < 300.0 - 1e-9) {
    ASSERT_TRUE(sim.step().ok);
    const Vec3& p = s.bodies[0].p_WB;
    if (s.t > 60.0) worst_depth = std::max(worst_depth, std::abs(p.z() + 10.0));
    if (p.y() > 30.0 && p.y() < 70.0) {  // a line, once the turn onto it has settled
      worst_cross_track =
          std::max(worst_cross_track, std::abs(p.x() - 20.0 * std::round(p.x() / 20.0)));
      if (s.t > 60.0) {
        worst_speed_error = std::max(worst_speed_error, std::abs(s.bodies[0].V_WB_B[0] - u_closed));
      }
    }
  }
  const auto& state = std::get<DivePilotState>(sim.controller_states().at(0));
  std::printf(
      "LAUV survey: %zu waypoints reached, depth within %.3f m, lines within %.3f m, "
      "surge %.4f m/s from its closed form %.4f m/s\n",
      state.reached, worst_depth, worst_cross_track, worst_speed_error, u_closed);
  EXPECT_EQ(state.reached, pilot.waypoints_W.size());
  EXPECT_LT(worst_depth, 0.1);
  EXPECT_LT(worst_cross_track, 0.5);
  EXPECT_LT(worst_speed_error, 0.005 * u_closed);
}

TEST(ControllerWorlds, TheRudderBoatSteersByItsRudderAndSitsDownstreamAsLosGuidanceSays) {
  // A 100 m x 40 m circuit in a 0.1 m/s current setting East, across the two long legs. Plain
  // LOS guidance heads along the track less atan(e / Delta); steady, the vessel must crab into
  // the current by beta, tan(beta) = V_c / V_g, so it settles e = Delta V_c / V_g downstream
  // (East) of each long leg: 10 x 0.1 / 0.8 = 1.25 m at the 0.8 m/s it holds over ground. The
  // averages are over the 40 m of each leg after the turn onto it has died out (it takes
  // longer after the second, larger turn) and before the slowdown.
  const Scenario w = load_world("usvsim_rudder_boat_waypoints.sdf");
  const Model& m = w.model;
  const auto& pilot = std::get<AutopilotModel>(w.controllers.at(0).law);
  ASSERT_TRUE(pilot.rudders.has_value());  // its one propeller gives no yaw moment
  Simulation sim(w);
  const State& s = sim.state();
  const double rudder_limit = pilot.rudders->delta_max[0];
  const int rudder = m.actuator_index("usvsim_rudder_boat", "rudder");
  double north_sum = 0.0, south_sum = 0.0, widest_rudder = 0.0;
  int north_n = 0, south_n = 0;
  while (s.t < 400.0 - 1e-9) {
    ASSERT_TRUE(sim.step().ok);
    const Vec3& p = s.bodies[0].p_WB;
    const double heading = euler_zyx(s.bodies[0].q_WB).z();
    if (p.y() > 40.0 && p.y() < 80.0 && std::abs(wrap_angle(heading - M_PI / 2)) < 0.5) {
      north_sum += p.x() - 0.0;
      ++north_n;
    }
    if (p.y() > 12.0 && p.y() < 52.0 && std::abs(wrap_angle(heading + M_PI / 2)) < 0.5) {
      south_sum += p.x() - 40.0;
      ++south_n;
    }
    widest_rudder = std::max(widest_rudder, std::abs(s.commands[static_cast<std::size_t>(rudder)]));
  }
  const auto& state = std::get<AutopilotState>(sim.controller_states().at(0));
  const double north = north_sum / north_n, south = south_sum / south_n;
  const double expected = pilot.lookahead * 0.1 / pilot.cruise_speed;
  std::printf(
      "rudder boat: %zu waypoints reached; %.3f m and %.3f m downstream of the long legs "
      "(closed form %.3f); rudder at most %.3f rad (its useful range %.3f)\n",
      state.reached, north, south, expected, widest_rudder, rudder_limit);
  EXPECT_EQ(state.reached, pilot.waypoints.size());
  ASSERT_GT(north_n, 1000);
  ASSERT_GT(south_n, 1000);
  EXPECT_NEAR(north, expected, 0.1);
  EXPECT_NEAR(south, expected, 0.1);
  EXPECT_LE(widest_rudder, rudder_limit);
}

TEST(ControllerWorlds, LutraInspectsTheBridgePillarsAgainstTheRiverCurrent) {
  // The boat (0.53 m half length, 0.24 m half beam) must pass between the pillars (1.5 m radius
  // at y = -8 and 8 m) twice and round each, never nearer their axes than 1.5 + 0.6 m.
  const Scenario w = load_world("river_bridge.sdf");
  const Model& m = w.model;
  const auto& pilot = std::get<AutopilotModel>(w.controllers.at(0).law);
  Simulation sim(w);
  const State& s = sim.state();
  // The HEC-RAS field, faster between the pillars than the 0.3 m/s stream far from them.
  const double gap = current_velocity(m.environment, s.environment, Vec3(0, 0, 0), 0.0).x();
  const double open = current_velocity(m.environment, s.environment, Vec3(-150, 0, 0), 0.0).x();
  EXPECT_NEAR(open, 0.3, 0.01);
  EXPECT_GT(gap, 1.05 * open);
  double nearest = 1e9;
  int gap_passes = 0;
  double last_x = s.bodies[0].p_WB.x();
  while (s.t < 300.0 - 1e-9) {
    ASSERT_TRUE(sim.step().ok);
    const Vec3& p = s.bodies[0].p_WB;
    for (const double y : {-8.0, 8.0})
      nearest = std::min(nearest, std::hypot(p.x(), p.y() - y));
    if ((last_x > 0.0) != (p.x() > 0.0) && std::abs(p.y()) < 6.0) ++gap_passes;
    last_x = p.x();
  }
  const auto& state = std::get<AutopilotState>(sim.controller_states().at(0));
  std::printf(
      "river bridge: %zu waypoints reached, %d passes through the gap, nearest pillar "
      "axis %.2f m\n",
      state.reached, gap_passes, nearest);
  EXPECT_GE(state.reached, pilot.waypoints.size());
  EXPECT_GE(gap_passes, 2);
  EXPECT_GT(nearest, 2.1);
}

}  // namespace
}  // namespace leeway
