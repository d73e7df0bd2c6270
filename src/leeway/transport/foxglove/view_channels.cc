#include "leeway/transport/foxglove/view_channels.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <numbers>
#include <optional>
#include <set>
#include <stdexcept>
#include <tuple>

#include "leeway/core/overloaded.h"
#include "leeway/env/bathymetry.h"
#include "leeway/env/wave_field.h"
#include "leeway/formats/mesh_file.h"
#include "leeway/formats/png_file.h"
#include "leeway/sensors/sonar_fan.h"
#include "leeway/transport/foxglove/json_schemas.h"
#include "leeway/transport/foxglove/json_text.h"
#include "leeway/transport/foxglove/sensor_json.h"
#include "leeway/transport/ros2/ros_names.h"

namespace leeway {
namespace {

namespace jt = json_text;

std::uint64_t time_ns(double t) {
  return static_cast<std::uint64_t>(std::llround(t * 1e9));
}

std::string body_frame(const Model& model, int body) {
  const BodyModel& b = model.bodies[static_cast<std::size_t>(body)];
  return ros_body_frame(b.model_name, b.link_name);
}

/// {"r":..,"g":..,"b":..,"a":..}
struct Color {
  double r, g, b, a;
};
void color(std::string& out, const Color& c) {
  fmt::format_to(std::back_inserter(out), R"({{"r":{},"g":{},"b":{},"a":{}}})", c.r, c.g, c.b, c.a);
}
constexpr Color kVessel{0.93, 0.53, 0.16, 1.0};  // safety orange
constexpr Color kStatic{0.75, 0.75, 0.72, 1.0};
constexpr Color kHull{0.85, 0.85, 0.82, 1.0};
constexpr Color kGoal{0.2, 0.85, 0.35, 0.9};
constexpr Color kSea{0.06, 0.3, 0.45, 0.9};
constexpr Color kSeabed{0.55, 0.47, 0.33, 1.0};
constexpr Color kThrust{1.0, 0.85, 0.2, 0.9};

/// The seabed within `half_size` [m] of (cx, cy) as an indexed triangle list on an n x n grid of
/// cells; land (NaN) leaves its cells out. Empty when none of it is seabed.
std::string seabed_triangles(const Bathymetry& bathymetry, double cx, double cy, double half_size,
                             int n) {
  const double h = 2 * half_size / n;
  std::vector<int> index((n + 1) * (n + 1), -1);
  std::string points, indices;
  int count = 0;
  for (int j = 0; j <= n; ++j) {
    for (int i = 0; i <= n; ++i) {
      const double x = cx - half_size + i * h, y = cy - half_size + j * h;
      const double z = seabed_height(bathymetry, x, y);
      if (!std::isfinite(z)) continue;
      index[j * (n + 1) + i] = count++;
      fmt::format_to(std::back_inserter(points), R"({}{{"x":{:.2f},"y":{:.2f},"z":{:.2f}}})",
                     points.empty() ? "" : ",", x, y, z);
    }
  }
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) {
      const int a = index[j * (n + 1) + i], b = index[j * (n + 1) + i + 1];
      const int c = index[(j + 1) * (n + 1) + i], d = index[(j + 1) * (n + 1) + i + 1];
      if (a < 0 || b < 0 || c < 0 || d < 0) continue;
      fmt::format_to(std::back_inserter(indices), "{}{},{},{},{},{},{}", indices.empty() ? "" : ",",
                     a, b, d, a, d, c);
    }
  }
  if (indices.empty()) return {};
  std::string s =
      R"({"pose":{"position":{"x":0,"y":0,"z":0},"orientation":{"x":0,"y":0,"z":0,"w":1}},"points":[)";
  s += points;
  s += R"(],"color":)";
  color(s, kSeabed);
  s += R"(,"colors":[],"indices":[)" + indices + "]}";
  return s;
}

/// A thruster's thrust as an arrow in its body's frame, from the propeller along the force it
/// exerts, 0.4 ln(1 + |T| / 20 N) m long: tens of newtons and thousands both show.
std::string thrust_arrow(const ThrusterPose& pose, double thrust) {
  const double length = 0.4 * std::log1p(std::abs(thrust) / 20.0);
  const Vec3 direction = thrust >= 0.0 ? pose.axis_B : Vec3(-pose.axis_B);
  const Quat q = Quat::FromTwoVectors(Vec3::UnitX(), direction);
  std::string s = R"({"pose":)";
  json_text::pose(s, pose.p_BoP_B, q);
  fmt::format_to(
      std::back_inserter(s),
      R"(,"shaft_length":{:.3f},"shaft_diameter":0.06,"head_length":{:.3f},"head_diameter":0.16,"color":)",
      0.75 * length, 0.25 * length);
  color(s, kThrust);
  s += '}';
  return s;
}

