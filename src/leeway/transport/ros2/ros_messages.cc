#include "leeway/transport/ros2/ros_messages.h"

#include <cmath>
#include <deque>
#include <vector>

#include "leeway/sensors/named_values.h"
#include "leeway/transport/contact_reports.h"
#include "leeway/transport/ros2/ros_names.h"
#include "leeway/transport/sensor_payloads.h"
#include "leeway/transport/stamp.h"
#include "leeway_ros2.h"  // generated from data/ros2_interfaces (CMakeLists.txt)

namespace leeway {
namespace {

builtin_interfaces_msg_dds__Time_ ros_time(double t) {
  const Stamp stamp = stamp_of(t);
  return {static_cast<std::int32_t>(stamp.sec), static_cast<std::uint32_t>(stamp.nanosec)};
}

/// A header naming `frame`, which must outlive the message (Cyclone reads it in dds_write and
/// keeps no pointer to it).
std_msgs_msg_dds__Header_ header(double t, const std::string& frame) {
  return {ros_time(t), const_cast<char*>(frame.c_str())};
}

char* c_str(const std::string& s) {
  return const_cast<char*>(s.c_str());
}

geometry_msgs_msg_dds__Vector3_ vector3(const Vec3& v) {
  return {v.x(), v.y(), v.z()};
}

geometry_msgs_msg_dds__Quaternion_ quaternion(const Quat& q) {
  return {q.x(), q.y(), q.z(), q.w()};
}

/// Lends `n` elements at `data` to a message's sequence field: the message reads them in place
/// (they must outlive it) and never frees them.
template <typename Sequence, typename T>
void lend(Sequence& sequence, T* data, std::size_t n) {
  sequence._maximum = sequence._length = static_cast<std::uint32_t>(n);
  sequence._buffer = const_cast<std::remove_const_t<T>*>(data);
  sequence._release = false;
}

template <typename Sequence, typename T>
void lend(Sequence& sequence, std::vector<T>& v) {
  lend(sequence, v.data(), v.size());
}

/// rcl_interfaces/Parameter values, typed as ros_gz_bridge converts ignition.msgs.Param's (the
/// names and strings must outlive the message).
constexpr std::uint8_t kParameterBool = 1, kParameterInteger = 2, kParameterDouble = 3,
                       kParameterString = 4;  // rcl_interfaces/ParameterType

rcl_interfaces_msg_dds__Parameter_ parameter(const char* name, std::uint8_t type) {
  rcl_interfaces_msg_dds__Parameter_ p{};
  p.name = const_cast<char*>(name);
  p.value.type = type;
  p.value.string_value = const_cast<char*>("");
  return p;
}

rcl_interfaces_msg_dds__Parameter_ parameter(const char* name, double value) {
  rcl_interfaces_msg_dds__Parameter_ p = parameter(name, kParameterDouble);
  p.value.double_value = value;
  return p;
}

rcl_interfaces_msg_dds__Parameter_ parameter(const char* name, const std::string& value) {
  rcl_interfaces_msg_dds__Parameter_ p = parameter(name, kParameterString);
  p.value.string_value = c_str(value);
  return p;
}

rcl_interfaces_msg_dds__Parameter_ bool_parameter(const char* name, bool value) {
  rcl_interfaces_msg_dds__Parameter_ p = parameter(name, kParameterBool);
  p.value.bool_value = value;
  return p;
}

rcl_interfaces_msg_dds__Parameter_ integer_parameter(const char* name, std::int64_t value) {
  rcl_interfaces_msg_dds__Parameter_ p = parameter(name, kParameterInteger);
  p.value.integer_value = value;
  return p;
}

/// Sends a ros_gz_interfaces/ParamVec of `params` (which must outlive it).
void send_params(const std_msgs_msg_dds__Header_& head,
                 std::vector<rcl_interfaces_msg_dds__Parameter_>& params, const RosSend& send) {
  ros_gz_interfaces_msg_dds__ParamVec_ msg{};
  msg.header = head;
  lend(msg.params, params);
  send(&msg);
}

/// A reading as parameters, one per number (sensors/named_values.h); the names and words are
/// kept until the message is sent.
class ParamValues final : public NamedValues {
 public:
  using NamedValues::NamedValues;
  std::vector<rcl_interfaces_msg_dds__Parameter_> params;

