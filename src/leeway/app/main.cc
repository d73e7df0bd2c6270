// The `leeway` command.
#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <sdf/Console.hh>
#include <vector>

#include "leeway/app/polar_command.h"
#include "leeway/app/probe_command.h"
#include "leeway/app/report_command.h"
#include "leeway/app/run_command.h"
#include "leeway/app/topics_command.h"
#include "leeway/app/view_command.h"
#include "leeway/sim/rate_factor.h"

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

/// A seed: a whole number from 0 to 2^64 - 1, written in digits (CLI11 alone would take -1 as
/// 2^64 - 1 and clamp a larger number to it).
const CLI::Validator kSeed(
    [](std::string& s) -> std::string {
      std::uint64_t seed = 0;
      const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), seed);
      if (!s.empty() && error == std::errc() && end == s.data() + s.size()) return {};
      return fmt::format("got '{}', expected a whole number from 0 to {}", s,
                         std::numeric_limits<std::uint64_t>::max());
    },
    "SEED");

/// A rate factor: 0, or within sim/rate_factor.h's range.
const CLI::Validator kRateFactor(
    [](std::string& s) -> std::string {
      try {
        std::size_t used = 0;
        const double x = std::stod(s, &used);
        if (used == s.size()) return leeway::rate_factor_error(x);
      } catch (const std::exception&) {
      }
      return fmt::format("got '{}', expected a number", s);
    },
    "FACTOR");

/// A TCP port: a whole number from 0 to 65535.
const CLI::Validator kPort(
    [](std::string& s) -> std::string {
      unsigned port = 0;
      const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), port);
      if (!s.empty() && error == std::errc() && end == s.data() + s.size() && port <= 65535)
        return {};
      return fmt::format("got '{}', expected a port: a whole number from 0 to 65535", s);
    },
    "PORT");

/// CLI11's help without a flag's default written into its name ("--view{8765}"): the
/// description says the default.
class HelpFormatter final : public CLI::Formatter {
 public:
  std::string make_option_name(const CLI::Option* option, bool is_positional) const override {
    std::string name = CLI::Formatter::make_option_name(option, is_positional);
    for (std::size_t open; (open = name.find('{')) != std::string::npos;) {
      const std::size_t close = name.find('}', open);
      if (close == std::string::npos) break;
      name.erase(open, close - open + 1);
    }
    return name;
  }
};

/// A world file that exists. A name of digits alone is most likely a port meant for --view,
/// which takes its port as --view=PORT (a bare word after it is the world).
const CLI::Validator kWorldFile(
    [](std::string& s) -> std::string {
      std::error_code ec;
      if (std::filesystem::is_regular_file(s, ec)) return {};
      if (!s.empty() && s.find_first_not_of("0123456789") == std::string::npos)
        return fmt::format(
            "no world file '{}'; a port for --view is given as --view={} or "
            "--port {}",
            s, s, s);
      return fmt::format("no world file '{}'", s);
    },
    "FILE");

/// "X,Y" or "X,Y,Z" as finite numbers [m], or nothing.
std::optional<std::vector<double>> parse_point(const std::string& s) {
  std::vector<double> v;
  for (std::size_t start = 0; start <= s.size();) {
    const std::size_t comma = std::min(s.find(',', start), s.size());
    const std::string part = s.substr(start, comma - start);
    try {
      std::size_t used = 0;
      v.push_back(std::stod(part, &used));
      if (used != part.size() || !std::isfinite(v.back())) return std::nullopt;
    } catch (const std::exception&) {
      return std::nullopt;
    }
    start = comma + 1;
  }
  if (v.size() != 2 && v.size() != 3) return std::nullopt;
  return v;
}

const CLI::Validator kPoint(
    [](std::string& s) -> std::string {
      return parse_point(s) ? std::string()
                            : fmt::format("got '{}', expected X,Y or X,Y,Z in metres", s);
    },
    "X,Y[,Z]");

/// --quiet and --verbose (excluding each other), setting `verbosity`: how much of the world's
/// warnings `command` prints.
void add_verbosity(CLI::App* command, leeway::Verbosity& verbosity,
                   const char* quiet_help = "Print no warning about the world, errors only") {
  CLI::Option* quiet = command->add_flag_callback(
      "--quiet", [&verbosity] { verbosity = leeway::Verbosity::kQuiet; }, quiet_help);
  command
      ->add_flag_callback(
          "--verbose", [&verbosity] { verbosity = leeway::Verbosity::kVerbose; },
          "Print every warning about the world, each on its own line; by default a\n"
          "warning of a kind met many times (a joint treated as fixed, a texture not\n"
          "drawn) is printed once, with how many more of it there are")
      ->excludes(quiet);
}