/// One transform of foxglove.FrameTransforms.
void transform(std::string& out, double t, std::string_view parent, std::string_view child,
               const Vec3& p, const Quat& q) {
  out += R"({"timestamp":)";
  jt::time(out, t);
  jt::key(out, "parent_frame_id");
  jt::string(out, parent);
  jt::key(out, "child_frame_id");
  jt::string(out, child);
  jt::key(out, "translation");
  jt::vec3(out, p);
  jt::key(out, "rotation");
  jt::quat(out, q);
  out += '}';
}

/// The start of a sensor message: {"timestamp":..,"frame_id":..
/// A stamped message's head, `{"timestamp":...,"frame_id":"frame"`; its fields follow.
void stamped_head(std::string& out, double t, std::string_view frame) {
  out += R"({"timestamp":)";
  jt::time(out, t);
  jt::key(out, "frame_id");
  jt::string(out, frame);
}

void sensor_head(std::string& out, double t, const SensorModel& sensor) {
  stamped_head(out, t, ros_sensor_frame(sensor));
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
  stamped_head(out, t, frame);
  out += R"(,"format":"png","data":)";
  const std::vector<std::uint8_t> png = encode_png(width, height, rgb);
  jt::base64(out, std::string_view(reinterpret_cast<const char*>(png.data()), png.size()));
}

/// A depth image as a foxglove.RawImage: 32FC1, metres of z in the optical frame (REP 118: +inf
/// where nothing is in reach, -inf nearer than the depth clip), little-endian as x86 and ARM
/// keep floats.
void depth_image(std::string& out, double t, const SensorModel& sensor, const CameraImage& r) {
  static_assert(std::endian::native == std::endian::little);
  stamped_head(out, t, optical_frame(sensor));
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
  stamped_head(out, t, optical_frame(sensor));
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
  stamped_head(out, t, acoustic_frame(sensor));
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
  if (generic_shape(sensor)) {
    reading_json(out, sensor, sample, ros_sensor_frame(sensor));
    out.pop_back();  // the caller closes it
    return true;
  }
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
                   jt::key(out, "velocity");
                   if (r.v_R.allFinite()) {
                     jt::vec3(out, r.v_R);
                   } else {
                     out += "null";
                   }
                   jt::key(out, "altitude");
                   jt::number(out, r.altitude);
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

/// A foxglove.SceneEntity's head; the primitives' arrays follow, then close_entity().
void open_entity(std::string& out, double t, std::string_view frame, std::string_view id) {
  stamped_head(out, t, frame);
  jt::key(out, "id");
  jt::string(out, id);
  out += R"(,"lifetime":{"sec":0,"nsec":0},"frame_locked":true,"metadata":[])";
}

/// The primitives of one entity, gathered by kind: foxglove.SceneEntity lists each kind apart.
struct Primitives {
  std::string arrows, cubes, spheres, cylinders, lines, triangles, texts;

  static void append(std::string& list, const std::string& item) {
    if (!list.empty()) list += ',';
    list += item;
  }
  /// The entity's primitive arrays, closing it.
  std::string text() const {
    return fmt::format(
        R"(,"arrows":[{}],"cubes":[{}],"spheres":[{}],"cylinders":[{}],"lines":[{}],)"
        R"("triangles":[{}],"texts":[{}],"models":[]}})",
        arrows, cubes, spheres, cylinders, lines, triangles, texts);
  }
  void write(std::string& out) const { out += text(); }
};

/// A box, sphere or cylinder primitive: pose, size (and a cylinder's scales), colour.
std::string primitive(const Eigen::Isometry3d& X, const Vec3& size, const Color& c,
                      const char* extra = "") {
  std::string s = R"({"pose":)";
  jt::pose(s, X.translation(), Quat(X.linear()));
  jt::key(s, "size");
  jt::vec3(s, size);
  s += extra;
  jt::key(s, "color");
  color(s, c);
  s += '}';
  return s;
}

void add_shape(Primitives& p, const ConvexShape& shape, const Eigen::Isometry3d& X,
               const Color& c) {
  constexpr const char* kCylinder = R"(,"bottom_scale":1,"top_scale":1)";
  std::visit(
      Overloaded{
          [&](const Sphere& s) {
            p.append(p.spheres, primitive(X, Vec3::Constant(2 * s.radius), c));
          },
          [&](const Box& b) { p.append(p.cubes, primitive(X, 2 * b.half_size, c)); },
          [&](const Cylinder& s) {
            p.append(p.cylinders, primitive(X, Vec3(2 * s.radius, 2 * s.radius, 2 * s.half_length),
                                            c, kCylinder));
          },
          [&](const Capsule& s) {
            p.append(p.cylinders, primitive(X, Vec3(2 * s.radius, 2 * s.radius, 2 * s.half_length),
                                            c, kCylinder));
            for (const double end : {-s.half_length, s.half_length}) {
              Eigen::Isometry3d cap = X;
              cap.translate(Vec3(0, 0, end));
              p.append(p.spheres, primitive(cap, Vec3::Constant(2 * s.radius), c));
            }
          },
          [&](const Ellipsoid& e) { p.append(p.spheres, primitive(X, 2 * e.semi_axes, c)); },
          [&](const Cone& s) {
            p.append(p.cylinders, primitive(X, Vec3(2 * s.radius, 2 * s.radius, 2 * s.half_length),
                                            c, R"(,"bottom_scale":1,"top_scale":0)"));
          }},
      shape);
}

/// A triangle mesh as an indexed triangle list, at pose X in its entity's frame.
std::string triangles(const Eigen::Isometry3d& X, const std::vector<Vec3>& points,
                      const std::vector<std::array<std::uint32_t, 3>>& faces, const Color& c) {
  std::string s = R"({"pose":)";
  jt::pose(s, X.translation(), Quat(X.linear()));
  s += R"(,"points":[)";
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Vec3& v = points[i];
    fmt::format_to(std::back_inserter(s), R"({}{{"x":{:.4f},"y":{:.4f},"z":{:.4f}}})",
                   i == 0 ? "" : ",", v.x(), v.y(), v.z());
  }
  s += R"(],"color":)";
  color(s, c);
  s += R"(,"colors":[],"indices":[)";
  for (std::size_t f = 0; f < faces.size(); ++f) {
    const auto& t = faces[f];
    fmt::format_to(std::back_inserter(s), "{}{},{},{}", f == 0 ? "" : ",", t[0], t[1], t[2]);
  }
  s += "]}";
  return s;
}

