#include "leeway/transport/gz/gz_server.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <condition_variable>
#include <limits>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

#include <ignition/msgs/altimeter.pb.h>
#include <ignition/msgs/boolean.pb.h>
#include <ignition/msgs/camera_info.pb.h>
#include <ignition/msgs/clock.pb.h>
#include <ignition/msgs/contacts.pb.h>
#include <ignition/msgs/double.pb.h>
#include <ignition/msgs/empty.pb.h>
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
#include <ignition/msgs/world_control.pb.h>
#include <ignition/msgs/world_stats.pb.h>
#include <ignition/msgs/wrench.pb.h>
#include <ignition/transport/Node.hh>

#include "leeway/core/overloaded.h"
#include "leeway/propulsion/actuator.h"
#include "leeway/transport/actuator_reports.h"
#include "leeway/transport/contact_reports.h"
#include "leeway/transport/gz/gz_names.h"
#include "leeway/transport/lockstep_request.h"
#include "leeway/transport/pose_publishing.h"
#include "leeway/transport/sensor_payloads.h"
#include "leeway/transport/stamp.h"
#include "leeway/transport/vrx_task_topics.h"
#include "leeway/transport/world_control.h"

namespace leeway {
namespace {

namespace im = ignition::msgs;
using Publisher = ignition::transport::Node::Publisher;
using WallClock = std::chrono::steady_clock;

// How long /world/W/lockstep waits for its steps before it answers that they were not taken.
constexpr std::chrono::seconds kLockstepWait{60};

// gz-sim publishes its world statistics five times a wall-clock second.
constexpr std::chrono::milliseconds kStatsPeriod{200};

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

Vec3 vector_of(const im::Vector3d& v) {
  return {v.x(), v.y(), v.z()};
}

void set_quaternion(const Quat& q, im::Quaternion* out) {
  out->set_w(q.w());
  out->set_x(q.x());
  out->set_y(q.y());
  out->set_z(q.z());
}

/// A published topic with a subscriber (an invalid publisher has none).
bool connected(const Publisher& p) {
  return p && p.HasConnections();
}

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

void set_param(im::Param& msg, const std::string& key, const std::string& value) {
  im::Any& any = (*msg.mutable_params())[key];
  any.set_type(im::Any::STRING);
  any.set_string_value(value);
}

void set_param(im::Param& msg, const std::string& key, double value) {
  im::Any& any = (*msg.mutable_params())[key];
  any.set_type(im::Any::DOUBLE);
  any.set_double_value(value);
}

void set_param(im::Param& msg, const std::string& key, bool value) {
  im::Any& any = (*msg.mutable_params())[key];
  any.set_type(im::Any::BOOLEAN);
  any.set_bool_value(value);
}

void set_param(im::Param& msg, const std::string& key, std::int32_t value) {
  im::Any& any = (*msg.mutable_params())[key];
  any.set_type(im::Any::INT32);
  any.set_int_value(value);
}

/// VRX's goal message: latitude and longitude [deg] in the position, the yaw in the orientation.
void set_goal(const VrxGoal& goal, im::Pose* out) {
  out->mutable_position()->set_x(goal.latitude_deg);
  out->mutable_position()->set_y(goal.longitude_deg);
  set_quaternion(goal.orientation(), out->mutable_orientation());
}

}  // namespace

struct GzServer::Impl {
  Simulation& sim;
  CommandInbox& inbox;
  GzServerOptions options;
  std::string prefix;  ///< /world/W
  std::vector<std::string> topics, command_topics;
  std::string control, lockstep;
  std::uint64_t pose_interval = 1, clock_interval = 1;
  WallClock::time_point started = WallClock::now();

  // The steps taken since the server was made, and whether the run has ended: what
  // /world/W/lockstep waits on; the run's time and step count, which the statistics report.
  std::mutex steps_mutex;
  std::condition_variable steps_cv;
  std::uint64_t steps_taken = 0;
  double sim_time = 0.0;         ///< at the last step's end [s]
  std::uint64_t iterations = 0;  ///< State::step_count then
  bool ended = false;
  bool stopping = false;            ///< the server is going: the statistics thread ends
  std::condition_variable stop_cv;  ///< apart from steps_cv, which every step wakes

