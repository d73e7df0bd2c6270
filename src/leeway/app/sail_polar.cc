#include "leeway/app/sail_polar.h"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "leeway/core/rotation.h"
#include "leeway/propulsion/control_surface.h"
#include "leeway/sim/simulation.h"

namespace leeway {
namespace {

constexpr double kDeg = kPi / 180.0;
constexpr double kCourseGain = 2.0;              // K_p [rad of rudder per rad of course error]
constexpr double kYawRateGain = 2.0;             // K_d [s]
constexpr double kCourseTolerance = 5.0 * kDeg;  // mean |error| of a held course
constexpr double kSteerageWay = 0.05;            // [m/s]: below it the course is the heading
constexpr double kStartSpeedRatio = 0.2;         // way on at the start, per wind speed
constexpr double kTrims[] = {6.0, 10.0, 14.0, 18.0, 22.0, 90.0};  // sail angles of attack [deg]

int find_actuator(const Model& world, const std::string& model, const std::string& name) {
  const int i = world.actuator_index(model, name);
  if (i < 0) {
    std::string known;
    for (const ActuatorModel& a : world.actuators) {
      if (a.model_name == model) known += (known.empty() ? "" : ", ") + a.name;
    }
    throw std::runtime_error(fmt::format("model '{}' has no actuator '{}' (it has: {})", model,
                                         name, known.empty() ? "none" : known));
  }
  return i;
}

const ControlSurface* surface_of(const BodyModel& body, int actuator) {
  for (const ControlSurface& s : body.control_surfaces) {
    if (s.actuator == actuator) return &s;
  }
  return nullptr;
}

/// +1 if a positive rudder turns the boat to port (yaws it positively) when it moves ahead.
double rudder_sign(const BodyModel& body, int rudder, const std::string& name) {
  if (const ControlSurface* s = surface_of(body, rudder)) {
    const Vec6 nu = stack(Vec3(1.0, 0.0, 0.0), Vec3::Zero());
    const double N = control_surface_wrench(*s, 0.1, nu, Vec3::Zero(), 1000.0)[5];
    if (N != 0.0) return N > 0.0 ? 1.0 : -1.0;
  }
  throw std::runtime_error(
      fmt::format("actuator '{}' is not a control surface that yaws the boat", name));
}

const Sail& sail_of(const BodyModel& body, int sheet, const std::string& name) {
  const ControlSurface* s = surface_of(body, sheet);
  if (!s || !std::holds_alternative<Sail>(s->law)) {
    throw std::runtime_error(fmt::format("actuator '{}' is not a sail's sheet", name));
  }
  return std::get<Sail>(s->law);
}

struct Boat {
  int body, rudder, sheet;
  double rudder_sign;
  const Sail* sail;
  double sheet_min, sheet_max;
};

struct RunResult {
  double speed = 0.0, heel = 0.0;
  double course_error = 0.0;  ///< mean |error| [rad]
};

/// One run on `course` [rad, ENU] with the sheet trimmed to hold the sail at angle of attack
/// `trim` [rad] (the sailor's telltales).
RunResult run_once(const Model& world, const Boat& boat, const Vec3& wind_W, double course,
                   double trim, double duration, double initial_speed) {
  Simulation sim(world);
  {
    Snapshot start = sim.snapshot();
    BodyState& b = start.state.bodies[static_cast<std::size_t>(boat.body)];
    const double yaw0 = euler_zyx(b.q_WB).z();
    b.q_WB = (Quat(Eigen::AngleAxisd(course - yaw0, Vec3::UnitZ())) * b.q_WB).normalized();
    b.V_WB_B[0] = initial_speed;
    sim.restore(start);
  }
  const State& state = sim.state();
  const ActuatorModel& r = world.actuators[static_cast<std::size_t>(boat.rudder)];
  const Sail& sail = *boat.sail;
  Inputs in;
  in.commands.assign(world.actuators.size(), std::nullopt);
  const auto steps = static_cast<long>(std::llround(duration / world.dt));
  const long averaged_from = steps - steps / 3;
  const Vec3 along(std::cos(course), std::sin(course), 0.0);
  // The course over ground, or the heading while the boat has no steerage way.
  const auto course_error = [&](const BodyState& now) {
    const Vec3 v_W = now.q_WB * Vec3(linear(now.V_WB_B));
    const double track = v_W.head<2>().norm() > kSteerageWay ? std::atan2(v_W.y(), v_W.x())
                                                             : euler_zyx(now.q_WB).z();
    return wrap_angle(course - track);
  };
  RunResult sum;
  for (long k = 0; k < steps; ++k) {
    const BodyState& now = state.bodies[static_cast<std::size_t>(boat.body)];
    const double delta =
        boat.rudder_sign * (kCourseGain * course_error(now) - kYawRateGain * now.V_WB_B[5]);
    in.commands[static_cast<std::size_t>(boat.rudder)] =
        std::clamp(delta, std::max(r.command_min, r.dynamics.x_min),
                   std::min(r.command_max, r.dynamics.x_max));
    // Ease the sheet until the sail meets the apparent wind at the trim angle: the swing is
    // alpha0 - trim (sail.h), and the sheet that allows it follows from the law of cosines.
    const Vec3 v_air_B = now.q_WB.conjugate() * wind_W -
                         (Vec3(linear(now.V_WB_B)) + Vec3(angular(now.V_WB_B)).cross(sail.p_BoM_B));
    const double swing = std::max(0.0, std::abs(angle_of_attack(sail.foil, 0.0, v_air_B)) - trim);
    const double a = sail.deck_block, b = sail.boom_block;
    in.commands[static_cast<std::size_t>(boat.sheet)] = std::clamp(
        std::sqrt(a * a + b * b - 2 * a * b * std::cos(swing)), boat.sheet_min, boat.sheet_max);
    const StepResult result = sim.step(in);
    if (!result.ok) throw std::runtime_error(result.error);
    if (k >= averaged_from) {
      const BodyState& s = state.bodies[static_cast<std::size_t>(boat.body)];
      sum.speed += along.dot(s.q_WB * Vec3(linear(s.V_WB_B)));
      sum.heel += euler_zyx(s.q_WB).x();
      sum.course_error += std::abs(course_error(s));
    }
  }
  const auto n = static_cast<double>(steps - averaged_from);
  return {sum.speed / n, sum.heel / n / kDeg, sum.course_error / n};
}

}  // namespace

std::vector<PolarPoint> sail_polar(const Model& world_in, const PolarOptions& o) {
  const int body = world_in.body_index(o.model);
  if (body < 0) throw std::runtime_error(fmt::format("no model '{}' in the world", o.model));
  const BodyModel& hull = world_in.bodies[static_cast<std::size_t>(body)];
  Boat boat{body,
            find_actuator(world_in, o.model, o.rudder),
            find_actuator(world_in, o.model, o.sheet),
            0.0,
            nullptr,
            0.0,
            0.0};
  boat.rudder_sign = rudder_sign(hull, boat.rudder, o.rudder);
  boat.sail = &sail_of(hull, boat.sheet, o.sheet);
  const ActuatorModel& s = world_in.actuators[static_cast<std::size_t>(boat.sheet)];
  boat.sheet_min = std::max(s.command_min, s.dynamics.x_min);
  boat.sheet_max = std::min(s.command_max, s.dynamics.x_max);
  if (!(o.wind_speed >= 0.0) || !std::isfinite(o.wind_speed)) {
    throw std::runtime_error(fmt::format("wind speed {}, expected >= 0 m/s", o.wind_speed));
  }

  Model world = world_in;  // the same world in a steady wind from the North
  WindModel& wind = world.environment.wind;
  wind.mean_speed = o.wind_speed;
  wind.direction = -kPi / 2;
  wind.gust = GustKind::kNone;
  world.environment.wind_field.reset();
  const Vec3 wind_W(0.0, -o.wind_speed, 0.0);

  std::vector<PolarPoint> polar;
  for (double angle : o.angles_deg) {
    PolarPoint best{angle, 0.0, 0.0, 0.0, false};
    for (double trim : kTrims) {
      const RunResult r = run_once(world, boat, wind_W, kPi / 2 - angle * kDeg, trim * kDeg,
                                   o.duration, kStartSpeedRatio * o.wind_speed);
      // A run that lost its course has no speed on it.
      if (r.course_error > kCourseTolerance) continue;
      if (!best.held || r.speed > best.speed) best = {angle, r.speed, trim, r.heel, true};
    }
    polar.push_back(best);
  }
  return polar;
}

std::string polar_svg(const std::vector<PolarPoint>& polar, double wind_speed,
                      const std::string& title) {
  double top = 0.0;
  for (const PolarPoint& p : polar)
    top = std::max(top, p.speed);
  double ring = 0.1;
  for (double candidate : {0.1, 0.2, 0.5, 1.0, 2.0}) {
    ring = candidate;
    if (top / candidate <= 5.0) break;
  }
  const int rings = std::max(2, static_cast<int>(std::ceil(top / ring)));
  const double R = 220.0, cx = 40.0, cy = 260.0, scale = R / (rings * ring);
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"540\" "
      "font-family=\"sans-serif\" font-size=\"11\">\n"
      "<text x=\"10\" y=\"18\" font-size=\"13\">{}</text>\n"
      "<text x=\"10\" y=\"34\">true wind {:.3g} m/s from the top; boat speed [m/s]</text>\n",
      title, wind_speed);
  for (int i = 1; i <= rings; ++i) {
    const double r = i * ring * scale;
    svg += fmt::format(
        "<path d=\"M {:.1f} {:.1f} A {:.1f} {:.1f} 0 0 1 {:.1f} {:.1f}\" fill=\"none\" "
        "stroke=\"#ccc\"/>\n<text x=\"{:.1f}\" y=\"{:.1f}\" fill=\"#888\">{:.2g}</text>\n",
        cx, cy - r, r, r, cx, cy + r, cx + 3, cy - r - 2, i * ring);
  }
  for (int a = 0; a <= 180; a += 30) {
    const double t = a * kPi / 180.0;
    svg += fmt::format(
        "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#ddd\"/>\n"
        "<text x=\"{:.1f}\" y=\"{:.1f}\">{}&#176;</text>\n",
        cx, cy, cx + R * std::sin(t), cy - R * std::cos(t), cx + (R + 14) * std::sin(t) - 8,
        cy - (R + 14) * std::cos(t) + 4, a);
  }
  std::string points;
  for (const PolarPoint& p : polar) {
    const double t = p.angle_deg * kPi / 180.0, r = std::max(0.0, p.speed) * scale;
    points += fmt::format("{:.1f},{:.1f} ", cx + r * std::sin(t), cy - r * std::cos(t));
  }
  svg += fmt::format(
      "<polyline points=\"{}\" fill=\"none\" stroke=\"#1f5fa8\" stroke-width=\"2\"/>\n</svg>\n",
      points);
  return svg;
}

}  // namespace leeway
