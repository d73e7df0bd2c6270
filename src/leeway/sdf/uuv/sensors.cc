#include "leeway/sdf/uuv/sensors.h"

#include <fmt/format.h>
#include <sdf/Link.hh>
#include <sdf/Sensor.hh>

#include <cmath>
#include <numbers>

#include "leeway/core/frames.h"
#include "leeway/core/rotation.h"
#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {
namespace {

/// A UUV Simulator plugin's sensor: on the link `<link_name>` names, called after its
/// `<sensor_topic>`.
WiredSensor uuv_sensor(const sdf::ElementPtr& plugin, const SensorPluginContext& c,
                       const std::string& fallback_name, double default_rate) {
  return plugin_sensor(plugin, c, optional_child(plugin, "link_name"), "sensor_topic",
                       fallback_name, default_rate);
}

/// UUV Simulator's <noise_sigma> (0 when absent), in the plugin's unit times `scale`.
double uuv_sigma(const sdf::ElementPtr& plugin, double scale) {
  return scale * number_or(plugin, "noise_sigma", 0.0, 0.0, false, "a standard deviation");
}

/// rotors_simulator's IMU noise (UUV's IMU plugin): white density, a Gauss-Markov bias of
/// random walk sigma_b and correlation time tau (stationary sigma_b sqrt(tau / 2)), turn-on sigma.
NoiseModel rotors_noise(const sdf::ElementPtr& p, const std::string& prefix, double density,
                        double random_walk, double tau, double turn_on) {
  const auto value = [&](const std::string& name, double fallback, const char* what) {
    return number_or(p, (prefix + name).c_str(), fallback, 0.0, false, what);
  };
  NoiseModel n;
  n.density = value("_noise_density", density, "a noise density");
  // UUV's xacro writes <..._random_walk>, its plugin reads <..._bias_random_walk>: either is read.
  const double walk = value("_bias_random_walk",
                            value("_random_walk", random_walk, "a random walk"), "a random walk");
  const double correlation = value("_bias_correlation_time", tau, "a correlation time in s");
  if (walk > 0.0) {
    if (!(correlation > 0.0)) {
      throw LoadError(location_of(p), fmt::format("<{}_bias_correlation_time> must be > 0 s with "
                                                  "a bias random walk",
                                                  prefix));
    }
    n.instability = {0.0, walk * std::sqrt(correlation / 2.0), correlation};
  }
  n.turn_on_sigma = value("_turn_on_bias_sigma", turn_on, "a standard deviation");
  return n;
}

}  // namespace

void load_uuv_imu(const sdf::ElementPtr& p, SensorPluginContext& c) {
  WiredSensor s = uuv_sensor(p, c, "imu", 50.0);
  ImuModel imu;
  // rotors_simulator's ADIS16448 defaults, as UUV Simulator's plugin has them.
  const NoiseModel gyro = rotors_noise(
      p, "gyroscope", 2.0 * 35.0 / 3600.0 / 180.0 * std::numbers::pi,
      2.0 * 4.0 / 3600.0 / 180.0 * std::numbers::pi, 1000.0, 0.5 / 180.0 * std::numbers::pi);
  const NoiseModel accel =
      rotors_noise(p, "accelerometer", 2.0 * 2.0e-3, 2.0 * 3.0e-3, 300.0, 20.0e-3 * 9.8);
  imu.angular_velocity = {gyro, gyro, gyro};
  imu.linear_acceleration = {accel, accel, accel};
  if (const sdf::ElementPtr ned = optional_child(p, "enable_local_ned_frame");
      ned && read_bool(ned))
    imu.q_RW = Quat(ned_from_enu());
  add_plugin_sensor(std::move(s), imu, p, c);
}

void load_uuv_pressure(const sdf::ElementPtr& p, SensorPluginContext& c) {
  WiredSensor s = uuv_sensor(p, c, "pressure", 10.0);
  PressureModel pressure;
  pressure.noise = white_noise(uuv_sigma(p, 1000.0));  // kPa
  add_plugin_sensor(std::move(s), pressure, p, c);
}

void load_uuv_magnetometer(const sdf::ElementPtr& p, SensorPluginContext& c) {
  WiredSensor s = uuv_sensor(p, c, "magnetometer", 50.0);
  MagnetometerModel m;
  const double uT = 1e-6;
  const auto noise = [&](const char* name, double fallback) {
    NoiseModel n =
        white_noise(uT * number_or(p, name, fallback, 0.0, false, "a standard deviation in uT"));
    n.turn_on_sigma =
        uT * number_or(p, "turn_on_bias", 2.0, 0.0, false, "a standard deviation in uT");
    return n;
  };
  m.noise = {noise("noise_xy", 1.0), noise("noise_xy", 1.0), noise("noise_z", 1.4)};
  if (!c.model_context.world.origin) {
    // UUV's own field: intensity I along heading h - d, dipping by the inclination i.
    const double I = uT * number_or(p, "intensity", 1.0, 0.0, false, "a field in uT");
    const double h = any_number_or(p, "reference_heading", std::numbers::pi, "an angle in rad");
    const double d = any_number_or(p, "declination", 0.0, "an angle in rad");
    const double i =
        any_number_or(p, "inclination", 60.0 * std::numbers::pi / 180.0, "an angle in rad");
    m.fixed = true;
    m.B_W_fixed =
        I * Vec3(std::cos(i) * std::cos(h - d), std::cos(i) * std::sin(h - d), -std::sin(i));
  }
  add_plugin_sensor(std::move(s), m, p, c);
}

