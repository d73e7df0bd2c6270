#include "leeway/app/run_command.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <pthread.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <optional>
#include <stdexcept>
#include <thread>

#include "leeway/app/actuator_drivers.h"
#include "leeway/app/command_option.h"
#include "leeway/app/load_world_or_default.h"
#include "leeway/app/web_root.h"
#include "leeway/output/csv_recorder.h"
#include "leeway/output/mcap_recorder.h"
#include "leeway/output/progress_bar.h"
#include "leeway/output/run_summary.h"
#include "leeway/output/sensor_recorder.h"
#include "leeway/sdf/spawn_option.h"
#include "leeway/sim/simulation.h"
#include "leeway/transport/served_run.h"

namespace leeway {
namespace {

/// Steps between recorded rows, with a note when the rate does not fit the physics step.
std::uint64_t record_interval(double rate, double dt) {
  std::uint64_t n = 0;
  try {
    n = steps_between(rate, dt);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format("--record-rate {}", e.what()));
  }
  const double steps = 1.0 / (rate * dt);
  if (std::abs(steps - static_cast<double>(n)) > 1e-6 * steps) {
    fmt::print(stderr, "leeway: note: recording every {} steps ({} Hz) for --record-rate {} Hz\n",
               n, 1.0 / (static_cast<double>(n) * dt), rate);
  }
  return n;
}

/// One line per body: where it ended up, how fast it moves, its attitude.
void print_final_states(const Model& model, const State& state, OutputFrame frame) {
  const char* axes = frame == OutputFrame::kEnuFlu ? "ENU" : "NED";
  constexpr double kDeg = 180.0 / 3.14159265358979323846;
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const PoseTwistRow r = to_output_frame(state.bodies[i], frame);
    fmt::print(
        "body       {:<12} at ({:.2f}, {:.2f}, {:.2f}) m {}, {:.2f} m/s, "
        "roll/pitch/yaw ({:.1f}, {:.1f}, {:.1f}) deg\n",
        model.bodies[i].model_name, r.position.x(), r.position.y(), r.position.z(), axes,
        r.twist.head<3>().norm(), r.roll_pitch_yaw.x() * kDeg, r.roll_pitch_yaw.y() * kDeg,
        r.roll_pitch_yaw.z() * kDeg);
  }
}

/// One line per sensor: what, where and how often.
void print_sensors(const Model& model) {
  for (const SensorModel& s : model.sensors) {
    fmt::print("sensor     {} ({}, on {}, {})\n", s.full_name(), sensor_type_name(s), s.link_name,
               s.rate_hz > 0.0 ? fmt::format("{:g} Hz", s.rate_hz) : std::string("every step"));
  }
}

/// The requested duration, or the time the last task finishes.
double run_duration(const Scenario& scenario, double requested) {
  if (requested > 0.0) return requested;
  return scenario.tasks.empty() ? kDefaultDuration : tasks_finish_time(scenario);
}

/// One line per task: its phase and score, with what the score is made of.
void print_tasks(const Simulation& sim) {
  const Model& model = sim.model();
  for (std::size_t k = 0; k < sim.scenario().tasks.size(); ++k) {
    const TaskModel& task = sim.scenario().tasks[k];
    const TaskState& s = sim.task_states()[k];
    fmt::print("task       {} ({}, {}): {}", task.name, task_kind_name(task.kind),
               task.vehicle_name, task_phase_name(s.phase));
    if (s.running_steps == 0) {
      fmt::print(", not scored yet (running from t = {} s)\n", task.running_time());
    } else if (task.kind == TaskKind::kWayfinding) {
      fmt::print(
          ", score {:.3f} = mean of the least pose errors at the {} waypoints ({:.2f}); "
          "lower is better\n",
          s.score, task.goals.size(), fmt::join(s.min_errors, ", "));
    } else {
      fmt::print(", score {:.3f} = mean pose error over {:.1f} s; lower is better\n", s.score,
                 static_cast<double>(s.running_steps) * model.dt);
    }
    if (task.collider < 0) continue;
    if (s.collisions.empty()) {
      fmt::print("           no collisions");
    } else {
      const TaskCollision& first = s.collisions.front();
      fmt::print("           {} collision{}, the first at t = {:.1f} s: {} against {}",
                 s.collisions.size(), s.collisions.size() == 1 ? "" : "s", first.t,
                 model.shape_name(task.collider, first.contact.shape),
                 model.shape_name(first.contact.other_collider, first.contact.other_shape));
    }
    fmt::print("\n");
  }
}