  // After what its callbacks touch, so that it is destroyed (and they end) before that is.
  ignition::transport::Node node;
  Publisher clock, world_clock, stats, poses;
  std::vector<Publisher> sensors;  ///< one per Model::sensors entry; invalid: not published
  /// A camera's or a lidar's (gz_topics.h image_topics), one per Model::sensors entry; invalid:
  /// not published.
  struct ImagePublishers {
    Publisher image, depth, scan, points, camera_info;
    bool wanted() const {
      return connected(image) || connected(depth) || connected(scan) || connected(points) ||
             connected(camera_info);
    }
  };
  std::vector<ImagePublishers> images;
  ActuatorReports reports;
  std::vector<Publisher> joint_states;  ///< one per reports.models() entry
  std::vector<Publisher> outputs;       ///< one per Model::actuators entry; invalid: none
  std::vector<ContactSensorTopic> contact_topics;
  std::vector<Publisher> contacts;  ///< one per contact_topics entry
  struct PosePublishing {
    PoseSchedule schedule;
    Publisher poses, poses_static;  ///< poses_static: with <static_publisher> only
  };
  std::vector<PosePublishing> pose_publishers;
  // VRX's task topics (vrx_task_topics.h), for the world's first task.
  Publisher task_info, task_goals, task_error, task_mean_error;
  std::vector<VrxGoal> goals;  ///< empty: the world has no geodetic origin
  std::uint64_t second_interval = 1;

  // What the statistics thread reports of the model, read before it starts (a reset with a seed
  // redraws the model's sea while the thread runs).
  double step_size = 0.0;  ///< [s]
  std::int32_t model_count = 0;
  std::thread stats_thread;  ///< publish_stats(); joined before anything it uses goes

  Impl(Simulation& s, CommandInbox& i, const GzServerOptions& o)
      : sim(s), inbox(i), options(o), reports(s.model()) {}

  ~Impl() {
    if (!stats_thread.joinable()) return;
    {
      std::lock_guard lock(steps_mutex);
      stopping = true;
    }
    stop_cv.notify_all();
    stats_thread.join();
  }

  template <typename Msg>
  Publisher advertise(const std::string& topic) {
    Publisher p = node.Advertise<Msg>(topic);
    if (!p) throw std::runtime_error(fmt::format("ign-transport refused to advertise {}", topic));
    topics.push_back(topic);
    return p;
  }

  /// Subscribes `on_message` to `topic`, raw and of any type: a message of another type or one
  /// that does not parse is told about (rate-limited) rather than dropped silently, or printed
  /// by ign-transport each time. `what` names the subscription in an error.
  template <typename Msg, typename OnMessage>
  void subscribe(const std::string& topic, const std::string& what, OnMessage on_message) {
    const ignition::transport::RawCallback callback =
        [this, topic, on_message](const char* data, std::size_t size,
                                  const ignition::transport::MessageInfo& info) {
          Msg m;
          if (info.Type() != m.GetTypeName()) {
            inbox.refuse(topic, "wrong type",
                         fmt::format("dropped: a message of type {}, expected {}", info.Type(),
                                     m.GetTypeName()));
          } else if (!m.ParseFromArray(data, static_cast<int>(size))) {
            inbox.refuse(topic, "malformed",
                         fmt::format("dropped: a malformed {} of {} bytes", m.GetTypeName(), size));
          } else {
            on_message(m);
          }
        };
    if (!node.SubscribeRaw(topic, callback))
      throw std::runtime_error(
          fmt::format("ign-transport refused to subscribe to {} ({})", topic, what));
    command_topics.push_back(topic);
  }

  bool on_control(const im::WorldControl& request, im::Boolean& reply) {
    WorldControlRequest r;
    r.pause = request.pause();
    r.step = request.step();
    r.multi_step = request.multi_step();
    r.reset_all = request.reset().all();
    r.reset_time_only = request.reset().time_only();
    r.reset_model_only = request.reset().model_only();
    r.seed = request.seed();
    r.run_to_sim_time = request.run_to_sim_time().sec() + 1e-9 * request.run_to_sim_time().nsec();
    const std::string refused = apply_world_control(sim, r);
    if (!refused.empty()) inbox.refuse(control, "refused", "refused: " + refused);
    reply.set_data(refused.empty());
    return true;
  }

