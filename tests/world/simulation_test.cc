// The runner (world/simulation.h): observers at their rates, the same bits as step(),
// snapshots, reset, pause, lockstep and real-time pacing. The threaded tests are bounded: every
// wait has a deadline of a few seconds.
#include "leeway/world/simulation.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "test_util.h"
#include "world/test_worlds.h"

namespace leeway {
namespace {

using namespace std::chrono_literals;

Model coasting_body() {
  BodyModel b = testing::make_body(10.0, Vec3(1, 2, 2));
  b.model_name = "body";
  b.damping.linear.diagonal() << 1, 2, 2, 0.1, 0.2, 0.2;
  b.V_WB_B0 << 1, 0.1, 0, 0, 0, 0.2;
  return testing::make_model({b}, 0.01);
}

struct Counter : Observer {
  std::atomic<int> starts{0}, steps{0}, ends{0};
  std::vector<std::uint64_t> step_counts;
  RunEnd last_end;
  void on_start(const Model&, const State& s) override {
    ++starts;
    EXPECT_EQ(s.step_count, 0u);
  }
  void on_step(const Model& m, const State& s, const StepData& d) override {
    step_counts.push_back(s.step_count);
    EXPECT_NEAR(d.t_start + m.dt, s.t, 1e-12);
    ++steps;
  }
  void on_end(const Model&, const State&, const RunEnd& e) override {
    last_end = e;
    ++ends;
  }
};

/// Waits until `done` or 5 s have passed.
template <typename Done>
bool eventually(Done done) {
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(1ms);
  }
  return true;
}

TEST(Simulation, ObserversAreCalledAtTheirOwnRates) {
  Simulation sim(coasting_body());
  Counter every_step, every_fifth;
  sim.attach(every_step);
  sim.attach(every_fifth, 5);
  RunOptions run;
  run.until_step = 100;
  const RunEnd end = sim.run(run);
  EXPECT_TRUE(end.ok);
  EXPECT_EQ(end.steps, 100u);
  EXPECT_EQ(every_step.starts, 1);
  EXPECT_EQ(every_step.steps, 100);
  EXPECT_EQ(every_fifth.steps, 20);
  EXPECT_EQ(every_fifth.step_counts.front(), 5u);
  EXPECT_EQ(every_fifth.step_counts.back(), 100u);
  EXPECT_EQ(every_fifth.ends, 1);
  EXPECT_EQ(steps_between(20.0, 0.01), 5u);
  EXPECT_THROW(steps_between(200.0, 0.01), std::invalid_argument);
  EXPECT_EQ(steps_for(1.0, 0.01), 100u);
}

TEST(Simulation, RunsTheSameBitsAsStep) {
  const Model m = coasting_body();
  Simulation sim(m);
  RunOptions run;
  run.until_step = 300;
  sim.run(run);
  State s = make_initial_state(m);
  for (int i = 0; i < 300; ++i)
    ASSERT_TRUE(step(m, s).ok);
  EXPECT_EQ(sim.state(), s);
}

TEST(Simulation, ARestoredSnapshotContinuesExactlyAndResetStartsAgain) {
  Simulation sim(coasting_body());
  RunOptions run;
  run.until_step = 50;
  sim.run(run);
  const State snapshot = sim.snapshot();
  run.until_step = 120;
  sim.run(run);
  const State after = sim.state();
  sim.restore(snapshot);
  sim.run(run);
  EXPECT_EQ(sim.state(), after);
  Counter counter;
  sim.attach(counter);
  sim.reset();
  EXPECT_EQ(sim.state(), make_initial_state(sim.model()));
  run.until_step = 1;
  sim.run(run);
  EXPECT_EQ(counter.starts, 1);  // a reset run starts again
}

TEST(Simulation, PauseHoldsTheLoopUntilResumed) {
  Simulation sim(coasting_body());
  Counter counter;
  sim.attach(counter);
  sim.pause();
  RunOptions run;
  run.until_step = 50;
  std::thread runner([&] { sim.run(run); });
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(counter.steps, 0);
  sim.resume();
  EXPECT_TRUE(eventually([&] { return counter.ends == 1; }));
  runner.join();
  EXPECT_EQ(counter.steps, 50);
}

TEST(Simulation, InLockstepEachStepWaitsForItsGrant) {
  Simulation sim(coasting_body());
  Counter counter;
  sim.attach(counter);
  RunOptions run;
  run.until_step = 1000;
  run.pacing = Pacing::kLockstep;
  std::thread runner([&] { sim.run(run); });
  sim.grant_steps(10);
  EXPECT_TRUE(eventually([&] { return counter.steps == 10; }));
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(counter.steps, 10);  // no more than granted
  sim.grant_steps(3);
  EXPECT_TRUE(eventually([&] { return counter.steps == 13; }));
  sim.stop();
  EXPECT_TRUE(eventually([&] { return counter.ends == 1; }));
  runner.join();
  EXPECT_TRUE(counter.last_end.stopped);
  EXPECT_TRUE(counter.last_end.ok);
  EXPECT_EQ(counter.last_end.steps, 13u);
}

TEST(Simulation, RealTimePacingFollowsTheWallClockAtItsRateFactor) {
  for (const double factor : {1.0, 4.0}) {
    Simulation sim(coasting_body());
    RunOptions run;
    run.until_step = 20;  // 0.2 s simulated
    run.pacing = Pacing::kRealTime;
    run.rate_factor = factor;
    const RunEnd end = sim.run(run);
    EXPECT_GE(end.wall_time, 0.2 / factor) << factor;
    EXPECT_LT(end.wall_time, 0.2 / factor + 1.0) << factor;
  }
  Simulation sim(coasting_body());
  RunOptions run;
  run.until_step = 1;
  run.pacing = Pacing::kRealTime;
  run.rate_factor = 0.0;
  EXPECT_THROW(sim.run(run), std::invalid_argument);
}

TEST(Simulation, AFailedStepEndsTheRunWithItsReason) {
  Simulation sim(testing::stiff_spring_model());
  Counter counter;
  sim.attach(counter);
  RunOptions run;
  run.until_step = 100;
  const RunEnd end = sim.run(run);
  EXPECT_FALSE(end.ok);
  EXPECT_NE(end.error.find("model 'stiff'"), std::string::npos) << end.error;
  EXPECT_EQ(counter.ends, 1);
  EXPECT_LT(end.steps, 100u);
  EXPECT_EQ(sim.state().step_count, end.steps);
}

}  // namespace
}  // namespace leeway
