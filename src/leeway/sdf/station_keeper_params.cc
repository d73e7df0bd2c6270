#include "leeway/sdf/station_keeper_params.h"

#include <fmt/format.h>

#include "leeway/sdf/controller_params.h"
#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/plugin_names.h"

namespace leeway::sdfio {
namespace {

Vec6 read_vec6_at_least_zero(const sdf::ElementPtr& e, const char* what) {
  const std::vector<double> v = read_numbers(e, 6, what);
  for (double x : v) {
    if (x < 0.0) {
      throw LoadError(location_of(e), fmt::format("got {}, expected {} (each >= 0)", x, what));
    }
  }
  return Eigen::Map<const Vec6>(v.data());
}

Vec6 gains_or(const sdf::ElementPtr& plugin, const char* name, const Vec6& fallback,
              const char* what) {
  const sdf::ElementPtr e = optional_child(plugin, name);
  return e ? read_vec6_at_least_zero(e, what) : fallback;
}

}  // namespace

bool is_station_keeper_plugin(const std::string& filename, const std::string& name) {
  return plugin_matches(filename, name, "leeway-station-keeping", "leeway::StationKeeping");
}

StationKeeperModel load_station_keeper(const sdf::ElementPtr& plugin, const Model& model,
                                       int body) {
  reject_unknown_children(
      plugin, {"rate", "station", "kp", "ki", "kd", "integral_limit", "steering_rate"},
      "<rate>, <station>, <kp>, <ki>, <kd>, <integral_limit> and <steering_rate> "
      "(docs/sdf-reference.md, \"Reference autonomy\")");
  StationKeeperModel k;
  const sdf::ElementPtr station = optional_child(plugin, "station");
  k.station = station ? read_station(station)
                      : start_station(model.bodies.at(static_cast<std::size_t>(body)));
  const char* six = "six gains on x y z roll pitch yaw";
  k.gains.kp = read_vec6_at_least_zero(required_child(plugin, "kp", six), six);
  k.gains.ki = gains_or(plugin, "ki", Vec6::Zero(), six);
  k.gains.kd = gains_or(plugin, "kd", Vec6::Zero(), six);
  k.gains.integral_limit = gains_or(plugin, "integral_limit", Vec6::Constant(1e300),
                                    "six bounds on the integrals of x y z roll pitch yaw");
  const Vec6 any = k.gains.kp + k.gains.ki + k.gains.kd;
  const Vec6 controlled = (any.array() > 0.0).cast<double>();
  const bool steer = !straight_thrusters_span(model, body, controlled);
  k.commander =
      commander_for(plugin, [&] { return thrust_commander(model, body, controlled, steer); });
  k.commander.steering_rate =
      number_or(plugin, "steering_rate", 1.0, 0.0, true, "a steering rate in rad/s");
  return k;
}

}  // namespace leeway::sdfio
