// `leeway run`: load a world (or the embedded default), step it for a duration (by default until
// its tasks finish), record and summarise. Options are documented in `leeway run --help` and
// docs/cli.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "leeway/core/error.h"
#include "leeway/output/output_frame.h"

namespace leeway {

inline constexpr double kDefaultDuration = 60.0;  ///< [s], for a world without tasks

struct RunCommandOptions {
  std::string world_path;  ///< empty: the embedded default world
  /// Simulated seconds; 0: until the world's tasks finish, or kDefaultDuration without tasks.
  double duration = 0.0;
  std::uint64_t seed = 0;
  std::string record_path;          ///< empty: no recording
  std::string record_sensors_path;  ///< a folder for the sensors' CSVs; empty: none
  double record_rate = 10.0;        ///< rows per second of simulated time
  OutputFrame frame = OutputFrame::kEnuFlu;
  std::string summary_path;                  ///< empty: no JSON summary
  bool progress = true;                      ///< draw the progress bar if stderr is a terminal
  Verbosity verbosity = Verbosity::kNormal;  ///< of the world's warnings (core/error.h)
  std::vector<std::string> commands;         ///< MODEL/ACTUATOR=VALUE, held for the whole run
  std::vector<std::string> spawns;           ///< NAME=URI[@X,Y,Z[,ROLL,PITCH,YAW]] (spawn_option.h)
  /// "truth" or "estimated": every controller's navigation, over the world's <navigation>;
  /// empty: the world's.
  std::string navigation;
  /// false: the world's controllers (autopilots, station keepers) are left out, so that the
  /// actuators follow --command or a served client alone.
  bool controllers = true;
  /// Serve the run over gz-transport (interfaces/gz_server.h) and to ROS 2 over DDS
  /// (interfaces/dds_server.h). Without a duration it runs until stopped (SIGINT or SIGTERM).
  bool serve = false;
  std::string listen = "127.0.0.1";  ///< the address the served transports use (IGN_IP)
  std::optional<int> ros_domain;     ///< none: ROS_DOMAIN_ID, else 0
  double clock_rate = 0.0;           ///< serving: /clock per simulated second; 0: every step
  /// Simulated seconds per wall-clock second; 0: as fast as possible; none: real time when
  /// serving, as fast as possible otherwise.
  std::optional<double> rate_factor;
  bool lockstep = false;  ///< serving: each step waits for a client's step request
  /// Serve the run to viewers over the Foxglove WebSocket protocol, and the built-in page, on
  /// this port of `listen` (view/foxglove_server.h); none: not served. Without a duration it
  /// runs until stopped.
  std::optional<int> view_port;
};

/// Runs and prints the human summary; returns the process exit code
/// (0 done, 1 bad input or I/O failure, 2 the run stopped on a non-finite state).
int run_command(const RunCommandOptions& options);

}  // namespace leeway
