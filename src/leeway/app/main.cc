// The `leeway` command.
#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <cmath>
#include <sdf/Console.hh>

#include "leeway/app/run_command.h"

namespace {

/// A finite number > 0 (CLI11's PositiveNumber lets "inf" through).
const CLI::Validator kPositiveFinite(
    [](std::string& s) -> std::string {
      try {
        std::size_t used = 0;
        const double x = std::stod(s, &used);
        if (used == s.size() && std::isfinite(x) && x > 0.0) return {};
      } catch (const std::exception&) {
      }
      return fmt::format("got '{}', expected a positive, finite number", s);
    },
    "POSITIVE");

}  // namespace

int main(int argc, char** argv) {
  // sdformat prints its own console messages; Leeway reports every load problem itself.
  sdf::Console::Instance()->SetQuiet(true);

  CLI::App app{
      "Leeway: a simulator for unmanned surface and underwater vehicles.\n"
      "Worlds are SDF files (SDF <= 1.9) using gz-sim's maritime plugins or Leeway's own;\n"
      "see docs/sdf-reference.md. Frames: ENU world, FLU bodies (NED/FRD on request).",
      "leeway"};
  app.require_subcommand(1);

  leeway::RunOptions o;
  std::string frame = "enu";
  CLI::App* run = app.add_subcommand(
      "run",
      "Run a world for a fixed simulated duration, optionally recording body motion to CSV and a\n"
      "summary to JSON. Without WORLD, runs the embedded default world (worlds/default.sdf).\n"
      "Exit status: 0 done; 1 bad input (the message names file, line, element and value);\n"
      "2 the run stopped on a non-finite state (the recording so far is kept).");
  run->add_option("WORLD", o.world_path, "SDF world file (default: the embedded default world)")
      ->check(CLI::ExistingFile);
  run->add_option("--duration", o.duration, "Simulated time to run [s]")
      ->check(kPositiveFinite)
      ->capture_default_str();
  run->add_option("--seed", o.seed, "World seed for every random stream")->capture_default_str();
  run->add_option("--record", o.record_path,
                  "Write body motion to this CSV file: one row per (time, model) with columns\n"
                  "t,model,x,y,z,roll,pitch,yaw,u,v,w,p,q,r (world position [m], ZYX Euler\n"
                  "angles [rad], body twist [m/s, rad/s])");
  run->add_option("--record-rate", o.record_rate,
                  "Rows per simulated second; at most the physics rate 1/max_step_size [Hz]")
      ->check(kPositiveFinite)
      ->capture_default_str();
  run->add_option("--frame", frame,
                  "Convention of the recording and summary: enu (ENU world, FLU body) or ned\n"
                  "(NED world, FRD body)")
      ->check(CLI::IsMember({"enu", "ned"}))
      ->capture_default_str();
  run->add_option("--summary", o.summary_path, "Write a JSON summary of the run to this file");
  run->add_flag("!--no-progress", o.progress,
                "Never draw the progress bar (it is drawn only on a terminal anyway)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  o.frame = *leeway::parse_output_frame(frame);
  return leeway::run_command(o);
}