  /// /world/W/lockstep (lockstep_request.h; "steps" an INT32, the commands DOUBLEs), answered
  /// once the steps are taken with the time they end at; a refused request fails, with a line
  /// on stderr.
  bool on_lockstep(const im::Param& request, im::Clock& reply) {
    std::vector<LockstepParam> params;
    for (const auto& [key, value] : request.params()) {
      LockstepParam& p = params.emplace_back(LockstepParam{key});
      if (value.type() == im::Any::INT32) {
        p.type = LockstepParam::Type::kInteger;
        p.integer = value.int_value();
      } else if (value.type() == im::Any::DOUBLE) {
        p.type = LockstepParam::Type::kDouble;
        p.number = value.double_value();
      }
    }
    const LockstepRequest r = read_lockstep_request(sim.model(), params);
    if (!r.refused_key.empty()) {
      inbox.refuse(lockstep, r.refused_kind,
                   fmt::format("'{}' refused: {}", r.refused_key, r.refused_why));
      return false;
    }
    const std::uint64_t steps = r.steps;
    // In lockstep no step is taken until granted: the commands are in the inbox first, and the
    // steps counted from here are this request's.
    for (const auto& [i, value] : r.commands)
      inbox.offer(i, lockstep, value);
    std::unique_lock lock(steps_mutex);
    const std::uint64_t target = steps_taken + steps;
    lock.unlock();
    sim.grant_steps(steps);
    lock.lock();
    if (!steps_cv.wait_for(lock, kLockstepWait, [&] { return steps_taken >= target || ended; }) ||
        steps_taken < target) {
      inbox.refuse(lockstep, "not taken",
                   fmt::format("{} steps asked for, {} taken before {}", steps,
                               steps - (target - steps_taken),
                               ended ? "the run ended" : "the wait ran out"));
      return false;
    }
    set_time(sim_time, reply.mutable_sim());
    set_time(sim_time, reply.mutable_header()->mutable_stamp());
    return true;
  }

  void publish_clock(const Simulation& s) {
    if (!clock.HasConnections() && !world_clock.HasConnections()) return;
    im::Clock msg;
    const double t = s.state().t;
    set_time(t, msg.mutable_header()->mutable_stamp());
    set_time(t, msg.mutable_sim());
    set_time(std::chrono::duration<double>(WallClock::now() - started).count(), msg.mutable_real());
    set_time(
        std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count(),
        msg.mutable_system());
    clock.Publish(msg);
    world_clock.Publish(msg);
  }

  /// /world/W/stats five times a wall-clock second, as gz-sim, whether the world steps or not
  /// (the statistics thread): `paused` when it took no step since the last ones.
  void publish_stats() {
    std::unique_lock lock(steps_mutex);
    std::uint64_t last_steps = steps_taken;
    while (!stop_cv.wait_for(lock, kStatsPeriod, [&] { return stopping; })) {
      const double t = sim_time;
      const std::uint64_t iterations_now = iterations;
      const WallClock::time_point start = started;
      const bool advanced = steps_taken != last_steps;
      last_steps = steps_taken;
      lock.unlock();
      if (stats.HasConnections()) {
        const double wall = std::chrono::duration<double>(WallClock::now() - start).count();
        im::WorldStatistics msg;
        set_time(t, msg.mutable_header()->mutable_stamp());
        set_time(t, msg.mutable_sim_time());
        set_time(wall, msg.mutable_real_time());
        set_time(step_size, msg.mutable_step_size());
        msg.set_iterations(iterations_now);
        msg.set_paused(!advanced);
        msg.set_model_count(model_count);
        msg.set_real_time_factor(wall > 0.0 ? t / wall : 0.0);
        stats.Publish(msg);
      }
      lock.lock();
    }
  }

  void publish_poses(const Simulation& s) {
    if (s.state().step_count % pose_interval != 0 || !poses.HasConnections()) return;
    im::Pose_V msg;
    set_time(s.state().t, msg.mutable_header()->mutable_stamp());
    for (std::size_t i = 0; i < s.model().bodies.size(); ++i) {
      const BodyModel& b = s.model().bodies[i];
      const BodyState& x = s.state().bodies[i];
      im::Pose* pose = msg.add_pose();
      pose->set_name(b.model_name);
      pose->set_id(static_cast<std::uint32_t>(i + 1));
      set_vector(x.p_WB, pose->mutable_position());
      set_quaternion(x.q_WB, pose->mutable_orientation());
    }
    poses.Publish(msg);
  }

  /// The joint states and the actuators' outputs (actuator_reports.h), at the pose rate.
  void publish_actuators(const Simulation& s) {
    reports.step(s.model(), s.state(), s.data());
    if (s.state().step_count % pose_interval != 0) return;
    const double t = s.state().t;
    for (std::size_t m = 0; m < joint_states.size(); ++m) {
      if (!joint_states[m].HasConnections()) continue;
      const ModelJoints& joints = reports.models()[m];
      im::Model msg;
      set_time(t, msg.mutable_header()->mutable_stamp());
      msg.set_name(joints.model_name);
      for (std::size_t i : joints.actuators) {
        im::Joint* joint = msg.add_joint();
        joint->set_name(s.model().actuators[i].name);
        const JointCoordinates& c = reports.joint(i);
        joint->mutable_axis1()->set_position(c.position);
        joint->mutable_axis1()->set_velocity(c.velocity);
        joint->mutable_axis1()->set_force(c.effort);
      }
      joint_states[m].Publish(msg);
    }
    for (std::size_t i = 0; i < outputs.size(); ++i) {
      if (!outputs[i] || !outputs[i].HasConnections()) continue;
      im::Double msg;
      set_time(t, msg.mutable_header()->mutable_stamp());
      msg.set_data(reports.output(s.state(), s.data(), i));
      outputs[i].Publish(msg);
    }
  }

