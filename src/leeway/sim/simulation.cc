#include "leeway/sim/simulation.h"

#include <fmt/format.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <stdexcept>
#include <thread>

#include "leeway/gnc/autonomy.h"
#include "leeway/sim/rate_factor.h"
#include "leeway/task/task_scoring.h"

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
  const double steps = std::ceil(duration / dt - 1e-9);
  if (!(steps <= static_cast<double>(kMaxRunSteps))) {
    throw std::invalid_argument(
        fmt::format("{} s: {} steps of {} s, more than the {} a run counts; expected at most {} s",
                    duration, steps, dt, kMaxRunSteps, static_cast<double>(kMaxRunSteps) * dt));
  }
  return steps > 0.0 ? static_cast<std::uint64_t>(steps) : 0;
}

Simulation::Simulation(Scenario scenario) : scenario_(std::move(scenario)) {
  const std::vector<SensorModel>& sensors = scenario_.model.sensors;
  draws_ = std::any_of(sensors.begin(), sensors.end(), draws_images);
  reset();
}

void Simulation::attach(Observer& observer, std::uint64_t interval) {
  observers_.push_back({&observer, std::max<std::uint64_t>(interval, 1)});
}

void Simulation::detach(const Observer& observer) {
  std::erase_if(observers_, [&](const Attached& a) { return a.observer == &observer; });
}

void Simulation::notify_step() {
  for (const Attached& a : observers_) {
    if (run_.state.step_count % a.interval == 0) a.observer->on_step(*this);
  }
  ask_for_images();
}

void Simulation::ask_for_images() {
  if (!draws_) return;
  std::fill(data_.draw_sensor.begin(), data_.draw_sensor.end(), 0);
  for (const Attached& a : observers_)
    a.observer->want_images(*this, data_.draw_sensor);
}

void Simulation::start() {
  if (started_) return;
  for (const Attached& a : observers_)
    a.observer->on_start(*this);
  ask_for_images();
  started_ = true;
}

StepResult Simulation::step(const Inputs& inputs) {
  const StepResult r = advance(inputs);
  if (r.ok) notify_step();
  return r;
}

StepResult Simulation::advance(const Inputs& inputs) {
  start();
  const Model& model = scenario_.model;
  const std::vector<ControllerModel>& controllers = scenario_.controllers;
  // Commands of the wrong shape are the step's to refuse; the controllers then do not run.
  const bool commands_fit =
      inputs.commands.empty() || inputs.commands.size() == model.actuators.size();
  const bool autonomous = !controllers.empty() && commands_fit;
  if (autonomous) {
    controllers_at_start_ = run_.controllers;
    inputs_.F_ext_Bo_B = inputs.F_ext_Bo_B;
    inputs_.commands = inputs.commands;
    inputs_.pinger_W = inputs.pinger_W;
    run_controllers(controllers, run_.controllers, run_.navigation, model, run_.state,
                    inputs_.commands, controller_out_);
  }
  const StepResult r =
      leeway::step(model, run_.state, autonomous ? inputs_ : inputs, workspace_, &data_);
  if (!r.ok) {
    if (autonomous) run_.controllers = controllers_at_start_;
    return r;
  }
  update_navigation(controllers, run_.navigation, data_);
  update_tasks(scenario_.tasks, run_.tasks, run_.state, data_);
  return r;
}

StepResult Simulation::step(const Inputs& inputs, InputSource& source) {
  Inputs merged = inputs;
  source.take_inputs(*this, merged);
  return step(merged);
}

Simulation::Turn Simulation::wait_for_turn(Pacing pacing, bool& waited) {
  std::unique_lock lock(mutex_);
  const auto may_step = [&] {
    return granted_ > 0 || run_.state.t < run_to_ - 0.5 * scenario_.model.dt ||
           (!paused_ && pacing != Pacing::kLockstep);
  };
  if (!(stop_requested_ || reset_requested_ || may_step())) waited = true;
  wake_.wait(lock, [&] { return stop_requested_ || reset_requested_ || may_step(); });
  if (stop_requested_) return Turn::kStop;
  if (reset_requested_) {
    reset_requested_ = false;
    return Turn::kReset;
  }
  // A running world's steps count against those granted too: pausing it later must not spend
  // steps asked for while it ran.
  if (granted_ > 0) --granted_;
  return Turn::kStep;
}