void add_probe(CLI::App& app, leeway::ProbeOptions& p, std::string& point) {
  CLI::App* probe = app.add_subcommand(
      "probe",
      "Record what the environment does at one fixed point: the free-surface elevation above\n"
      "(X, Y), the water-particle velocity and the current at (X, Y, Z), and the wind, like a\n"
      "wave gauge, current meter and anemometer; print the record's mean level, significant\n"
      "height 4 std(eta), zero-upcrossing period and extremes, the current and wind speeds'\n"
      "statistics, and the water depth where the world has a seabed. Without WORLD, probes the\n"
      "embedded default world.");
  probe->add_option("WORLD", p.world_path, "SDF world file (default: the embedded default world)")
      ->check(CLI::ExistingFile);
  probe
      ->add_option("--point", point,
                   "X,Y[,Z] in the world frame (ENU) [m]; Z is where the velocities are taken\n"
                   "(default: the calm surface level)")
      ->required()
      ->check(kPoint);
  probe->add_option("--duration", p.duration, "Length of the record [s]")
      ->check(kPositiveFinite)
      ->capture_default_str();
  probe->add_option("--rate", p.rate, "Samples per second [Hz]")
      ->check(kPositiveFinite)
      ->capture_default_str();
  probe->add_option("--seed", p.seed, "World seed (realises the sea state)")
      ->check(kSeed)
      ->capture_default_str();
  probe->add_option("--record", p.record_path,
                    "Write the samples to this CSV file: t,elevation,u,v,w,current_x,current_y,\n"
                    "current_z,wind_x,wind_y [s, m, m/s ...], world frame (ENU)");
  add_verbosity(probe, p.verbosity);
}

void add_polar(CLI::App& app, leeway::PolarCommandOptions& p) {
  CLI::App* polar = app.add_subcommand(
      "polar",
      "A sailboat's speed polar for one true wind speed: for each angle between the wind and the\n"
      "course, the steady speed along the course in a steady wind from the North, steered by a\n"
      "course autopilot on the rudder and trimmed by one on the sheet, the best of six sail\n"
      "trims. Prints a table; writes CSV and an SVG plot on request (docs/cli.md).");
  polar->add_option("WORLD", p.world_path, "SDF world file with the sailboat")
      ->required()
      ->check(CLI::ExistingFile);
  polar->add_option("--model", p.polar.model, "The sailboat's model (default: the only model)");
  polar->add_option("--rudder", p.polar.rudder, "Its rudder actuator [rad]")->capture_default_str();
  polar->add_option("--sheet", p.polar.sheet, "Its sheet actuator")->capture_default_str();
  polar->add_option("--wind-speed", p.polar.wind_speed, "True wind speed [m/s]")
      ->check(kPositiveFinite)
      ->capture_default_str();
  polar->add_option("--angle-step", p.angle_step_deg, "Step of the wind angles from 0 to 180 [deg]")
      ->check(kPositiveFinite)
      ->capture_default_str();
  polar
      ->add_option("--duration", p.polar.duration,
                   "Simulated time of each run [s]; the speed is the mean of its last third")
      ->check(kPositiveFinite)
      ->capture_default_str();
  polar->add_option(
      "--output", p.csv_path,
      "Write the polar to this CSV file: true_wind_angle_deg,speed,trim_deg,heel_deg,held");
  polar->add_option("--svg", p.svg_path, "Draw the polar into this SVG file");
  add_verbosity(polar, p.verbosity);
}

}  // namespace