  /// gz-sim's PosePublishers (pose_publishing.h).
  void publish_pose_publishers(const Simulation& s) {
    const std::uint64_t step = s.state().step_count;
    const double t = s.state().t;
    for (PosePublishing& pp : pose_publishers) {
      const PoseSchedule& ps = pp.schedule;
      if (ps.pose_due(step) && pp.poses.HasConnections())
        send_poses(ps.pose_frames(s.model(), s.state()), ps.settings.pose_vector, t, pp.poses);
      if (ps.static_due(step) && pp.poses_static.HasConnections())
        send_poses(ps.fixed, ps.settings.pose_vector, t, pp.poses_static);
    }
  }

  /// `frames` as one Pose_V, or (not `vector`) one Pose each.
  static void send_poses(const std::vector<PublishedFrame>& frames, bool vector, double t,
                         Publisher& p) {
    if (frames.empty()) return;
    const auto fill = [t](const PublishedFrame& f, im::Pose* pose) {
      pose->set_name(f.child);
      set_header(t, f.parent, pose->mutable_header());
      add_header_data("child_frame_id", f.child, pose->mutable_header());
      set_vector(f.X_PC.p, pose->mutable_position());
      set_quaternion(f.X_PC.q, pose->mutable_orientation());
    };
    if (vector) {
      im::Pose_V msg;
      set_time(t, msg.mutable_header()->mutable_stamp());
      for (const PublishedFrame& f : frames)
        fill(f, msg.add_pose());
      p.Publish(msg);
      return;
    }
    for (const PublishedFrame& f : frames) {
      im::Pose msg;
      fill(f, &msg);
      p.Publish(msg);
    }
  }

  /// The contacts each contact sensor's shapes are in (contact_reports.h), when there are any.
  void publish_contacts(const Simulation& s) {
    for (std::size_t k = 0; k < contacts.size(); ++k) {
      const ContactSensorTopic& sensor = contact_topics[k];
      if (s.state().step_count % sensor.interval != 0 || !contacts[k].HasConnections()) continue;
      const std::vector<ContactReport> reports =
          sensed_contacts(s.model(), s.data(), sensor.collider);
      if (reports.empty()) continue;
      im::Contacts msg;
      set_time(s.state().t, msg.mutable_header()->mutable_stamp());
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
      contacts[k].Publish(msg);
    }
  }

  /// VRX's task topics, once a simulated second.
  void publish_task(const Simulation& s) {
    if (!task_info) return;
    const TaskModel& task = s.scenario().tasks.front();
    const TaskState& state = s.task_states().front();
    const double t = s.state().t;
    const VrxTaskDue due = vrx_task_due(state, s.state().step_count, second_interval);
    if (due.info && task_info.HasConnections()) {
      const VrxTaskInfo info = vrx_task_info(task, state, t);
      im::Param msg;
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
      task_info.Publish(msg);
    }
    const bool station = task.kind == TaskKind::kStationKeeping;
    if (due.goals && !goals.empty() && task_goals.HasConnections()) {
      if (station) {
        im::Pose msg;
        set_time(t, msg.mutable_header()->mutable_stamp());
        set_goal(goals.front(), &msg);
        task_goals.Publish(msg);
      } else {
        im::Pose_V msg;
        set_time(t, msg.mutable_header()->mutable_stamp());
        for (const VrxGoal& g : goals)
          set_goal(g, msg.add_pose());
        task_goals.Publish(msg);
      }
    }
    if (!due.errors) return;
    if (task_error.HasConnections()) {
      if (station) {
        im::Float msg;
        msg.set_data(static_cast<float>(vrx_station_pose_error(task, s.state().bodies)));
        task_error.Publish(msg);
      } else {
        im::Float_V msg;
        for (double e : state.min_errors)
          msg.add_data(static_cast<float>(e));
        task_error.Publish(msg);
      }
    }
    if (task_mean_error.HasConnections()) {
      im::Float msg;
      msg.set_data(static_cast<float>(state.score));
      task_mean_error.Publish(msg);
    }
  }