Color color_of(const Rgba& c, float opacity) {
  return {c.r, c.g, c.b, c.a * opacity};
}

/// The mesh files the visuals draw, each read once however many visuals use it (a VRX dock is
/// dozens of one block); a file that cannot be read is said in `warnings` and draws nothing.
class MeshCache {
 public:
  const std::vector<MeshPart>* parts(const VisualMesh& mesh, std::vector<std::string>& warnings) {
    const auto key = std::make_tuple(mesh.path, mesh.scale.x(), mesh.scale.y(), mesh.scale.z(),
                                     mesh.submesh, mesh.center_submesh);
    auto it = parts_.find(key);
    if (it == parts_.end()) {
      std::optional<std::vector<MeshPart>> read;
      try {
        read = read_mesh_parts(mesh);
      } catch (const std::runtime_error& error) {
        warnings.push_back(fmt::format("{}: mesh '{}' is not drawn: {}", mesh.where.str(),
                                       mesh.path, error.what()));
      }
      it = parts_.emplace(key, std::move(read)).first;
    }
    return it->second ? &*it->second : nullptr;
  }

 private:
  using Key = std::tuple<std::string, double, double, double, std::string, bool>;
  std::map<Key, std::optional<std::vector<MeshPart>>> parts_;
};

void add_visual(Primitives& p, const Visual& v, MeshCache& meshes,
                std::vector<std::string>& warnings) {
  const Color plain = color_of(v.color.value_or(Rgba{}), v.opacity);
  std::visit(
      Overloaded{
          [&](const ConvexShape& shape) { add_shape(p, shape, v.X_BV, plain); },
          [&](const VisualPlane& plane) {
            p.append(p.cubes, primitive(v.X_BV, Vec3(plane.size_x, plane.size_y, 0.001), plain));
          },
          [&](const VisualMesh& mesh) {
            const std::vector<MeshPart>* parts = meshes.parts(mesh, warnings);
            if (!parts) return;
            for (const MeshPart& part : *parts) {
              p.append(p.triangles, triangles(v.X_BV, part.vertices, part.faces,
                                              color_of(v.color.value_or(part.color), v.opacity)));
            }
          }},
      v.geometry);
}

}  // namespace