/// One line per controller on the estimate: its error at the end, beside its own sigma.
void print_navigation(const Simulation& sim) {
  constexpr double kDeg = 180.0 / 3.14159265358979323846;
  const std::vector<ControllerModel>& controllers = sim.scenario().controllers;
  for (std::size_t k = 0; k < controllers.size(); ++k) {
    const ControllerModel& c = controllers[k];
    if (!c.navigator) continue;
    const BodyState& truth = sim.state().bodies[static_cast<std::size_t>(c.body)];
    const NavigationError e =
        navigation_error(*c.navigator, sim.navigation_states()[k], truth, sim.state().t);
    fmt::print(
        "navigation {}: estimated; at the end {:.3f} m off horizontally (sigma {:.3f}), "
        "{:.3f} m vertically, {:.2f} deg in heading (sigma {:.2f})\n",
        c.model_name, e.horizontal, e.horizontal_sigma, e.vertical, e.heading * kDeg,
        e.heading_sigma * kDeg);
  }
}

/// How far each controller that visits waypoints or stations got: all of them, or how many and
/// which it was making for at the end ("reached 5 of 8 waypoints; making for waypoint 6 at the
/// end").
void print_control_progress(const Simulation& sim) {
  const std::vector<ControllerModel>& controllers = sim.scenario().controllers;
  for (std::size_t k = 0; k < controllers.size(); ++k) {
    const ControllerModel& c = controllers[k];
    const ControllerState& state = sim.controller_states()[k];
    std::size_t goals = 0, reached = 0, current = 0;
    const char* what = "waypoint";
    if (const auto* law = std::get_if<AutopilotModel>(&c.law)) {
      const auto& s = std::get<AutopilotState>(state);
      goals = law->waypoints.size(), reached = s.reached, current = s.waypoint;
    } else if (const auto* law = std::get_if<DivePilotModel>(&c.law)) {
      const auto& s = std::get<DivePilotState>(state);
      goals = law->waypoints_W.size(), reached = s.reached, current = s.waypoint;
    } else if (const auto* law = std::get_if<RovPilotModel>(&c.law)) {
      const auto& s = std::get<RovPilotState>(state);
      goals = law->stations.size(), reached = s.reached, current = s.station, what = "station";
    }
    if (goals == 0) continue;
    const std::string plural = std::string(what) + "s";
    if (reached >= goals) {
      fmt::print(
          "control    the {} of model '{}' reached {}\n", controller_kind(c), c.model_name,
          goals == 1 ? fmt::format("its {}", what) : fmt::format("all {} {}", goals, plural));
    } else {
      fmt::print(
          "control    the {} of model '{}' reached {} of {} {}; making for {} {} at the end\n",
          controller_kind(c), c.model_name, reached, goals, plural, what, current + 1);
    }
  }
}

/// The kinds of event the run had and how many, on one line; nothing when it had none.
void print_events(const EventCounts& counts) {
  std::vector<std::string> kinds;
  for (std::size_t k = 0; k < counts.size(); ++k) {
    if (counts[k] > 0)
      kinds.push_back(fmt::format("{} {}", event_kind_name(static_cast<EventKind>(k)), counts[k]));
  }
  if (!kinds.empty()) fmt::print("events     {}\n", fmt::join(kinds, ", "));
}

