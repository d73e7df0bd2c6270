#include "leeway/sdf/sonar_params.h"

#include <fmt/format.h>

#include <numbers>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/lidar_params.h"

namespace leeway::sdfio {
namespace {

constexpr double kDegree = std::numbers::pi / 180.0;

/// Whether `sensor` carries gazebo_ros's laser plugin (ROS 1's, GPU or not).
bool has_ros_laser_plugin(const sdf::ElementPtr& sensor) {
  for (sdf::ElementPtr p = sensor->HasElement("plugin") ? sensor->GetElement("plugin") : nullptr; p;
       p = p->GetNextElement("plugin")) {
    const std::string file = attribute_of(p, "filename");
    if (file.find("gazebo_ros_gpu_laser") != std::string::npos ||
        file.find("gazebo_ros_laser") != std::string::npos)
      return true;
  }
  return false;
}

bool is_uuv_laser_sonar(const sdf::ElementPtr& sensor) {
  return is_lidar_type(attribute_of(sensor, "type")) &&
         attribute_of(sensor, "name").starts_with("sonar") && has_ros_laser_plugin(sensor);
}

/// A fan from a <horizontal> or <vertical> block: its count under either name, its angles.
struct Fan {
  int count = 0;
  double min = 0.0, max = 0.0;
};

Fan read_fan(const sdf::ElementPtr& scan, const char* name, const char* count_name, double unit) {
  Fan f;
  const sdf::ElementPtr e = optional_child(scan, name);
  if (!e) return f;
  reject_unknown_children(
      e, {count_name, "samples", "resolution", "min_angle", "max_angle"},
      fmt::format("<{}> (or <samples>), <min_angle> and <max_angle>", count_name));
  sdf::ElementPtr count = optional_child(e, count_name);
  if (!count) count = optional_child(e, "samples");
  if (count) f.count = read_count_at_least(count, 1, count_name);
  f.min = unit * any_number_or(e, "min_angle", 0.0, "an angle");
  f.max = unit * any_number_or(e, "max_angle", 0.0, "an angle");
  if (!(f.max > f.min)) {
    throw LoadError(location_of(e), fmt::format("<{}> angles from {} to {} rad; expected "
                                                "<max_angle> above <min_angle>",
                                                name, f.min, f.max));
  }
  return f;
}

/// DAVE's <gz:multibeam_sonar> block.
void read_dave(const sdf::ElementPtr& sensor, SonarModel& s) {
  const sdf::ElementPtr block =
      required_child(sensor, "gz:multibeam_sonar", "the sonar's <ray> and <spec>");
  reject_unknown_children(block, {"ray", "spec"}, "<ray> and <spec>");
  const sdf::ElementPtr ray = required_child(block, "ray", "the fan (<scan>, <range>)");
  reject_unknown_children(ray, {"scan", "range"}, "<scan> and <range>");
  const double unit = attribute_of(ray, "degrees") == "true" ? kDegree : 1.0;
  if (const sdf::ElementPtr scan = optional_child(ray, "scan")) {
    reject_unknown_children(scan, {"horizontal", "vertical"}, "<horizontal> and <vertical>");
    const Fan h = read_fan(scan, "horizontal", "beams", unit);
    if (h.count > 0) {
      s.beams = h.count;
      s.horizontal_fov = h.max - h.min;
      s.beamwidth_h = s.horizontal_fov / s.beams;  // DAVE's beam pattern
    }
    const Fan v = read_fan(scan, "vertical", "rays", unit);
    if (v.count > 0) s.vertical_fov = v.max - v.min;
  }
  if (const sdf::ElementPtr range = optional_child(ray, "range")) {
    reject_unknown_children(range, {"min", "max", "resolution"}, "<min>, <max>");
    s.range_min = number_or(range, "min", s.range_min, 0.0, false, "a range in m");
    s.range_max = number_or(range, "max", s.range_max, s.range_min, true, "a range in m");
  }
  const sdf::ElementPtr spec = optional_child(block, "spec");
  if (!spec) return;
  if (const sdf::ElementPtr v = optional_child(spec, "verticalFOV"))
    s.vertical_fov = kDegree * read_number_in(v, 1e-3, 90.0, "a vertical field of view in degrees");
  s.frequency = number_or(spec, "sonarFreq", s.frequency, 0.0, true, "a frequency in Hz");
  s.bandwidth = number_or(spec, "bandwidth", s.bandwidth, 0.0, true, "a bandwidth in Hz");
  s.source_level = any_number_or(spec, "sourceLevel", s.source_level, "a level in dB re 1 uPa");
  if (const sdf::ElementPtr d = optional_child(spec, "maxDistance")) {
    s.range_max = std::min(s.range_max, read_number_at_least(d, s.range_min, true, "a range in m"));
  }
}

/// UUV Simulator's laser sonar: its horizontal rays, angles and ranges.
void read_uuv_laser(const sdf::ElementPtr& sensor, SonarModel& s) {
  const LidarModel laser = read_lidar(sensor);
  s.beams = laser.horizontal_samples;
  s.horizontal_fov = laser.horizontal_max - laser.horizontal_min;
  if (!(s.horizontal_fov > 0.0)) {
    throw LoadError(location_of(sensor),
                    fmt::format("sonar '{}': its fan spans {} rad; expected <max_angle> above "
                                "<min_angle>",
                                attribute_of(sensor, "name"), s.horizontal_fov));
  }
  s.range_min = laser.range_min;
  s.range_max = laser.range_max;
}

/// Leeway's <leeway:sonar> block: what it names, over `s`.
void read_leeway(const sdf::ElementPtr& block, SonarModel& s) {
  reject_unknown_children(block,
                          {"beams",
                           "horizontal_fov",
                           "vertical_fov",
                           "beamwidth",
                           "range_min",
                           "range_max",
                           "bins",
                           "frequency",
                           "bandwidth",
                           "source_level",
                           "noise_level",
                           "absorption",
                           "temperature",
                           "salinity",
                           "ph",
                           "backscatter",
                           "rays_per_beam_h",
                           "rays_per_beam_v",
                           "coherent",
                           "speckle",
                           "gain",
                           "mode",
                           "tilt",
                           "detection_threshold",
                           "detection_window"},
                          "the elements docs/sensors.md lists for <leeway:sonar>");
  // A side-scan starts from its own defaults (sonar.h side_scan_sonar), then takes what follows.
  if (const sdf::ElementPtr mode = optional_child(block, "mode")) {
    s.mode = read_keyword<SonarMode>(mode, {{"imaging", SonarMode::kImaging},
                                            {"profiling", SonarMode::kProfiling},
                                            {"side_scan", SonarMode::kSideScan}});
    if (s.mode == SonarMode::kSideScan) s = side_scan_sonar();
  }
  const auto count = [&](const char* name, int& field, int hi) {
    if (const sdf::ElementPtr e = optional_child(block, name))
      field = read_count_in(e, 1, hi, name);
  };
  count("beams", s.beams, 4096);
  count("bins", s.bins, 8192);
  count("rays_per_beam_h", s.rays_per_beam_h, 64);
  count("rays_per_beam_v", s.rays_per_beam_v, 4096);
  const auto angle = [&](const char* name, double& field, double hi) {
    if (const sdf::ElementPtr e = optional_child(block, name))
      field = read_number_in(e, 1e-6, hi, fmt::format("an angle in rad up to {:.4f}", hi));
  };
  angle("horizontal_fov", s.horizontal_fov, 2.0 * std::numbers::pi);
  angle("vertical_fov", s.vertical_fov, 0.5 * std::numbers::pi);
  angle("beamwidth", s.beamwidth_h, 0.5 * std::numbers::pi);
  s.range_min = number_or(block, "range_min", s.range_min, 0.0, false, "a range in m");
  s.range_max = number_or(block, "range_max", s.range_max, s.range_min, true,
                          "a range in m above <range_min>");
  s.frequency = number_or(block, "frequency", s.frequency, 0.0, true, "a frequency in Hz");
  s.bandwidth = number_or(block, "bandwidth", s.bandwidth, 0.0, true, "a bandwidth in Hz");
  s.source_level = any_number_or(block, "source_level", s.source_level, "a level in dB");
  s.noise_level = any_number_or(block, "noise_level", s.noise_level, "a level in dB");
  if (const sdf::ElementPtr a = optional_child(block, "absorption")) {
    s.absorption = text_of(a) == "auto"
                       ? -1.0
                       : read_number_at_least(a, 0.0, false, "an absorption in dB/m, or auto");
  }
  s.temperature = any_number_or(block, "temperature", s.temperature, "a temperature in deg C");
  s.salinity = number_or(block, "salinity", s.salinity, 0.0, false, "a salinity in psu");
  s.ph = number_or(block, "ph", s.ph, 0.0, true, "a pH");
  if (const sdf::ElementPtr mu = optional_child(block, "backscatter"))
    s.backscatter = read_number_in(mu, 1e-12, 1.0, "Lambert's mu in (0, 1]");
  s.coherent = flag_or(block, "coherent", s.coherent);
  s.speckle = flag_or(block, "speckle", s.speckle);
  if (const sdf::ElementPtr t = optional_child(block, "tilt"))
    s.tilt = read_number_in(t, 0.0, 0.5 * std::numbers::pi, "an angle in rad up to 1.5708");
  s.detection_threshold = any_number_or(block, "detection_threshold", s.detection_threshold,
                                        "a level in dB above the noise level");
  s.detection_window = number_or(block, "detection_window", s.detection_window, 0.0, true,
                                 "a level difference in dB");
  if (const sdf::ElementPtr g = optional_child(block, "gain")) {
    s.gain = read_keyword<SonarGain>(
        g,
        {{"none", SonarGain::kNone}, {"20log", SonarGain::k20Log}, {"40log", SonarGain::k40Log}});
  }
}

}  // namespace

bool is_sonar(const sdf::ElementPtr& sensor) {
  const std::string type = attribute_of(sensor, "type");
  if (type == "custom") {
    return attribute_of(sensor, "leeway:type") == "sonar" ||
           attribute_of(sensor, "gz:type") == "multibeam_sonar";
  }
  return is_lidar_type(type) && (sensor->HasElement("leeway:sonar") || is_uuv_laser_sonar(sensor));
}

SonarModel read_sonar(const sdf::ElementPtr& sensor) {
  SonarModel s;
  if (attribute_of(sensor, "gz:type") == "multibeam_sonar") {
    read_dave(sensor, s);
  } else if (is_lidar_type(attribute_of(sensor, "type"))) {
    read_uuv_laser(sensor, s);
  }
  if (const sdf::ElementPtr block = optional_child(sensor, "leeway:sonar")) read_leeway(block, s);
  return s;
}

}  // namespace leeway::sdfio
