#include "leeway/app/report_command.h"

#include <fmt/format.h>

#include <cstdlib>
#include <exception>
#include <filesystem>

#include "leeway/app/web_root.h"
#include "leeway/output/run_report.h"

namespace leeway {

int report_command(const ReportCommandOptions& o) {
  try {
    const RunReportFacts facts = write_run_report(o.recording, o.output, viewer_web_root());
    fmt::print(
        "report     {} ({} messages read{}; a track of {} points, {} charts; {:.0f} kB, "
        "self-contained)\n",
        o.output, facts.messages,
        facts.cut_short ? fmt::format(", {:.1f} s: the recording is cut short, read to its last "
                                      "whole record",
                                      facts.recorded_s)
                        : "",
        facts.track_points, facts.charts,
        static_cast<double>(std::filesystem::file_size(o.output)) / 1e3);
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace leeway