ViewChannels::ViewChannels(const Simulation& sim, ViewOptions options)
    : options_(std::move(options)) {
  const Model& model = sim.model();
  frame_interval_ = steps_between(options_.frame_rate_hz, model.dt);
  if (options_.sea_rate_hz > 0.0) sea_interval_ = steps_between(options_.sea_rate_hz, model.dt);
  if (options_.sea_cells < 1 || options_.sea_cells > 512 || !(options_.sea_size > 0.0))
    throw std::invalid_argument("the sea's grid needs 1 to 512 cells over a positive size");

  // The vessel: the first model with actuators (VRX spawns its WAM-V after the buoys).
  if (!model.actuators.empty())
    focus_body_ = model.actuators.front().body;
  else if (!model.bodies.empty())
    focus_body_ = 0;

  // A model is drawn by its visuals; one that has none, by its collision shapes and hull mesh.
  std::set<std::string> drawn;
  MeshCache meshes;
  for (std::size_t i = 0; i < model.visuals.size();) {
    const Visual& first = model.visuals[i];
    Primitives p;
    for (; i < model.visuals.size() && model.visuals[i].model_name == first.model_name; ++i)
      add_visual(p, model.visuals[i], meshes, options_.warnings);
    scene_entities_.push_back({first.body >= 0 ? body_frame(model, first.body) : "world",
                               "visuals/" + first.model_name, p.text()});
    drawn.insert(first.model_name);
  }
  for (const Collider& c : model.colliders) {
    if (drawn.count(c.model_name)) continue;
    Primitives p;
    for (const CollisionShape& s : c.shapes) {
      add_shape(p, s.shape, c.body >= 0 ? s.X_BS : c.X_WB * s.X_BS,
                c.body >= 0 ? kVessel : kStatic);
    }
    scene_entities_.push_back(
        {c.body >= 0 ? body_frame(model, c.body) : "world", "shapes/" + c.model_name, p.text()});
  }
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const BodyModel& b = model.bodies[i];
    if (!b.mesh_hydrostatics || drawn.count(b.model_name)) continue;
    Primitives p;
    p.triangles = triangles(Eigen::Isometry3d::Identity(), b.mesh_hydrostatics->mesh.p_BoV,
                            b.mesh_hydrostatics->mesh.faces, kHull);
    scene_entities_.push_back(
        {body_frame(model, static_cast<int>(i)), "hull/" + b.model_name, p.text()});
  }

  add("/tf", "foxglove.FrameTransforms", Kind::kTf, -1);
  add("/tf_static", "foxglove.FrameTransforms", Kind::kTfStatic, -1, true);
  add("/scene", "foxglove.SceneUpdate", Kind::kScene, -1, true);
  if (model.environment.waves) add("/waves", "leeway.WaveField", Kind::kWaves, -1, true);
  if (sea_interval_ > 0) add("/sea", "foxglove.SceneUpdate", Kind::kSea, -1);
  const bool thrusters = std::any_of(model.bodies.begin(), model.bodies.end(),
                                     [](const BodyModel& b) { return !b.thrusters.empty(); });
  if (thrusters) add("/markers", "foxglove.SceneUpdate", Kind::kMarkers, -1);
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const std::string prefix = "/" + ros_name(model.bodies[i].model_name);
    const int b = static_cast<int>(i);
    add(prefix + "/odometry", "foxglove.Odometry", Kind::kOdometry, b);
    add(prefix + "/pose", "foxglove.PoseInFrame", Kind::kPose, b);
    add(prefix + "/environment", "leeway.Environment", Kind::kEnvironment, b);
  }
  for (std::size_t i = 0; i < model.actuators.size(); ++i) {
    if (i > 0 && model.actuators[i].model_name == model.actuators[i - 1].model_name) continue;
    add("/" + ros_name(model.actuators[i].model_name) + "/actuators", "leeway.Actuators",
        Kind::kActuators, static_cast<int>(i));
  }
  for (std::size_t i = 0; i < model.sensors.size(); ++i) {
    std::string topic = ros_sensor_topic(model.sensors, i);
    if (topic.empty())
      topic = "/" + ros_name(model.sensors[i].model_name) + "/sensors/" + model.sensors[i].name;
    const auto& kind = model.sensors[i].kind;
    const bool camera = std::holds_alternative<CameraModel>(kind);
    const bool sonar = std::holds_alternative<SonarModel>(kind);
    const int s = static_cast<int>(i);
    add(topic, sensor_schema(model.sensors[i]), Kind::kSensor, s, false,
        draws_images(model.sensors[i]),
        generic_shape(model.sensors[i]) ? reading_schema(model.sensors[i]) : "");
    if (camera) {
      add(sibling_topic(topic, "camera_info"), "foxglove.CameraCalibration", Kind::kCameraInfo, s,
          false, true);
      const auto& c = std::get<CameraModel>(kind);
      if (c.color && c.depth)
        add(sibling_topic(topic, "depth"), "foxglove.RawImage", Kind::kDepthImage, s, false, true);
    }
    if (sonar) {
      add(topic + "/image", "foxglove.CompressedImage", Kind::kSonarFan, s, false, true);
      if (std::get<SonarModel>(kind).mode == SonarMode::kProfiling)
        add(topic + "/detections", "foxglove.PointCloud", Kind::kSonarDetections, s, false, true);
    }
  }
  for (std::size_t k = 0; k < sim.scenario().tasks.size(); ++k)
    add("/task/" + sim.scenario().tasks[k].name, "leeway.Task", Kind::kTask, static_cast<int>(k));
  log_channel_ = channels_.size();
  add("/log", "foxglove.Log", Kind::kLog, -1);
}