  /// A scan as gz-sensors' gpu_lidar publishes it (its world_pose is not set).
  void publish_scan(const SensorModel& sensor, const SensorSample& sample, const LidarReading& r,
                    ImagePublishers& p) {
    const auto& lidar = std::get<LidarModel>(sensor.kind);
    const std::string frame = scoped_sensor_name(sensor);
    if (connected(p.scan)) {
      im::LaserScan msg;
      set_header(sample.t, frame, msg.mutable_header());
      msg.set_frame(frame);
      const auto step = [](double lo, double hi, int n) {
        return n > 1 ? (hi - lo) / (n - 1) : 0.0;
      };
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
      p.scan.Publish(msg);
    }
    if (connected(p.points)) {
      im::PointCloudPacked msg;
      set_points(lidar_points(lidar, r), sample.t, frame, msg);
      p.points.Publish(msg);
    }
  }

  /// A ping as an image of its levels [dB re 1 uPa]: R_FLOAT32, a row per range bin from the
  /// nearest, a column per beam from the fan's first azimuth (ign-msgs 8 has no sonar message);
  /// a profiling sonar's soundings as a LaserScan, a ray per beam (+inf: no bottom found).
  void publish_ping(const SensorModel& sensor, const SensorSample& sample, const SonarImage& r,
                    ImagePublishers& p) {
    const auto& sonar = std::get<SonarModel>(sensor.kind);
    const std::string frame = scoped_sensor_name(sensor);
    if (connected(p.image)) {
      im::Image msg;
      set_header(sample.t, frame, msg.mutable_header());
      msg.set_width(static_cast<std::uint32_t>(r.beams));
      msg.set_height(static_cast<std::uint32_t>(r.bins));
      msg.set_step(static_cast<std::uint32_t>(sizeof(float)) * msg.width());
      msg.set_data(r.level.data(), sizeof(float) * r.level.size());
      msg.set_pixel_format_type(im::R_FLOAT32);
      p.image.Publish(msg);
    }
    if (connected(p.scan) && !r.bottom_range.empty()) {
      im::LaserScan msg;
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
      p.scan.Publish(msg);
    }
  }

  /// A frame as gz-sensors' camera, depth_camera and rgbd_camera publish it.
  void publish_frame(const SensorModel& sensor, const SensorSample& sample, const CameraImage& r,
                     ImagePublishers& p) {
    const auto& camera = std::get<CameraModel>(sensor.kind);
    const std::string frame = scoped_sensor_name(sensor);
    const auto image = [&](const std::uint8_t* data, std::size_t size, std::uint32_t pixel_bytes,
                           im::PixelFormatType format, Publisher& to) {
      im::Image msg;
      set_header(sample.t, frame, msg.mutable_header());
      msg.set_width(static_cast<std::uint32_t>(r.width));
      msg.set_height(static_cast<std::uint32_t>(r.height));
      msg.set_step(pixel_bytes * static_cast<std::uint32_t>(r.width));
      msg.set_data(data, size);
      msg.set_pixel_format_type(format);
      to.Publish(msg);
    };
    if (camera.color && connected(p.image))
      image(r.rgb.data(), r.rgb.size(), 3, im::RGB_INT8, p.image);
    if (camera.depth && connected(p.depth)) {
      const std::vector<std::uint8_t> depths = depth_bytes(r);
      image(depths.data(), depths.size(), 4, im::R_FLOAT32, p.depth);
    }
    if (camera.depth && connected(p.points)) {
      im::PointCloudPacked msg;
      set_points(depth_points(camera, r), sample.t, frame, msg);
      p.points.Publish(msg);
    }
    if (connected(p.camera_info)) {
      const PinholeCalibration c = pinhole_calibration(camera);
      im::CameraInfo msg;
      set_header(sample.t, frame, msg.mutable_header());
      msg.set_width(static_cast<std::uint32_t>(r.width));
      msg.set_height(static_cast<std::uint32_t>(r.height));
      msg.mutable_distortion()->set_model(im::CameraInfo::Distortion::PLUMB_BOB);
      msg.mutable_distortion()->mutable_k()->Add(c.D.begin(), c.D.end());
      msg.mutable_intrinsics()->mutable_k()->Add(c.K.begin(), c.K.end());
      msg.mutable_projection()->mutable_p()->Add(c.P.begin(), c.P.end());
      msg.mutable_rectification_matrix()->Add(c.R.begin(), c.R.end());
      p.camera_info.Publish(msg);
    }
  }

