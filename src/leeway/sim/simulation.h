// The runner: one world being stepped, and everything that watches it.
//
// A Simulation owns a Scenario (the Model, its controllers and tasks), the State, the controllers'
// and tasks' states, the StepData of the last step and a Workspace, and runs the loop:
//
//   run(options):
//     observers' on_start (once, before the first step after construction or reset)
//     until State::step_count reaches options.until_step, a step fails, or stop() is called:
//       wait while paused (unless a step is granted: grant_steps steps a paused world, as
//       gz-sim's step does); in lockstep, wait until a step is granted. Every step taken uses
//       a granted one if there is one, so that steps asked of a running world are its next
//       ones, not a store it spends once paused
//       if a reset was requested (request_reset), reset, and the observers' on_start again
//       the options' input source, if any, adds the commands that arrived (InputSource)
//       one step, as step(inputs) below; in real time, before its observers are called, sleep
//       until the wall clock has caught up with the step's end: (t - t at the anchor) /
//       rate_factor since the anchor, the run's start, the end of the last wait or the last
//       change of rate (a paused or lockstep world does not race to catch up when it runs
//       again; a world slowed after running flat out does not wait for the time it gained); a
//       stop, a reset or a new rate ends the sleep at once. So what a served run
//       publishes of a step leaves at that step's time, one step after another, never in bursts
//       a refused step ends the run, or, with pause_on_refused_step (a served run: no input a
//       client sends may end it), pauses it at the step's start and tells the observers
//     observers' on_end, with how the run ended
//
//   step(inputs):
//     run_controllers     the controllers due write their commands where `inputs` gives none
//                         (gnc/autonomy.h)
//     leeway::step        the physics, with its outputs (world/step.h); if it is refused, the
//                         controllers' states go back to the step's start with the State's
//     update_navigation   the controllers' navigators take the step's sensor samples
//     update_tasks        every task brought to the step's end (task/task_scoring.h)
//     each observer due at this step (every `interval` steps) gets on_step
//
// Observers attach at their own rates: a recorder every 1/rate s, a progress bar every step. They
// only read the Simulation (its Model, State, StepData, tasks); they run on the stepping thread,
// between steps, so they see a consistent world. pause(), resume(), stop(), grant_steps(),
// request_reset() and set_rate_factor() may be called from any other thread (a bridge, a viewer's
// socket, a signal handler's thread).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "leeway/gnc/controller.h"
#include "leeway/sim/scenario.h"
#include "leeway/world/step.h"