void ViewChannels::want_images(const Simulation& sim, const MessageSink& sink, double period,
                               std::vector<std::uint8_t>& wanted) const {
  const Model& model = sim.model();
  const State& state = sim.state();
  for (std::size_t c = 0; c < channels_.size(); ++c) {
    if (!sources_[c].image) continue;
    const auto i = static_cast<std::size_t>(sources_[c].index);
    if (wanted[i] || !sink.wants(c)) continue;
    wanted[i] = period <= 0.0 || next_sample_opens_period(model.sensors[i], state.sensors[i],
                                                          state.t, model.dt, period);
  }
}

void ViewChannels::add(std::string topic, std::string schema, Kind kind, int index, bool latched,
                       bool image, std::string schema_text) {
  if (schema_text.empty()) schema_text = json_schema(schema);
  channels_.push_back({std::move(topic), std::move(schema), std::move(schema_text), latched});
  sources_.push_back({kind, index, image});
}

void ViewChannels::log(MessageSink& sink, double t, int level, std::string_view message,
                       std::string_view name) {
  if (!sink.wants(log_channel_)) return;
  text_ = R"({"timestamp":)";
  jt::time(text_, t);
  fmt::format_to(std::back_inserter(text_), R"(,"level":{},"message":)", level);
  jt::string(text_, message);
  jt::key(text_, "name");
  jt::string(text_, name);
  text_ += R"(,"file":"","line":0})";
  sink.take(log_channel_, time_ns(t), text_);
}

void ViewChannels::start(const Simulation& sim, MessageSink& sink) {
  waterfalls_.clear();
  const Model& model = sim.model();
  const double t = sim.state().t;
  for (std::size_t c = 0; c < channels_.size(); ++c) {
    if (!channels_[c].latched || !sink.wants(c)) continue;
    std::string& out = text_;
    out.clear();
    switch (sources_[c].kind) {
      case Kind::kTfStatic: {
        out = R"({"transforms":[)";
        bool first = true;
        const auto add = [&](const std::string& parent, const std::string& child, const Pose& X) {
          if (!first) out += ',';
          first = false;
          transform(out, t, parent, child, X.p, X.q);
        };
        for (std::size_t i = 0; i < model.bodies.size(); ++i) {
          const BodyModel& b = model.bodies[i];
          const std::string parent = body_frame(model, static_cast<int>(i));
          for (const BodyModel::LinkFrame& link : b.links) {
            if (link.name != b.link_name)
              add(parent, ros_body_frame(b.model_name, link.name), link.X_BL);
          }
        }
        for (const SensorModel& s : model.sensors) {
          add(body_frame(model, s.body), ros_sensor_frame(s), s.X_BS);
          if (std::holds_alternative<CameraModel>(s.kind))
            add(ros_sensor_frame(s), optical_frame(s), Pose(Vec3::Zero(), kQ_SO));
          if (std::holds_alternative<SonarModel>(s.kind))
            add(ros_sensor_frame(s), acoustic_frame(s), Pose(Vec3::Zero(), kQ_SA));
        }
        out += "]}";
        break;
      }
      case Kind::kWaves: {
        const WaveField& w = *model.environment.waves;
        out = R"({"timestamp":)";
        jt::time(out, t);
        out += R"(,"frame_id":"world","z_level":)";
        jt::number(out, w.z_level);
        jt::key(out, "depth");
        jt::number(out, w.depth);
        jt::key(out, "ramp_time");
        jt::number(out, w.ramp_time);
        const auto list = [&](const char* name, const std::vector<double>& v) {
          jt::key(out, name);
          out += '[';
          for (std::size_t i = 0; i < w.count; ++i) {
            if (i > 0) out += ',';
            jt::number(out, v[i]);
          }
          out += ']';
        };
        list("amplitude", w.amplitude);
        list("kx", w.kx);
        list("ky", w.ky);
        list("omega", w.omega);
        list("phase", w.phase);
        list("qa_dx", w.qa_dx);
        list("qa_dy", w.qa_dy);
        out += '}';
        break;
      }
      case Kind::kScene: {
        out = R"({"deletions":[],"entities":[)";
        bool first = true;
        const auto entity = [&](std::string_view frame, std::string_view id, const Primitives& p) {
          if (!first) out += ',';
          first = false;
          open_entity(out, t, frame, id);
          p.write(out);
        };
        for (const PreparedEntity& e : scene_entities_) {
          if (!first) out += ',';
          first = false;
          open_entity(out, t, e.frame, e.id);
          out += e.primitives;
        }
        if (model.environment.bathymetry && focus_body_ >= 0) {
          // The seabed about the vessel's start: 300 m square, 5 m cells.
          const Vec3& p_WB0 = model.bodies[static_cast<std::size_t>(focus_body_)].p_WB0;
          Primitives p;
          p.triangles =
              seabed_triangles(*model.environment.bathymetry, p_WB0.x(), p_WB0.y(), 150.0, 60);
          if (!p.triangles.empty()) entity("world", "seabed", p);
        }
        for (const TaskModel& task : sim.scenario().tasks) {
          Primitives p;
          std::string path = R"({"type":0,"pose":{"position":{"x":0,"y":0,"z":0},)"
                             R"("orientation":{"x":0,"y":0,"z":0,"w":1}},"thickness":0.15,)"
                             R"("scale_invariant":false,"points":[)";
          for (std::size_t g = 0; g < task.goals.size(); ++g) {
            const TaskGoal& goal = task.goals[g];
            const Vec3 p_W(goal.p_W.x(), goal.p_W.y(), model.environment.surface_level + 0.3);
            Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
            X.translation() = p_W;
            X.linear() = Eigen::AngleAxisd(goal.yaw, Vec3::UnitZ()).toRotationMatrix();
            std::string arrow = R"({"pose":)";
            jt::pose(arrow, p_W, Quat(X.linear()));
            arrow +=
                R"(,"shaft_length":2,"shaft_diameter":0.25,"head_length":1,"head_diameter":0.6,"color":)";
            color(arrow, kGoal);
            arrow += '}';
            p.append(p.arrows, arrow);
            std::string text = R"({"pose":)";
            jt::pose(text, p_W + Vec3(0, 0, 1.5), Quat::Identity());
            text += R"(,"billboard":true,"font_size":14,"scale_invariant":true,"color":)";
            color(text, kGoal);
            jt::key(text, "text");
            jt::string(text,
                       task.goals.size() == 1 ? task.name : fmt::format("{} {}", task.name, g + 1));
            text += '}';
            p.append(p.texts, text);
            if (g > 0) path += ',';
            jt::vec3(path, p_W);
          }
          path += R"(],"color":)";
          color(path, kGoal);
          path += R"(,"colors":[],"indices":[]})";
          if (task.goals.size() > 1) p.lines = path;
          entity("world", "task/" + task.name, p);
        }
        out += "]}";
        break;
      }
      default:
        continue;
    }
    sink.take(c, time_ns(t), out);
  }
  for (const std::string& w : options_.warnings)
    log(sink, t, 3, w, "loader");
  frame(sim, sink);
}

