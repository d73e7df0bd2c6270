#include "leeway/transport/foxglove/sensor_json.h"

#include <fmt/format.h>

#include <bit>
#include <cmath>

#include "leeway/core/overloaded.h"
#include "leeway/formats/png_file.h"
#include "leeway/sensors/sonar_fan.h"
#include "leeway/transport/foxglove/json_schemas.h"
#include "leeway/transport/foxglove/json_text.h"
#include "leeway/transport/ros2/ros_names.h"

namespace leeway {
namespace {

namespace jt = json_text;

bool finite(std::span<const double> x) {
  for (const double v : x) {
    if (!std::isfinite(v)) return false;
  }
  return true;
}

/// The fields' values, each under its name; one with no value is left out.
class JsonWriter final : public FieldWriter {
 public:
  JsonWriter(std::string& out, const SensorDescriptor& d) : out_(out), fields_(d.fields) {}

  void real(double x) override {
    if (key(std::isfinite(x))) jt::number(out_, x);
  }
  void integer(std::int64_t n) override {
    if (key(true)) fmt::format_to(std::back_inserter(out_), "{}", n);
  }
  void boolean(bool b) override {
    if (key(true)) out_ += b ? "true" : "false";
  }
  void name(std::string_view word) override {
    if (key(true)) jt::string(out_, word);
  }
  void vector(const Vec3& v) override {
    if (key(v.allFinite())) jt::vec3(out_, v);
  }
  void quaternion(const Quat& q) override {
    if (key(q.coeffs().allFinite())) jt::quat(out_, q);
  }
  void matrix(const Mat3& m) override {
    if (!key(m.allFinite())) return;
    const Eigen::Matrix<double, 3, 3, Eigen::RowMajor> rows = m;
    numbers({rows.data(), 9});
  }
  void list(std::span<const double> values) override {
    if (key(finite(values))) numbers(values);
  }
  void flags(std::span<const bool> values) override {
    if (!key(true)) return;
    out_ += '[';
    for (std::size_t i = 0; i < values.size(); ++i)
      out_ += i > 0 ? (values[i] ? ",true" : ",false") : (values[i] ? "true" : "false");
    out_ += ']';
  }
  void array(std::span<const float>, std::span<const std::size_t>) override { ++index_; }
  void array(std::span<const double>, std::span<const std::size_t>) override { ++index_; }
  void array(std::span<const std::uint8_t>, std::span<const std::size_t>) override { ++index_; }

 private:
  /// The next field's key, if it has a value.
  bool key(bool has_value) {
    const ReadingField& f = fields_[index_++];
    if (has_value) jt::key(out_, f.name);
    return has_value;
  }
  void numbers(std::span<const double> values) {
    out_ += '[';
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (i > 0) out_ += ',';
      jt::number(out_, values[i]);
    }
    out_ += ']';
  }

