#include "leeway/transport/gz/gz_messages.h"

#include <chrono>
#include <cmath>
#include <limits>

#include <ignition/msgs/altimeter.pb.h>
#include <ignition/msgs/camera_info.pb.h>
#include <ignition/msgs/clock.pb.h>
#include <ignition/msgs/contacts.pb.h>
#include <ignition/msgs/double.pb.h>
#include <ignition/msgs/float.pb.h>
#include <ignition/msgs/float_v.pb.h>
#include <ignition/msgs/fluid_pressure.pb.h>
#include <ignition/msgs/image.pb.h>
#include <ignition/msgs/imu.pb.h>
#include <ignition/msgs/laserscan.pb.h>
#include <ignition/msgs/magnetometer.pb.h>
#include <ignition/msgs/model.pb.h>
#include <ignition/msgs/navsat.pb.h>
#include <ignition/msgs/odometry.pb.h>
#include <ignition/msgs/param.pb.h>
#include <ignition/msgs/pointcloud_packed.pb.h>
#include <ignition/msgs/pose_v.pb.h>
#include <ignition/msgs/vector3d.pb.h>
#include <ignition/msgs/world_stats.pb.h>

#include "leeway/sensors/named_values.h"
#include "leeway/transport/contact_reports.h"
#include "leeway/transport/gz/gz_names.h"
#include "leeway/transport/sensor_payloads.h"
#include "leeway/transport/stamp.h"

namespace leeway {
namespace {

namespace im = ignition::msgs;

void set_time(double t, im::Time* out) {
  const Stamp stamp = stamp_of(t);
  out->set_sec(stamp.sec);
  out->set_nsec(static_cast<std::int32_t>(stamp.nanosec));
}

void add_header_data(const std::string& key, const std::string& value, im::Header* header) {
  im::Header_Map* data = header->add_data();
  data->set_key(key);
  data->add_value(value);
}

void set_header(double t, const std::string& frame_id, im::Header* header) {
  set_time(t, header->mutable_stamp());
  add_header_data("frame_id", frame_id, header);
}

void set_vector(const Vec3& v, im::Vector3d* out) {
  out->set_x(v.x());
  out->set_y(v.y());
  out->set_z(v.z());
}

void set_quaternion(const Quat& q, im::Quaternion* out) {
  out->set_w(q.w());
  out->set_x(q.x());
  out->set_y(q.y());
  out->set_z(q.z());
}

template <typename Msg>
Msg& make(GzMessages& out) {
  auto msg = std::make_unique<Msg>();
  Msg& m = *msg;
  out.push_back(std::move(msg));
  return m;
}

im::Any& param(im::Param& msg, const std::string& key, im::Any::ValueType type) {
  im::Any& any = (*msg.mutable_params())[key];
  any.set_type(type);
  return any;
}
void set_param(im::Param& msg, const std::string& key, const std::string& value) {
  param(msg, key, im::Any::STRING).set_string_value(value);
}
void set_param(im::Param& msg, const std::string& key, double value) {
  param(msg, key, im::Any::DOUBLE).set_double_value(value);
}
void set_param(im::Param& msg, const std::string& key, bool value) {
  param(msg, key, im::Any::BOOLEAN).set_bool_value(value);
}
void set_param(im::Param& msg, const std::string& key, std::int32_t value) {
  param(msg, key, im::Any::INT32).set_int_value(value);
}

/// A reading as parameters, one per number (sensors/named_values.h).
class ParamValues final : public NamedValues {
 public:
  ParamValues(const SensorDescriptor& d, im::Param& msg) : NamedValues(d), msg_(msg) {}