  void publish_sensor(const SensorModel& sensor, const SensorSample& sample, Publisher& p) {
    const std::string frame = scoped_sensor_name(sensor);
    std::visit(
        Overloaded{
            [&](const ImuReading& r) {
              im::IMU msg;
              set_header(sample.t, frame, msg.mutable_header());
              msg.set_entity_name(frame);
              set_quaternion(r.q_RS, msg.mutable_orientation());
              set_vector(r.omega_S, msg.mutable_angular_velocity());
              set_vector(r.f_S, msg.mutable_linear_acceleration());
              p.Publish(msg);
            },
            [&](const GnssReading& r) {
              if (!r.fix) return;
              im::NavSat msg;
              set_header(sample.t, frame, msg.mutable_header());
              msg.set_frame_id(frame);
              msg.set_latitude_deg(r.latitude_deg);
              msg.set_longitude_deg(r.longitude_deg);
              msg.set_altitude(r.altitude);
              msg.set_velocity_east(r.v_ENU.x());
              msg.set_velocity_north(r.v_ENU.y());
              msg.set_velocity_up(r.v_ENU.z());
              p.Publish(msg);
            },
            [&](const MagnetometerReading& r) {
              im::Magnetometer msg;
              set_header(sample.t, frame, msg.mutable_header());
              set_vector(r.B_S, msg.mutable_field_tesla());
              p.Publish(msg);
            },
            [&](const PressureReading& r) {
              im::FluidPressure msg;
              set_header(sample.t, frame, msg.mutable_header());
              msg.set_pressure(r.pressure);
              // gz-sim's: the white noise's variance a sample.
              const double period = sensor.rate_hz > 0.0 ? 1.0 / sensor.rate_hz : sim.model().dt;
              msg.set_variance(white_variance(std::get<PressureModel>(sensor.kind).noise, period));
              p.Publish(msg);
            },
            [&](const GroundTruthReading& r) {
              // As gz-sim's OdometryPublisher: the pose in the world, the twist in S.
              im::Odometry msg;
              set_header(sample.t, "world", msg.mutable_header());
              add_header_data("child_frame_id", frame, msg.mutable_header());
              set_vector(r.p_W, msg.mutable_pose()->mutable_position());
              set_quaternion(r.q_WS, msg.mutable_pose()->mutable_orientation());
              set_vector(r.v_S, msg.mutable_twist()->mutable_linear());
              set_vector(r.omega_S, msg.mutable_twist()->mutable_angular());
              p.Publish(msg);
            },
            [&](const RangeBearingReading& r) {
              // As VRX's AcousticPingerPlugin.
              im::Param msg;
              set_header(sample.t, frame, msg.mutable_header());
              set_param(msg, "range", r.range);
              set_param(msg, "bearing", r.bearing);
              set_param(msg, "elevation", r.elevation);
              p.Publish(msg);
            },
            [&](const AltimeterReading& r) {
              im::Altimeter msg;
              set_header(sample.t, frame, msg.mutable_header());
              msg.set_vertical_position(r.vertical_position);
              msg.set_vertical_velocity(r.vertical_velocity);
              msg.set_vertical_reference(std::get<AltimeterModel>(sensor.kind).vertical_reference);
              p.Publish(msg);
            },
            [](const auto&) {}},
        sample.reading);
  }
};

GzServer::GzServer(Simulation& sim, CommandInbox& inbox, const GzServerOptions& options)
    : impl_(std::make_unique<Impl>(sim, inbox, options)) {
  Impl& s = *impl_;
  const Model& model = sim.model();
  s.prefix = world_topic_prefix(model.world_name);
  s.pose_interval = steps_between(options.pose_rate_hz, model.dt);
  if (options.clock_rate_hz > 0.0)
    s.clock_interval = steps_between(options.clock_rate_hz, model.dt);
  s.clock = s.advertise<im::Clock>("/clock");
  s.world_clock = s.advertise<im::Clock>(s.prefix + "/clock");
  s.stats = s.advertise<im::WorldStatistics>(s.prefix + "/stats");
  s.poses = s.advertise<im::Pose_V>(s.prefix + "/pose/info");
  s.sensors.resize(model.sensors.size());
  s.images.resize(model.sensors.size());
  for (std::size_t i = 0; i < model.sensors.size(); ++i) {
    const SensorModel& sensor = model.sensors[i];
    const std::string topic = sensor_topic(model.world_name, sensor);
    if (topic.empty()) continue;
    if (!ignition::transport::TopicUtils::IsValidTopic(topic)) {
      throw std::runtime_error(fmt::format(
          "sensor {}: '{}' is not a valid gz-transport topic (no spaces, '@', ':=' or '//')",
          sensor.full_name(), topic));
    }
    if (draws_images(sensor)) {
      const ImageTopics t = image_topics(model.world_name, sensor);
      Impl::ImagePublishers& p = s.images[i];
      if (!t.image.empty()) p.image = s.advertise<im::Image>(t.image);
      if (!t.depth.empty()) p.depth = s.advertise<im::Image>(t.depth);
      if (!t.scan.empty()) p.scan = s.advertise<im::LaserScan>(t.scan);
      if (!t.points.empty()) p.points = s.advertise<im::PointCloudPacked>(t.points);
      if (!t.camera_info.empty()) p.camera_info = s.advertise<im::CameraInfo>(t.camera_info);
      continue;
    }
    s.sensors[i] = std::visit(
        Overloaded{[&](const ImuModel&) { return s.advertise<im::IMU>(topic); },
                   [&](const GnssModel&) { return s.advertise<im::NavSat>(topic); },
                   [&](const MagnetometerModel&) { return s.advertise<im::Magnetometer>(topic); },
                   [&](const PressureModel&) { return s.advertise<im::FluidPressure>(topic); },
                   [&](const AltimeterModel&) { return s.advertise<im::Altimeter>(topic); },
                   [&](const GroundTruthModel&) { return s.advertise<im::Odometry>(topic); },
                   [&](const RangeBearingModel&) { return s.advertise<im::Param>(topic); },
                   [](const auto&) { return Publisher(); }},
        sensor.kind);
  }
  if (!sim.scenario().tasks.empty()) {
    const TaskModel& task = sim.scenario().tasks.front();
    s.second_interval = steps_between(1.0, model.dt);
    s.task_info = s.advertise<im::Param>("/vrx/task/info");
    if (model.origin) s.goals = vrx_goals(task, *model.origin);
    if (task.kind == TaskKind::kStationKeeping) {
      if (!s.goals.empty()) s.task_goals = s.advertise<im::Pose>("/vrx/stationkeeping/goal");
      s.task_error = s.advertise<im::Float>("/vrx/stationkeeping/pose_error");
      s.task_mean_error = s.advertise<im::Float>("/vrx/stationkeeping/mean_pose_error");
    } else {
      if (!s.goals.empty()) s.task_goals = s.advertise<im::Pose_V>("/vrx/wayfinding/waypoints");
      s.task_error = s.advertise<im::Float_V>("/vrx/wayfinding/min_errors");
      s.task_mean_error = s.advertise<im::Float>("/vrx/wayfinding/mean_error");
    }
  }
  for (std::size_t i = 0; i < model.actuators.size(); ++i) {
    const std::string& topic = model.actuators[i].topic;
    if (topic.empty()) continue;
    s.subscribe<im::Double>(
        topic, "actuator " + model.actuators[i].full_name(),
        [&s, i, topic](const im::Double& m) { s.inbox.offer(i, topic, m.data()); });
  }
  for (const ModelJoints& joints : s.reports.models()) {
    s.joint_states.push_back(
        s.advertise<im::Model>(s.prefix + model_topic_prefix(joints.model_name) + "/joint_state"));
  }
  s.outputs.resize(model.actuators.size());
  for (std::size_t i = 0; i < model.actuators.size(); ++i) {
    if (!model.actuators[i].output_topic.empty())
      s.outputs[i] = s.advertise<im::Double>(model.actuators[i].output_topic);
  }
  for (const PosePublisherModel& p : model.pose_publishers) {
    Impl::PosePublishing& pp =
        s.pose_publishers.emplace_back(Impl::PosePublishing{{model, p}, {}, {}});
    const std::string topic =
        model_topic_prefix(model.bodies[static_cast<std::size_t>(p.body)].model_name) + "/pose";
    const auto advertise = [&](const std::string& name) {
      return p.pose_vector ? s.advertise<im::Pose_V>(name) : s.advertise<im::Pose>(name);
    };
    pp.poses = advertise(topic);
    if (p.static_publisher) pp.poses_static = advertise(topic + "_static");
  }
  s.contact_topics = contact_sensor_topics(model);
  for (const ContactSensorTopic& c : s.contact_topics)
    s.contacts.push_back(s.advertise<im::Contacts>(c.topic));
  for (const auto& topic_receivers : pinger_topics(model.sensors)) {
    // Copies: clang 14 cannot capture structured bindings.
    const std::string topic = topic_receivers.first;
    const std::vector<std::size_t> receivers = topic_receivers.second;
    s.subscribe<im::Vector3d>(topic, "pinger position",
                              [&s, topic, receivers](const im::Vector3d& p) {
                                for (std::size_t i : receivers)
                                  s.inbox.move_pinger(i, topic, vector_of(p));
                              });
  }
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    const std::string prefix = model_topic_prefix(model.bodies[b].model_name) + "/wrench";
    for (const bool persistent : {false, true}) {
      const std::string topic = persistent ? prefix + "/persistent" : prefix;
      s.subscribe<im::Wrench>(
          topic, "external wrench", [&s, b, topic, persistent](const im::Wrench& w) {
            s.inbox.offer_wrench(
                b, topic,
                {vector_of(w.force()), vector_of(w.torque()), vector_of(w.force_offset())},
                persistent);
          });
    }
    s.subscribe<im::Empty>(prefix + "/clear", "external wrench",
                           [&s, b](const im::Empty&) { s.inbox.clear_wrenches(b); });
  }
  s.control = s.prefix + "/control";
  const std::function<bool(const im::WorldControl&, im::Boolean&)> control =
      [&s](const im::WorldControl& request, im::Boolean& reply) {
        return s.on_control(request, reply);
      };
  if (!s.node.Advertise(s.control, control)) {
    throw std::runtime_error(fmt::format("ign-transport refused to advertise {}", s.control));
  }
  s.lockstep = s.prefix + "/lockstep";
  const std::function<bool(const im::Param&, im::Clock&)> lockstep =
      [&s](const im::Param& request, im::Clock& reply) { return s.on_lockstep(request, reply); };
  if (!s.node.Advertise(s.lockstep, lockstep)) {
    throw std::runtime_error(fmt::format("ign-transport refused to advertise {}", s.lockstep));
  }
  s.step_size = model.dt;
  s.model_count = static_cast<std::int32_t>(model.bodies.size());
  s.stats_thread = std::thread([&s] { s.publish_stats(); });
}