  std::string& out_;
  std::span<const ReadingField> fields_;
  std::size_t index_ = 0;
};

/// A field's description in its schema: its meaning, unit and frame.
std::string description(const ReadingField& f) {
  std::string d(f.meaning);
  if (!f.unit.empty()) d += fmt::format(" [{}]", f.unit);
  if (f.frame == "W") d += ", in the world frame (ENU)";
  if (f.frame == "S") d += ", in the sensor frame";
  if (f.frame == "ENU") d += ", along east, north and up";
  return d;
}

std::string property(const ReadingField& f) {
  const auto numbers = [](std::initializer_list<const char*> names) {
    std::string p = R"("type":"object","properties":{)", required;
    for (const char* n : names) {
      const char* comma = required.empty() ? "" : ",";
      p += fmt::format(R"({}"{}":{{"type":"number"}})", comma, n);
      required += fmt::format(R"({}"{}")", comma, n);
    }
    return p + R"(},"required":[)" + required + "]";
  };
  std::string type;
  switch (f.type) {
    case FieldType::kReal:
      type = R"("type":"number")";
      break;
    case FieldType::kInteger:
      type = R"("type":"integer")";
      break;
    case FieldType::kBool:
      type = R"("type":"boolean")";
      break;
    case FieldType::kName:
      type = R"("type":"string")";
      break;
    case FieldType::kVector:
      type = numbers({"x", "y", "z"});
      break;
    case FieldType::kQuaternion:
      type = numbers({"x", "y", "z", "w"});
      break;
    case FieldType::kMatrix:
    case FieldType::kList:
      type = R"("type":"array","items":{"type":"number"})";
      break;
    case FieldType::kFlags:
      type = R"("type":"array","items":{"type":"boolean"})";
      break;
    case FieldType::kArray:
      return "";
  }
  std::string out;
  jt::string(out, f.name);
  out += ":{" + type + R"(,"description":)";
  jt::string(out, description(f));
  return out + "}";
}

void sensor_head(std::string& out, double t, const SensorModel& sensor) {
  jt::stamped(out, t, ros_sensor_frame(sensor));
}

/// A camera's message: its colour image, or a depth camera's depths.
const char* camera_schema(const CameraModel& camera) {
  return camera.color ? "foxglove.CompressedImage" : "foxglove.RawImage";
}

/// The schema of a sensor's messages: Foxglove's or Leeway's own for its message shape, or one
/// made from its descriptor (sensor_json.h) for a generic shape.
std::string sensor_schema(const SensorModel& sensor) {
  switch (descriptor(sensor).shape) {
    case MessageShape::kImu:
      return "leeway.Imu";
    case MessageShape::kFluidPressure:
      return "leeway.FluidPressure";
    case MessageShape::kNavSat:
      return "foxglove.LocationFix";
    case MessageShape::kAltimeter:
      return "leeway.Altimeter";
    case MessageShape::kMagneticField:
      return "leeway.MagneticField";
    case MessageShape::kDvl:
      return "leeway.Dvl";
    case MessageShape::kRangeBearing:
      return "leeway.RangeBearing";
    case MessageShape::kOdometry:
      return "foxglove.Odometry";
    case MessageShape::kScan:
      return "foxglove.PointCloud";
    case MessageShape::kImage:
      return camera_schema(std::get<CameraModel>(sensor.kind));
    case MessageShape::kPing:
      return "leeway.SonarImage";
    case MessageShape::kScalar:
    case MessageShape::kVector:
    case MessageShape::kRecord:
      break;
  }
  return reading_schema_name(sensor);
}

/// Whether the sensor's messages are made from its descriptor (sensor_json.h).
bool generic_shape(const SensorModel& sensor) {
  const MessageShape shape = descriptor(sensor).shape;
  return shape == MessageShape::kScalar || shape == MessageShape::kVector ||
         shape == MessageShape::kRecord;
}

/// Points (x, y, z [m], intensity; float32 each) as a foxglove.PointCloud in the sensor's frame.
void point_cloud(std::string& out, double t, const SensorModel& sensor, const std::string& bytes) {
  sensor_head(out, t, sensor);
  out += R"(,"pose":{"position":{"x":0,"y":0,"z":0},"orientation":{"x":0,"y":0,"z":0,"w":1}})";
  out += R"(,"point_stride":16,"fields":[{"name":"x","offset":0,"type":7},)"
         R"({"name":"y","offset":4,"type":7},{"name":"z","offset":8,"type":7},)"
         R"({"name":"intensity","offset":12,"type":7}],"data":)";
  jt::base64(out, bytes);
}

/// A scan's returns as a foxglove.PointCloud in S: x, y, z [m] and intensity, float32 each.
void lidar_points(std::string& out, double t, const SensorModel& sensor, const LidarReading& r) {
  const auto& lidar = std::get<LidarModel>(sensor.kind);
  std::string bytes;
  bytes.reserve(16 * r.ranges.size());
  for (int j = 0; j < r.vertical_count; ++j) {
    for (int i = 0; i < r.horizontal_count; ++i) {
      const auto k = static_cast<std::size_t>(j * r.horizontal_count + i);
      if (!std::isfinite(r.ranges[k])) continue;
      const Vec3 p_S = double(r.ranges[k]) * lidar_direction_S(lidar, i, j);
      const float point[4] = {float(p_S.x()), float(p_S.y()), float(p_S.z()), r.intensities[k]};
      bytes.append(reinterpret_cast<const char*>(point), sizeof point);
    }
  }
  point_cloud(out, t, sensor, bytes);
}

/// A profiling sonar's soundings as a foxglove.PointCloud in S: each beam's bottom at its range
/// along its azimuth in S's x-y plane, with its level [dB re 1 uPa] as the intensity.
void sonar_detections(std::string& out, double t, const SensorModel& sensor, const SonarImage& r) {
  std::string bytes;
  for (std::size_t b = 0; b < r.bottom_range.size(); ++b) {
    const double range = r.bottom_range[b];
    if (!std::isfinite(range)) continue;
    const float point[4] = {float(range * std::cos(r.azimuth[b])),
                            float(range * std::sin(r.azimuth[b])), 0.0f, r.bottom_level[b]};
    bytes.append(reinterpret_cast<const char*>(point), sizeof point);
  }
  point_cloud(out, t, sensor, bytes);
}

/// An rgb8 image as a foxglove.CompressedImage: PNG, in `frame`.
void compressed_image(std::string& out, double t, std::string_view frame, int width, int height,
                      const std::vector<std::uint8_t>& rgb) {
  jt::stamped(out, t, frame);
  out += R"(,"format":"png","data":)";
  const std::vector<std::uint8_t> png = encode_png(width, height, rgb);
  jt::base64(out, std::string_view(reinterpret_cast<const char*>(png.data()), png.size()));
}

/// A depth image as a foxglove.RawImage: 32FC1, metres of z in the optical frame (REP 118: +inf
/// where nothing is in reach, -inf nearer than the depth clip), little-endian as x86 and ARM
/// keep floats.
void depth_image(std::string& out, double t, const SensorModel& sensor, const CameraImage& r) {
  static_assert(std::endian::native == std::endian::little);
  jt::stamped(out, t, optical_frame(sensor));
  fmt::format_to(std::back_inserter(out),
                 R"(,"width":{},"height":{},"encoding":"32FC1","step":{},)"
                 R"("data":)",
                 r.width, r.height, 4 * r.width);
  jt::base64(out, std::string_view(reinterpret_cast<const char*>(r.depth.data()),
                                   sizeof(float) * r.depth.size()));
}

/// The pinhole of a camera as a foxglove.CameraCalibration (sensors/camera.h's K; no
/// distortion; P = [K 0]).
void camera_calibration(std::string& out, double t, const SensorModel& sensor) {
  const auto& camera = std::get<CameraModel>(sensor.kind);
  const std::array<double, 9> K = camera_k(camera);
  jt::stamped(out, t, optical_frame(sensor));
  fmt::format_to(std::back_inserter(out),
                 R"(,"width":{},"height":{},"distortion_model":"plumb_bob","D":[0,0,0,0,0],)"
                 R"("K":[{},0,{},0,{},{},0,0,1],"R":[1,0,0,0,1,0,0,0,1],)"
                 R"("P":[{},0,{},0,0,{},{},0,0,0,1,0]}})",
                 camera.width, camera.height, K[0], K[2], K[4], K[5], K[0], K[2], K[4], K[5]);
}

/// A ping as a leeway.SonarImage (marine_acoustic_msgs/ProjectedSonarImage's fields): its cells'
/// levels as little-endian float32, in the acoustic frame, the ranges at `sound_speed`.
void sonar_ping(std::string& out, double t, const SensorModel& sensor, const SonarImage& r,
                double sound_speed) {
  static_assert(std::endian::native == std::endian::little);
  const auto& sonar = std::get<SonarModel>(sensor.kind);
  jt::stamped(out, t, acoustic_frame(sensor));
  const auto list = [&](const char* name, const std::vector<double>& v, auto&& item) {
    jt::key(out, name);
    out += '[';
    for (std::size_t k = 0; k < v.size(); ++k) {
      if (k > 0) out += ',';
      item(v[k]);
    }
    out += ']';
  };
  const auto number = [&](double x) { jt::number(out, x); };
  out += R"(,"ping_info":{"frequency":)";
  jt::number(out, sonar.frequency);
  jt::key(out, "sound_speed");
  jt::number(out, sound_speed);
  list("tx_beamwidths", r.azimuth, [&](double) { jt::number(out, sonar.vertical_fov); });
  list("rx_beamwidths", r.azimuth, [&](double) { jt::number(out, sonar.beamwidth_h); });
  out += '}';
  jt::key(out, "beam_directions");
  out += '[';
  for (int b = 0; b < r.beams; ++b) {
    if (b > 0) out += ',';
    jt::vec3(out, acoustic_from_sensor(sonar_beam_S(sonar, r, b)));
  }
  out += ']';
  list("ranges", r.range, number);
  fmt::format_to(std::back_inserter(out),
                 R"(,"image":{{"is_bigendian":false,"dtype":8,"beam_count":{},"data":)", r.beams);
  jt::base64(out, std::string_view(reinterpret_cast<const char*>(r.level.data()),
                                   r.level.size() * sizeof(float)));
  out += '}';
}

/// A ping drawn as its display would (sensors/sonar_fan.h), as a foxglove.CompressedImage (PNG)
/// in the sensor frame.
void sonar_fan_frame(std::string& out, double t, const SensorModel& sensor, const SonarImage& r) {
  constexpr int kFanHeight = 480;  // [pixels]
  const FanImage fan = sonar_fan(std::get<SonarModel>(sensor.kind), r, kFanHeight);
  compressed_image(out, t, ros_sensor_frame(sensor), fan.width, fan.height, fan.rgb);
}

/// A sample as its schema has it; false for one that has nothing to say (a GNSS without fix,
/// a camera's frame nobody drew, a sonar's ping nobody took). `sound_speed`: the water's [m/s].
bool sensor_message(std::string& out, const SensorModel& sensor, const SensorSample& sample,
                    double sound_speed) {
  const double t = sample.t;
  return std::visit(
      Overloaded{[&](const ImuReading& r) {
                   sensor_head(out, t, sensor);
                   jt::key(out, "orientation");
                   jt::quat(out, r.q_RS);
                   jt::key(out, "angular_velocity");
                   jt::vec3(out, r.omega_S);
                   jt::key(out, "linear_acceleration");
                   jt::vec3(out, r.f_S);
                   return true;
                 },
                 [&](const PressureReading& r) {
                   sensor_head(out, t, sensor);
                   jt::key(out, "fluid_pressure");
                   jt::number(out, r.pressure);
                   jt::key(out, "depth");
                   jt::number(out, r.depth);
                   return true;
                 },
                 [&](const GnssReading& r) {
                   if (!r.fix) return false;
                   sensor_head(out, t, sensor);
                   jt::key(out, "latitude");
                   jt::number(out, r.latitude_deg);
                   jt::key(out, "longitude");
                   jt::number(out, r.longitude_deg);
                   jt::key(out, "altitude");
                   jt::number(out, r.altitude);
                   out +=
                       R"(,"position_covariance":[0,0,0,0,0,0,0,0,0],"position_covariance_type":0)";
                   return true;
                 },
                 [&](const AltimeterReading& r) {
                   sensor_head(out, t, sensor);
                   jt::key(out, "vertical_position");
                   jt::number(out, r.vertical_position);
                   jt::key(out, "vertical_velocity");
                   jt::number(out, r.vertical_velocity);
                   return true;
                 },
                 [&](const MagnetometerReading& r) {
                   sensor_head(out, t, sensor);
                   jt::key(out, "magnetic_field");
                   jt::vec3(out, r.B_S);
                   jt::key(out, "heading");
                   jt::number(out, r.heading());
                   return true;
                 },
                 [&](const DvlReading& r) {
                   sensor_head(out, t, sensor);
                   jt::key(out, "target");
                   jt::string(out, r.target == DvlReading::Target::kBottom      ? "bottom"
                                   : r.target == DvlReading::Target::kWaterMass ? "water_mass"
                                                                                : "none");
                   // Left out while there is none: JSON has no NaN (sensor_json.h).
                   if (r.v_R.allFinite()) {
                     jt::key(out, "velocity");
                     jt::vec3(out, r.v_R);
                   }
                   if (std::isfinite(r.altitude)) {
                     jt::key(out, "altitude");
                     jt::number(out, r.altitude);
                   }
                   fmt::format_to(std::back_inserter(out), R"(,"beam_count":{},"good_beams":{})",
                                  r.beam_count, r.good_beams);
                   return true;
                 },
                 [&](const RangeBearingReading& r) {
                   sensor_head(out, t, sensor);
                   jt::key(out, "range");
                   jt::number(out, r.range);
                   jt::key(out, "bearing");
                   jt::number(out, r.bearing);
                   jt::key(out, "elevation");
                   jt::number(out, r.elevation);
                   return true;
                 },
                 [&](const GroundTruthReading& r) {
                   out += R"({"timestamp":)";
                   jt::time(out, t);
                   out += R"(,"frame_id":"world","body_frame_id":)";
                   jt::string(out, ros_sensor_frame(sensor));
                   jt::key(out, "pose");
                   jt::pose(out, r.p_W, r.q_WS);
                   jt::key(out, "linear_velocity");
                   jt::vec3(out, r.v_S);
                   jt::key(out, "angular_velocity");
                   jt::vec3(out, r.omega_S);
                   return true;
                 },
                 [&](const LidarReading& r) {
                   if (r.horizontal_count == 0) return false;  // not scanned
                   lidar_points(out, t, sensor, r);
                   return true;
                 },
                 [&](const CameraImage& r) {
                   if (r.width == 0) return false;
                   if (r.rgb.empty()) {
                     depth_image(out, t, sensor, r);
                   } else {
                     compressed_image(out, t, optical_frame(sensor), r.width, r.height, r.rgb);
                   }
                   return true;
                 },
                 [&](const SonarImage& r) {
                   if (r.beams == 0) return false;
                   sonar_ping(out, t, sensor, r, sound_speed);
                   return true;
                 },
                 [](const auto&) { return false; }},
      sample.reading);
}

}  // namespace