namespace leeway {

/// How the loop is paced against the wall clock.
enum class Pacing {
  kAsFastAsPossible,  ///< no waiting
  kRealTime,          ///< simulated time advances at rate_factor x the wall clock (or slower)
  kLockstep,          ///< each step waits to be granted by a client (grant_steps)
};

/// How a run ended.
struct RunEnd {
  bool ok = true;        ///< false: a step was refused or undone (`error` says why)
  bool stopped = false;  ///< stop() ended it before its end
  /// describe() of the event that ended it, or what an observer could not do (a recording's
  /// full disk)
  std::string error;
  std::uint64_t steps = 0;  ///< steps taken by this run
  double wall_time = 0.0;   ///< [s] from its first step to its end
};

class Simulation;

/// An observer that throws std::exception from on_start or on_step (a recorder whose disk is
/// full) ends the run there: RunEnd::ok false with its message, and every on_end still called,
/// so a summary says how the run ended. What on_end throws leaves run(), once every other
/// on_end has been called.
class Observer {
 public:
  virtual ~Observer() = default;
  /// Before the first step, at the initial state.
  virtual void on_start(const Simulation& /*sim*/) {}
  /// After a step due for this observer: its state at the step's end, the step's outputs.
  virtual void on_step(const Simulation& /*sim*/) {}
  /// When the run ends, at the last state.
  virtual void on_end(const Simulation& /*sim*/, const RunEnd& /*end*/) {}
  /// When a run that pauses on a refused step (RunOptions::pause_on_refused_step) refused one:
  /// `error` says why; the state is the step's start, and the run is paused.
  virtual void on_refused_step(const Simulation& /*sim*/, const std::string& /*error*/) {}
  /// Which image sensors (sensors/sensor.h draws_images) it wants to draw their next samples:
  /// it sets wanted[i] for Model::sensors[i]. Asked on the stepping thread after on_start and
  /// after every step, whether or not on_step was due; a frame, a scan or a ping nobody wants
  /// is not made. None by default.
  virtual void want_images(const Simulation& /*sim*/, std::vector<std::uint8_t>& /*wanted*/) {}
};

/// Steps between two calls at `rate_hz` with a step of dt [s]: round(1 / (rate dt)). Throws
/// std::invalid_argument for a rate that is not positive and finite or faster than 1 / dt.
std::uint64_t steps_between(double rate_hz, double dt);

/// The most steps a run counts to: 2^53, where a step count is still exact as a double (some
/// 285 years of 1 ms steps).
inline constexpr std::uint64_t kMaxRunSteps = std::uint64_t{1} << 53;

/// The steps a run of `duration` [s] takes: ceil(duration / dt), forgiving rounding; 0 for a
/// duration of 0 or less. Throws std::invalid_argument for a duration that is not a number or
/// takes more than kMaxRunSteps.
std::uint64_t steps_for(double duration, double dt);

/// What a run asks, on the stepping thread before each step, for what arrived from elsewhere (a
/// bridge's subscriptions: commands, wrenches, pinger positions): it is written into `inputs`
/// over the run's own. Inputs are the only way anything from outside reaches a step.
class InputSource {
 public:
  virtual ~InputSource() = default;
  virtual void take_inputs(const Simulation& sim, Inputs& inputs) = 0;
};

struct RunOptions {
  std::uint64_t until_step = 0;         ///< the run ends when State::step_count reaches it
  Inputs inputs;                        ///< given at every step (so they hold past any watchdog)
  InputSource* input_source = nullptr;  ///< none: the inputs above only
  Pacing pacing = Pacing::kAsFastAsPossible;
  double rate_factor = 1.0;  ///< real time only: simulated seconds per wall second
  /// A served run: a refused step (a state that would become non-finite) does not end the run
  /// but pauses it at the step's start, tells the observers (on_refused_step), and waits for a
  /// reset (or a stop); stepping it again without one tries the same step again.
  bool pause_on_refused_step = false;
};

/// Everything that changes while a scenario runs: a copy restores the run exactly.
struct Snapshot {
  State state;
  std::vector<ControllerState> controllers;       ///< one per Scenario::controllers entry
  std::vector<NavigationFilterState> navigation;  ///< one per Scenario::controllers entry
  std::vector<TaskState> tasks;                   ///< one per Scenario::tasks entry

  bool operator==(const Snapshot&) const = default;
};

class Simulation {
 public:
  /// The scenario at its initial state (make_initial_state: the model's seed).
  explicit Simulation(Scenario scenario);
  /// A world without controllers or tasks.
  explicit Simulation(Model model) : Simulation(Scenario{std::move(model), {}, {}, {}}) {}

  const Scenario& scenario() const { return scenario_; }
  const Model& model() const { return scenario_.model; }
  const State& state() const { return run_.state; }
  const std::vector<ControllerState>& controller_states() const { return run_.controllers; }
  /// The controllers' navigators' states (gnc/navigator.h), one per controller.
  const std::vector<NavigationFilterState>& navigation_states() const { return run_.navigation; }
  const std::vector<TaskState>& task_states() const { return run_.tasks; }
  /// The outputs of the last step.
  const StepData& data() const { return data_; }
  /// Whether every camera, lidar and sonar draws its samples from the next step on
  /// (StepData::draw_images), whether or not an observer wants them (Observer::want_images),
  /// and on how many threads (at least 1). Both hold across resets.
  void draw_images(bool on) { data_.draw_images = draw_all_ = on; }
  void set_draw_threads(int n) { data_.draw_threads = draw_threads_ = n > 1 ? n : 1; }