GzServer::~GzServer() = default;

void GzServer::on_start(const Simulation& sim) {
  {
    std::lock_guard lock(impl_->steps_mutex);
    impl_->started = WallClock::now();
    impl_->sim_time = sim.state().t;
    impl_->iterations = sim.state().step_count;
  }
  impl_->reports.start(sim.state());
  impl_->publish_clock(sim);
}

void GzServer::on_step(const Simulation& sim) {
  Impl& s = *impl_;
  if (sim.state().step_count % s.clock_interval == 0) s.publish_clock(sim);
  s.publish_poses(sim);
  s.publish_actuators(sim);
  s.publish_contacts(sim);
  s.publish_pose_publishers(sim);
  s.publish_task(sim);
  const StepData& data = sim.data();
  for (std::size_t i = 0; i < s.sensors.size(); ++i) {
    if (!data.sensors[i].sampled) continue;
    const SensorModel& sensor = sim.model().sensors[i];
    if (connected(s.sensors[i])) s.publish_sensor(sensor, data.sensors[i], s.sensors[i]);
    // Drawn only for a subscriber (want_images); an undrawn sample has no image.
    if (const auto* scan = std::get_if<LidarReading>(&data.sensors[i].reading);
        scan && scan->horizontal_count > 0)
      s.publish_scan(sensor, data.sensors[i], *scan, s.images[i]);
    if (const auto* frame = std::get_if<CameraImage>(&data.sensors[i].reading);
        frame && frame->width > 0)
      s.publish_frame(sensor, data.sensors[i], *frame, s.images[i]);
    if (const auto* ping = std::get_if<SonarImage>(&data.sensors[i].reading);
        ping && ping->beams > 0)
      s.publish_ping(sensor, data.sensors[i], *ping, s.images[i]);
  }
  // After the step's messages are sent: a lockstep client answered for this step has them on
  // their way (on other sockets than the answer, so it waits for them by their stamp).
  {
    std::lock_guard lock(s.steps_mutex);
    ++s.steps_taken;
    s.sim_time = sim.state().t;
    s.iterations = sim.state().step_count;
  }
  s.steps_cv.notify_all();
}

void GzServer::want_images(const Simulation& /*sim*/, std::vector<std::uint8_t>& wanted) {
  for (std::size_t i = 0; i < impl_->images.size(); ++i) {
    if (impl_->images[i].wanted()) wanted[i] = 1;
  }
}

void GzServer::on_end(const Simulation& /*sim*/, const RunEnd& /*end*/) {
  {
    std::lock_guard lock(impl_->steps_mutex);
    impl_->ended = true;
  }
  impl_->steps_cv.notify_all();
}

const std::vector<std::string>& GzServer::command_topics() const {
  return impl_->command_topics;
}

const std::vector<std::string>& GzServer::topics() const {
  return impl_->topics;
}

const std::string& GzServer::control_service() const {
  return impl_->control;
}

const std::string& GzServer::lockstep_service() const {
  return impl_->lockstep;
}

}  // namespace leeway
