// `leeway report RECORDING.mcap -o report.html`: a run's report as one self-contained HTML file
// (view/run_report.h, docs/viewer.md).
#pragma once

#include <string>

namespace leeway {

struct ReportCommandOptions {
  std::string recording;  ///< an MCAP file
  std::string output;     ///< the HTML file to write
};

/// Returns the exit code: 0, or 1 for a recording that cannot be read or a report that cannot
/// be written.
int report_command(const ReportCommandOptions& options);

}  // namespace leeway