/// While it lives, SIGINT and SIGTERM stop the run instead of the process: they are blocked in
/// every thread made after it (ign-transport's among them) and taken by a thread of its own.
class StopOnSignal {
 public:
  explicit StopOnSignal(Simulation& sim) {
    sigemptyset(&signals_);
    for (const int s : {SIGINT, SIGTERM, SIGUSR1})
      sigaddset(&signals_, s);
    pthread_sigmask(SIG_BLOCK, &signals_, &previous_);
    waiter_ = std::thread([this, &sim] {
      int s = 0;
      while (sigwait(&signals_, &s) == 0 && s != SIGUSR1) {
        fmt::print(stderr, "\nleeway: stopping (signal {})\n", s);
        sim.stop();
      }
    });
  }
  ~StopOnSignal() {
    pthread_kill(waiter_.native_handle(), SIGUSR1);  // ends the waiter
    waiter_.join();
    pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
  }
  StopOnSignal(const StopOnSignal&) = delete;
  StopOnSignal& operator=(const StopOnSignal&) = delete;

 private:
  sigset_t signals_{}, previous_{};
  std::thread waiter_;
};

/// The ROS 2 domain: --ros-domain, else ROS_DOMAIN_ID, else 0; false (with a message) for a
/// ROS_DOMAIN_ID that is no domain.
bool ros_domain(const RunCommandOptions& o, int& domain) {
  domain = 0;
  if (o.ros_domain) {
    domain = *o.ros_domain;
  } else if (const char* id = std::getenv("ROS_DOMAIN_ID"); id != nullptr && id[0] != '\0') {
    const std::string_view text(id);
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), domain);
    if (ec != std::errc() || end != text.data() + text.size() || domain < 0 || domain > 232) {
      fmt::print(stderr, "error: ROS_DOMAIN_ID='{}': expected an integer from 0 to 232\n", id);
      return false;
    }
  }
  return true;
}

/// Where a served run listens, and how to find what it offers.
void print_served(const ServedRun& served, const RunCommandOptions& o, const ServeOptions& serve,
                  const Model& model, double rate_factor) {
  if (const FoxgloveServer* view = served.view()) {
    if (!serve.document_root.empty()) {
      fmt::print("viewing    world {}: open http://{}:{}/ in a browser\n", model.world_name,
                 o.listen, view->port());
    }
    fmt::print(
        "           Foxglove or Lichtblick: open a connection to ws://{}:{} (Foxglove "
        "WebSocket); Ctrl-C stops\n",
        o.listen, view->port());
  }
  if (const GzServer* gz = served.gz()) {
    const char* partition = std::getenv("IGN_PARTITION");
    fmt::print(
        "serving    world {} over gz-transport on {} (partition {}): {} topics published, {} "
        "subscribed, service {}\n",
        model.world_name, o.listen, partition ? partition : "hostname:user", gz->topics().size(),
        gz->command_topics().size(), gz->control_service());
  }
  if (const DdsServer* dds = served.dds()) {
    const char* cyclone_uri = std::getenv("CYCLONEDDS_URI");
    fmt::print(
        "           to ROS 2 over DDS in domain {} on {}: {} topics published, {} subscribed\n",
        serve.ros_domain,
        cyclone_uri && cyclone_uri[0] ? std::string("CYCLONEDDS_URI's configuration") : o.listen,
        dds->topics().size(), dds->command_topics().size());
  }
  if (o.serve) {
    fmt::print("           {}; `leeway topics` lists every topic; Ctrl-C stops\n",
               o.lockstep
                   ? "lockstep: each step waits for a step on the control or lockstep service"
               : rate_factor > 0.0 ? fmt::format("{:g}x real time", rate_factor)
                                   : std::string("as fast as possible"));
  }
  std::fflush(stdout);
}

}  // namespace

