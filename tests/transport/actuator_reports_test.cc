// What a served run reports of its actuators (interfaces/actuator_reports.h): joint coordinates
// from states in each unit, against their closed forms, and UUV Simulator's outputs.
#include "leeway/transport/actuator_reports.h"

#include <gtest/gtest.h>

#include <numbers>

namespace leeway {
namespace {

/// A model of one body with a fin (rad), a propeller (rpm, a thruster's shaft), a winch (m/s)
/// and a thruster commanded in newtons (no joint's coordinate).
Model four_actuators() {
  Model m;
  m.dt = 0.01;
  m.bodies.resize(1);
  m.bodies[0].model_name = "auv";
  for (const auto& [name, unit] : {std::pair{"fin", "rad"}, std::pair{"propeller", "rpm"},
                                   std::pair{"winch", "m/s"}, std::pair{"jet", "N"}}) {
    ActuatorModel a;
    a.model_name = "auv";
    a.name = name;
    a.unit = unit;
    a.body = 0;
    m.actuators.push_back(a);
  }
  Thruster propeller;
  propeller.actuator = 1;
  m.bodies[0].thrusters.push_back(propeller);
  return m;
}

TEST(ActuatorReports, AnglesAreDifferentiatedRatesIntegratedAndRpmTurnedIntoRadiansPerSecond) {
  const Model model = four_actuators();
  ActuatorReports reports(model);
  ASSERT_EQ(reports.models().size(), 1u);
  EXPECT_EQ(reports.models()[0].model_name, "auv");
  EXPECT_EQ(reports.models()[0].actuators, (std::vector<std::size_t>{0, 1, 2}));  // not the jet

  State state;
  state.actuators = {0.1, 600.0, 0.0, 50.0};
  StepData data = make_step_data(model);
  reports.start(state);
  EXPECT_EQ(reports.joint(0).position, 0.1);
  EXPECT_DOUBLE_EQ(reports.joint(1).velocity, 20.0 * std::numbers::pi);  // 600 rpm
  // Ten steps: the fin turns at 0.5 rad/s, the propeller speeds up by 60 rpm a step, the winch
  // pays out at 0.2 m/s; the propeller's shaft takes 3 N m.
  for (int k = 1; k <= 10; ++k) {
    state.actuators = {0.1 + 0.5 * k * model.dt, 600.0 + 60.0 * k, 0.2, 50.0};
    data.actuator_loads[1].torque = 3.0;
    data.actuator_loads[1].thrust = 40.0;
    reports.step(model, state, data);
  }
  EXPECT_NEAR(reports.joint(0).position, 0.15, 1e-15);
  EXPECT_NEAR(reports.joint(0).velocity, 0.5, 1e-12);
  EXPECT_EQ(reports.joint(0).effort, 0.0);  // kinematic: no torque computed
  const double rpm = 2.0 * std::numbers::pi / 60.0;
  EXPECT_DOUBLE_EQ(reports.joint(1).velocity, 1200.0 * rpm);
  // The trapezoid is exact for a speed linear in time: the mean of 600 and 1200 rpm for 0.1 s.
  EXPECT_NEAR(reports.joint(1).position, 900.0 * rpm * 0.1, 1e-12);
  EXPECT_EQ(reports.joint(1).effort, 3.0);
  // The winch: 0 m/s at the start, 0.2 m/s from the first step: half a step's ramp, then nine.
  EXPECT_NEAR(reports.joint(2).position, 0.2 * 9.5 * model.dt, 1e-15);
  // Outputs: the thruster's thrust, the fin's angle.
  EXPECT_EQ(reports.output(state, data, 1), 40.0);
  EXPECT_EQ(reports.output(state, data, 0), state.actuators[0]);
  // A restart begins the integrals again.
  reports.start(state);
  EXPECT_EQ(reports.joint(1).position, 0.0);
}

}  // namespace
}  // namespace leeway