RunEnd Simulation::run(const RunOptions& o) {
  if (o.pacing == Pacing::kRealTime &&
      (o.rate_factor == 0.0 || !rate_factor_error(o.rate_factor).empty())) {
    throw std::invalid_argument(fmt::format(
        "a real-time rate factor of {}: expected a number of simulated seconds per wall-clock "
        "second from {:g} to {:g}",
        o.rate_factor, kMinRateFactor, kMaxRateFactor));
  }
  using Clock = std::chrono::steady_clock;
  RunEnd end;
  const Clock::time_point wall_start = Clock::now();
  Clock::time_point wall_anchor = wall_start;
  double t_anchor = run_.state.t;
  Pacing pacing = o.pacing;
  double rate_factor = o.rate_factor;
  Inputs inputs;
  try {
    start();
    while (run_.state.step_count < o.until_step) {
      bool waited = false;
      if (rate_requested_.load(std::memory_order_relaxed) && pacing != Pacing::kLockstep) {
        std::lock_guard lock(mutex_);
        rate_requested_ = false;
        pacing = rate_request_ > 0.0 ? Pacing::kRealTime : Pacing::kAsFastAsPossible;
        if (rate_request_ > 0.0) rate_factor = rate_request_;
        waited = true;  // paced from here on
      }
      const Turn turn = wait_for_turn(pacing, waited);
      if (turn == Turn::kStop) {
        end.stopped = true;
        break;
      }
      if (turn == Turn::kReset) {
        std::optional<std::uint64_t> seed;
        {
          std::lock_guard lock(mutex_);
          seed.swap(reset_seed_);
        }
        seed ? reset(*seed) : reset();
        start();
        waited = true;
      }
      if (waited) wall_anchor = Clock::now(), t_anchor = run_.state.t;
      if (turn == Turn::kReset) continue;
      const Inputs* step_inputs = &o.inputs;
      if (o.input_source) {
        inputs = o.inputs;
        o.input_source->take_inputs(*this, inputs);
        step_inputs = &inputs;
      }
      const StepResult r = advance(*step_inputs);
      if (!r.ok && o.pause_on_refused_step) {
        pause();
        for (const Attached& a : observers_)
          a.observer->on_refused_step(*this, r.error);
        continue;
      }
      if (!r.ok) {
        end.ok = false;
        end.error = r.error;
        break;
      }
      ++end.steps;
      if (pacing == Pacing::kRealTime) {
        // The step's outputs leave at their own time: a client sees one message a step, at the
        // step's rate, not several at once (a wake-up a step costs a few microseconds).
        // A stop, a reset or a new rate ends the wait early (a pause waits for the step's end).
        const std::chrono::duration<double> due((run_.state.t - t_anchor) / rate_factor);
        std::unique_lock lock(mutex_);
        wake_.wait_until(lock, wall_anchor + std::chrono::duration_cast<Clock::duration>(due), [&] {
          return stop_requested_ || reset_requested_ ||
                 rate_requested_.load(std::memory_order_relaxed);
        });
      }
      notify_step();
    }
  } catch (const std::exception& e) {  // an observer could not go on (a recording's full disk)
    end.ok = false;
    end.error = e.what();
  }
  {
    std::lock_guard lock(mutex_);
    stop_requested_ = false;
  }
  end.wall_time = std::chrono::duration<double>(Clock::now() - wall_start).count();
  // Every observer hears the end, even after one fails to close its file.
  std::exception_ptr failed;
  for (const Attached& a : observers_) {
    try {
      a.observer->on_end(*this, end);
    } catch (...) {
      if (!failed) failed = std::current_exception();
    }
  }
  if (failed) std::rethrow_exception(failed);
  return end;
}

bool Simulation::set_rate_factor(double factor) {
  if (!rate_factor_error(factor).empty()) return false;
  {
    std::lock_guard lock(mutex_);
    rate_request_ = factor;
    rate_requested_ = true;
  }
  wake_.notify_all();
  return true;
}

void Simulation::reset() {
  run_.state = make_initial_state(scenario_.model);
  run_.controllers = initial_controller_states(scenario_.controllers);
  run_.navigation = initial_navigation_states(scenario_.controllers, scenario_.model, run_.state);
  run_.tasks = initial_task_states(scenario_.tasks);
  data_ = make_step_data(scenario_.model);
  data_.draw_images = draw_all_;
  data_.draw_threads = draw_threads_;
  started_ = false;
}

void Simulation::reset(std::uint64_t seed) {
  reseed(scenario_.model, seed);
  reset();
}

void Simulation::restore(const Snapshot& snapshot) {
  const Model& model = scenario_.model;
  const State& state = snapshot.state;
  if (state.seed != model.seed) {
    throw std::invalid_argument(fmt::format(
        "cannot restore a snapshot taken with seed {} into world '{}', drawn with seed {}: "
        "reset it to seed {} first",
        state.seed, model.world_name, model.seed, state.seed));
  }
  if (state.bodies.size() != model.bodies.size() ||
      state.actuators.size() != model.actuators.size() ||
      snapshot.controllers.size() != scenario_.controllers.size() ||
      snapshot.tasks.size() != scenario_.tasks.size()) {
    throw std::invalid_argument(fmt::format(
        "cannot restore a snapshot of {} bodies, {} actuators, {} controllers and {} tasks into "
        "world '{}', which has {}, {}, {} and {}",
        state.bodies.size(), state.actuators.size(), snapshot.controllers.size(),
        snapshot.tasks.size(), model.world_name, model.bodies.size(), model.actuators.size(),
        scenario_.controllers.size(), scenario_.tasks.size()));
  }
  run_ = snapshot;
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

void Simulation::request_reset(std::optional<std::uint64_t> seed) {
  {
    std::lock_guard lock(mutex_);
    reset_requested_ = true;
    reset_seed_ = seed;
    run_to_ = -1.0;
  }
  wake_.notify_all();
}

void Simulation::run_to(double t) {
  {
    std::lock_guard lock(mutex_);
    paused_ = true;
    run_to_ = t;
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
