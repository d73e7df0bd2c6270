#include "leeway/transport/ros2/ros_sensor_messages.h"

#include <cmath>
#include <deque>
#include <vector>

#include "leeway/transport/ros2/ros_message_parts.h"
#include "leeway/transport/ros2/ros_names.h"
#include "leeway/transport/sensor_payloads.h"

namespace leeway {
namespace {

using namespace ros_parts;

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

}  // namespace

void ros_sensor_messages(Output what, const Model& model, std::size_t i, const SensorSample& sample,
                         bool is_drawn, const RosSend& send) {
  if (is_drawn) return drawn(what, model, i, sample, send);
  reading(model.sensors[i], sample, model.dt, send);
}

}  // namespace leeway