void load_uuv_dvl(const sdf::ElementPtr& p, SensorPluginContext& c) {
  const sdf::ElementPtr link_name = required_child(p, "link_name", "the DVL's link");
  WiredSensor s = plugin_sensor(p, c, link_name, "sensor_topic", "dvl", 7.0);
  DvlModel d;
  d.bottom = DvlTracking::kAlways;  // UUV's DVL tracks the bottom only
  const double sigma = uuv_sigma(p, 1.0);
  if (sigma > 0.0) {
    d.velocity_noise = sigma;
    d.velocity_noise_fraction = 0.0;
  }
  std::optional<double> min_range, max_range, aperture, range_sigma;
  for (int i = 0; i < kMaxDvlBeams; ++i) {
    const sdf::ElementPtr beam_link = optional_child(p, "beam_link_name_" + std::to_string(i));
    if (!beam_link) break;
    const std::string name = text_of(beam_link);
    const Eigen::Isometry3d X_BL = link_frame(beam_link, c.model_context.links);
    // Its ray sensor (gazebo_ros_range): the beam is the sensor's x axis.
    const sdf::Sensor* ray = nullptr;
    for (const BodyLink& body_link : body_links(c.model)) {
      if (body_link.name != name) continue;
      for (std::uint64_t k = 0; k < body_link.link->SensorCount() && !ray; ++k) {
        const sdf::Sensor* candidate = body_link.link->SensorByIndex(k);
        const std::string type = candidate->Element()->GetAttribute("type")->GetAsString();
        if (type == "ray" || type == "gpu_ray") ray = candidate;
      }
    }
    if (!ray) {
      throw LoadError(location_of(beam_link),
                      fmt::format("link '{}' has no ray sensor; expected the DVL beam's "
                                  "<sensor type=\"ray\">",
                                  name));
    }
    c.taken.insert({name, ray->Name()});
    const Eigen::Isometry3d X_BR = X_BL * resolve_pose(ray->SemanticPose(), name, ray->Element());
    d.beams_S.push_back((s.model.X_BS.linear().transpose() * X_BR.linear().col(0)).normalized());
    const sdf::ElementPtr e = ray->Element();
    const sdf::ElementPtr range = optional_child(optional_child(e, "ray"), "range");
    if (range) {
      min_range = number_or(range, "min", 0.1, 0.0, false, "a range in m");
      max_range = number_or(range, "max", 100.0, 0.0, true, "a range in m");
    }
    for (sdf::ElementPtr q = e->HasElement("plugin") ? e->GetElement("plugin") : nullptr; q;
         q = q->GetNextElement("plugin")) {
      if (q->HasElement("fov")) aperture = number_or(q, "fov", 0.06, 0.0, true, "an angle in rad");
      if (q->HasElement("gaussianNoise"))
        range_sigma = number_or(q, "gaussianNoise", 0.0, 0.0, false, "a standard deviation in m");
    }
  }
  if (min_range) d.min_range = *min_range;
  if (max_range) d.max_range = *max_range;
  if (aperture) d.aperture = *aperture;
  if (range_sigma) {
    d.range_noise = *range_sigma;
    d.range_noise_fraction = 0.0;
  }
  add_plugin_sensor(std::move(s), d, p, c);
}

void load_uuv_rpt(const sdf::ElementPtr& p, SensorPluginContext& c) {
  WiredSensor s = uuv_sensor(p, c, "rpt", 0.5);
  AcousticPositionModel fix;
  // A USBL fix is good to about 0.5 % of the slant range: 0.5 m at 100 m, where UUV ships none.
  const double sigma = uuv_sigma(p, 1.0);
  fix.noise.fill(white_noise(sigma > 0.0 ? sigma : 0.5));
  add_plugin_sensor(std::move(s), fix, p, c);
}

void load_uuv_pose_gt(const sdf::ElementPtr& p, SensorPluginContext& c) {
  WiredSensor s = uuv_sensor(p, c, "pose_gt", 20.0);
  GroundTruthModel truth;
  truth.position.fill(white_noise(uuv_sigma(p, 1.0)));
  add_plugin_sensor(std::move(s), truth, p, c);
}

}  // namespace leeway::sdfio