  /// `observer` is called every `interval` steps (1: every step); it must outlive the runs.
  void attach(Observer& observer, std::uint64_t interval = 1);
  /// `observer` is no longer called (nothing if it was not attached).
  void detach(const Observer& observer);

  /// One step with `inputs` (above), on the calling thread; the observers due are called (and
  /// their on_start first, if this is the first step).
  StepResult step(const Inputs& inputs = {});
  /// The same with what arrived from `source` (a bridge's inbox) as run() takes it: its inputs
  /// are written over a copy of `inputs`.
  StepResult step(const Inputs& inputs, InputSource& source);
  /// Runs as described above; returns how it ended after calling on_end. Throws
  /// std::invalid_argument for a real-time rate factor outside sim/rate_factor.h's range.
  RunEnd run(const RunOptions& options);

  /// Back to the initial state, with the same seed; observers will get on_start again.
  void reset();
  /// The same with another seed: the model is reseeded (its waves and Harris gust drawn again,
  /// reseed()) and the state starts its random streams from `seed`. The run is then the one a
  /// model loaded with `seed` gives, bit for bit.
  void reset(std::uint64_t seed);
  /// A copy of the run's state, and its restoration: the run continues exactly as from the
  /// copy. restore() throws std::invalid_argument, and keeps the current state, for a snapshot
  /// of another seed (reset(seed) came between) or with other numbers of bodies, actuators,
  /// controllers or tasks.
  Snapshot snapshot() const { return run_; }
  void restore(const Snapshot& snapshot);

  /// Thread-safe controls of a run in progress (or the next one).
  void pause();
  void resume();
  void stop();
  void grant_steps(std::uint64_t n);
  /// gz-sim's run_to_sim_time: pauses the run and lets it step while its time is short of t
  /// [s] by more than half a step; then it stays paused. A reset asked for later cancels it.
  void run_to(double t);
  /// Asks the run to go back to its initial state (with `seed`, if given) before its next step,
  /// paused or not.
  void request_reset(std::optional<std::uint64_t> seed = std::nullopt);
  /// Paces the run in progress from its next step at `factor` simulated seconds per wall
  /// second, or as fast as possible for 0 (a lockstep run keeps waiting for its steps), ending
  /// the wait for a step in progress; false, and nothing changed, for a factor outside
  /// sim/rate_factor.h's range.
  bool set_rate_factor(double factor);

 private:
  /// step(inputs) but for the observers' on_step.
  StepResult advance(const Inputs& inputs);
  /// Calls the observers' on_start, once per run from the initial state.
  void start();
  void notify_step();
  /// StepData::draw_sensor from the observers' want_images.
  void ask_for_images();
  enum class Turn { kStep, kReset, kStop };
  /// Waits while paused or, in lockstep, until a step is granted, or until a reset or a stop
  /// is asked for; `waited` says whether it had to.
  Turn wait_for_turn(Pacing pacing, bool& waited);

  struct Attached {
    Observer* observer;
    std::uint64_t interval;
  };
  Scenario scenario_;
  Snapshot run_;
  StepData data_;
  Workspace workspace_;
  Inputs inputs_;                                      ///< the caller's, with the controllers'
  std::vector<std::optional<double>> controller_out_;  ///< scratch for run_controllers
  std::vector<ControllerState> controllers_at_start_;  ///< put back if a step is refused
  std::vector<Attached> observers_;
  bool started_ = false;
  bool draws_ = false;  ///< the model has a sensor that draws (draws_images)
  bool draw_all_ = false;
  int draw_threads_ = 1;

  std::mutex mutex_;
  std::condition_variable wake_;
  bool paused_ = false;
  bool stop_requested_ = false;
  std::uint64_t granted_ = 0;
  double run_to_ = -1.0;  ///< [s] run_to()'s time; below zero: none
  bool reset_requested_ = false;
  std::optional<std::uint64_t> reset_seed_;
  std::atomic<bool> rate_requested_ = false;  ///< set_rate_factor() asked for rate_request_
  double rate_request_ = 0.0;
};

}  // namespace leeway
