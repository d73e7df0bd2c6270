// A run's report (`leeway report run.mcap -o report.html`, docs/viewer.md): one self-contained
// HTML file, readable with no server and no network, for sharing results. From a recording's
// channels (view_channels.h) it shows:
//
//   the run        world, source, seed, recorded span
//   the tasks      each task's final phase, score and collisions, the wayfinding minimum errors
//   the track      the first body's path in the world's east and north [m], equal scales, with
//                  the tasks' goals (arrows at their headings, numbered) and where it started and
//                  ended (an SVG drawn here)
//   time series    speed, compass heading, roll and pitch of the first body; each actuator's
//                  command and each thruster's thrust; wind and current at the body; each
//                  task's score (uPlot, inlined from the viewer page's copy)
//   the log        the recording's warnings and errors, in order
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace leeway {

struct RunReportFacts {
  std::uint64_t messages = 0;  ///< read from the recording
  std::size_t track_points = 0;
  std::size_t charts = 0;
  double recorded_s = 0.0;  ///< [s] of simulated time, to the last message read
  bool cut_short = false;   ///< the file ends inside a record: read to its last whole one
};

/// Writes the report of `recording` to `out`, with uPlot taken from `web_root`'s vendor folder.
/// Throws McapReadError (mcap_reader.h) for a recording that cannot be read, std::runtime_error
/// naming the file for a report that cannot be written or a web root without uPlot.
RunReportFacts write_run_report(const std::filesystem::path& recording,
                                const std::filesystem::path& out,
                                const std::filesystem::path& web_root);

}  // namespace leeway
