#include "leeway/sdf/leeway/station_keeper.h"

#include <numbers>

#include <fmt/format.h>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/leeway/controllers.h"

namespace leeway::sdfio {
namespace {

// The low pass's default corner, as a share of the notch's frequency.
constexpr double kCutoffOverPeak = 1.5;

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

// <wave_filter>: the sea's peak period, the notch's depth, the low pass's corner (wave_filter.h).
WaveFilterModel read_wave_filter(const sdf::ElementPtr& e) {
  reject_unknown_children(e, {"peak_period", "notch_damping", "cutoff_frequency"},
                          "<peak_period>, <notch_damping> and <cutoff_frequency>");
  const char* period = "the sea's peak period in s";
  WaveFilterModel f;
  f.peak_frequency =
      2.0 * std::numbers::pi /
      read_number_at_least(required_child(e, "peak_period", period), 0.0, true, period);
  const sdf::ElementPtr zeta = optional_child(e, "notch_damping");
  f.notch_damping = zeta ? read_number_in(zeta, 0.0, 1.0, "the notch's damping") : 0.1;
  if (f.notch_damping == 0.0) {
    throw LoadError(location_of(zeta),
                    "got 0, expected the notch's damping > 0 (0.1: 90% of "
                    "the peak filtered out)");
  }
  f.cutoff_frequency = number_or(e, "cutoff_frequency", kCutoffOverPeak * f.peak_frequency, 0.0,
                                 true, "the low pass's corner in rad/s");
  return f;
}

}  // namespace

StationKeeperModel load_station_keeper(const sdf::ElementPtr& plugin, const Model& model,
                                       int body) {
  reject_unknown_children(
      plugin,
      {"rate", "navigation", "navigation_acceleration_noise", "station", "kp", "ki", "kd",
       "integral_limit", "steering_rate", "full_rate_thrust", "wave_filter"},
      "<rate>, <station>, <kp>, <ki>, <kd>, <integral_limit>, <steering_rate>, "
      "<full_rate_thrust> and <wave_filter> "
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
  k.commander.full_rate_thrust = number_or(plugin, "full_rate_thrust", 0.0, 0.0, false,
                                           "the thrust in N from which azimuths turn at full rate");
  if (const sdf::ElementPtr filter = optional_child(plugin, "wave_filter"))
    k.wave_filter = read_wave_filter(filter);
  return k;
}

}  // namespace leeway::sdfio