std::string reading_schema_name(const SensorModel& sensor) {
  return "leeway." + camel_case(descriptor(sensor).type);
}

std::string reading_schema(const SensorModel& sensor) {
  const SensorDescriptor& d = descriptor(sensor);
  std::string out = R"({"title":)";
  jt::string(out, reading_schema_name(sensor));
  out += R"(,"description":)";
  jt::string(out, fmt::format("A {} sensor's reading (docs/sensors.md); a field without a value "
                              "in a sample is left out of its message",
                              d.type));
  out += R"(,"type":"object","properties":{"timestamp":{"type":"object","title":"time",)"
         R"("properties":{"sec":{"type":"integer","minimum":0},"nsec":{"type":"integer",)"
         R"("minimum":0,"maximum":999999999}},"required":["sec","nsec"]},)"
         R"("frame_id":{"type":"string","description":"The sensor's frame"})";
  for (const ReadingField& f : d.fields) {
    const std::string p = property(f);
    if (!p.empty()) out += "," + p;
  }
  return out + R"(},"required":["timestamp","frame_id"]})";
}

void reading_json(std::string& out, const SensorModel& sensor, const SensorSample& sample,
                  std::string_view frame) {
  out += R"({"timestamp":)";
  jt::time(out, sample.t);
  jt::key(out, "frame_id");
  jt::string(out, frame);
  JsonWriter w(out, descriptor(sensor));
  write_reading(sensor, sample, w);
  out += '}';
}

