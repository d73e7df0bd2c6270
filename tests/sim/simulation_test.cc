// The runner (sim/simulation.h): observers at their rates, the same bits as step(), the
// controllers before the step and the tasks after it, snapshots, reset, pause, lockstep and
// real-time pacing. The threaded tests are bounded: every wait has a deadline of a few seconds.
#include "leeway/sim/simulation.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <mutex>
#include <thread>

#include "leeway/gnc/autonomy.h"
#include "leeway/sdf/default_world.h"
#include "leeway/sdf/load_world.h"
#include "leeway/sim/rate_factor.h"
#include "leeway/task/task_scoring.h"
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
  void on_start(const Simulation& sim) override {
    ++starts;
    EXPECT_EQ(sim.state().step_count, 0u);
  }
  void on_step(const Simulation& sim) override {
    step_counts.push_back(sim.state().step_count);
    EXPECT_NEAR(sim.data().t_start + sim.model().dt, sim.state().t, 1e-12);
    ++steps;
  }
  void on_end(const Simulation&, const RunEnd& e) override {
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

/// Options of a run of `steps` paced so.
RunOptions paced(std::uint64_t steps, Pacing pacing) {
  RunOptions run;
  run.until_step = steps;
  run.pacing = pacing;
  return run;
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
  const Snapshot snapshot = sim.snapshot();
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

Scenario default_scenario() {
  Diagnostics d;
  return load_scenario_string(std::string(default_world_sdf()), "default world", d, 3);
}

TEST(Simulation, RunsTheControllersBeforeTheStepAndTheTasksAfterItAsAClientWould) {
  // The same run by hand with the pieces a client has: the autopilot's commands given as the
  // step's inputs, the task brought to the step's end from its outputs.
  const Scenario w = default_scenario();
  const Model& m = w.model;
  Simulation sim(w);
  State s = make_initial_state(m);
  std::vector<ControllerState> controllers = initial_controller_states(w.controllers);
  std::vector<NavigationFilterState> navigation = initial_navigation_states(w.controllers, m, s);
  std::vector<TaskState> tasks = initial_task_states(w.tasks);
  Workspace ws;
  StepData data = make_step_data(m);
  std::vector<std::optional<double>> scratch;
  while (s.t < 12.0) {  // the autopilot is under way from 10 s
    Inputs in;
    run_controllers(w.controllers, controllers, navigation, m, s, in.commands, scratch);
    ASSERT_TRUE(step(m, s, in, ws, &data).ok);
    update_navigation(w.controllers, navigation, data);
    update_tasks(w.tasks, tasks, s, data);
    ASSERT_TRUE(sim.step().ok);
  }
  EXPECT_EQ(sim.state(), s);
  EXPECT_EQ(sim.controller_states(), controllers);
  EXPECT_EQ(sim.navigation_states(), navigation);
  EXPECT_EQ(sim.task_states(), tasks);
  EXPECT_GT(tasks.at(0).running_steps, 0u);
  EXPECT_NE(s.commands, std::vector<double>(m.actuators.size(), 0.0));  // it did drive
}

TEST(Simulation, ARefusedStepPutsTheControllersBackAndASnapshotHoldsThemAndTheTasks) {
  Simulation sim(default_scenario());
  const std::uint64_t interval = sim.scenario().controllers.at(0).interval;
  while (sim.state().t < 11.0 || sim.state().step_count % interval != 0)
    ASSERT_TRUE(sim.step().ok);
  // The autopilot is due at this step; a command that is not a number refuses it.
  const Snapshot before = sim.snapshot();
  Inputs bad;
  bad.commands.assign(sim.model().actuators.size(), std::nullopt);
  bad.commands[0] = NAN;
  EXPECT_FALSE(sim.step(bad).ok);
  EXPECT_TRUE(sim.snapshot() == before);
  ASSERT_TRUE(sim.step().ok);  // the same step accepted moves the autopilot on
  EXPECT_NE(sim.controller_states(), before.controllers);

  for (int i = 0; i < 500; ++i)
    ASSERT_TRUE(sim.step().ok);
  const Snapshot middle = sim.snapshot();
  for (int i = 0; i < 500; ++i)
    ASSERT_TRUE(sim.step().ok);
  const Snapshot end = sim.snapshot();
  sim.restore(middle);
  for (int i = 0; i < 500; ++i)
    ASSERT_TRUE(sim.step().ok);
  EXPECT_TRUE(sim.snapshot() == end);
  EXPECT_GT(end.tasks.at(0).running_steps, middle.tasks.at(0).running_steps);

  Snapshot wrong = middle;
  wrong.tasks.clear();
  EXPECT_THROW(sim.restore(wrong), std::invalid_argument);
  EXPECT_TRUE(sim.snapshot() == end);
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
  const RunOptions run = paced(1000, Pacing::kLockstep);
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
  RunOptions run = paced(1, Pacing::kRealTime);
  run.rate_factor = 0.0;
  EXPECT_THROW(sim.run(run), std::invalid_argument);
}

TEST(Simulation, RealTimePacingCallsTheObserversOfEachStepNoEarlierThanItsTime) {
  // A served run publishes a step's messages from on_step: each at its step's time, not several
  // steps at once (a client reading one message would be handed a burst of them).
  struct WallTimes : Observer {
    std::chrono::steady_clock::time_point start;
    std::vector<std::pair<double, double>> t_and_wall;  // [s]
    void on_step(const Simulation& sim) override {
      const double wall =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      t_and_wall.emplace_back(sim.state().t, wall);
    }
  };
  Simulation sim(coasting_body());
  WallTimes times;
  sim.attach(times);
  times.start = std::chrono::steady_clock::now();
  const RunEnd end = sim.run(paced(30, Pacing::kRealTime));
  ASSERT_TRUE(end.ok);
  ASSERT_EQ(times.t_and_wall.size(), 30u);
  for (const auto& [t, wall] : times.t_and_wall)
    EXPECT_GE(wall, t) << "the step to t = " << t << " s was seen at " << wall << " s";
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

TEST(Simulation, ARunThatPausesOnARefusedStepWaitsThereForAReset) {
  // A served run: no input may end it. The stiff spring diverges at the same step each time.
  struct Refusals : Observer {
    std::mutex mutex;
    std::vector<std::pair<std::uint64_t, std::string>> seen;  // (step count, error)
    void on_refused_step(const Simulation& sim, const std::string& error) override {
      std::lock_guard lock(mutex);
      seen.emplace_back(sim.state().step_count, error);
    }
    std::size_t count() {
      std::lock_guard lock(mutex);
      return seen.size();
    }
  } refusals;
  Simulation sim(testing::stiff_spring_model());
  Counter counter;
  sim.attach(counter);
  sim.attach(refusals);
  RunOptions run;
  run.until_step = 1000;
  run.pause_on_refused_step = true;
  RunEnd end;
  std::thread runner([&] { end = sim.run(run); });
  ASSERT_TRUE(eventually([&] { return refusals.count() == 1; }));
  const int steps_before = counter.steps;
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(counter.steps, steps_before);  // paused, not trying again and again
  EXPECT_EQ(refusals.count(), 1u);
  sim.request_reset();
  sim.resume();
  ASSERT_TRUE(eventually([&] { return refusals.count() == 2; }));
  sim.stop();
  runner.join();
  EXPECT_TRUE(end.ok);
  EXPECT_TRUE(end.stopped);
  EXPECT_EQ(counter.ends, 1);
  EXPECT_EQ(counter.starts, 2);  // the reset started it again
  // The same step refused each time, at the state of its start; the reason named.
  EXPECT_EQ(refusals.seen[0].first, static_cast<std::uint64_t>(steps_before));
  EXPECT_EQ(refusals.seen[1].first, refusals.seen[0].first);
  EXPECT_NE(refusals.seen[0].second.find("model 'stiff'"), std::string::npos);
}

TEST(Simulation, AGrantedStepAdvancesAPausedRunByExactlyThatMuch) {
  // gz-sim's step and multi_step on a paused world.
  Simulation sim(coasting_body());
  Counter counter;
  sim.attach(counter);
  sim.pause();
  const RunOptions run = paced(1000, Pacing::kRealTime);
  std::thread runner([&] { sim.run(run); });
  sim.grant_steps(5);
  EXPECT_TRUE(eventually([&] { return counter.steps == 5; }));
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(counter.steps, 5);  // paused again after the five
  sim.stop();
  runner.join();
  EXPECT_EQ(counter.last_end.steps, 5u);
}

TEST(Simulation, StepsGrantedToARunningWorldAreItsNextOnesNotAStoreForWhenItPauses) {
  Simulation sim(coasting_body());
  Counter counter;
  sim.attach(counter);
  const RunOptions run = paced(1000, Pacing::kRealTime);
  std::thread runner([&] { sim.run(run); });
  sim.grant_steps(5);  // a client's step request while the world runs
  EXPECT_TRUE(eventually([&] { return counter.steps >= 10; }));
  sim.pause();
  std::this_thread::sleep_for(50ms);  // the step under way, if one was, ends
  const int paused_at = counter.steps;
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(counter.steps, paused_at);  // the five were taken while it ran
  sim.stop();
  runner.join();
}

TEST(Simulation, RunToATimeStepsAPausedWorldThereAndLeavesItPaused) {
  // gz-sim's run_to_sim_time, from a world paused at its start.
  Simulation sim(coasting_body());
  Counter counter;
  sim.attach(counter);
  sim.pause();
  const RunOptions run = paced(100000, Pacing::kRealTime);
  std::thread runner([&] { sim.run(run); });
  const double dt = sim.model().dt;
  sim.run_to(12.4 * dt);  // the steps that start before 11.9 dt: twelve
  EXPECT_TRUE(eventually([&] { return counter.steps == 12; }));
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(counter.steps, 12);
  sim.run_to(5 * dt);  // behind it: nothing to run
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(counter.steps, 12);
  sim.stop();
  runner.join();
}

TEST(Simulation, AResetAskedOfAPausedRunTakesItBackToTheStartAndTellsTheObservers) {
  Simulation sim(coasting_body());
  const State initial = sim.state();
  Counter counter;
  sim.attach(counter);
  const RunOptions run = paced(1000, Pacing::kLockstep);
  std::thread runner([&] { sim.run(run); });
  sim.grant_steps(7);
  EXPECT_TRUE(eventually([&] { return counter.steps == 7; }));
  sim.request_reset();
  EXPECT_TRUE(eventually([&] { return counter.starts == 2; }));
  sim.stop();
  runner.join();
  EXPECT_TRUE(sim.state() == initial);
  EXPECT_EQ(counter.steps, 7);
}

TEST(Simulation, RealTimePacingDoesNotRaceToCatchUpAfterAPause) {
  Simulation sim(coasting_body());
  Counter counter;
  sim.attach(counter);
  sim.pause();
  const RunOptions run = paced(20, Pacing::kRealTime);  // 0.2 s simulated
  std::thread runner([&] { sim.run(run); });
  std::this_thread::sleep_for(300ms);
  const auto resumed = std::chrono::steady_clock::now();
  sim.resume();
  runner.join();
  const std::chrono::duration<double> after(std::chrono::steady_clock::now() - resumed);
  EXPECT_EQ(counter.steps, 20);
  EXPECT_GE(after.count(), 0.2);  // the 0.2 s at real time, not at once to make up the pause
}

TEST(Simulation, ARunSlowedAfterRunningFlatOutGoesOnAtItsNewPace) {
  // Flat out, the run gains simulated time on the wall clock; slowed to real time, it must not
  // wait for the wall clock to catch up with the time it gained (a viewer saw a run freeze so).
  Simulation sim(coasting_body());
  Counter counter;
  sim.attach(counter);
  RunOptions run = paced(std::numeric_limits<std::uint64_t>::max(), Pacing::kAsFastAsPossible);
  std::thread runner([&] { sim.run(run); });
  ASSERT_TRUE(eventually([&] { return counter.steps > 2000; }));  // 20 s simulated
  ASSERT_TRUE(sim.set_rate_factor(1.0));
  std::this_thread::sleep_for(20ms);
  const int slowed = counter.steps;
  std::this_thread::sleep_for(500ms);
  const int later = counter.steps;
  sim.stop();
  runner.join();
  // 0.5 s at real time with steps of 10 ms: 50 steps, give or take a loaded machine's delays.
  EXPECT_GE(later - slowed, 25);
  EXPECT_LE(later - slowed, 55);
}

TEST(Simulation, AStopOrANewRateEndsTheWaitForASlowStep) {
  // At a thousandth of real time a step of 10 ms takes 10 s of wall time; neither a stop nor a
  // faster pace waits for it.
  for (const bool stop : {true, false}) {
    Simulation sim(coasting_body());
    Counter counter;
    sim.attach(counter);
    RunOptions run = paced(1000, Pacing::kRealTime);
    run.rate_factor = kMinRateFactor;
    const auto start = std::chrono::steady_clock::now();
    std::thread runner([&] { sim.run(run); });
    std::this_thread::sleep_for(100ms);
    stop ? sim.stop() : static_cast<void>(sim.set_rate_factor(0.0));
    runner.join();
    const std::chrono::duration<double> wall(std::chrono::steady_clock::now() - start);
    EXPECT_LT(wall.count(), 2.0) << (stop ? "stop" : "rate");
    EXPECT_EQ(counter.steps, stop ? 1 : 1000);
  }
}

TEST(Simulation, RateFactorsOutsideTheirRangeAreRefusedAndChangeNothing) {
  Simulation sim(coasting_body());
  for (const double factor : {-1.0, 1e-300, 0.5 * kMinRateFactor, 2 * kMaxRateFactor,
                              std::numeric_limits<double>::infinity(), std::nan("")}) {
    EXPECT_FALSE(sim.set_rate_factor(factor)) << factor;
    EXPECT_FALSE(rate_factor_error(factor).empty()) << factor;
    RunOptions run = paced(1, Pacing::kRealTime);
    run.rate_factor = factor;
    EXPECT_THROW(sim.run(run), std::invalid_argument) << factor;
  }
  for (const double factor : {0.0, kMinRateFactor, 1.0, kMaxRateFactor})
    EXPECT_TRUE(sim.set_rate_factor(factor)) << factor;
  // Refused, the pace stays: a run of 20 steps at real time still takes its 0.2 s.
  Simulation paced_sim(coasting_body());
  EXPECT_FALSE(paced_sim.set_rate_factor(1e-300));
  EXPECT_GE(paced_sim.run(paced(20, Pacing::kRealTime)).wall_time, 0.2);
}

TEST(Simulation, AnInputSourceWritesItsCommandsOverTheRunsOwnAtEveryStep) {
  struct Push : InputSource {
    int calls = 0;
    void take_inputs(const Simulation& sim, Inputs& inputs) override {
      ++calls;
      inputs.F_ext_Bo_B.assign(sim.model().bodies.size(), Vec6::Zero());
      inputs.F_ext_Bo_B[0][0] = 10.0;  // N along x
    }
  } push;
  Simulation pushed(coasting_body()), coasting(coasting_body());
  RunOptions run;
  run.until_step = 10;
  coasting.run(run);
  run.input_source = &push;
  pushed.run(run);
  EXPECT_EQ(push.calls, 10);
  EXPECT_GT(pushed.state().bodies[0].V_WB_B[0], coasting.state().bodies[0].V_WB_B[0] + 1e-6);
}

}  // namespace
}  // namespace leeway