 private:
  void number(const std::string& name, double x) override { set_param(msg_, name, x); }
  void count(const std::string& name, std::int64_t n) override {
    set_param(msg_, name, static_cast<std::int32_t>(n));
  }
  void flag(const std::string& name, bool b) override { set_param(msg_, name, b); }
  void word(const std::string& name, std::string_view w) override {
    set_param(msg_, name, std::string(w));
  }
  im::Param& msg_;
};

void set_points(const PackedPoints& points, double t, const std::string& frame,
                im::PointCloudPacked& msg) {
  set_header(t, frame, msg.mutable_header());
  for (const PointFieldLayout& f : points.fields) {
    im::PointCloudPacked::Field* field = msg.add_field();
    field->set_name(f.name);
    field->set_offset(f.offset);
    field->set_datatype(f.ros_datatype == kRosUint16 ? im::PointCloudPacked::Field::UINT16
                                                     : im::PointCloudPacked::Field::FLOAT32);
    field->set_count(1);
  }
  msg.set_height(points.height);
  msg.set_width(points.width);
  msg.set_is_bigendian(false);
  msg.set_point_step(points.point_step);
  msg.set_row_step(points.point_step * points.width);
  msg.set_data(points.data.data(), points.data.size());
  msg.set_is_dense(false);
}

void set_image(double t, const std::string& frame, int width, int height, std::uint32_t pixel_bytes,
               const void* data, std::size_t size, im::PixelFormatType format, im::Image& msg) {
  set_header(t, frame, msg.mutable_header());
  msg.set_width(static_cast<std::uint32_t>(width));
  msg.set_height(static_cast<std::uint32_t>(height));
  msg.set_step(pixel_bytes * static_cast<std::uint32_t>(width));
  msg.set_data(data, size);
  msg.set_pixel_format_type(format);
}

/// A reading whose sensor does not draw, by its message shape.
void reading(const SensorModel& sensor, const SensorSample& sample, double dt, GzMessages& out) {
  const std::string frame = scoped_sensor_name(sensor);
  const double t = sample.t;
  const MessageShape shape = descriptor(sensor).shape;
  if (shape == MessageShape::kImu) {
    const auto& r = std::get<ImuReading>(sample.reading);
    auto& msg = make<im::IMU>(out);
    set_header(t, frame, msg.mutable_header());
    msg.set_entity_name(frame);
    set_quaternion(r.q_RS, msg.mutable_orientation());
    set_vector(r.omega_S, msg.mutable_angular_velocity());
    set_vector(r.f_S, msg.mutable_linear_acceleration());
  } else if (shape == MessageShape::kNavSat) {
    const auto& r = std::get<GnssReading>(sample.reading);
    if (!r.fix) return;
    auto& msg = make<im::NavSat>(out);
    set_header(t, frame, msg.mutable_header());
    msg.set_frame_id(frame);
    msg.set_latitude_deg(r.latitude_deg);
    msg.set_longitude_deg(r.longitude_deg);
    msg.set_altitude(r.altitude);
    msg.set_velocity_east(r.v_ENU.x());
    msg.set_velocity_north(r.v_ENU.y());
    msg.set_velocity_up(r.v_ENU.z());
  } else if (shape == MessageShape::kMagneticField) {
    auto& msg = make<im::Magnetometer>(out);
    set_header(t, frame, msg.mutable_header());
    set_vector(std::get<MagnetometerReading>(sample.reading).B_S, msg.mutable_field_tesla());
  } else if (shape == MessageShape::kFluidPressure) {
    auto& msg = make<im::FluidPressure>(out);
    set_header(t, frame, msg.mutable_header());
    msg.set_pressure(std::get<PressureReading>(sample.reading).pressure);
    // gz-sim's: the white noise's variance a sample.
    const double period = sensor.rate_hz > 0.0 ? 1.0 / sensor.rate_hz : dt;
    msg.set_variance(white_variance(std::get<PressureModel>(sensor.kind).noise, period));
  } else if (shape == MessageShape::kAltimeter) {
    const auto& r = std::get<AltimeterReading>(sample.reading);
    auto& msg = make<im::Altimeter>(out);
    set_header(t, frame, msg.mutable_header());
    msg.set_vertical_position(r.vertical_position);
    msg.set_vertical_velocity(r.vertical_velocity);
    msg.set_vertical_reference(std::get<AltimeterModel>(sensor.kind).vertical_reference);
  } else if (shape == MessageShape::kOdometry) {
    // As gz-sim's OdometryPublisher: the pose in the world, the twist in S.
    const auto& r = std::get<GroundTruthReading>(sample.reading);
    auto& msg = make<im::Odometry>(out);
    set_header(t, "world", msg.mutable_header());
    add_header_data("child_frame_id", frame, msg.mutable_header());
    set_vector(r.p_W, msg.mutable_pose()->mutable_position());
    set_quaternion(r.q_WS, msg.mutable_pose()->mutable_orientation());
    set_vector(r.v_S, msg.mutable_twist()->mutable_linear());
    set_vector(r.omega_S, msg.mutable_twist()->mutable_angular());
  } else if (shape == MessageShape::kScalar || shape == MessageShape::kVector) {
    // The first field, the scalar or the vector the shape names.
    struct First final : NamedValues {
      using NamedValues::NamedValues;
      std::vector<double> values;
      void number(const std::string&, double x) override { values.push_back(x); }
      void count(const std::string&, std::int64_t) override {}
      void flag(const std::string&, bool) override {}
      void word(const std::string&, std::string_view) override {}
    } first(descriptor(sensor));
    write_reading(sensor, sample, first);
    if (shape == MessageShape::kScalar) {
      auto& msg = make<im::Double>(out);
      set_header(t, frame, msg.mutable_header());
      msg.set_data(first.values.at(0));
    } else {
      auto& msg = make<im::Vector3d>(out);
      const bool world = descriptor(sensor).fields.front().frame == "W";
      set_header(t, world ? "world" : frame, msg.mutable_header());
      set_vector({first.values.at(0), first.values.at(1), first.values.at(2)}, &msg);
    }
  } else {
    // No message of its own in ign-msgs 8 (a DVL's came with Harmonic): its fields, by name.
    auto& msg = make<im::Param>(out);
    set_header(t, frame, msg.mutable_header());
    ParamValues values(descriptor(sensor), msg);
    write_reading(sensor, sample, values);
  }
}

/// A scan as gz-sensors' gpu_lidar publishes it (its world_pose is not set).
void scan(const SensorModel& sensor, const SensorSample& sample, const LidarReading& r,
          GzMessages& out) {
  const auto& lidar = std::get<LidarModel>(sensor.kind);
  const std::string frame = scoped_sensor_name(sensor);
  auto& msg = make<im::LaserScan>(out);
  set_header(sample.t, frame, msg.mutable_header());
  msg.set_frame(frame);
  const auto step = [](double lo, double hi, int n) { return n > 1 ? (hi - lo) / (n - 1) : 0.0; };
  msg.set_angle_min(lidar.horizontal_min);
  msg.set_angle_max(lidar.horizontal_max);
  msg.set_angle_step(step(lidar.horizontal_min, lidar.horizontal_max, r.horizontal_count));
  msg.set_range_min(lidar.range_min);
  msg.set_range_max(lidar.range_max);
  msg.set_count(static_cast<std::uint32_t>(r.horizontal_count));
  msg.set_vertical_angle_min(lidar.vertical_min);
  msg.set_vertical_angle_max(lidar.vertical_max);
  msg.set_vertical_angle_step(step(lidar.vertical_min, lidar.vertical_max, r.vertical_count));
  msg.set_vertical_count(static_cast<std::uint32_t>(r.vertical_count));
  msg.mutable_ranges()->Add(r.ranges.begin(), r.ranges.end());
  msg.mutable_intensities()->Add(r.intensities.begin(), r.intensities.end());
}

/// A profiling sonar's soundings as a LaserScan, a ray per beam (+inf: no bottom found).
void soundings(const SensorModel& sensor, const SensorSample& sample, const SonarImage& r,
               GzMessages& out) {
  const auto& sonar = std::get<SonarModel>(sensor.kind);
  const std::string frame = scoped_sensor_name(sensor);
  auto& msg = make<im::LaserScan>(out);
  set_header(sample.t, frame, msg.mutable_header());
  msg.set_frame(frame);
  const std::size_t n = r.bottom_range.size();
  msg.set_angle_min(r.azimuth.front());
  msg.set_angle_max(r.azimuth.back());
  msg.set_angle_step(n > 1 ? (r.azimuth.back() - r.azimuth.front()) / double(n - 1) : 0.0);
  msg.set_range_min(sonar.range_min);
  msg.set_range_max(sonar.range_max);
  msg.set_count(static_cast<std::uint32_t>(n));
  msg.set_vertical_count(1);
  for (std::size_t b = 0; b < n; ++b) {
    const double range = r.bottom_range[b];
    msg.add_ranges(std::isfinite(range) ? range : std::numeric_limits<double>::infinity());
    msg.add_intensities(r.bottom_level[b]);
  }
}

/// A drawing sensor's output `what` of a drawn sample.
void drawn(Output what, const SensorModel& sensor, const SensorSample& sample, GzMessages& out) {
  const std::string frame = scoped_sensor_name(sensor);
  const double t = sample.t;
  if (const auto* r = std::get_if<LidarReading>(&sample.reading)) {
    if (r->horizontal_count == 0) return;
    if (what == Output::kSensorReading) scan(sensor, sample, *r, out);
    if (what == Output::kPoints) {
      set_points(lidar_points(std::get<LidarModel>(sensor.kind), *r), t, frame,
                 make<im::PointCloudPacked>(out));
    }
  } else if (const auto* r = std::get_if<CameraImage>(&sample.reading)) {
    if (r->width == 0) return;
    const auto& camera = std::get<CameraModel>(sensor.kind);
    const bool depth =
        what == Output::kDepthImage || (what == Output::kSensorReading && !camera.color);
    if (what == Output::kSensorReading && camera.color) {
      set_image(t, frame, r->width, r->height, 3, r->rgb.data(), r->rgb.size(), im::RGB_INT8,
                make<im::Image>(out));
    } else if (depth) {
      const std::vector<std::uint8_t> depths = depth_bytes(*r);
      set_image(t, frame, r->width, r->height, 4, depths.data(), depths.size(), im::R_FLOAT32,
                make<im::Image>(out));
    } else if (what == Output::kPoints) {
      set_points(depth_points(camera, *r), t, frame, make<im::PointCloudPacked>(out));
    } else if (what == Output::kCameraInfo) {
      const PinholeCalibration c = pinhole_calibration(camera);
      auto& msg = make<im::CameraInfo>(out);
      set_header(t, frame, msg.mutable_header());
      msg.set_width(static_cast<std::uint32_t>(r->width));
      msg.set_height(static_cast<std::uint32_t>(r->height));
      msg.mutable_distortion()->set_model(im::CameraInfo::Distortion::PLUMB_BOB);
      msg.mutable_distortion()->mutable_k()->Add(c.D.begin(), c.D.end());
      msg.mutable_intrinsics()->mutable_k()->Add(c.K.begin(), c.K.end());
      msg.mutable_projection()->mutable_p()->Add(c.P.begin(), c.P.end());
      msg.mutable_rectification_matrix()->Add(c.R.begin(), c.R.end());
    }
  } else if (const auto* r = std::get_if<SonarImage>(&sample.reading)) {
    if (r->beams == 0) return;
    // Its levels [dB re 1 uPa]: a row per range bin from the nearest, a column per beam from
    // the fan's first azimuth (ign-msgs 8 has no sonar message).
    if (what == Output::kSensorReading) {
      set_image(t, frame, r->beams, r->bins, sizeof(float), r->level.data(),
                sizeof(float) * r->level.size(), im::R_FLOAT32, make<im::Image>(out));
    }
    if (what == Output::kSoundings && !r->bottom_range.empty()) soundings(sensor, sample, *r, out);
  }
}

/// VRX's goal message: latitude and longitude [deg] in the position, the yaw in the orientation.
void set_goal(const VrxGoal& goal, im::Pose* out) {
  out->mutable_position()->set_x(goal.latitude_deg);
  out->mutable_position()->set_y(goal.longitude_deg);
  set_quaternion(goal.orientation(), out->mutable_orientation());
}

void task(Output what, const PublishedRun& run, GzMessages& out) {
  const Simulation& sim = run.sim();
  const TaskModel& task = sim.scenario().tasks.front();
  const TaskState& state = sim.task_states().front();
  const double t = sim.state().t;
  const bool station = task.kind == TaskKind::kStationKeeping;
  if (what == Output::kTaskInfo) {
    const VrxTaskInfo info = vrx_task_info(task, state, t);
    auto& msg = make<im::Param>(out);
    set_time(t, msg.mutable_header()->mutable_stamp());
    set_param(msg, "name", info.name);
    set_param(msg, "state", info.state);
    set_param(msg, "ready_time", info.ready_time);
    set_param(msg, "running_time", info.running_time);
    set_param(msg, "elapsed_time", info.elapsed_time);
    set_param(msg, "remaining_time", info.remaining_time);
    set_param(msg, "timed_out", info.timed_out);
    set_param(msg, "num_collisions", info.num_collisions);
    set_param(msg, "score", info.score);
  } else if (what == Output::kTaskGoals && station) {
    auto& msg = make<im::Pose>(out);
    set_time(t, msg.mutable_header()->mutable_stamp());
    set_goal(run.goals().front(), &msg);
  } else if (what == Output::kTaskGoals) {
    auto& msg = make<im::Pose_V>(out);
    set_time(t, msg.mutable_header()->mutable_stamp());
    for (const VrxGoal& g : run.goals())
      set_goal(g, msg.add_pose());
  } else if (what == Output::kTaskError && station) {
    make<im::Float>(out).set_data(
        static_cast<float>(vrx_station_pose_error(task, sim.state().bodies)));
  } else if (what == Output::kTaskError) {
    auto& msg = make<im::Float_V>(out);
    for (double e : state.min_errors)
      msg.add_data(static_cast<float>(e));
  } else if (what == Output::kTaskMeanError) {
    make<im::Float>(out).set_data(static_cast<float>(state.score));
  }
}

/// `frames` as one Pose_V, or (not `vector`) one Pose each.
void poses(const std::vector<PublishedFrame>& frames, bool vector, double t, GzMessages& out) {
  if (frames.empty()) return;
  const auto fill = [t](const PublishedFrame& f, im::Pose* pose) {
    pose->set_name(f.child);
    set_header(t, f.parent, pose->mutable_header());
    add_header_data("child_frame_id", f.child, pose->mutable_header());
    set_vector(f.X_PC.p, pose->mutable_position());
    set_quaternion(f.X_PC.q, pose->mutable_orientation());
  };
  if (vector) {
    auto& msg = make<im::Pose_V>(out);
    set_time(t, msg.mutable_header()->mutable_stamp());
    for (const PublishedFrame& f : frames)
      fill(f, msg.add_pose());
    return;
  }
  for (const PublishedFrame& f : frames)
    fill(f, &make<im::Pose>(out));
}

void contacts(const PublishedRun& run, std::size_t sensor, GzMessages& out) {
  const Simulation& sim = run.sim();
  const std::vector<ContactReport> reports =
      sensed_contacts(sim.model(), sim.data(), run.contact_sensors()[sensor].collider);
  if (reports.empty()) return;
  auto& msg = make<im::Contacts>(out);
  set_time(sim.state().t, msg.mutable_header()->mutable_stamp());
  for (const ContactReport& r : reports) {
    im::Contact* c = msg.add_contact();
    c->mutable_collision1()->set_name(r.collision1);
    c->mutable_collision1()->set_type(im::Entity::COLLISION);
    c->mutable_collision2()->set_name(r.collision2);
    c->mutable_collision2()->set_type(im::Entity::COLLISION);
    set_vector(r.p_W, c->add_position());
    set_vector(r.n_W, c->add_normal());
    c->add_depth(r.depth);
  }
}

}  // namespace

void gz_messages(const PublishedRun& run, std::size_t k, double wall_seconds, GzMessages& out) {
  const Publication& row = run.row(k);
  const Simulation& sim = run.sim();
  const Model& model = sim.model();
  const State& state = sim.state();
  const double t = state.t;
  const auto i = static_cast<std::size_t>(row.index);
  switch (row.what) {
    case Output::kClock: {
      auto& msg = make<im::Clock>(out);
      set_time(t, msg.mutable_header()->mutable_stamp());
      set_time(t, msg.mutable_sim());
      set_time(wall_seconds, msg.mutable_real());
      set_time(std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch())
                   .count(),
               msg.mutable_system());
      break;
    }
    case Output::kBodyPoses: {
      auto& msg = make<im::Pose_V>(out);
      set_time(t, msg.mutable_header()->mutable_stamp());
      for (std::size_t b = 0; b < model.bodies.size(); ++b) {
        im::Pose* pose = msg.add_pose();
        pose->set_name(model.bodies[b].model_name);
        pose->set_id(static_cast<std::uint32_t>(b + 1));
        set_vector(state.bodies[b].p_WB, pose->mutable_position());
        set_quaternion(state.bodies[b].q_WB, pose->mutable_orientation());
      }
      break;
    }
    case Output::kSensorReading:
    case Output::kCameraInfo:
    case Output::kDepthImage:
    case Output::kPoints:
    case Output::kSoundings:
      if (row.drawn) {
        drawn(row.what, model.sensors[i], sim.data().sensors[i], out);
      } else {
        reading(model.sensors[i], sim.data().sensors[i], model.dt, out);
      }
      break;
    case Output::kTaskInfo:
    case Output::kTaskGoals:
    case Output::kTaskError:
    case Output::kTaskMeanError:
      task(row.what, run, out);
      break;
    case Output::kJointStates: {
      const ModelJoints& joints = run.reports().models()[i];
      auto& msg = make<im::Model>(out);
      set_time(t, msg.mutable_header()->mutable_stamp());
      msg.set_name(joints.model_name);
      for (std::size_t a : joints.actuators) {
        im::Joint* joint = msg.add_joint();
        joint->set_name(model.actuators[a].name);
        const JointCoordinates& c = run.reports().joint(a);
        joint->mutable_axis1()->set_position(c.position);
        joint->mutable_axis1()->set_velocity(c.velocity);
        joint->mutable_axis1()->set_force(c.effort);
      }
      break;
    }
    case Output::kActuatorOutput: {
      auto& msg = make<im::Double>(out);
      set_time(t, msg.mutable_header()->mutable_stamp());
      msg.set_data(run.reports().output(state, sim.data(), i));
      break;
    }
    case Output::kPosePublisher: {
      const PoseSchedule& p = run.pose_schedules()[i];
      poses(p.pose_frames(model, state), p.settings.pose_vector, t, out);
      break;
    }
    case Output::kPosePublisherStatic: {
      const PoseSchedule& p = run.pose_schedules()[i];
      poses(p.fixed, p.settings.pose_vector, t, out);
      break;
    }
    case Output::kContacts:
      contacts(run, i, out);
      break;
    default:
      break;
  }
}

std::unique_ptr<google::protobuf::Message> gz_world_statistics(double t, std::uint64_t iterations,
                                                               double step_size,
                                                               double wall_seconds, bool paused,
                                                               std::int32_t model_count) {
  auto msg = std::make_unique<im::WorldStatistics>();
  set_time(t, msg->mutable_header()->mutable_stamp());
  set_time(t, msg->mutable_sim_time());
  set_time(wall_seconds, msg->mutable_real_time());
  set_time(step_size, msg->mutable_step_size());
  msg->set_iterations(iterations);
  msg->set_paused(paused);
  msg->set_model_count(model_count);
  msg->set_real_time_factor(wall_seconds > 0.0 ? t / wall_seconds : 0.0);
  return msg;
}

}  // namespace leeway