 private:
  const char* keep(const std::string& s) { return strings_.emplace_back(s).c_str(); }
  void number(const std::string& name, double x) override {
    params.push_back(parameter(keep(name), x));
  }
  void count(const std::string& name, std::int64_t n) override {
    params.push_back(integer_parameter(keep(name), n));
  }
  void flag(const std::string& name, bool b) override {
    params.push_back(bool_parameter(keep(name), b));
  }
  void word(const std::string& name, std::string_view w) override {
    const char* key = keep(name);
    params.push_back(parameter(key, strings_.emplace_back(w)));
  }
  std::deque<std::string> strings_;  // a deque: its strings stay where they are
};

/// A 3x3 covariance with `variances` on its diagonal, row-major into out[9] (or out[36]'s block
/// starting at `first`, every `stride`).
void set_diagonal(double* out, int stride, int first, const std::array<double, 3>& variances) {
  for (int k = 0; k < 3; ++k)
    out[(first + k) * stride + first + k] = variances[k];
}

std::array<double, 3> variances(const std::array<NoiseModel, 3>& noise, double period) {
  return {white_variance(noise[0], period), white_variance(noise[1], period),
          white_variance(noise[2], period)};
}

void send_transforms(std::vector<geometry_msgs_msg_dds__TransformStamped_>& transforms,
                     const RosSend& send) {
  tf2_msgs_msg_dds__TFMessage_ msg{};
  lend(msg.transforms, transforms);
  send(&msg);
}

/// A body's frame; W's for a sensor held by the world.
std::string parent_frame(const Model& model, int body) {
  if (body < 0) return "world";
  const BodyModel& b = model.bodies[static_cast<std::size_t>(body)];
  return ros_body_frame(b.model_name, b.link_name);
}

void static_frames(const Model& model, const RosSend& send) {
  std::deque<std::string> names;  // the frames' names, alive until the message is sent
  std::vector<geometry_msgs_msg_dds__TransformStamped_> transforms;
  const auto add = [&](const std::string& parent, const std::string& child, const Pose& X) {
    transforms.push_back({header(0.0, names.emplace_back(parent)),
                          c_str(names.emplace_back(child)),
                          {vector3(X.p), quaternion(X.q)}});
  };
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    for (const BodyModel::LinkFrame& link : model.bodies[b].links) {
      if (link.name != model.bodies[b].link_name)
        add(parent_frame(model, static_cast<int>(b)),
            ros_body_frame(model.bodies[b].model_name, link.name), link.X_BL);
    }
  }
  for (const SensorModel& sensor : model.sensors) {
    add(parent_frame(model, sensor.body), ros_sensor_frame(sensor), sensor.X_BS);
    // A camera's images are in its optical frame, a sonar's pings in its acoustic one.
    if (std::holds_alternative<CameraModel>(sensor.kind))
      add(ros_sensor_frame(sensor), optical_frame(sensor), Pose(Vec3::Zero(), kQ_SO));
    if (std::holds_alternative<SonarModel>(sensor.kind))
      add(ros_sensor_frame(sensor), acoustic_frame(sensor), Pose(Vec3::Zero(), kQ_SA));
  }
  send_transforms(transforms, send);
}

/// In the header's frame, S (the reporting frame R turned back into S, so that /tf_static
/// places it). Without a solution the mode is 0 (neither DVL_MODE_BOTTOM nor DVL_MODE_WATER)
/// and the velocity NaN.
void dvl(const std::string& frame, const DvlModel& m, const SensorSample& sample,
         const DvlReading& r, const RosSend& send) {
  marine_acoustic_msgs_msg_dds__Dvl_ msg{};
  msg.header = header(sample.t, frame);
  msg.velocity_mode = r.target == DvlReading::Target::kBottom      ? 1
                      : r.target == DvlReading::Target::kWaterMass ? 2
                                                                   : 0;
  msg.dvl_type = m.phased_array ? 1 : 0;
  const Vec3 v_S = m.R_SR * r.v_R;
  const Mat3 covariance_S = m.R_SR * r.covariance * m.R_SR.transpose();
  msg.velocity = vector3(v_S);
  for (int a = 0; a < 3; ++a) {
    for (int b = 0; b < 3; ++b)
      msg.velocity_covar[3 * a + b] = covariance_S(a, b);
  }
  msg.altitude = r.altitude;
  msg.course_gnd = std::atan2(v_S.y(), v_S.x());
  msg.speed_gnd = std::hypot(v_S.x(), v_S.y());
  msg.num_good_beams = static_cast<std::uint8_t>(r.good_beams);
  msg.sound_speed = static_cast<float>(m.sound_speed_assumed);
  // The noise model's variances (sensors/dvl.h: a + b |u|, with the reported beam velocity
  // for u); the message holds four beams, a DVL's first four.
  const double velocity_floor =
      r.target == DvlReading::Target::kWaterMass ? m.water_velocity_noise : m.velocity_noise;
  bool ranges = false, velocities = false;
  for (std::size_t k = 0; k < 4; ++k) {
    const bool beam = k < m.beams_S.size();
    const DvlBeamReading& b = r.beams[k];
    msg.beam_unit_vec[k] = vector3(beam ? m.beams_S[k] : Vec3::Zero());
    msg.range[k] = beam ? b.range : std::nan("");
    msg.beam_velocity[k] = static_cast<float>(beam ? b.velocity : std::nan(""));
    msg.beam_quality[k] = beam && b.locked ? 1.0f : 0.0f;
    msg.range_covar[k] =
        static_cast<float>(beam && std::isfinite(b.range)
                               ? std::pow(m.range_noise + m.range_noise_fraction * b.range, 2)
                               : std::nan(""));
    msg.beam_velocity_covar[k] = static_cast<float>(
        beam && b.locked
            ? std::pow(velocity_floor + m.velocity_noise_fraction * std::abs(b.velocity), 2)
            : std::nan(""));
    ranges = ranges || (beam && std::isfinite(b.range));
    velocities = velocities || (beam && b.locked);
  }
  msg.beam_ranges_valid = ranges;
  msg.beam_velocities_valid = velocities;
  send(&msg);
}

/// A reading whose sensor does not draw, by its message shape.
void reading(const SensorModel& sensor, const SensorSample& sample, double dt,
             const RosSend& send) {
  const std::string frame = ros_sensor_frame(sensor);
  const double period = sensor.rate_hz > 0.0 ? 1.0 / sensor.rate_hz : dt;
  const double t = sample.t;
  switch (descriptor(sensor).shape) {
    case MessageShape::kImu: {
      const auto& m = std::get<ImuModel>(sensor.kind);
      const auto& r = std::get<ImuReading>(sample.reading);
      sensor_msgs_msg_dds__Imu_ msg{};
      msg.header = header(t, frame);
      msg.orientation = quaternion(r.q_RS);  // noiseless: covariance 0
      msg.angular_velocity = vector3(r.omega_S);
      set_diagonal(msg.angular_velocity_covariance, 3, 0, variances(m.angular_velocity, period));
      msg.linear_acceleration = vector3(r.f_S);
      set_diagonal(msg.linear_acceleration_covariance, 3, 0,
                   variances(m.linear_acceleration, period));
      return send(&msg);
    }
    case MessageShape::kNavSat: {
      const auto& m = std::get<GnssModel>(sensor.kind);
      const auto& r = std::get<GnssReading>(sample.reading);
      sensor_msgs_msg_dds__NavSatFix_ msg{};
      msg.header = header(t, frame);
      msg.status.status = r.fix ? 0 : -1;  // STATUS_FIX, STATUS_NO_FIX
      msg.status.service = 1;              // SERVICE_GPS
      msg.latitude = r.latitude_deg;
      msg.longitude = r.longitude_deg;
      msg.altitude = r.altitude;
      set_diagonal(msg.position_covariance, 3, 0, variances(m.position, period));
      msg.position_covariance_type = 2;  // COVARIANCE_TYPE_DIAGONAL_KNOWN
      return send(&msg);
    }
    case MessageShape::kMagneticField: {
      const auto& m = std::get<MagnetometerModel>(sensor.kind);
      sensor_msgs_msg_dds__MagneticField_ msg{};
      msg.header = header(t, frame);
      msg.magnetic_field = vector3(std::get<MagnetometerReading>(sample.reading).B_S);
      set_diagonal(msg.magnetic_field_covariance, 3, 0, variances(m.noise, period));
      return send(&msg);
    }
    case MessageShape::kFluidPressure: {
      const auto& m = std::get<PressureModel>(sensor.kind);
      sensor_msgs_msg_dds__FluidPressure_ msg{};
      msg.header = header(t, frame);
      msg.fluid_pressure = std::get<PressureReading>(sample.reading).pressure;
      msg.variance = white_variance(m.noise, period);
      return send(&msg);
    }
    case MessageShape::kAltimeter: {
      const auto& r = std::get<AltimeterReading>(sample.reading);
      ros_gz_interfaces_msg_dds__Altimeter_ msg{};
      msg.header = header(t, frame);
      msg.vertical_position = r.vertical_position;
      msg.vertical_velocity = r.vertical_velocity;
      msg.vertical_reference = std::get<AltimeterModel>(sensor.kind).vertical_reference;
      return send(&msg);
    }
    case MessageShape::kDvl:
      return dvl(frame, std::get<DvlModel>(sensor.kind), sample,
                 std::get<DvlReading>(sample.reading), send);
    case MessageShape::kOdometry: {
      const auto& m = std::get<GroundTruthModel>(sensor.kind);
      const auto& r = std::get<GroundTruthReading>(sample.reading);
      const std::string world = "world";
      nav_msgs_msg_dds__Odometry_ msg{};
      msg.header = header(t, world);
      msg.child_frame_id = c_str(frame);
      msg.pose.pose = {{r.p_W.x(), r.p_W.y(), r.p_W.z()}, quaternion(r.q_WS)};
      set_diagonal(msg.pose.covariance, 6, 0, variances(m.position, period));
      // REP-105: the twist in the child frame, S.
      msg.twist.twist = {vector3(r.v_S), vector3(r.omega_S)};
      set_diagonal(msg.twist.covariance, 6, 0, variances(m.velocity, period));
      return send(&msg);
    }
    case MessageShape::kScalar:
    case MessageShape::kVector: {
      // The first field, the scalar or the vector the shape names.
      ParamValues values(descriptor(sensor));
      write_reading(sensor, sample, values);
      if (descriptor(sensor).shape == MessageShape::kScalar) {
        const uuv_gazebo_ros_plugins_msgs_msg_dds__FloatStamped_ msg{
            header(t, frame), values.params.at(0).value.double_value};
        return send(&msg);
      }
      const std::string world = "world";
      const bool in_world = descriptor(sensor).fields.front().frame == "W";
      geometry_msgs_msg_dds__Vector3Stamped_ msg{};
      msg.header = header(t, in_world ? world : frame);
      msg.vector = {values.params.at(0).value.double_value, values.params.at(1).value.double_value,
                    values.params.at(2).value.double_value};
      return send(&msg);
    }
    default: {
      // VRX's pinger receiver, and any other record: its fields, by name.
      ParamValues values(descriptor(sensor));
      write_reading(sensor, sample, values);
      return send_params(header(t, frame), values.params, send);
    }
  }
}

sensor_msgs_msg_dds__PointCloud2_ point_cloud(
    const std_msgs_msg_dds__Header_& head, PackedPoints& points,
    std::vector<sensor_msgs_msg_dds__PointField_>& fields) {
  fields.clear();
  for (const PointFieldLayout& f : points.fields)
    fields.push_back({const_cast<char*>(f.name), f.offset, f.ros_datatype, 1});
  sensor_msgs_msg_dds__PointCloud2_ msg{};
  msg.header = head;
  msg.height = points.height;
  msg.width = points.width;
  lend(msg.fields, fields);
  msg.is_bigendian = false;
  msg.point_step = points.point_step;
  msg.row_step = points.point_step * points.width;
  lend(msg.data, points.data);
  msg.is_dense = false;
  return msg;
}

void send_points(const std_msgs_msg_dds__Header_& head, PackedPoints points, const RosSend& send) {
  std::vector<sensor_msgs_msg_dds__PointField_> fields;
  const auto msg = point_cloud(head, points, fields);
  send(&msg);
}

/// A scan: its middle row as sensor_msgs/LaserScan (as ros_gz_bridge converts gz-sensors'
/// scans: ROS's scan is one row), and every ray as PointCloud2.
void scan(Output what, const SensorModel& sensor, const SensorSample& sample, const LidarReading& r,
          const RosSend& send) {
  const auto& lidar = std::get<LidarModel>(sensor.kind);
  const std::string frame = ros_sensor_frame(sensor);
  if (what == Output::kPoints)
    return send_points(header(sample.t, frame), lidar_points(lidar, r), send);
  const auto n = static_cast<std::size_t>(r.horizontal_count);
  const std::size_t row = static_cast<std::size_t>(r.vertical_count / 2) * n;
  std::vector<float> ranges(r.ranges.begin() + row, r.ranges.begin() + row + n);
  std::vector<float> intensities(r.intensities.begin() + row, r.intensities.begin() + row + n);
  sensor_msgs_msg_dds__LaserScan_ msg{};
  msg.header = header(sample.t, frame);
  msg.angle_min = static_cast<float>(lidar.horizontal_min);
  msg.angle_max = static_cast<float>(lidar.horizontal_max);
  msg.angle_increment = static_cast<float>(
      n > 1 ? (lidar.horizontal_max - lidar.horizontal_min) / double(n - 1) : 0.0);
  msg.scan_time = static_cast<float>(sensor.rate_hz > 0.0 ? 1.0 / sensor.rate_hz : 0.0);
  msg.range_min = static_cast<float>(lidar.range_min);
  msg.range_max = static_cast<float>(lidar.range_max);
  lend(msg.ranges, ranges);
  lend(msg.intensities, intensities);
  send(&msg);
}

/// A frame: its image (rgb8) or depths (32FC1) in the optical frame, its calibration, and a
/// depth camera's points in S.
void frame(Output what, const SensorModel& sensor, const SensorSample& sample, const CameraImage& r,
           const RosSend& send) {
  const auto& camera = std::get<CameraModel>(sensor.kind);
  const std::string optical_name = optical_frame(sensor);
  const std_msgs_msg_dds__Header_ optical = header(sample.t, optical_name);
  const auto image = [&](const char* encoding, std::uint32_t pixel_bytes, const std::uint8_t* data,
                         std::size_t size) {
    sensor_msgs_msg_dds__Image_ msg{};
    msg.header = optical;
    msg.height = static_cast<std::uint32_t>(r.height);
    msg.width = static_cast<std::uint32_t>(r.width);
    msg.encoding = const_cast<char*>(encoding);
    msg.is_bigendian = 0;
    msg.step = pixel_bytes * msg.width;
    lend(msg.data, data, size);
    send(&msg);
  };
  if (what == Output::kSensorReading && camera.color) {
    image("rgb8", 3, r.rgb.data(), r.rgb.size());
  } else if (what == Output::kSensorReading || what == Output::kDepthImage) {
    const std::vector<std::uint8_t> depths = depth_bytes(r);
    image("32FC1", 4, depths.data(), depths.size());
  } else if (what == Output::kPoints) {
    const std::string name = ros_sensor_frame(sensor);
    send_points(header(sample.t, name), depth_points(camera, r), send);
  } else if (what == Output::kCameraInfo) {
    PinholeCalibration c = pinhole_calibration(camera);
    sensor_msgs_msg_dds__CameraInfo_ msg{};
    msg.header = optical;
    msg.height = static_cast<std::uint32_t>(r.height);
    msg.width = static_cast<std::uint32_t>(r.width);
    msg.distortion_model = const_cast<char*>("plumb_bob");
    lend(msg.d, c.D.data(), c.D.size());
    std::copy(c.K.begin(), c.K.end(), msg.k);
    std::copy(c.R.begin(), c.R.end(), msg.r);
    std::copy(c.P.begin(), c.P.end(), msg.p);
    send(&msg);
  }
}

/// A ping as marine_acoustic_msgs/ProjectedSonarImage in the acoustic frame A: each beam's
/// direction in A, each bin's range, the levels [dB re 1 uPa] as FLOAT32 cells, range-major;
/// a profiling sonar's soundings as SonarRanges.
void ping(Output what, const SensorModel& sensor, const SensorSample& sample, const SonarImage& r,
          double sound_speed, const RosSend& send) {
  const auto& sonar = std::get<SonarModel>(sensor.kind);
  std::vector<float> tx(r.azimuth.size(), static_cast<float>(sonar.vertical_fov));
  std::vector<float> rx(r.azimuth.size(), static_cast<float>(sonar.beamwidth_h));
  marine_acoustic_msgs_msg_dds__PingInfo_ ping_info{};
  ping_info.frequency = static_cast<float>(sonar.frequency);
  ping_info.sound_speed = static_cast<float>(sound_speed);
  lend(ping_info.tx_beamwidths, tx);
  lend(ping_info.rx_beamwidths, rx);
  if (what == Output::kSoundings) {
    if (r.bottom_range.empty()) return;
    // Per beam: its flag (0 DETECT_OK, 1 DETECT_BAD_SONAR: no bottom, range NaN), no transmit
    // delay, the level [dB re 1 uPa], its unit vector in S and its range [m].
    const std::size_t n = r.bottom_range.size();
    std::vector<marine_acoustic_msgs_msg_dds__DetectionFlag_> flags(n);
    std::vector<float> zeros(n, 0.0f), levels(r.bottom_level), ranges(n);
    std::vector<geometry_msgs_msg_dds__Vector3_> beams(n);
    for (std::size_t b = 0; b < n; ++b) {
      flags[b].flag = std::isfinite(r.bottom_range[b]) ? 0 : 1;
      ranges[b] = static_cast<float>(r.bottom_range[b]);
      beams[b] = {std::cos(r.azimuth[b]), std::sin(r.azimuth[b]), 0.0};
    }
    const std::string name = ros_sensor_frame(sensor);
    marine_acoustic_msgs_msg_dds__SonarRanges_ msg{};
    msg.header = header(sample.t, name);
    msg.ping_info = ping_info;
    lend(msg.flags, flags);
    lend(msg.transmit_delays, zeros);
    lend(msg.intensities, levels);
    lend(msg.beam_unit_vec, beams);
    lend(msg.ranges, ranges);
    return send(&msg);
  }
  std::vector<geometry_msgs_msg_dds__Vector3_> directions;
  for (int b = 0; b < r.beams; ++b)
    directions.push_back(vector3(acoustic_from_sensor(sonar_beam_S(sonar, r, b))));
  std::vector<float> ranges(r.range.begin(), r.range.end());
  const std::string name = acoustic_frame(sensor);
  marine_acoustic_msgs_msg_dds__ProjectedSonarImage_ msg{};
  msg.header = header(sample.t, name);
  msg.ping_info = ping_info;
  lend(msg.beam_directions, directions);
  lend(msg.ranges, ranges);
  msg.image.is_bigendian = false;
  msg.image.dtype = 8;  // DTYPE_FLOAT32
  msg.image.beam_count = static_cast<std::uint32_t>(r.beams);
  lend(msg.image.data, reinterpret_cast<const std::uint8_t*>(r.level.data()),
       sizeof(float) * r.level.size());
  send(&msg);
}

void drawn(Output what, const Model& model, std::size_t i, const SensorSample& sample,
           const RosSend& send) {
  const SensorModel& sensor = model.sensors[i];
  if (const auto* r = std::get_if<LidarReading>(&sample.reading)) {
    if (r->horizontal_count > 0) scan(what, sensor, sample, *r, send);
  } else if (const auto* r = std::get_if<CameraImage>(&sample.reading)) {
    if (r->width > 0) frame(what, sensor, sample, *r, send);
  } else if (const auto* r = std::get_if<SonarImage>(&sample.reading)) {
    if (r->beams > 0) ping(what, sensor, sample, *r, model.environment.sound_speed, send);
  }
}

void task(Output what, const PublishedRun& run, const RosSend& send) {
  const Simulation& s = run.sim();
  const TaskModel& task = s.scenario().tasks.front();
  const TaskState& state = s.task_states().front();
  const bool station = task.kind == TaskKind::kStationKeeping;
  const std::string no_frame;
  const std_msgs_msg_dds__Header_ h = header(s.state().t, no_frame);
  if (what == Output::kTaskInfo) {
    const VrxTaskInfo info = vrx_task_info(task, state, s.state().t);
    std::vector<rcl_interfaces_msg_dds__Parameter_> params = {
        parameter("name", info.name),
        parameter("state", info.state),
        parameter("ready_time", info.ready_time),
        parameter("running_time", info.running_time),
        parameter("elapsed_time", info.elapsed_time),
        parameter("remaining_time", info.remaining_time),
        bool_parameter("timed_out", info.timed_out),
        integer_parameter("num_collisions", info.num_collisions),
        parameter("score", info.score)};
    return send_params(h, params, send);
  }
  if (what == Output::kTaskGoals) {
    std::vector<geometry_msgs_msg_dds__Pose_> poses;
    for (const VrxGoal& g : run.goals())
      poses.push_back({{g.latitude_deg, g.longitude_deg, 0.0}, quaternion(g.orientation())});
    if (station) {
      const geometry_msgs_msg_dds__PoseStamped_ msg{h, poses.front()};
      return send(&msg);
    }
    geometry_msgs_msg_dds__PoseArray_ msg{h, {}};
    lend(msg.poses, poses);
    return send(&msg);
  }
  if (what == Output::kTaskError && !station) {
    std::vector<float> errors(state.min_errors.begin(), state.min_errors.end());
    ros_gz_interfaces_msg_dds__Float32Array_ msg{};
    lend(msg.data, errors);
    return send(&msg);
  }
  const std_msgs_msg_dds__Float32_ msg{static_cast<float>(
      what == Output::kTaskError ? vrx_station_pose_error(task, s.state().bodies) : state.score)};
  send(&msg);
}

void frames(const std::vector<PublishedFrame>& published, double t, const RosSend& send) {
  if (published.empty()) return;
  std::vector<geometry_msgs_msg_dds__TransformStamped_> transforms;
  for (const PublishedFrame& f : published) {
    transforms.push_back(
        {header(t, f.ros_parent), c_str(f.ros_child), {vector3(f.X_PC.p), quaternion(f.X_PC.q)}});
  }
  send_transforms(transforms, send);
}

void contacts(const PublishedRun& run, std::size_t sensor, const RosSend& send) {
  constexpr std::uint8_t kCollision = 5;  // ros_gz_interfaces/Entity COLLISION
  const Simulation& s = run.sim();
  const std::vector<ContactReport> reports =
      sensed_contacts(s.model(), s.data(), run.contact_sensors()[sensor].collider);
  if (reports.empty()) return;
  std::vector<geometry_msgs_msg_dds__Vector3_> points, normals;
  std::vector<double> depths;
  for (const ContactReport& r : reports) {
    points.push_back(vector3(r.p_W));
    normals.push_back(vector3(r.n_W));
    depths.push_back(r.depth);
  }
  std::vector<ros_gz_interfaces_msg_dds__Contact_> list(reports.size());
  for (std::size_t i = 0; i < reports.size(); ++i) {
    ros_gz_interfaces_msg_dds__Contact_& c = list[i];
    c.collision1 = {0, c_str(reports[i].collision1), kCollision};
    c.collision2 = {0, c_str(reports[i].collision2), kCollision};
    lend(c.positions, &points[i], 1);
    lend(c.normals, &normals[i], 1);
    lend(c.depths, &depths[i], 1);
  }
  const std::string no_frame;
  ros_gz_interfaces_msg_dds__Contacts_ msg{};
  msg.header = header(s.state().t, no_frame);
  lend(msg.contacts, list);
  send(&msg);
}

}  // namespace

