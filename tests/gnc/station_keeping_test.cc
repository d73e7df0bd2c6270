// The reference station keeping: a pose PID through the body's own allocator and inverse thrust
// curves holds UUV Simulator's RexROV (models/rexrov, Berg's full added mass, dt = 0.01 s) on
// station. Checked against closed forms: with P alone it settles where the gain balances the
// net buoyancy; with the integral it holds within 0.5 m in a 0.3 m/s current (issue 6).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "leeway/core/rotation.h"
#include "leeway/gnc/station_keeping.h"
#include "leeway/gnc/thrust_commands.h"
#include "leeway/propulsion/thruster.h"
#include "leeway/sdf/load_world.h"
#include "leeway/world/step.h"

namespace leeway {
namespace {

Model load_rexrov() {
  Diagnostics d;
  return load_world_file(std::string(LEEWAY_SOURCE_DIR) + "/worlds/rexrov.sdf", d);
}

/// UUV Simulator's RexROV gains (research/uuv.md 3), with `ki` on every axis.
StationKeepingGains rexrov_gains(double ki) {
  StationKeepingGains g;
  g.kp << 3300, 3300, 3300, 3300, 3300, 330;
  g.kd = Vec6::Constant(1100);
  g.ki = Vec6::Constant(ki);
  g.integral_limit = Vec6::Constant(20.0);
  return g;
}

struct HoldResult {
  double worst_after = 0.0;  ///< largest distance from station after `settle` [m]
  Vec6 final_error = Vec6::Zero();
};

/// Holds the RexROV at its start pose for `duration` s, a controller step per physics step.
HoldResult hold_station(const Model& m, const StationKeepingGains& gains, double duration,
                        double settle) {
  const ThrustCommander commander = thrust_commander(m, 0);
  State s = make_initial_state(m);
  const Station station{s.bodies[0].p_WB, euler_zyx(s.bodies[0].q_WB).z()};
  StationKeepingState pid;
  Inputs in;
  in.commands.assign(m.actuators.size(), std::nullopt);
  HoldResult result;
  while (s.t < duration - 1e-9) {
    command_wrench(commander, station_keeping_wrench(gains, station, s.bodies[0], m.dt, pid),
                   in.commands);
    const StepResult r = step(m, s, in);
    EXPECT_TRUE(r.ok) << r.error;
    if (!r.ok) break;
    if (s.t > settle)
      result.worst_after = std::max(result.worst_after, (s.bodies[0].p_WB - station.p_W).norm());
  }
  result.final_error = station_error(station, s.bodies[0]);
  return result;
}

TEST(StationKeeping, ProportionalAloneSettlesWhereTheGainBalancesTheNetBuoyancy) {
  // +263.5 N of net buoyancy against K_p = 3300 N/m: it rests 0.0799 m above its station, level
  // and on heading.
  const Model m = load_rexrov();
  const HoldResult run = hold_station(m, rexrov_gains(0.0), 120.0, 60.0);
  const double net = (1.83826 * 1028 - 1862.87) * 9.81;
  EXPECT_NEAR(run.final_error[2], net / 3300.0, 1e-3 * net / 3300.0);
  EXPECT_LT(run.final_error.head<2>().norm(), 1e-4);
  EXPECT_LT(run.final_error.tail<3>().norm(), 1e-4);
}

TEST(StationKeeping, HoldsRexRovWithinHalfAMetreInA03MetrePerSecondCurrent) {
  // The current sets in 45 degrees off the bow; the integral takes out the offsets.
  Model m = load_rexrov();
  m.environment.current.steady_W = 0.3 * Vec3(1.0, 1.0, 0.0).normalized();
  const HoldResult run = hold_station(m, rexrov_gains(200.0), 300.0, 5.0);
  EXPECT_LT(run.worst_after, 0.5);
  EXPECT_LT(run.final_error.head<3>().norm(), 0.01);
  EXPECT_LT(std::abs(run.final_error[5]), 0.01);
}

TEST(ThrustCommands, InverseCurvesGiveTheThrustBack) {
  Thruster q;
  q.curve = QuadraticThrust{0.00031, 0.0002, 0.0};
  q.adjustment.state_efficiency = 0.8;
  q.adjustment.thrust_efficiency = 0.9;
  Thruster l;
  l.curve = LinearThrust{1.0, 250.0, 100.0};
  Thruster t;
  t.curve = TableThrust{{-1, 0, 0.5, 1}, {-40, 0, 10, 30}};
  for (const Thruster* th : {&q, &l, &t}) {
    for (const double T : {-35.0, -5.0, 0.0, 7.5, 25.0}) {
      const double x = command_for_thrust(*th, T);
      const Vec6 F = thruster_wrench(*th, x, 0.0, Vec6::Zero(), Vec3::Zero());
      EXPECT_NEAR(F[0], T, 1e-9) << T;
    }
  }
}

TEST(ThrustCommands, RefusesACurveWithoutAnInverse) {
  Model m;
  m.bodies.resize(1);
  m.bodies[0].model_name = "boat";
  Thruster t;
  t.actuator = 0;
  t.curve = LogisticThrust{};
  m.bodies[0].thrusters = {t};
  ActuatorModel a;
  a.model_name = "boat";
  a.name = "left";
  m.actuators = {a};
  try {
    thrust_commander(m, 0);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("boat/left"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace leeway
