#include "leeway/app/run_command.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>

#include "leeway/app/command_option.h"
#include "leeway/app/default_world.h"
#include "leeway/io/csv_recorder.h"
#include "leeway/io/progress_bar.h"
#include "leeway/io/run_summary.h"
#include "leeway/sdf/load_world.h"
#include "leeway/world/step.h"

namespace leeway {
namespace {

/// Steps between recorded rows; the recording rate must fit the physics step.
std::uint64_t record_interval(double rate, double dt) {
  const double steps = 1.0 / (rate * dt);
  if (steps < 1.0 - 1e-9) {
    throw std::runtime_error(
        fmt::format("--record-rate {} Hz is faster than the physics rate {} Hz; expected at most "
                    "1/max_step_size",
                    rate, 1.0 / dt));
  }
  const auto n = static_cast<std::uint64_t>(std::llround(steps));
  if (std::abs(steps - static_cast<double>(n)) > 1e-6 * steps) {
    fmt::print(stderr, "leeway: note: recording every {} steps ({} Hz) for --record-rate {} Hz\n",
               n, 1.0 / (static_cast<double>(n) * dt), rate);
  }
  return n;
}

Model load(const RunOptions& o, Diagnostics& diagnostics) {
  if (o.world_path.empty()) {
    return load_world_string(std::string(default_world_sdf()), std::string(kDefaultWorldName),
                             diagnostics, o.seed);
  }
  return load_world_file(o.world_path, diagnostics, o.seed);
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

/// The requested duration, or the time the last task finishes.
double run_duration(const Model& model, double requested) {
  if (requested > 0.0) return requested;
  if (model.tasks.empty()) return kDefaultDuration;
  double end = 0.0;
  for (const TaskModel& task : model.tasks)
    end = std::max(end, task.finish_time());
  return end;
}

/// One line per task: its phase and score, with what the score is made of.
void print_tasks(const Model& model, const State& state) {
  for (std::size_t k = 0; k < model.tasks.size(); ++k) {
    const TaskModel& task = model.tasks[k];
    const TaskState& s = state.tasks[k];
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

}  // namespace

int run_command(const RunOptions& o) {
  Diagnostics diagnostics;
  Model model;
  try {
    model = load(o, diagnostics);
  } catch (const LoadError& e) {
    for (const Diagnostic& d : diagnostics.warnings())
      fmt::print(stderr, "warning: {}\n", d.str());
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
  RunSummary summary;
  summary.seed = o.seed;
  summary.frame = o.frame;
  for (const Diagnostic& d : diagnostics.warnings()) {
    fmt::print(stderr, "warning: {}\n", d.str());
    summary.warnings.push_back(d.str());
  }

  Inputs inputs;
  try {
    if (!o.commands.empty()) inputs.commands = parse_commands(model, o.commands);
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
  for (std::size_t i = 0; i < inputs.commands.size(); ++i) {
    if (!inputs.commands[i]) continue;
    const CheckedCommand c = check_command(model.actuators[i], *inputs.commands[i]);
    if (c.rejected) {
      fmt::print(stderr, "error: --command: {}\n", c.problem);
      return 1;
    }
    if (!c.problem.empty()) {
      fmt::print(stderr, "warning: {}\n", c.problem);
      summary.warnings.push_back(c.problem);
    }
  }

  State state = make_initial_state(model, o.seed);
  summary.duration = run_duration(model, o.duration);
  const auto steps = static_cast<std::uint64_t>(std::ceil(summary.duration / model.dt - 1e-9));
  std::optional<CsvRecorder> recorder;
  std::uint64_t interval = 1;
  try {
    if (!o.record_path.empty()) {
      interval = record_interval(o.record_rate, model.dt);
      recorder.emplace(o.record_path, o.frame, model);
      recorder->write(model, state);
    }
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }

  ProgressBar bar(static_cast<double>(steps) * model.dt,
                  o.progress && ProgressBar::stderr_is_terminal());
  const auto wall_start = std::chrono::steady_clock::now();
  while (state.step_count < steps) {
    // Sent every step, so they hold for the whole run whatever the actuators' watchdogs.
    const StepResult r = step(model, state, inputs);
    if (!r.ok) {
      summary.error = r.error;
      break;
    }
    if (recorder && state.step_count % interval == 0) recorder->write(model, state);
    bar.update(state.t);
  }
  summary.wall_time =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  if (summary.error.empty()) bar.finish();
  if (recorder) {
    summary.recording_path = o.record_path;
    summary.recording_rows = recorder->rows_written();
  }

  try {
    if (!o.summary_path.empty()) write_run_summary(o.summary_path, model, state, summary);
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
  if (!summary.error.empty()) {
    fmt::print(stderr, "\nerror: the run stopped: {}\n", summary.error);
    if (recorder) {
      fmt::print(stderr, "the recording '{}' holds the {} rows written before it\n", o.record_path,
                 recorder->rows_written());
    }
    return 2;
  }

  fmt::print("world      {} ({})\n", model.world_name, model.source);
  print_final_states(model, state, o.frame);
  print_tasks(model, state);
  fmt::print("simulated  {:.3f} s in {} steps of {} s\n", state.t, state.step_count, model.dt);
  fmt::print("wall time  {:.3f} s ({:.0f}x real time)\n", summary.wall_time,
             summary.wall_time > 0.0 ? state.t / summary.wall_time : 0.0);
  if (recorder) {
    fmt::print("recording  {} ({} rows, {})\n", o.record_path, recorder->rows_written(),
               o.frame == OutputFrame::kEnuFlu ? "ENU/FLU" : "NED/FRD");
  }
  if (!o.summary_path.empty()) fmt::print("summary    {}\n", o.summary_path);
  return 0;
}

}  // namespace leeway
