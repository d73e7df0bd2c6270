// VRX's task state machine and its station-keeping and wayfinding scores, against hand-computed
// values for scripted trajectories (research/vrx.md 5).
#include <gtest/gtest.h>

#include <cmath>

#include "leeway/core/rotation.h"
#include "leeway/task/vrx_task.h"

namespace leeway {
namespace {

BodyState at(double x, double y, double yaw) {
  return {Vec3(x, y, -0.1), quat_from_euler_zyx(0.0, 0.0, yaw), Vec6::Zero()};
}

TEST(VrxScore, HeadingErrorIsVrxsFormulaForAnglesWithinHalfATurn) {
  // VRX: h = pi - ||psi_g - psi| - pi|, for yaws from Euler angles in [-pi, pi].
  for (double goal = -3.1; goal <= 3.1; goal += 0.37) {
    for (double yaw = -3.1; yaw <= 3.1; yaw += 0.29) {
      const double vrx = kPi - std::abs(std::abs(goal - yaw) - kPi);
      EXPECT_NEAR(heading_error(goal, yaw), vrx, 1e-12) << goal << " " << yaw;
    }
  }
  // Past half a turn VRX's formula goes negative; the wrapped error does not.
  EXPECT_NEAR(heading_error(5.0, -1.0), std::abs(6.0 - 2 * kPi), 1e-12);
  EXPECT_NEAR(heading_error(kPi, -kPi), 0.0, 1e-12);
}

TEST(VrxScore, PoseErrorWeighsTheHeadingByThreeQuartersToTheDistance) {
  EXPECT_DOUBLE_EQ(pose_error(0.0, 0.4), 0.4);
  EXPECT_DOUBLE_EQ(pose_error(2.0, 1.0), 2.0 + 0.5625);
  EXPECT_NEAR(pose_error(TaskGoal{{3.0, 4.0}, 1.0}, at(0.0, 0.0, 0.5)),
              5.0 + std::pow(0.75, 5) * 0.5, 1e-12);
  EXPECT_NEAR(pose_error(TaskGoal{{3.0, 4.0}, 1.0}, at(0.0, 0.0, 0.5), false), 5.0, 1e-12);
}

TEST(VrxTask, PhasesFollowVrxsDefaultDurations) {
  const TaskModel task;  // 10 s, 10 s, 300 s
  EXPECT_EQ(task_phase(task, 0.0), TaskPhase::kInitial);
  EXPECT_EQ(task_phase(task, 9.999), TaskPhase::kInitial);
  EXPECT_EQ(task_phase(task, 10.0), TaskPhase::kReady);
  EXPECT_EQ(task_phase(task, 19.999), TaskPhase::kReady);
  EXPECT_EQ(task_phase(task, 20.0), TaskPhase::kRunning);
  EXPECT_EQ(task_phase(task, 319.999), TaskPhase::kRunning);
  EXPECT_EQ(task_phase(task, 320.0), TaskPhase::kFinished);
  EXPECT_STREQ(task_phase_name(TaskPhase::kRunning), "running");
}

TEST(VrxTask, StationKeepingScoresTheMeanPoseErrorOverTheRunningSteps) {
  // Goal (10, 0) facing north. The vehicle sits 1 m off it at 0.2 rad off its heading for the
  // first half of the running phase (e = 1 + 0.75 * 0.2 = 1.15), on it exactly for the second
  // (e = 0): the score is 0.575. Before the running phase it is 50 m away, which must not count.
  TaskModel task;
  task.kind = TaskKind::kStationKeeping;
  task.initial_duration = 1.0;
  task.ready_duration = 1.0;
  task.running_duration = 4.0;
  task.goals = {{{10.0, 0.0}, kPi / 2}};
  TaskState s;
  const double dt = 1.0 / 128;  // exact in binary, so the phases change on exact steps
  for (int k = 1; k <= 7 * 128; ++k) {
    const double t = k * dt;
    const BodyState v = t < 2.0   ? at(60.0, 0.0, 0.0)
                        : t < 4.0 ? at(10.0, 1.0, kPi / 2 + 0.2)
                                  : at(10.0, 0.0, kPi / 2);
    update_task(task, s, t, v);
  }
  EXPECT_EQ(s.phase, TaskPhase::kFinished);
  EXPECT_EQ(s.running_steps, 4u * 128u);
  EXPECT_NEAR(s.score, 0.575, 1e-12);

  // Without the heading term, only the distance counts: 0.5.
  task.head_error_on = false;
  TaskState d;
  for (int k = 1; k <= 7 * 128; ++k) {
    const double t = k * dt;
    update_task(task, d, t, t < 4.0 ? at(10.0, 1.0, 0.3) : at(10.0, 0.0, 2.0));
  }
  EXPECT_NEAR(d.score, 0.5, 1e-12);
}

TEST(VrxTask, WayfindingScoresTheMeanOfEachWaypointsLeastPoseError) {
  // The vehicle runs east along y = 0 at 1 m/s, heading east, from x = 0 when the running phase
  // starts. Waypoint A (10, 3) faces east: its least error is its least distance, 3 m, abeam at
  // x = 10. Waypoint B (20, -4) faces north: h = pi/2 all along, and d + 0.75^d pi/2 grows with d
  // (its slope 1 + ln(0.75) 0.75^d pi/2 > 0 for d >= 4), so its least error is abeam too:
  // 4 + 0.75^4 pi/2. A waypoint never approached keeps the error of its nearest pass.
  TaskModel task;
  task.initial_duration = 0.0;
  task.ready_duration = 2.0;
  task.running_duration = 30.0;
  task.goals = {{{10.0, 3.0}, 0.0}, {{20.0, -4.0}, kPi / 2}};
  TaskState s;
  const double dt = 1.0 / 256;
  for (int k = 1; k <= 32 * 256; ++k) {
    const double t = k * dt;
    update_task(task, s, t, at(std::max(0.0, t - 2.0), 0.0, 0.0));
  }
  ASSERT_EQ(s.min_errors.size(), 2u);
  const double a = 3.0, b = 4.0 + std::pow(0.75, 4) * kPi / 2;
  // Abeam falls on a sample (x = 10 and 20 are whole steps of 1/256 m).
  EXPECT_NEAR(s.min_errors[0], a, 1e-12);
  EXPECT_NEAR(s.min_errors[1], b, 1e-12);
  EXPECT_NEAR(s.score, (a + b) / 2, 1e-12);
  EXPECT_EQ(s.phase, TaskPhase::kFinished);
}

TEST(VrxTask, NothingIsScoredOutsideTheRunningPhase) {
  TaskModel task;
  task.goals = {{{0.0, 0.0}, 0.0}};
  TaskState s;
  update_task(task, s, 19.99, at(0.0, 0.0, 0.0));  // ready
  EXPECT_EQ(s.phase, TaskPhase::kReady);
  EXPECT_EQ(s.running_steps, 0u);
  EXPECT_TRUE(s.min_errors.empty());
  update_task(task, s, 320.0, at(0.0, 0.0, 0.0));  // finished
  EXPECT_EQ(s.running_steps, 0u);
}

TEST(VrxTask, ACollisionCountsOncePerBufferFromTheStartAsVrxCountsIt) {
  // VRX counts a contact when more than collision_buffer (3 s) has passed since the last one
  // it counted, which is 0 before any: so a contact in the first 3 s is not counted, and one
  // that lasts counts again every 3 s. Contacts at the times below, with the counted ones:
  //   1.0 (1.0 - 0 <= 3: no), 3.5 (yes), 4.0, 6.5 (3.0, not more: no), 6.6 (yes), 12.0 (yes)
  TaskModel task;
  TaskState s;
  const Contact touch{2, 5, 1};
  for (double t = 0.5; t <= 13.0; t += 0.1) {
    const double tr = std::round(t * 10.0) / 10.0;
    const bool touching =
        tr == 1.0 || tr == 3.5 || tr == 4.0 || tr == 6.5 || tr == 6.6 || tr == 12.0;
    update_task(task, s, tr, at(0.0, 0.0, 0.0),
                touching ? std::optional<Contact>(touch) : std::nullopt);
  }
  ASSERT_EQ(s.collisions.size(), 3u);
  EXPECT_DOUBLE_EQ(s.collisions[0].t, 3.5);
  EXPECT_DOUBLE_EQ(s.collisions[1].t, 6.6);
  EXPECT_DOUBLE_EQ(s.collisions[2].t, 12.0);
  EXPECT_EQ(s.collisions[1].contact.other_collider, 5);
  // The count is the task's and does not touch the score (nothing was running here).
  EXPECT_EQ(s.running_steps, 0u);
}

}  // namespace
}  // namespace leeway
