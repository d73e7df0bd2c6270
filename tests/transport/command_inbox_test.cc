// The command inbox against the world's own controllers (transport/command_inbox.h): a client's
// command for an actuator the autopilot drives holds until the autopilot's next update, and the
// contention is told once.
#include "leeway/transport/command_inbox.h"

#include <gtest/gtest.h>

#include "transport/served_run.h"

namespace leeway {
namespace {

TEST(CommandInbox, ACommandForAnActuatorTheAutopilotDrivesLastsUntilItsNextUpdateAndIsToldOnce) {
  Simulation sim(default_scenario());  // the autopilot updates at 20 Hz, every 10 steps of 5 ms
  ASSERT_EQ(sim.scenario().controllers.size(), 1u);
  const std::uint64_t interval = sim.scenario().controllers[0].interval;
  ASSERT_EQ(interval, 10u);
  const auto left =
      static_cast<std::size_t>(sim.model().actuator_index("wamv", "left_engine_propeller_joint"));
  CommandInbox inbox(sim.model(), sim.scenario().controllers);
  // Into the task's running phase (from 10 s), where the autopilot drives the thrusters; then to
  // 3 steps past one of its updates.
  while (sim.state().t < 11.0 || sim.state().step_count % interval != 3)
    ASSERT_TRUE(sim.step(Inputs{}).ok);
  ASSERT_NE(sim.state().commands[left], 500.0);

  ::testing::internal::CaptureStderr();
  inbox.offer(left, "/wamv/thrusters/left/thrust", 500.0);
  inbox.offer(left, "/wamv/thrusters/left/thrust", 500.0);
  const std::string told = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(told,
            "leeway: /wamv/thrusters/left/thrust: the autopilot of model 'wamv' drives actuator "
            "'wamv/left_engine_propeller_joint' too, every 0.05 s: a command lasts until its next "
            "update; run with --no-controllers to drive it alone (said once)\n");
  // The client's command holds for the 7 steps to the autopilot's next update, which writes its
  // own.
  for (std::uint64_t k = 0; k < interval - 3; ++k) {
    ASSERT_TRUE(sim.step(Inputs{}, inbox).ok);
    EXPECT_EQ(sim.state().commands[left], 500.0) << "step " << sim.state().step_count;
  }
  ASSERT_EQ(sim.state().step_count % interval, 0u);
  ASSERT_TRUE(sim.step(Inputs{}, inbox).ok);
  EXPECT_NE(sim.state().commands[left], 500.0);
}

}  // namespace
}  // namespace leeway
