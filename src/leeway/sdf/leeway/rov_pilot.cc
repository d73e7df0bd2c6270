#include "leeway/sdf/leeway/rov_pilot.h"

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/leeway/controllers.h"

namespace leeway::sdfio {

RovPilotModel load_rov_pilot(const sdf::ElementPtr& plugin, const Model& model, int body) {
  reject_unknown_children(plugin,
                          {"rate", "navigation", "navigation_acceleration_noise", "stations",
                           "acceptance_radius", "face_goal_beyond", "k_position", "k_attitude",
                           "max_speed", "max_turn_rate", "linear_velocity", "angular_velocity",
                           "max_linear_acceleration", "max_angular_acceleration", "inertia"},
                          "the parameters listed in docs/sdf-reference.md, \"Reference autonomy\"");
  RovPilotModel p;
  const BodyModel& b = model.bodies.at(static_cast<std::size_t>(body));
  if (const sdf::ElementPtr stations = optional_child(plugin, "stations")) {
    reject_unknown_children(stations, {"station"}, "<station> elements");
    for_each_child(stations,
                   [&](const sdf::ElementPtr& s) { p.stations.push_back(read_station(s)); });
    if (p.stations.empty()) {
      throw LoadError(location_of(stations), "no <station>; expected at least one");
    }
  } else {
    p.stations.push_back(start_station(b));
  }
  const auto positive = [&](const char* name, double fallback, const char* what) {
    return number_or(plugin, name, fallback, 0.0, true, what);
  };
  p.acceptance_radius = positive("acceptance_radius", 0.5, "a distance in metres");
  p.face_goal_beyond = positive("face_goal_beyond", 5.0, "a distance in metres");
  p.k_position = positive("k_position", 0.8, "a gain in 1/s");
  p.k_attitude = positive("k_attitude", 0.3, "a gain in 1/s");
  p.max_speed = positive("max_speed", 0.5, "a speed in m/s");
  p.max_turn_rate = positive("max_turn_rate", 0.3, "a turn rate in rad/s");
  p.linear = read_pid_gains(plugin, "linear_velocity", "1/s");
  p.angular = read_pid_gains(plugin, "angular_velocity", "1/s");
  p.max_linear_acceleration = positive("max_linear_acceleration", 20.0, "an acceleration in m/s^2");
  p.max_angular_acceleration =
      positive("max_angular_acceleration", 5.0, "an angular acceleration in rad/s^2");
  const sdf::ElementPtr inertia = optional_child(plugin, "inertia");
  const bool with_added_mass =
      !inertia || read_keyword<bool>(inertia, {{"total", true}, {"rigid_body", false}});
  p.M = with_added_mass ? Mat6(b.M_RB + b.M_A) : b.M_RB;
  p.commander = commander_for(plugin, [&] { return thrust_commander(model, body); });
  return p;
}

}  // namespace leeway::sdfio
