// `leeway view RECORDING.mcap`: a recording replayed to the built-in page, Foxglove and
// Lichtblick (view/mcap_player.h, docs/viewer.md), until stopped.
#pragma once

#include <string>

namespace leeway {

struct ViewCommandOptions {
  std::string recording;             ///< an MCAP file
  std::string listen = "127.0.0.1";  ///< the address to serve on
  int port = 8765;                   ///< 0: any free port
  double rate_factor = 1.0;          ///< log seconds per wall second; 0: as fast as possible
};

/// Serves until SIGINT or SIGTERM; returns the exit code (0, or 1 for a file that cannot be read
/// or a port that cannot be had).
int view_command(const ViewCommandOptions& options);

}  // namespace leeway
