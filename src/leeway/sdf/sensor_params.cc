#include "leeway/sdf/sensor_params.h"

#include <fmt/format.h>
#include <sdf/Link.hh>
#include <sdf/Sensor.hh>

#include <cmath>
#include <numbers>

#include "leeway/core/frames.h"
#include "leeway/sdf/camera_params.h"
#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/lidar_params.h"
#include "leeway/sdf/sonar_params.h"
#include "leeway/sensors/magnetic_model.h"

namespace leeway::sdfio {
namespace {

double noise_number(const sdf::ElementPtr& noise, const char* name, double lo, const char* what) {
  return number_or(noise, name, 0.0, lo, false, what);
}

/// gz-sim's noise on the three axes <x>, <y>, <z> of `parent`.
std::array<NoiseModel, 3> read_axes(const sdf::ElementPtr& parent) {
  return {noise_in(parent, "x"), noise_in(parent, "y"), noise_in(parent, "z")};
}

/// R_RW: the rotation from W (ENU) to the IMU's orientation reference frame.
Mat3 read_reference_frame(const sdf::ElementPtr& imu, const std::string& sensor,
                          Diagnostics& diagnostics) {
  const sdf::ElementPtr frame = optional_child(imu, "orientation_reference_frame");
  const sdf::ElementPtr localization = frame ? optional_child(frame, "localization") : nullptr;
  const std::string name = localization ? text_of(localization) : "ENU";
  Mat3 R = Mat3::Identity();
  if (name == "NWU") {
    R << 0, 1, 0, -1, 0, 0, 0, 0, 1;  // x north = y_ENU, y west = -x_ENU, z up
  } else if (name == "NED") {
    R = ned_from_enu();
  } else if (name != "ENU") {
    diagnostics.warn(location_of(localization),
                     fmt::format("IMU '{}': orientation reference '{}' is read as ENU (Leeway "
                                 "gives ENU, NWU or NED orientations)",
                                 sensor, name));
  }
  return R;
}

ImuModel read_imu(const sdf::ElementPtr& sensor, const std::string& name,
                  Diagnostics& diagnostics) {
  ImuModel imu;
  const sdf::ElementPtr e = optional_child(sensor, "imu");
  if (!e) return imu;
  reject_unknown_children(e,
                          {"orientation_reference_frame", "angular_velocity", "linear_acceleration",
                           "enable_orientation", "topic"},
                          "gz-sim's <imu> elements (docs/sensors.md)");
  for (const char* quantity : {"angular_velocity", "linear_acceleration"}) {
    if (const sdf::ElementPtr q = optional_child(e, quantity)) {
      reject_unknown_children(q, {"x", "y", "z"}, "<x>, <y>, <z>");
    }
  }
  imu.angular_velocity = read_axes(optional_child(e, "angular_velocity"));
  imu.linear_acceleration = read_axes(optional_child(e, "linear_acceleration"));
  imu.q_RW = Quat(read_reference_frame(e, name, diagnostics));
  return imu;
}

PressureModel read_air_pressure(const sdf::ElementPtr& sensor) {
  PressureModel pressure;
  const sdf::ElementPtr e = optional_child(sensor, "air_pressure");
  if (!e) return pressure;
  reject_unknown_children(e, {"reference_altitude", "pressure"},
                          "gz-sim's <air_pressure> elements (docs/sensors.md)");
  pressure.reference_altitude = any_number_or(e, "reference_altitude", 0.0, "an altitude in m");
  pressure.noise = noise_in(e, "pressure");
  return pressure;
}

/// gz-sim's <horizontal> and <vertical> noise of a GNSS quantity, on east, north and up (east
/// and north each a process of the horizontal model).
std::array<NoiseModel, 3> read_enu(const sdf::ElementPtr& sensing) {
  if (sensing) {
    reject_unknown_children(sensing, {"horizontal", "vertical"}, "<horizontal>, <vertical>");
  }
  const NoiseModel horizontal = noise_in(sensing, "horizontal");
  return {horizontal, horizontal, noise_in(sensing, "vertical")};
}

GnssModel read_navsat(const sdf::ElementPtr& sensor, const std::string& type) {
  GnssModel gnss;
  const sdf::ElementPtr e = optional_child(sensor, type);  // <navsat>, or the legacy <gps>
  if (!e) return gnss;
  reject_unknown_children(e, {"position_sensing", "velocity_sensing", "reacquisition_time"},
                          "gz-sim's <navsat> elements and Leeway's <reacquisition_time> "
                          "(docs/sensors.md)");
  gnss.position = read_enu(optional_child(e, "position_sensing"));
  gnss.velocity = read_enu(optional_child(e, "velocity_sensing"));
  gnss.reacquisition_time = number_or(e, "reacquisition_time", 1.0, 0.0, false, "a time in s");
  return gnss;
}

AltimeterModel read_altimeter(const sdf::ElementPtr& sensor) {
  AltimeterModel altimeter;
  const sdf::ElementPtr e = optional_child(sensor, "altimeter");
  if (!e) return altimeter;
  reject_unknown_children(e, {"vertical_position", "vertical_velocity"},
                          "gz-sim's <altimeter> elements (docs/sensors.md)");
  altimeter.position = noise_in(e, "vertical_position");
  altimeter.velocity = noise_in(e, "vertical_velocity");
  return altimeter;
}

MagnetometerModel read_magnetometer(const sdf::ElementPtr& sensor,
                                    const std::optional<Geodetic>& origin,
                                    const Vec3& magnetic_field_W) {
  MagnetometerModel magnetometer;
  magnetometer.fixed = !origin;
  magnetometer.B_W_fixed = magnetic_field_W;
  const sdf::ElementPtr e = optional_child(sensor, "magnetometer");
  if (!e) return magnetometer;
  reject_unknown_children(e, {"x", "y", "z", "decimal_year", "hard_iron", "soft_iron"},
                          "gz-sim's <magnetometer> elements and Leeway's <decimal_year>, "
                          "<hard_iron> and <soft_iron> (docs/sensors.md)");
  magnetometer.noise = read_axes(e);
  if (const sdf::ElementPtr hard = optional_child(e, "hard_iron"))
    magnetometer.hard_iron_S = read_vec3(hard, "a field in T, in the sensor frame");
  if (const sdf::ElementPtr soft = optional_child(e, "soft_iron")) {
    magnetometer.soft_iron = read_square_matrix<3>(soft, true);
    if (std::abs(magnetometer.soft_iron.determinant()) < 1e-6) {
      throw LoadError(location_of(soft),
                      "a soft-iron matrix that is singular; expected one close "
                      "to the identity (a distortion, not a projection)");
    }
  }
  if (const sdf::ElementPtr year = optional_child(e, "decimal_year")) {
    const MagneticModel& wmm = wmm2025();
    magnetometer.decimal_year = read_number_in(year, wmm.epoch, wmm.valid_until,
                                               "a decimal year within the World Magnetic "
                                               "Model 2025's validity");
  }
  return magnetometer;
}

/// Whether `e`'s attribute `name` reads true ("true" or "1").
bool attribute_true(const sdf::ElementPtr& e, const std::string& name) {
  const sdf::ParamPtr a = e ? e->GetAttribute(name) : nullptr;
  if (!a) return false;
  const std::string v = a->GetAsString();
  return v == "true" || v == "1";
}

/// A noise block's standard deviation, for the DVL's Gaussian beam noise.
double gaussian_stddev(const sdf::ElementPtr& noise) {
  const NoiseModel n = read_gz_noise(noise);
  if (n.mean != 0.0 || n.turn_on_mean != 0.0 || n.turn_on_sigma != 0.0 ||
      n.instability.sigma != 0.0 || n.random_walk != 0.0 || n.density != 0.0) {
    throw LoadError(location_of(noise),
                    "a DVL's beam noise is white: expected a <noise> with a "
                    "<stddev> [m/s] and no mean or bias");
  }
  return n.white_stddev;
}

DvlTracking read_when(const sdf::ElementPtr& mode) {
  const sdf::ElementPtr when = optional_child(mode, "when");
  if (!when) return DvlTracking::kAlways;  // gz-sensors' default
  return read_keyword<DvlTracking>(when, {{"always", DvlTracking::kAlways},
                                          {"never", DvlTracking::kNever},
                                          {"best", DvlTracking::kBest}});
}

/// gz-sim Harmonic's DVL, `<sensor type="custom" gz:type="dvl">` with its <gz:dvl> block
/// (sensors/dvl.h), and Leeway's additions in the same block.
DvlModel read_gz_dvl(const sdf::ElementPtr& sensor) {
  const sdf::ElementPtr e = required_child(sensor, "gz:dvl", "the DVL's parameters");
  reject_unknown_children(
      e,
      {"type", "arrangement", "tracking", "resolution", "maximum_range", "minimum_range",
       "reference_frame", "rays_per_beam", "sound_speed_assumed", "velocity_noise_fraction",
       "range_noise", "range_noise_fraction", "min_beams", "max_velocity", "dropout",
       "max_incidence", "altitude_method"},
      "gz-sim's <type>, <arrangement>, <tracking>, <resolution>, <maximum_range>, "
      "<minimum_range>, <reference_frame>, and Leeway's <rays_per_beam>, <sound_speed_assumed>, "
      "<velocity_noise_fraction>, <range_noise>, <range_noise_fraction>, <min_beams>, "
      "<max_velocity>, <dropout>, <max_incidence>, <altitude_method>");
  DvlModel d;
  d.water_near = d.water_far = -1.0;  // 0.2 and 0.8 of the range unless given, as in gz
  if (const sdf::ElementPtr type = optional_child(e, "type")) {
    d.phased_array = read_keyword<bool>(type, {{"piston", false}, {"phased_array", true}});
  }
  const sdf::ElementPtr arrangement = required_child(e, "arrangement", "the beams (<beam>)");
  reject_unknown_children(arrangement, {"beam"}, "<beam>");
  const double unit = attribute_true(arrangement, "degrees") ? std::numbers::pi / 180.0 : 1.0;
  const char* angle = unit == 1.0 ? "an angle in radians" : "an angle in degrees";
  std::optional<double> aperture;
  for_each_child(arrangement, [&](const sdf::ElementPtr& beam) {
    reject_unknown_children(beam, {"aperture", "rotation", "tilt"},
                            "<aperture>, <rotation> and <tilt>");
    const double a = beam->HasElement("aperture")
                         ? read_number(beam->GetElement("aperture"), angle) * unit
                         : d.aperture;
    if (aperture && *aperture != a) {
      throw LoadError(location_of(beam),
                      "the beams' apertures differ; Leeway's DVL gives every "
                      "beam the same aperture");
    }
    aperture = a;
    const double rotation = any_number_or(beam, "rotation", 0.0, angle) * unit;
    const double tilt = any_number_or(beam, "tilt", 0.0, angle) * unit;
    if (!(std::abs(tilt) < 0.5 * std::numbers::pi)) {
      throw LoadError(location_of(beam->GetElement("tilt")),
                      "expected a tilt within (-90, 90) degrees of the DVL's axis");
    }
    // gz-sensors: the beam is x turned by the tilt about y, then by the rotation about x, in
    // the beams' frame, which is S pitched down by 90 degrees (x down, z forward).
    const Vec3 axis = Eigen::AngleAxisd(0.5 * std::numbers::pi, Vec3::UnitY()) *
                      (Eigen::AngleAxisd(rotation, Vec3::UnitX()) *
                       (Eigen::AngleAxisd(tilt, Vec3::UnitY()) * Vec3::UnitX()));
    d.beams_S.push_back(axis.normalized());
  });
  if (aperture) d.aperture = *aperture;
  if (const sdf::ElementPtr tracking = optional_child(e, "tracking")) {
    reject_unknown_children(tracking, {"bottom_mode", "water_mass_mode"},
                            "<bottom_mode> and <water_mass_mode>");
    d.bottom = DvlTracking::kNever;  // each mode is on where the block names it
    if (const sdf::ElementPtr bottom = optional_child(tracking, "bottom_mode")) {
      reject_unknown_children(bottom, {"when", "noise", "visualize"},
                              "<when>, <noise> and <visualize>");
      d.bottom = read_when(bottom);
      if (const sdf::ElementPtr noise = optional_child(bottom, "noise")) {
        d.velocity_noise = gaussian_stddev(noise);
        d.velocity_noise_fraction = 0.0;  // gz's meaning: a constant standard deviation
      }
    }
    if (const sdf::ElementPtr water = optional_child(tracking, "water_mass_mode")) {
      reject_unknown_children(
          water, {"when", "noise", "visualize", "water_velocity", "bins", "boundaries"},
          "<when>, <noise>, <visualize>, <water_velocity>, <bins> and "
          "<boundaries>");
      d.water = read_when(water);
      if (const sdf::ElementPtr noise = optional_child(water, "noise"))
        d.water_velocity_noise = gaussian_stddev(noise);
      if (const sdf::ElementPtr bins = optional_child(water, "bins"))
        d.water_bins = read_count_at_least(bins, 1, "bins");
      if (const sdf::ElementPtr b = optional_child(water, "boundaries")) {
        reject_unknown_children(b, {"near", "far"}, "<near> and <far>");
        d.water_near = number_or(b, "near", -1.0, 0.0, false, "a distance in m");
        d.water_far = number_or(b, "far", -1.0, 0.0, false, "a distance in m");
      }
    }
  } else {
    d.bottom = DvlTracking::kAlways;
  }
  d.max_range = number_or(e, "maximum_range", d.max_range, 0.0, true, "a range in m");
  d.min_range = number_or(e, "minimum_range", d.min_range, 0.0, false, "a range in m");
  if (d.water_near < 0.0) d.water_near = 0.2 * d.max_range;
  if (d.water_far < 0.0) d.water_far = 0.8 * d.max_range;
  if (const sdf::ElementPtr frame = optional_child(e, "reference_frame"))
    d.R_SR = read_pose(frame).linear();
  if (const sdf::ElementPtr rays = optional_child(e, "rays_per_beam"))
    d.rays_per_beam = read_count_in(rays, 1, 64, "rays per beam");
  d.sound_speed_assumed = number_or(e, "sound_speed_assumed", d.sound_speed_assumed, 0.0, true,
                                    "a speed of sound in m/s");
  d.velocity_noise_fraction = number_or(e, "velocity_noise_fraction", d.velocity_noise_fraction,
                                        0.0, false, "a fraction of the beam velocity");
  d.range_noise = number_or(e, "range_noise", d.range_noise, 0.0, false, "a distance in m");
  d.range_noise_fraction = number_or(e, "range_noise_fraction", d.range_noise_fraction, 0.0, false,
                                     "a fraction of the range");
  if (const sdf::ElementPtr beams = optional_child(e, "min_beams"))
    d.min_beams = read_count_in(beams, 3, kMaxDvlBeams, "beams");
  d.max_velocity = number_or(e, "max_velocity", d.max_velocity, 0.0, true, "a speed in m/s");
  if (const sdf::ElementPtr dropout = optional_child(e, "dropout"))
    d.dropout = read_number_in(dropout, 0.0, 1.0, "a probability");
  if (const sdf::ElementPtr incidence = optional_child(e, "max_incidence"))
    d.max_incidence = read_number_in(incidence, 0.0, 0.5 * std::numbers::pi, "an angle in rad");
  if (const sdf::ElementPtr method = optional_child(e, "altitude_method"))
    d.plane_fit = read_keyword<bool>(method, {{"plane_fit", true}, {"mean_projected", false}});
  return d;
}

/// The type a custom sensor names in its leeway:type or gz:type (gz-sim's) attribute; "" for
/// none.
std::string custom_type(const sdf::ElementPtr& sensor) {
  const std::string leeway = attribute_of(sensor, "leeway:type");
  return leeway.empty() ? attribute_of(sensor, "gz:type") : leeway;
}

/// The noise block of an environment sensor of type `type`: <gz:TYPE> (or <leeway:TYPE>, or the
/// older <leeway:probe>) holding one <noise> for every axis, or <x>, <y>, <z> each with one.
std::array<NoiseModel, 3> environment_noise(const sdf::ElementPtr& sensor,
                                            const std::string& type) {
  for (const std::string& name : {"gz:" + type, "leeway:" + type, std::string("leeway:probe")}) {
    const sdf::ElementPtr block = optional_child(sensor, name);
    if (!block) continue;
    reject_unknown_children(block, {"noise", "x", "y", "z"}, "<noise>, or <x>, <y>, <z>");
    if (optional_child(block, "noise")) {
      std::array<NoiseModel, 3> all;
      all.fill(noise_in(sensor, name));
      return all;
    }
    return read_axes(block);
  }
  return {};
}

/// Leeway's environment sensors: `<sensor type="custom" gz:type="wave_gauge">` (or
/// current_meter, anemometer; or leeway:type); nullopt for another type.
std::optional<SensorKind> read_environment_sensor(const sdf::ElementPtr& sensor,
                                                  const std::string& type) {
  if (type == "wave_gauge") return WaveGaugeModel{environment_noise(sensor, type)[0]};
  if (type == "current_meter") return CurrentMeterModel{environment_noise(sensor, type)};
  if (type == "anemometer") return AnemometerModel{environment_noise(sensor, type)};
  return std::nullopt;
}

}  // namespace

void add_sensor(std::vector<WiredSensor>& sensors, WiredSensor wired,
                const sdf::ElementPtr& where) {
  const SensorModel& s = wired.model;
  if (const std::string problem = check_sensor(s); !problem.empty()) {
    throw LoadError(location_of(where), fmt::format("sensor '{}': {}", s.name, problem));
  }
  for (const WiredSensor& other : sensors) {
    if (other.model.name == s.name) {
      throw LoadError(location_of(where),
                      fmt::format("a second sensor '{}' in model '{}'; expected unique sensor "
                                  "names (a sensor plugin is named after its topic)",
                                  s.name, s.model_name));
    }
  }
  if (wired.wiring.where.file.empty()) wired.wiring.where = location_of(where);
  sensors.push_back(std::move(wired));
}

NoiseModel noise_in(const sdf::ElementPtr& parent, const std::string& name) {
  const sdf::ElementPtr e = parent ? optional_child(parent, name) : nullptr;
  if (!e) return {};
  reject_unknown_children(e, {"noise"}, "<noise>");
  const sdf::ElementPtr noise = optional_child(e, "noise");
  return noise ? read_gz_noise(noise) : NoiseModel{};
}

NoiseModel read_gz_noise(const sdf::ElementPtr& noise) {
  reject_unknown_children(
      noise,
      {"type", "mean", "stddev", "bias_mean", "bias_stddev", "dynamic_bias_stddev",
       "dynamic_bias_correlation_time", "precision", "noise_density", "bias_random_walk",
       "bias_instability", "bias_correlation_time", "turn_on_bias_stddev"},
      "gz-sim's <noise> elements and Leeway's (docs/sensors.md)");
  std::string type = noise->HasAttribute("type") ? noise->GetAttribute("type")->GetAsString() : "";
  if (const sdf::ElementPtr t = optional_child(noise, "type")) type = text_of(t);
  NoiseModel n;
  if (type == "none" || type.empty()) return n;
  if (type != "gaussian" && type != "gaussian_quantized") {
    throw LoadError(location_of(noise), fmt::format("noise type '{}'; expected none, gaussian "
                                                    "or gaussian_quantized",
                                                    type));
  }
  n.mean = any_number_or(noise, "mean", 0.0, "a mean");
  n.white_stddev = noise_number(noise, "stddev", 0.0, "a standard deviation");
  n.turn_on_mean = any_number_or(noise, "bias_mean", 0.0, "a bias");
  n.turn_on_sigma = noise_number(noise, "bias_stddev", 0.0, "a standard deviation");
  n.random_sign = true;  // gz-sim flips the turn-on bias' sign with probability 1/2
  const double dynamic = noise_number(noise, "dynamic_bias_stddev", 0.0, "a standard deviation");
  const double tau =
      noise_number(noise, "dynamic_bias_correlation_time", 0.0, "a correlation time in s");
  if (dynamic > 0.0 && tau > 0.0) {
    // gz-sim: b = e^(-dt/tau) b + N(0, s^2 tau / 2 (1 - e^(-2 dt/tau))), a Gauss-Markov bias of
    // stationary sigma s sqrt(tau / 2), starting from the turn-on bias.
    n.instability = {0.0, dynamic * std::sqrt(tau / 2.0), tau};
    n.turn_on_decays = true;
  }
  n.quantum = noise_number(noise, "precision", 0.0, "a resolution");
  // Leeway's continuous parameters.
  n.density = noise_number(noise, "noise_density", 0.0, "a density in unit sqrt(s)");
  n.random_walk = noise_number(noise, "bias_random_walk", 0.0, "a random walk in unit / sqrt(s)");
  if (const sdf::ElementPtr b = optional_child(noise, "bias_instability")) {
    if (n.turn_on_decays) {
      throw LoadError(location_of(b),
                      "both gz-sim's dynamic bias and <bias_instability>; "
                      "expected one Gauss-Markov bias");
    }
    n.instability.sigma = read_number_at_least(b, 0.0, false, "a standard deviation");
    n.instability.tau = read_number_at_least(
        required_child(noise, "bias_correlation_time", "the bias instability's correlation time"),
        0.0, true, "a correlation time in s");
  }
  if (const sdf::ElementPtr t = optional_child(noise, "turn_on_bias_stddev")) {
    n.turn_on_sigma = read_number_at_least(t, 0.0, false, "a standard deviation");
    n.random_sign = false;
  }
  return n;
}

std::vector<WiredSensor> load_sensors(const sdf::Model& model, const std::string& model_name,
                                      const MergedLinks& links, int body,
                                      const std::optional<Geodetic>& origin,
                                      const Vec3& magnetic_field_W,
                                      const std::set<std::pair<std::string, std::string>>& taken,
                                      Diagnostics& diagnostics) {
  std::vector<WiredSensor> out;
  for (const BodyLink& body_link : body_links(model)) {
    if (!links.links.contains(body_link.name)) continue;  // on another of its tree's bodies
    const sdf::Link& link = *body_link.link;
    for (std::uint64_t i = 0; i < link.SensorCount(); ++i) {
      const sdf::Sensor& sdf_sensor = *link.SensorByIndex(i);
      const sdf::ElementPtr e = sdf_sensor.Element();
      const std::string type = e->GetAttribute("type")->GetAsString();
      if (type == "contact") continue;  // read by the collider (collider_loader.h)
      if (taken.contains({body_link.name, sdf_sensor.Name()})) continue;
      const std::string custom = type == "custom" ? custom_type(e) : "";
      const bool dvl = custom == "dvl";
      const bool sonar = is_sonar(e);
      const std::optional<SensorKind> environment = read_environment_sensor(e, custom);
      if (!dvl && !sonar && !environment && !attribute_of(e, "leeway:type").empty()) {
        throw LoadError(location_of(e), fmt::format("sensor '{}': leeway:type '{}'; expected "
                                                    "sonar, wave_gauge, current_meter or "
                                                    "anemometer",
                                                    sdf_sensor.Name(), custom));
      }
      if (type != "imu" && type != "air_pressure" && type != "navsat" && type != "gps" &&
          type != "altimeter" && type != "magnetometer" && !is_camera_type(type) && !dvl &&
          !environment && !sonar && !is_lidar_type(type)) {
        diagnostics.warn_once("sensor type " + type, location_of(e),
                              fmt::format("sensor '{}' of type '{}' is not simulated yet (said "
                                          "once for every sensor of that type)",
                                          sdf_sensor.Name(), type));
        continue;
      }
      WiredSensor wired;
      SensorModel& s = wired.model;
      std::string& topic_name = wired.wiring.topic;
      s.model_name = model_name;
      s.name = sdf_sensor.Name();
      s.link_name = body_link.name;
      s.body = body;
      s.X_BS = links.links.at(body_link.name).X_BL *
               resolve_pose(sdf_sensor.SemanticPose(), link.Name(), e);
      if (const sdf::ElementPtr rate = optional_child(e, "update_rate")) {
        s.rate_hz = read_number_at_least(rate, 0.0, false, "a rate in Hz (0: every step)");
      }
      if (const sdf::ElementPtr topic = optional_child(e, "topic")) topic_name = text_of(topic);
      // Without one, a gazebo_ros laser plugin's <topicName> (UUV Simulator's sonar publishes
      // on its model's namespace/<topicName>).
      for (sdf::ElementPtr p = e->HasElement("plugin") ? e->GetElement("plugin") : nullptr;
           p && topic_name.empty(); p = p->GetNextElement("plugin")) {
        const sdf::ElementPtr topic = optional_child(p, "topicName");
        if (topic &&
            p->GetAttribute("filename")->GetAsString().find("gazebo_ros") != std::string::npos)
          topic_name = text_of(topic);
      }
      if (type == "imu") {
        s.kind = read_imu(e, s.name, diagnostics);
      } else if (type == "air_pressure") {
        s.kind = read_air_pressure(e);
      } else if (type == "altimeter") {
        s.kind = read_altimeter(e);
      } else if (type == "magnetometer") {
        s.kind = read_magnetometer(e, origin, magnetic_field_W);
      } else if (dvl) {
        s.kind = read_gz_dvl(e);
      } else if (sonar) {
        s.kind = read_sonar(e);
      } else if (environment) {
        s.kind = *environment;
      } else if (is_lidar_type(type)) {
        s.kind = read_lidar(e);
      } else if (is_camera_type(type)) {
        s.kind = read_camera(e, diagnostics);
      } else {
        s.kind = read_navsat(e, type);
        if (!origin) {
          diagnostics.warn_once("navsat without origin", location_of(e),
                                fmt::format("GNSS receiver '{}' in a world without "
                                            "<spherical_coordinates>: its positions are given "
                                            "about 0 N 0 E at the ellipsoid's surface",
                                            s.name));
        }
      }
      add_sensor(out, std::move(wired), e);
    }
  }
  return out;
}

}  // namespace leeway::sdfio