void ViewChannels::step(const Simulation& sim, MessageSink& sink) {
  const Model& model = sim.model();
  const StepData& data = sim.data();
  for (std::size_t c = 0; c < channels_.size(); ++c) {
    const Kind kind = sources_[c].kind;
    if (kind != Kind::kSensor && kind != Kind::kCameraInfo && kind != Kind::kDepthImage &&
        kind != Kind::kSonarFan && kind != Kind::kSonarDetections)
      continue;
    const auto i = static_cast<std::size_t>(sources_[c].index);
    const SensorSample& sample = data.sensors[i];
    if (!sample.sampled || !sink.wants(c)) continue;
    text_.clear();
    if (kind == Kind::kCameraInfo) {
      if (std::get<CameraImage>(sample.reading).width == 0) continue;
      camera_calibration(text_, sample.t, model.sensors[i]);
    } else if (kind == Kind::kDepthImage) {
      const auto& image = std::get<CameraImage>(sample.reading);
      if (image.width == 0) continue;
      depth_image(text_, sample.t, model.sensors[i], image);
      text_ += '}';
    } else if (kind == Kind::kSonarDetections) {
      const auto& ping = std::get<SonarImage>(sample.reading);
      if (ping.beams == 0) continue;
      sonar_detections(text_, sample.t, model.sensors[i], ping);
      text_ += '}';
    } else if (kind == Kind::kSonarFan) {
      const auto& ping = std::get<SonarImage>(sample.reading);
      if (ping.beams == 0) continue;
      if (std::get<SonarModel>(model.sensors[i].kind).mode == SonarMode::kSideScan) {
        Waterfall& w = waterfalls_[i];
        add_to_waterfall(w, ping);
        std::vector<std::uint8_t> rgb(3 * w.grey.size());
        for (std::size_t k = 0; k < w.grey.size(); ++k)
          rgb[3 * k] = rgb[3 * k + 1] = rgb[3 * k + 2] = w.grey[k];
        compressed_image(text_, sample.t, ros_sensor_frame(model.sensors[i]), w.width, w.rows, rgb);
      } else {
        sonar_fan_frame(text_, sample.t, model.sensors[i], ping);
      }
      text_ += '}';
    } else {
      if (!sensor_message(text_, model.sensors[i], sample, model.environment.sound_speed)) continue;
      text_ += '}';
    }
    sink.take(c, time_ns(sample.t), text_);
  }
  for (const Event& e : data.events) {
    // One line a second of each kind of event on each actuator or body: a controller that
    // saturates clamps its command at every step.
    double& last = last_logged_[{static_cast<int>(e.kind), e.index}];
    if (last > 0.0 && e.t - last < 1.0) continue;
    last = std::max(e.t, 1e-9);
    log(sink, e.t, stops_the_step(e.kind) ? 4 : 3, describe(model, e), event_kind_name(e.kind));
  }
  const std::uint64_t n = sim.state().step_count;
  if (n % frame_interval_ == 0) frame(sim, sink);
}

