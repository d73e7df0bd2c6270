#include "leeway/world/simulation.h"

#include <fmt/format.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <thread>

namespace leeway {

std::uint64_t steps_between(double rate_hz, double dt) {
  const double steps = 1.0 / (rate_hz * dt);
  if (!std::isfinite(rate_hz) || rate_hz <= 0.0 || steps < 1.0 - 1e-9) {
    throw std::invalid_argument(
        fmt::format("{} Hz is not a positive rate or is faster than the physics rate {} Hz; "
                    "expected at most 1/max_step_size",
                    rate_hz, 1.0 / dt));
  }
  return static_cast<std::uint64_t>(std::llround(steps));
}

std::uint64_t steps_for(double duration, double dt) {
  return static_cast<std::uint64_t>(std::ceil(duration / dt - 1e-9));
}

double tasks_finish_time(const Model& model) {
  double end = 0.0;
  for (const TaskModel& task : model.tasks)
    end = std::max(end, task.finish_time());
  return end;
}

Simulation::Simulation(Model model)
    : model_(std::move(model)), state_(make_initial_state(model_)), data_(make_step_data(model_)) {}

void Simulation::attach(Observer& observer, std::uint64_t interval) {
  observers_.push_back({&observer, std::max<std::uint64_t>(interval, 1)});
}

void Simulation::notify_step() {
  for (const Attached& a : observers_) {
    if (state_.step_count % a.interval == 0) a.observer->on_step(model_, state_, data_);
  }
}

void Simulation::start() {
  if (started_) return;
  for (const Attached& a : observers_)
    a.observer->on_start(model_, state_);
  started_ = true;
}

StepResult Simulation::step(const Inputs& inputs) {
  start();
  const StepResult r = leeway::step(model_, state_, inputs, workspace_, &data_);
  if (r.ok) notify_step();
  return r;
}

bool Simulation::wait_for_turn(Pacing pacing) {
  std::unique_lock lock(mutex_);
  wake_.wait(lock, [&] {
    return stop_requested_ || (!paused_ && (pacing != Pacing::kLockstep || granted_ > 0));
  });
  if (stop_requested_) return false;
  if (pacing == Pacing::kLockstep) --granted_;
  return true;
}

RunEnd Simulation::run(const RunOptions& o) {
  if (o.pacing == Pacing::kRealTime && !(std::isfinite(o.rate_factor) && o.rate_factor > 0.0)) {
    throw std::invalid_argument(fmt::format(
        "a real-time rate factor of {}: expected a positive, finite number of simulated seconds "
        "per wall-clock second",
        o.rate_factor));
  }
  using Clock = std::chrono::steady_clock;
  RunEnd end;
  const Clock::time_point wall_start = Clock::now();
  const double t_start = state_.t;
  start();
  while (state_.step_count < o.until_step) {
    if (!wait_for_turn(o.pacing)) {
      end.stopped = true;
      break;
    }
    const StepResult r = step(o.inputs);
    if (!r.ok) {
      end.ok = false;
      end.error = r.error;
      break;
    }
    ++end.steps;
    if (o.pacing == Pacing::kRealTime) {
      const std::chrono::duration<double> due((state_.t - t_start) / o.rate_factor);
      std::this_thread::sleep_until(wall_start + std::chrono::duration_cast<Clock::duration>(due));
    }
  }
  {
    std::lock_guard lock(mutex_);
    stop_requested_ = false;
  }
  end.wall_time = std::chrono::duration<double>(Clock::now() - wall_start).count();
  for (const Attached& a : observers_)
    a.observer->on_end(model_, state_, end);
  return end;
}

void Simulation::reset() {
  state_ = make_initial_state(model_);
  data_ = make_step_data(model_);
  started_ = false;
}

void Simulation::reset(std::uint64_t seed) {
  reseed(model_, seed);
  reset();
}

void Simulation::restore(const State& snapshot) {
  if (snapshot.seed != model_.seed) {
    throw std::invalid_argument(fmt::format(
        "cannot restore a snapshot taken with seed {} into world '{}', drawn with seed {}: "
        "reset it to seed {} first",
        snapshot.seed, model_.world_name, model_.seed, snapshot.seed));
  }
  if (snapshot.bodies.size() != model_.bodies.size() ||
      snapshot.actuators.size() != model_.actuators.size()) {
    throw std::invalid_argument(fmt::format(
        "cannot restore a snapshot of {} bodies and {} actuators into world '{}', which has {} "
        "and {}",
        snapshot.bodies.size(), snapshot.actuators.size(), model_.world_name, model_.bodies.size(),
        model_.actuators.size()));
  }
  state_ = snapshot;
}

void Simulation::pause() {
  std::lock_guard lock(mutex_);
  paused_ = true;
}

void Simulation::resume() {
  {
    std::lock_guard lock(mutex_);
    paused_ = false;
  }
  wake_.notify_all();
}

void Simulation::stop() {
  {
    std::lock_guard lock(mutex_);
    stop_requested_ = true;
  }
  wake_.notify_all();
}

void Simulation::grant_steps(std::uint64_t n) {
  {
    std::lock_guard lock(mutex_);
    granted_ += n;
  }
  wake_.notify_all();
}

}  // namespace leeway
