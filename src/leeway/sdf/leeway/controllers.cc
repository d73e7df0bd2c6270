#include "leeway/sdf/leeway/controllers.h"

#include <fmt/format.h>
#include <cmath>

#include "leeway/core/rotation.h"
#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {

ControllerModel load_controller(const sdf::ElementPtr& plugin, LawLoader load_law,
                                const Scenario& scenario, int body) {
  const Model& model = scenario.model;
  ControllerModel c;
  c.body = body;
  c.model_name = model.bodies.at(static_cast<std::size_t>(body)).model_name;
  const double rate = number_or(plugin, "rate", 10.0, 0.0, true, "a control rate in Hz");
  const double steps = 1.0 / (rate * model.dt);
  if (steps < 1.0 - 1e-9) {
    throw LoadError(location_of(optional_child(plugin, "rate")),
                    fmt::format("the control rate {} Hz is above the physics rate {} Hz; expected "
                                "at most 1/max_step_size",
                                rate, 1.0 / model.dt));
  }
  c.interval = static_cast<std::uint64_t>(std::llround(steps));
  c.law = load_law(plugin, scenario, body);
  if (const sdf::ElementPtr navigation = optional_child(plugin, "navigation");
      navigation && read_keyword<bool>(navigation, {{"truth", false}, {"estimated", true}})) {
    try {
      c.navigator = make_navigator(model, body, c.model_name);
    } catch (const std::invalid_argument& e) {
      throw LoadError(location_of(navigation), e.what());
    }
    c.navigator->filter.unsampled_acceleration = number_or(
        plugin, "navigation_acceleration_noise", c.navigator->filter.unsampled_acceleration, 0.0,
        false, "an acceleration noise density in m/s^2/sqrt(Hz)");
  }
  return c;
}

Station read_station(const sdf::ElementPtr& station) {
  const std::vector<double> v = read_numbers(station, 4, "x y z yaw [m, m, m, rad] in W");
  return {Vec3(v[0], v[1], v[2]), v[3]};
}

Station start_station(const BodyModel& body) {
  return {body.p_WB0, euler_zyx(body.q_WB0).z()};
}

PidGains read_pid_gains(const sdf::ElementPtr& plugin, const char* name, const char* units) {
  const sdf::ElementPtr e = required_child(
      plugin, name, fmt::format("the {} PID gains: <kp> [{}], <ki>, <kd>", name, units).c_str());
  reject_unknown_children(e, {"kp", "ki", "kd", "integral_limit"},
                          "<kp>, <ki>, <kd> and <integral_limit>");
  PidGains g;
  g.kp = read_number_at_least(required_child(e, "kp", "the proportional gain"), 0.0, false,
                              "a proportional gain");
  g.ki = number_or(e, "ki", 0.0, 0.0, false, "an integral gain");
  g.kd = number_or(e, "kd", 0.0, 0.0, false, "a derivative gain");
  g.integral_limit = number_or(e, "integral_limit", 1e300, 0.0, true, "a bound on the integral");
  return g;
}

}  // namespace leeway::sdfio