int main(int argc, char** argv) {
  // sdformat prints its own console messages; Leeway reports every load problem itself.
  sdf::Console::Instance()->SetQuiet(true);

  CLI::App app{
      "Leeway: a simulator for unmanned surface and underwater vehicles.\n"
      "Worlds are SDF files (SDF <= 1.9) using gz-sim's maritime plugins or Leeway's own;\n"
      "see docs/sdf-reference.md. Frames: ENU world, FLU bodies (NED/FRD on request).",
      "leeway"};
  app.formatter(std::make_shared<HelpFormatter>());  // before the subcommands, which copy it
  app.set_version_flag("--version", std::string("leeway ") + LEEWAY_VERSION);
  app.require_subcommand(1);

  leeway::RunCommandOptions o;
  std::string frame = "enu";
  CLI::App* run = app.add_subcommand(
      "run",
      "Run a world for a simulated duration (by default until its tasks finish), optionally\n"
      "recording body motion to CSV and a summary to JSON. Without WORLD, runs the embedded "
      "default world (worlds/default.sdf).\n"
      "Exit status: 0 done; 1 bad input (the message names file, line, element and value);\n"
      "2 the run stopped on a non-finite state (the recording so far is kept).");
  run->add_option("WORLD", o.world_path, "SDF world file (default: the embedded default world)")
      ->check(kWorldFile);
  run->add_option("--duration", o.duration,
                  "Simulated time to run [s] (default: until the world's tasks finish, or 60 s\n"
                  "in a world without tasks)")
      ->check(kPositiveFinite);
  run->add_option("--seed", o.seed, "World seed for every random stream")
      ->check(kSeed)
      ->capture_default_str();
  run->add_option("--record", o.record_path,
                  "Record the run. A FILE.mcap gets every channel a viewer shows (transforms,\n"
                  "odometry, sensors, actuators, tasks, the scene, the sea, the log) as MCAP for\n"
                  "Foxglove, Lichtblick and `leeway view` (docs/viewer.md). Any other name gets\n"
                  "body motion as CSV: one row per (time, model) with columns\n"
                  "t,model,x,y,z,roll,pitch,yaw,u,v,w,p,q,r (world position [m], ZYX Euler\n"
                  "angles [rad], body twist [m/s, rad/s]), then the state of every actuator of\n"
                  "the world, MODEL/ACTUATOR, in its own unit");
  run->add_option("--record-sensors", o.record_sensors_path,
                  "Write every sensor's samples to this folder (made if need be): one CSV per\n"
                  "sensor, MODEL.SENSOR.csv, a row per sample (docs/sensors.md gives the\n"
                  "columns and units)");
  run->add_option("--record-rate", o.record_rate,
                  "Rows (CSV) or frames (MCAP) per simulated second; at most the physics rate\n"
                  "1/max_step_size [Hz]")
      ->check(kPositiveFinite)
      ->capture_default_str();
  run->add_option("--frame", frame,
                  "Convention of the recording and summary: enu (ENU world, FLU body) or ned\n"
                  "(NED world, FRD body)")
      ->check(CLI::IsMember({"enu", "ned"}))
      ->capture_default_str();
  run->add_option("--summary", o.summary_path, "Write a JSON summary of the run to this file");
  run->add_option("--command", o.commands,
                  "MODEL/ACTUATOR=VALUE: hold an actuator's command for the whole run, in the\n"
                  "actuator's unit (repeatable; docs/cli.md lists each model's actuators)");
  run->add_option("--spawn", o.spawns,
                  "NAME=URI[@X,Y,Z[,ROLL,PITCH,YAW]]: add a model to the world as it loads, as\n"
                  "gz-sim's create service does (VRX's launch spawns its WAM-V so: wamv=URI@\n"
                  "-532,162,0,0,0,1); URI as an <include>'s, pose in metres and radians\n"
                  "(repeatable; docs/cli.md)");
  run->add_option("--navigation", o.navigation,
                  "truth or estimated: what every reference controller navigates by, over the\n"
                  "world's <navigation> (estimated: its vehicle's sensors through Leeway's\n"
                  "reference navigator, docs/navigation.md)")
      ->check(CLI::IsMember({"truth", "estimated"}));
  run->add_flag_callback(
      "--no-controllers", [&o] { o.controllers = false; },
      "Leave the world's controllers (autopilots, station keepers) out, so that the\n"
      "actuators follow --command or a served client alone");
  run->add_flag("--serve", o.serve,
                "Serve the run over gz-transport as gz-sim serves a world (topics and the\n"
                "/world/W/control service) and to ROS 2 over DDS (docs/interfaces.md), paced\n"
                "at real time, until stopped (Ctrl-C) unless --duration is given");
  run->add_option("--listen", o.listen,
                  "The address the served transports use (IGN_IP; DDS's interface): the\n"
                  "loopback, the default,\n"
                  "keeps the world to this machine; a LAN address lets any host there read and\n"
                  "command it (there is no authentication)")
      ->capture_default_str();
  run->add_option("--ros-domain", o.ros_domain,
                  "With --serve: the ROS 2 (DDS) domain; default ROS_DOMAIN_ID, else 0")
      ->check(CLI::Range(0, 232));
  run->add_option("--clock-rate", o.clock_rate,
                  "With --serve: /clock (both transports) per simulated second; 0, the default,\n"
                  "publishes it every step as gz-sim does")
      ->check(CLI::NonNegativeNumber);
  run->add_option("--rate-factor", o.rate_factor,
                  "Simulated seconds per wall-clock second; 0: as fast as possible (the\n"
                  "default without --serve; 1 with it); else from 1e-3 to 1e6")
      ->check(kRateFactor);
  run->add_flag("--lockstep", o.lockstep,
                "With --serve: each step waits for a client's step or multi_step on\n"
                "/world/W/control, or /world/W/lockstep (commands and steps in one request,\n"
                "which makes a scripted client's run the same bits whatever its timing)");
  // A flag, so that the word after it is never taken as its port: `--view worlds/otter.sdf`
  // views that world. The port is --view=PORT or --port PORT.
  std::string view_port = "8765";
  CLI::Option* view =
      run->add_flag("--view{8765}", view_port,
                    "Serve the run to viewers on port 8765 of --listen (--view=PORT or --port\n"
                    "PORT for another; 0: any free one): the built-in page at\n"
                    "http://127.0.0.1:PORT/, and Foxglove or Lichtblick at ws://127.0.0.1:PORT\n"
                    "(docs/viewer.md); paced at real time, until stopped (Ctrl-C) unless\n"
                    "--duration is given")
          ->check(kPort);
  std::optional<std::string> port;
  run->add_option("--port", port, "The port --view serves on (default 8765; 0: any free one)")
      ->check(kPort)
      ->needs(view);
  run->add_flag_callback(
      "--no-progress", [&o] { o.progress = false; },
      "Never draw the progress bar (it is drawn only on a terminal anyway)");
  add_verbosity(run, o.verbosity,
                "Print no warning about the world or --command, errors only (the summary keeps\n"
                "them all)");

  leeway::ProbeOptions probe;
  std::string point;
  add_probe(app, probe, point);

  leeway::PolarCommandOptions polar;
  add_polar(app, polar);

  leeway::ReportCommandOptions report;
  CLI::App* report_app = app.add_subcommand(
      "report",
      "Write a run's report from its recording (leeway run --record FILE.mcap) as one\n"
      "self-contained HTML file: the tasks' scores and collisions, the track with the\n"
      "waypoints, time series, warnings (docs/viewer.md)");
  report_app->add_option("RECORDING", report.recording, "The MCAP file")->required();
  report_app->add_option("-o,--output", report.output, "The HTML file to write")->required();

  leeway::TopicsCommandOptions topics;
  CLI::App* topics_app = app.add_subcommand(
      "topics",
      "List every topic and service a served run of WORLD publishes and takes (leeway run\n"
      "--serve, --view): on gz-transport, on ROS 2 and in the viewer, with message types and\n"
      "rates (docs/interfaces.md). Without WORLD, the embedded default world's");
  topics_app->add_option("WORLD", topics.world_path,
                         "SDF world file (default: the embedded default world)");
  topics_app->add_option("--spawn", topics.spawns,
                         "NAME=URI[@X,Y,Z[,ROLL,PITCH,YAW]]: a model added as the world loads, as "
                         "for leeway run");
  topics_app
      ->add_option("--clock-rate", topics.clock_rate,
                   "The /clock rate a served run would have [Hz]; 0: every step")
      ->check(CLI::NonNegativeNumber);
  add_verbosity(topics_app, topics.verbosity);

  leeway::ViewCommandOptions replay;
  CLI::App* view_app = app.add_subcommand(
      "view",
      "Replay a recording (leeway run --record FILE.mcap, or any MCAP file of JSON channels) to\n"
      "the built-in viewer page, Foxglove and Lichtblick, until stopped (docs/viewer.md)");
  view_app->add_option("RECORDING", replay.recording, "The MCAP file")->required();
  view_app->add_option("--port", replay.port, "The port to serve on; 0: any free one")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  view_app
      ->add_option("--listen", replay.listen,
                   "The address to serve on: the loopback, the default, keeps it to this "
                   "machine")
      ->capture_default_str();
  view_app
      ->add_option("--rate-factor", replay.rate_factor,
                   "Recorded seconds per wall-clock second; 0: as fast as possible; else from\n"
                   "1e-3 to 1e6")
      ->check(kRateFactor)
      ->capture_default_str();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  if (app.got_subcommand("probe")) {
    const std::vector<double> xyz = *parse_point(point);
    probe.x = xyz[0];
    probe.y = xyz[1];
    if (xyz.size() == 3) probe.z = xyz[2];
    return leeway::probe_command(probe);
  }
  if (app.got_subcommand("polar")) return leeway::polar_command(polar);
  if (app.got_subcommand("view")) return leeway::view_command(replay);
  if (app.got_subcommand("report")) return leeway::report_command(report);
  if (app.got_subcommand("topics")) return leeway::topics_command(topics);
  o.frame = *leeway::parse_output_frame(frame);
  if (view->count() > 0) o.view_port = std::stoi(port.value_or(view_port));
  return leeway::run_command(o);
}
