#include "leeway/app/polar_command.h"

#include <fmt/format.h>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "leeway/app/load_world_or_default.h"

namespace leeway {
namespace {

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out) {
    fmt::print(stderr, "error: cannot write '{}': {}\n", path, std::strerror(errno));
    return false;
  }
  return true;
}

}  // namespace

int polar_command(PolarCommandOptions o) {
  Diagnostics diagnostics;
  const std::optional<Scenario> loaded =
      load_world_or_default(o.world_path, 0, diagnostics, {}, o.verbosity);
  if (!loaded) return 1;
  const Model& world = loaded->model;
  if (o.polar.model.empty() && world.bodies.size() == 1) o.polar.model = world.bodies[0].model_name;
  const int count = static_cast<int>(std::floor(180.0 / o.angle_step_deg + 1e-9));
  for (int i = 0; i <= count; ++i)
    o.polar.angles_deg.push_back(i * o.angle_step_deg);

  std::vector<PolarPoint> polar;
  try {
    polar = sail_polar(world, o.polar);
  } catch (const std::runtime_error& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
  fmt::print("polar of {} in a true wind of {:.3g} m/s ({} s per run and trim)\n", o.polar.model,
             o.polar.wind_speed, o.polar.duration);
  fmt::print("{:>10} {:>11} {:>10} {:>10}\n", "wind [deg]", "speed [m/s]", "trim [deg]",
             "heel [deg]");
  std::string csv = "true_wind_angle_deg,speed,trim_deg,heel_deg,held\n";
  for (const PolarPoint& p : polar) {
    if (p.held) {
      fmt::print("{:>10.1f} {:>11.3f} {:>10.0f} {:>10.1f}\n", p.angle_deg, p.speed, p.trim_deg,
                 p.heel_deg);
    } else {
      fmt::print("{:>10.1f} {:>11} (cannot hold this course)\n", p.angle_deg, "-");
    }
    csv += fmt::format("{},{},{},{},{}\n", p.angle_deg, p.speed, p.trim_deg, p.heel_deg, p.held);
  }
  if (!o.csv_path.empty()) {
    if (!write_file(o.csv_path, csv)) return 1;
    fmt::print("polar      {}\n", o.csv_path);
  }
  if (!o.svg_path.empty()) {
    const std::string title = fmt::format("{}: speed polar", o.polar.model);
    if (!write_file(o.svg_path, polar_svg(polar, o.polar.wind_speed, title))) return 1;
    fmt::print("plot       {}\n", o.svg_path);
  }
  return 0;
}

}  // namespace leeway
