#include "leeway/sdf/leeway/dive_pilot.h"

#include <fmt/format.h>

#include "leeway/propulsion/rotor_dynamics.h"
#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/leeway/controllers.h"

namespace leeway::sdfio {

DivePilotModel load_dive_pilot(const sdf::ElementPtr& plugin, const Model& model, int body) {
  reject_unknown_children(
      plugin,
      {"rate", "navigation", "navigation_acceleration_noise", "waypoints", "cruise_command",
       "lookahead", "acceptance_radius", "max_pitch", "depth", "pitch", "heading"},
      "the parameters listed in docs/sdf-reference.md, \"Reference autonomy\"");
  DivePilotModel p;
  const sdf::ElementPtr waypoints =
      required_child(plugin, "waypoints", "<waypoint>x y z</waypoint> elements [m] in W");
  reject_unknown_children(waypoints, {"waypoint"}, "<waypoint> elements");
  for_each_child(waypoints, [&](const sdf::ElementPtr& w) {
    p.waypoints_W.push_back(read_vec3(w, "x y z [m] in W"));
  });
  if (p.waypoints_W.empty()) {
    throw LoadError(location_of(waypoints), "no <waypoint>; expected at least one");
  }
  const sdf::ElementPtr cruise =
      required_child(plugin, "cruise_command", "the thrusters' command, in their unit");
  p.cruise_command = read_number(cruise, "a thruster command");
  p.lookahead = number_or(plugin, "lookahead", 10.0, 0.0, true, "a distance in metres");
  p.acceptance_radius =
      number_or(plugin, "acceptance_radius", 5.0, 0.0, true, "a distance in metres");
  p.max_pitch = 0.35;
  if (const sdf::ElementPtr e = optional_child(plugin, "max_pitch"))
    p.max_pitch = read_number_in(e, 1e-3, 1.5, "a pitch angle in radians");
  p.depth = read_pid_gains(plugin, "depth", "rad/m");
  p.pitch = read_pid_gains(plugin, "pitch", "N m/rad");
  p.heading = read_pid_gains(plugin, "heading", "N m/rad");

  const BodyModel& b = model.bodies.at(static_cast<std::size_t>(body));
  if (b.thrusters.empty()) {
    throw LoadError(
        location_of(plugin),
        fmt::format("model '{}' has no thruster to drive it; expected one", b.model_name));
  }
  // A propeller mounted facing aft (LAUV's is yawed by pi, as UUV Simulator writes it) needs a
  // negative command for way ahead; a sign slip would send the vehicle astern, where its fins
  // lead and it tumbles, so the load checks the surge the command gives at rest.
  double surge = 0.0;
  for (const Thruster& t : b.thrusters) {
    if (t.actuator < 0) continue;
    p.propulsion.push_back(t.actuator);
    const ActuatorModel& a = model.actuators.at(static_cast<std::size_t>(t.actuator));
    const double x =
        rotor_steady_state(a.dynamics.dynamics, effective_command(a, p.cruise_command, 0.0));
    surge += thruster_wrench(t, x, 0.0, Vec6::Zero(), Vec3::Zero())[0];
  }
  if (!(surge > 0.0)) {
    throw LoadError(location_of(cruise),
                    fmt::format("cruise command {} gives {:.3g} N of surge at rest, so model '{}' "
                                "would not go ahead; expected a command that pushes it forward "
                                "(a thruster facing aft takes a negative one)",
                                p.cruise_command, surge, b.model_name));
  }
  Vec6 pitch_and_yaw = Vec6::Zero();
  pitch_and_yaw[4] = pitch_and_yaw[5] = 1.0;
  p.fins = commander_for(plugin, [&] { return fin_commander(model, body, pitch_and_yaw); });
  return p;
}

}  // namespace leeway::sdfio