int run_command(const RunCommandOptions& o) {
  if (o.lockstep && !o.serve) {
    fmt::print(stderr, "error: --lockstep needs --serve: the steps are a client's to ask for\n");
    return 1;
  }
  Diagnostics diagnostics;
  std::optional<Scenario> loaded =
      load_world_or_default(o.world_path, o.seed, diagnostics, o.spawns, o.verbosity);
  if (!loaded) return 1;
  RunSummary summary;
  summary.seed = o.seed;
  summary.frame = o.frame;
  for (const Diagnostic& d : diagnostics.warnings())
    summary.warnings.push_back(d.str());

  RunOptions run;
  try {
    if (!o.commands.empty()) run.inputs.commands = parse_commands(loaded->model, o.commands);
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
  for (std::size_t i = 0; i < run.inputs.commands.size(); ++i) {
    if (!run.inputs.commands[i]) continue;
    const CheckedCommand c = check_command(loaded->model.actuators[i], *run.inputs.commands[i]);
    if (c.rejected) {
      fmt::print(stderr, "error: --command: {}\n", c.problem);
      return 1;
    }
    if (!c.problem.empty()) {
      if (o.verbosity != Verbosity::kQuiet) fmt::print(stderr, "warning: {}\n", c.problem);
      summary.warnings.push_back(c.problem);
    }
  }

  if (!o.controllers && !loaded->controllers.empty()) {
    // Before anything reads them: what drives the actuators is then --command or a client.
    const std::size_t n = loaded->controllers.size();
    fmt::print("control    the world's {} controller{} left out (--no-controllers)\n", n,
               n == 1 ? "" : "s");
    loaded->controllers.clear();
  }
  for (ControllerModel& c : loaded->controllers) {
    if (o.navigation == "truth") c.navigator.reset();
    if (o.navigation != "estimated" || c.navigator) continue;
    try {
      c.navigator = make_navigator(loaded->model, c.body, c.model_name);
    } catch (const std::invalid_argument& e) {
      fmt::print(stderr, "error: --navigation estimated: model '{}': {}\n", c.model_name, e.what());
      return 1;
    }
  }

  // A server runs until it is stopped, unless given a duration.
  const bool served = o.serve || o.view_port.has_value();
  if (o.verbosity != Verbosity::kQuiet) {
    std::string topics_arguments = o.world_path;
    for (const std::string& spawn : o.spawns)
      topics_arguments += " --spawn " + spawn;
    print_actuator_drivers(*loaded, run.inputs.commands, served, topics_arguments);
  }
  const bool until_stopped = served && o.duration == 0.0;
  summary.duration = until_stopped ? 0.0 : run_duration(*loaded, o.duration);
  Simulation sim(std::move(*loaded));
  // A camera's frame is the same on any number of threads: it takes every core while it draws.
  sim.set_draw_threads(static_cast<int>(std::thread::hardware_concurrency()));
  const bool records_mcap =
      !o.record_path.empty() && std::filesystem::path(o.record_path).extension() == ".mcap";
  const Model& model = sim.model();
  try {
    run.until_step = until_stopped ? std::numeric_limits<std::uint64_t>::max()
                                   : steps_for(summary.duration, model.dt);
  } catch (const std::invalid_argument& e) {
    fmt::print(stderr, "error: --duration {}\n", e.what());
    return 1;
  }
  if (run.until_step == 0) {
    fmt::print(stderr, "error: --duration {} s takes no step of {} s; expected at least one step\n",
               summary.duration, model.dt);
    return 1;
  }
  const double rate_factor = o.rate_factor.value_or(served ? 1.0 : 0.0);
  run.pacing = o.lockstep          ? Pacing::kLockstep
               : rate_factor > 0.0 ? Pacing::kRealTime
                                   : Pacing::kAsFastAsPossible;
  run.rate_factor = rate_factor > 0.0 ? rate_factor : 1.0;
  run.pause_on_refused_step = served;  // no input a client sends may end a served run
  // Every run ends on SIGINT or SIGTERM as at its end: recordings closed, summary written.
  const StopOnSignal stop_on_signal(sim);
  std::optional<ServedRun> served_run;
  if (served) {
    ServeOptions serve;
    serve.gz = serve.dds = o.serve;
    serve.listen = o.listen;
    serve.clock_rate_hz = o.clock_rate;
    serve.view_port = o.view_port;
    serve.view.warnings = summary.warnings;
    if (o.view_port) serve.document_root = served_page_root("--view");
    if (o.serve && o.clock_rate > 0.0) {
      try {
        steps_between(o.clock_rate, model.dt);
      } catch (const std::invalid_argument& e) {
        fmt::print(stderr, "error: --clock-rate: {}\n", e.what());
        return 1;
      }
    }
    if (o.serve && !ros_domain(o, serve.ros_domain)) return 1;
    try {
      served_run.emplace(sim, serve);
    } catch (const LoadError& e) {
      fmt::print(stderr, "error: {}\n", e.what());
      return 1;
    } catch (const std::exception& e) {
      fmt::print(stderr, "error: {}: {}\n", o.view_port && !o.serve ? "--view" : "--serve",
                 e.what());
      return 1;
    }
    run.input_source = &served_run->inbox();
    print_served(*served_run, o, serve, model, rate_factor);
  }
  std::optional<CsvRecorder> recorder;
  std::optional<McapRecorder> mcap_recorder;
  std::optional<SensorRecorder> sensor_recorder;
  std::optional<SummaryWriter> summary_writer;
  ProgressBar bar(static_cast<double>(run.until_step) * model.dt,
                  o.progress && !until_stopped && ProgressBar::stderr_is_terminal());
  try {
    if (!o.record_path.empty()) {
      const std::uint64_t interval = record_interval(o.record_rate, model.dt);
      summary.recording_path = o.record_path;
      if (records_mcap) {
        ViewOptions view;
        view.frame_rate_hz = 1.0 / (static_cast<double>(interval) * model.dt);
        view.warnings = summary.warnings;
        mcap_recorder.emplace(o.record_path, sim, view);
        sim.attach(*mcap_recorder);
      } else {
        recorder.emplace(o.record_path, o.frame, model);
        sim.attach(*recorder, interval);
      }
    }
    if (!o.record_sensors_path.empty()) {
      sensor_recorder.emplace(o.record_sensors_path, model);
      sim.attach(*sensor_recorder);
    }
    sim.attach(bar);
    if (!o.summary_path.empty()) {
      summary_writer.emplace(o.summary_path, summary, recorder ? &*recorder : nullptr);
      sim.attach(*summary_writer);
    }
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }

  RunEnd end;
  try {
    end = sim.run(run);
  } catch (const std::exception& e) {  // an observer could not write
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
  const State& state = sim.state();
  if (!end.ok) {
    fmt::print(stderr, "\nerror: the run stopped: {}\n", end.error);
    if (recorder) {
      fmt::print(stderr, "the recording '{}' holds the {} rows written before it\n", o.record_path,
                 recorder->rows_written());
    }
    if (mcap_recorder) {
      fmt::print(stderr, "the recording '{}' keeps the chunks finished before it\n", o.record_path);
    }
    return 2;
  }

  fmt::print("world      {} ({})\n", model.world_name, model.source);
  print_final_states(model, state, o.frame);
  print_sensors(model);
  print_navigation(sim);
  print_control_progress(sim);
  print_tasks(sim);
  print_events(sim.data().counts);
  fmt::print("simulated  {:.3f} s in {} steps of {} s\n", state.t, state.step_count, model.dt);
  // Two significant digits below 10x: a run slower than real time reads 0.054x, not 0x.
  const double speed = end.wall_time > 0.0 ? state.t / end.wall_time : 0.0;
  fmt::print("wall time  {:.3f} s ({}x real time)\n", end.wall_time,
             speed >= 10.0 ? fmt::format("{:.0f}", speed) : fmt::format("{:.2g}", speed));
  if (recorder) {
    fmt::print("recording  {} ({} rows, {})\n", o.record_path, recorder->rows_written(),
               o.frame == OutputFrame::kEnuFlu ? "ENU/FLU" : "NED/FRD");
  }
  if (mcap_recorder) {
    const McapWriter& w = mcap_recorder->writer();
    fmt::print("recording  {} (MCAP: {} messages on {} channels, {:.1f} MB)\n", o.record_path,
               w.messages(), mcap_recorder->channels().channels().size(),
               static_cast<double>(w.bytes_written()) / 1e6);
  }
  if (sensor_recorder) {
    fmt::print("sensors    {} ({} files, {} samples)\n", o.record_sensors_path,
               sensor_recorder->files(), sensor_recorder->samples_written());
  }
  if (!o.summary_path.empty()) fmt::print("summary    {}\n", o.summary_path);
  // Stopping is how a server ends (exit 0); a batch run stopped early did not do its work.
  if (end.stopped && !served) {
    fmt::print(stderr, "leeway: stopped at t = {:.3f} s of {:.3f} s\n", state.t,
               static_cast<double>(run.until_step) * model.dt);
    return 130;
  }
  return 0;
}

}  // namespace leeway