void ViewChannels::frame(const Simulation& sim, MessageSink& sink) {
  const Model& model = sim.model();
  const State& state = sim.state();
  const StepData& data = sim.data();
  const double t = state.t;
  const bool sea_due = sea_interval_ > 0 && state.step_count % sea_interval_ == 0;
  for (std::size_t c = 0; c < channels_.size(); ++c) {
    const Source& source = sources_[c];
    if (channels_[c].latched || source.kind == Kind::kSensor || source.kind == Kind::kLog ||
        (source.kind == Kind::kSea && !sea_due) || !sink.wants(c))
      continue;
    std::string& out = text_;
    const auto b = static_cast<std::size_t>(source.index);
    switch (source.kind) {
      case Kind::kTf:
        out = R"({"transforms":[)";
        for (std::size_t i = 0; i < model.bodies.size(); ++i) {
          if (i > 0) out += ',';
          transform(out, t, "world", body_frame(model, static_cast<int>(i)), state.bodies[i].p_WB,
                    state.bodies[i].q_WB);
        }
        out += "]}";
        break;
      case Kind::kOdometry:
        out = R"({"timestamp":)";
        jt::time(out, t);
        out += R"(,"frame_id":"world","body_frame_id":)";
        jt::string(out, body_frame(model, source.index));
        jt::key(out, "pose");
        jt::pose(out, state.bodies[b].p_WB, state.bodies[b].q_WB);
        jt::key(out, "linear_velocity");
        jt::vec3(out, state.bodies[b].V_WB_B.head<3>());
        jt::key(out, "angular_velocity");
        jt::vec3(out, state.bodies[b].V_WB_B.tail<3>());
        out += '}';
        break;
      case Kind::kPose:
        out = R"({"timestamp":)";
        jt::time(out, t);
        out += R"(,"frame_id":"world","pose":)";
        jt::pose(out, state.bodies[b].p_WB, state.bodies[b].q_WB);
        out += '}';
        break;
      case Kind::kEnvironment: {
        const Environment& env = model.environment;
        const Vec3& p = state.bodies[b].p_WB;
        out = R"({"timestamp":)";
        jt::time(out, t);
        jt::key(out, "model");
        jt::string(out, model.bodies[b].model_name);
        jt::key(out, "wind");
        jt::vec3(out, wind_velocity(env, state.environment, p, t));
        jt::key(out, "current");
        jt::vec3(out, current_velocity(env, state.environment, p, t));
        jt::key(out, "wave_elevation");
        jt::number(out, surface_height(env, p.x(), p.y(), t));
        jt::key(out, "apparent_wind");
        jt::vec3(out, data.bodies[b].v_air_B);
        jt::key(out, "water_speed");
        jt::number(out, data.bodies[b].V_WrB_B.head<3>().norm());
        out += '}';
        break;
      }
      case Kind::kActuators: {
        out = R"({"timestamp":)";
        jt::time(out, t);
        jt::key(out, "model");
        jt::string(out, model.actuators[b].model_name);
        out += R"(,"actuators":[)";
        for (std::size_t i = b; i < model.actuators.size() &&
                                model.actuators[i].model_name == model.actuators[b].model_name;
             ++i) {
          if (i > b) out += ',';
          out += R"({"name":)";
          jt::string(out, model.actuators[i].name);
          jt::key(out, "unit");
          jt::string(out, model.actuators[i].unit);
          jt::key(out, "command");
          jt::number(out, data.actuator_commands[i]);
          jt::key(out, "state");
          jt::number(out, state.actuators[i]);
          jt::key(out, "thrust");
          jt::number(out, data.actuator_loads[i].thrust);
          jt::key(out, "lift");
          jt::number(out, data.actuator_loads[i].lift);
          out += '}';
        }
        out += "]}";
        break;
      }
      case Kind::kTask: {
        const TaskModel& task = sim.scenario().tasks[b];
        const TaskState& s = sim.task_states()[b];
        const double bounds[] = {0.0, task.ready_time(), task.running_time(), task.finish_time()};
        const auto phase = static_cast<std::size_t>(s.phase);
        const double begin = bounds[std::min<std::size_t>(phase, 3)];
        out = R"({"timestamp":)";
        jt::time(out, t);
        jt::key(out, "name");
        jt::string(out, task.name);
        jt::key(out, "kind");
        jt::string(out, task_kind_name(task.kind));
        jt::key(out, "vehicle");
        jt::string(out, task.vehicle_name);
        jt::key(out, "phase");
        jt::string(out, task_phase_name(s.phase));
        jt::key(out, "elapsed");
        jt::number(out, t - begin);
        jt::key(out, "remaining");
        jt::number(out, phase < 3 ? bounds[phase + 1] - t : 0.0);
        jt::key(out, "score");
        jt::number(out, s.running_steps > 0 ? s.score : std::nan(""));
        fmt::format_to(std::back_inserter(out), R"(,"collisions":{},"min_errors":[)",
                       s.collisions.size());
        for (std::size_t i = 0; i < s.min_errors.size(); ++i) {
          if (i > 0) out += ',';
          jt::number(out, s.min_errors[i]);
        }
        out += "]}";
        break;
      }
      case Kind::kMarkers: {
        out = R"({"deletions":[],"entities":[)";
        bool first = true;
        for (std::size_t i = 0; i < model.bodies.size(); ++i) {
          const BodyModel& body = model.bodies[i];
          if (body.thrusters.empty()) continue;
          Primitives p;
          for (const Thruster& thruster : body.thrusters) {
            const double azimuth =
                thruster.azimuth_actuator >= 0
                    ? state.actuators[static_cast<std::size_t>(thruster.azimuth_actuator)]
                    : 0.0;
            const double thrust =
                data.actuator_loads[static_cast<std::size_t>(thruster.actuator)].thrust;
            p.append(p.arrows, thrust_arrow(thruster_pose(thruster, azimuth), thrust));
          }
          if (!first) out += ',';
          first = false;
          open_entity(out, t, body_frame(model, static_cast<int>(i)), "thrust/" + body.model_name);
          p.write(out);
        }
        out += "]}";
        break;
      }
      case Kind::kSea: {
        // A grid about the vessel, snapped to the grid's spacing so that it does not swim
        // under it; each vertex the Gerstner point of its calm-water position
        // (gerstner_grid: a sine and cosine per component per row, not per point).
        const int n = options_.sea_cells;
        const double h = options_.sea_size / n;
        const Vec3 focus = focus_body_ < 0
                               ? Vec3::Zero()
                               : state.bodies[static_cast<std::size_t>(focus_body_)].p_WB;
        const double x0 = std::round(focus.x() / h) * h - 0.5 * options_.sea_size;
        const double y0 = std::round(focus.y() / h) * h - 0.5 * options_.sea_size;
        const std::optional<WaveField>& waves = model.environment.waves;
        out = R"({"deletions":[],"entities":[)";
        open_entity(out, t, "world", "sea");
        out +=
            R"(,"arrows":[],"cubes":[],"spheres":[],"cylinders":[],"lines":[],"triangles":[)"
            R"({"pose":{"position":{"x":0,"y":0,"z":0},"orientation":{"x":0,"y":0,"z":0,"w":1}},)"
            R"("points":[)";
        sea_points_.resize(static_cast<std::size_t>((n + 1) * (n + 1)));
        if (waves) {
          gerstner_grid(*waves, x0, y0, h, n, t, sea_points_);
        } else {
          for (std::size_t p = 0; p < sea_points_.size(); ++p) {
            sea_points_[p] = Vec3(x0 + static_cast<double>(p % static_cast<std::size_t>(n + 1)) * h,
                                  y0 + static_cast<double>(p / static_cast<std::size_t>(n + 1)) * h,
                                  model.environment.surface_level);
          }
        }
        for (std::size_t p = 0; p < sea_points_.size(); ++p) {
          fmt::format_to(std::back_inserter(out), R"({}{{"x":{:.3f},"y":{:.3f},"z":{:.3f}}})",
                         p == 0 ? "" : ",", sea_points_[p].x(), sea_points_[p].y(),
                         sea_points_[p].z());
        }
        out += R"(],"color":)";
        color(out, kSea);
        out += R"(,"colors":[],"indices":[)";
        for (int j = 0; j < n; ++j) {
          for (int i = 0; i < n; ++i) {
            const int a = j * (n + 1) + i, b1 = a + 1, c1 = a + n + 1, d = c1 + 1;
            fmt::format_to(std::back_inserter(out), "{}{},{},{},{},{},{}", i + j == 0 ? "" : ",", a,
                           b1, d, a, d, c1);
          }
        }
        out += R"(]}],"texts":[],"models":[]}]})";
        break;
      }
      default:
        continue;
    }
    sink.take(c, time_ns(t), out);
  }
}

}  // namespace leeway