void ros_messages(const PublishedRun& run, std::size_t k, const RosSend& send) {
  const Publication& row = run.row(k);
  const Simulation& sim = run.sim();
  const Model& model = sim.model();
  const State& state = sim.state();
  const double t = state.t;
  const auto i = static_cast<std::size_t>(row.index);
  switch (row.what) {
    case Output::kClock: {
      const rosgraph_msgs_msg_dds__Clock_ msg{ros_time(t)};
      return send(&msg);
    }
    case Output::kBodyPoses: {
      const std::string world = "world";
      std::vector<std::string> names;
      for (const BodyModel& b : model.bodies)
        names.push_back(ros_body_frame(b.model_name, b.link_name));
      std::vector<geometry_msgs_msg_dds__TransformStamped_> transforms;
      for (std::size_t b = 0; b < model.bodies.size(); ++b) {
        transforms.push_back({header(t, world),
                              c_str(names[b]),
                              {vector3(state.bodies[b].p_WB), quaternion(state.bodies[b].q_WB)}});
      }
      return send_transforms(transforms, send);
    }
    case Output::kStaticFrames:
      return static_frames(model, send);
    case Output::kSensorReading:
    case Output::kCameraInfo:
    case Output::kDepthImage:
    case Output::kPoints:
    case Output::kSoundings:
      if (row.drawn) return drawn(row.what, model, i, sim.data().sensors[i], send);
      return reading(model.sensors[i], sim.data().sensors[i], model.dt, send);
    case Output::kTaskInfo:
    case Output::kTaskGoals:
    case Output::kTaskError:
    case Output::kTaskMeanError:
      return task(row.what, run, send);
    case Output::kJointStates: {
      const std::vector<std::size_t>& joints = run.reports().models()[i].actuators;
      std::vector<char*> names;
      std::vector<double> position, velocity, effort;
      for (std::size_t a : joints) {
        names.push_back(c_str(model.actuators[a].name));
        const JointCoordinates& c = run.reports().joint(a);
        position.push_back(c.position);
        velocity.push_back(c.velocity);
        effort.push_back(c.effort);
      }
      const std::string no_frame;
      sensor_msgs_msg_dds__JointState_ msg{};
      msg.header = header(t, no_frame);
      lend(msg.name, names);
      lend(msg.position, position);
      lend(msg.velocity, velocity);
      lend(msg.effort, effort);
      return send(&msg);
    }
    case Output::kActuatorOutput: {
      const std::string no_frame;
      const uuv_gazebo_ros_plugins_msgs_msg_dds__FloatStamped_ msg{
          header(t, no_frame), run.reports().output(state, sim.data(), i)};
      return send(&msg);
    }
    case Output::kPosePublisher:
      return frames(run.pose_schedules()[i].pose_frames(model, state), t, send);
    case Output::kPosePublisherStatic:
      return frames(run.pose_schedules()[i].fixed, t, send);
    case Output::kContacts:
      return contacts(run, i, send);
    default:
      return;
  }
}

void ros_lockstep_reply(bool taken, double t, std::uint64_t step_count, const std::string& error,
                        const RosSend& send) {
  std::vector<rcl_interfaces_msg_dds__Parameter_> params = {
      bool_parameter("taken", taken), parameter("sim_time", t),
      integer_parameter("step_count", static_cast<std::int64_t>(step_count))};
  if (!error.empty()) params.push_back(parameter("error", error));
  const std::string no_frame;
  send_params(header(t, no_frame), params, send);
}

}  // namespace leeway