std::string view_sensor_schema(const SensorModel& sensor) {
  return sensor_schema(sensor);
}

std::string view_sensor_schema_text(const SensorModel& sensor) {
  return generic_shape(sensor) ? reading_schema(sensor)
                               : std::string(json_schema(sensor_schema(sensor)));
}

bool sensor_json(std::string& out, Output what, const SensorModel& sensor,
                 const SensorSample& sample, double sound_speed, Waterfall& waterfall) {
  const double t = sample.t;
  switch (what) {
    case Output::kSensorReading:
      if (generic_shape(sensor)) {
        reading_json(out, sensor, sample, ros_sensor_frame(sensor));
        return true;
      }
      if (!sensor_message(out, sensor, sample, sound_speed)) return false;
      break;
    case Output::kCameraInfo:
      if (std::get<CameraImage>(sample.reading).width == 0) return false;
      camera_calibration(out, t, sensor);
      return true;
    case Output::kDepthImage: {
      const auto& image = std::get<CameraImage>(sample.reading);
      if (image.width == 0) return false;
      depth_image(out, t, sensor, image);
      break;
    }
    case Output::kSoundings: {
      const auto& ping = std::get<SonarImage>(sample.reading);
      if (ping.beams == 0) return false;
      sonar_detections(out, t, sensor, ping);
      break;
    }
    case Output::kSonarDisplay: {
      const auto& ping = std::get<SonarImage>(sample.reading);
      if (ping.beams == 0) return false;
      if (std::get<SonarModel>(sensor.kind).mode == SonarMode::kSideScan) {
        add_to_waterfall(waterfall, ping);
        std::vector<std::uint8_t> rgb(3 * waterfall.grey.size());
        for (std::size_t k = 0; k < waterfall.grey.size(); ++k)
          rgb[3 * k] = rgb[3 * k + 1] = rgb[3 * k + 2] = waterfall.grey[k];
        compressed_image(out, t, ros_sensor_frame(sensor), waterfall.width, waterfall.rows, rgb);
      } else {
        sonar_fan_frame(out, t, sensor, ping);
      }
      break;
    }
    default:
      return false;
  }
  out += '}';
  return true;
}

}  // namespace leeway
