// The summary of a run, written as JSON by `leeway run --summary FILE.json`:
// {
//   "world": name, "source": file, "seed": N, "frame": "enu"|"ned", "dt": s,
//   "duration": requested [s], "simulated_time": s, "steps": N,
//   "wall_time": s, "real_time_factor": simulated / wall,
//   "status": "ok"|"stopped"|"error" ("stopped": by a signal before its duration),
//   "error": message (only on error), "warnings": [ ... ],
//   "recording": {"path": file, "rows": N} (only with --record),
//   "events": {kind: N, ...}: the steps' events (world/events.h) of each kind over the run,
//   "bodies": [ {"model", "link", "position", "roll_pitch_yaw", "twist"} ]  (final state),
//   "tasks": [ {"name", "type": "wayfinding"|"station_keeping", "vehicle",
//               "state": "initial"|"ready"|"running"|"finished", "running_time": s scored,
//               "remaining_time": s, "score": number or null before the running phase,
//               "waypoint_min_errors": [ ... ] (wayfinding)} ],
//   "navigation": [ {"model", "source": "truth"|"estimated", and on the estimate, at the end:
//                    "horizontal_error" [m], "vertical_error" [m], "heading_error" [rad],
//                    "horizontal_sigma" [m], "heading_sigma" [rad]} ]  (one per controller)
// }
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "leeway/output/csv_recorder.h"
#include "leeway/output/output_frame.h"
#include "leeway/sim/simulation.h"

namespace leeway {

struct RunSummary {
  std::uint64_t seed = 0;
  OutputFrame frame = OutputFrame::kEnuFlu;
  double duration = 0.0;
  double wall_time = 0.0;
  std::string error;     ///< empty when the run completed
  bool stopped = false;  ///< stopped (SIGINT, SIGTERM) before its duration
  std::vector<std::string> warnings;
  std::string recording_path;
  std::size_t recording_rows = 0;
};

/// Writes the summary of `sim` where its run left it; throws std::runtime_error on I/O failure.
void write_run_summary(const std::string& path, const Simulation& sim, const RunSummary& summary);

/// An observer (sim/simulation.h) that writes the summary when the run ends, with its wall time,
/// its error if any, and the rows of `recorder` (if given).
class SummaryWriter : public Observer {
 public:
  SummaryWriter(std::string path, RunSummary summary, const CsvRecorder* recorder = nullptr)
      : path_(std::move(path)), summary_(std::move(summary)), recorder_(recorder) {}
  void on_end(const Simulation& sim, const RunEnd& end) override;

 private:
  std::string path_;
  RunSummary summary_;
  const CsvRecorder* recorder_;
};

}  // namespace leeway
