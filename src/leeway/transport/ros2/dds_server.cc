#include "leeway/transport/ros2/dds_server.h"

#include <dds/dds.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "leeway/core/overloaded.h"
#include "leeway/transport/actuator_reports.h"
#include "leeway/transport/contact_reports.h"
#include "leeway/transport/entity_wrench.h"
#include "leeway/transport/gz/gz_names.h"
#include "leeway/transport/lockstep_request.h"
#include "leeway/transport/pose_publishing.h"
#include "leeway/transport/rate_limited_log.h"
#include "leeway/transport/ros2/ros_names.h"
#include "leeway/transport/sensor_payloads.h"
#include "leeway/transport/stamp.h"
#include "leeway/transport/vrx_task_topics.h"
#include "leeway/transport/world_control.h"
#include "leeway_ros2.h"  // generated from data/ros2_interfaces (CMakeLists.txt)

namespace leeway {
namespace {

// The writer's wait for a slow reliable reader before a sample is dropped.
constexpr dds_duration_t kMaxBlocking = DDS_MSECS(100);

builtin_interfaces_msg_dds__Time_ ros_time(double t) {
  const Stamp stamp = stamp_of(t);
  return {static_cast<std::int32_t>(stamp.sec), static_cast<std::uint32_t>(stamp.nanosec)};
}

/// A header naming `frame`, which must outlive the message (Cyclone reads it in dds_write and
/// keeps no pointer to it).
std_msgs_msg_dds__Header_ header(double t, const std::string& frame) {
  return {ros_time(t), const_cast<char*>(frame.c_str())};
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
  sequence._buffer = data;
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
  p.value.string_value = const_cast<char*>(value.c_str());
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

/// A ros_gz_interfaces/ParamVec of `params` (which must outlive it).
ros_gz_interfaces_msg_dds__ParamVec_ param_vec(
    const std_msgs_msg_dds__Header_& header,
    std::vector<rcl_interfaces_msg_dds__Parameter_>& params) {
  ros_gz_interfaces_msg_dds__ParamVec_ msg{};
  msg.header = header;
  lend(msg.params, params);
  return msg;
}

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

/// Cyclone's own lines (its log sink: warnings, errors), through a rate-limited log: a client
/// that floods malformed samples would otherwise flood stderr with one line each. A sample that
/// does not deserialize is told as a dropped command on its ROS topic. Process-wide, as
/// Cyclone's sink is, and kept once a server has set it: it holds no pointer into a server, and
/// a server that put Cyclone's own back when it went would do so under any other still serving.
void cyclone_log(void* /*unused*/, const dds_log_data_t* data) {
  static RateLimitedLog log;
  std::string body(data->message + std::min(data->hdrsize, data->size), data->message + data->size);
  while (!body.empty() && (body.back() == '\n' || body.back() == ' '))
    body.pop_back();
  const std::size_t from = body.find("deserialization rt/");
  const std::size_t to = body.find(" failed", from);
  if (from != std::string::npos && to != std::string::npos) {
    const std::string topic_type = body.substr(from + 18, to - from - 18);  // "/a/b/pkg::..."
    const std::size_t type_at = topic_type.rfind('/');
    log.tell(topic_type.substr(0, type_at), "undeserializable",
             fmt::format("dropped: a sample that is no {} (Cyclone DDS could not deserialize it)",
                         topic_type.substr(type_at + 1)));
    return;
  }
  log.tell("Cyclone DDS", "", body);
}

/// Cyclone's configuration for `listen` (DdsServerOptions::listen); empty: its defaults.
std::string cyclone_config(const std::string& listen) {
  if (listen == "0.0.0.0") return {};
  if (listen == "127.0.0.1" || listen == "localhost") {
    // rmw_cyclonedds's for ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST, on the loopback interface.
    return "<CycloneDDS><Domain id=\"any\"><General><Interfaces>"
           "<NetworkInterface address=\"127.0.0.1\"/></Interfaces>"
           "<AllowMulticast>false</AllowMulticast></General><Discovery>"
           "<ParticipantIndex>auto</ParticipantIndex>"
           "<MaxAutoParticipantIndex>32</MaxAutoParticipantIndex>"
           "<Peers><Peer address=\"localhost\"/></Peers></Discovery></Domain></CycloneDDS>";
  }
  return fmt::format(
      "<CycloneDDS><Domain id=\"any\"><General><Interfaces><NetworkInterface address=\"{}\"/>"
      "</Interfaces></General></Domain></CycloneDDS>",
      listen);
}

}  // namespace

struct DdsServer::Impl {
  Simulation& sim;
  CommandInbox& inbox;
  std::vector<std::string> topics, command_topics;
  std::uint64_t pose_interval = 1, clock_interval = 1;

  dds_entity_t domain = 0;  ///< 0: the default domain (CYCLONEDDS_URI's)
  dds_entity_t participant = 0;
  dds_entity_t clock = 0, tf = 0, tf_static = 0;
  std::vector<dds_entity_t> sensors;  ///< one per Model::sensors entry; 0: not published
  /// A camera's, lidar's or sonar's outputs beside its topic (ros_names.h), one per
  /// Model::sensors entry; 0: none. Its first topic is `sensors`' entry.
  struct ImageWriters {
    dds_entity_t depth = 0, points = 0, camera_info = 0, detections = 0;
    bool wanted(dds_entity_t primary) const {
      return (primary > 0 && matched(primary)) || (depth > 0 && matched(depth)) ||
             (points > 0 && matched(points)) || (camera_info > 0 && matched(camera_info)) ||
             (detections > 0 && matched(detections));
    }
  };
  std::vector<ImageWriters> images;
  std::vector<std::string> optical_frames, acoustic_frames;  ///< by sensor; "" if none
  ActuatorReports reports;
  std::vector<dds_entity_t> joint_states;  ///< one per reports.models() entry
  std::vector<dds_entity_t> outputs;       ///< one per Model::actuators entry; 0: none
  std::vector<ContactSensorTopic> contact_topics;
  std::vector<dds_entity_t> contacts;  ///< one per contact_topics entry
  struct PosePublishing {
    PoseSchedule schedule;
    dds_entity_t poses = 0, poses_static = 0;  ///< poses_static: with <static_publisher> only
  };
  std::vector<PosePublishing> pose_publishers;
  /// The links merged into each body other than its reference link: their frames (ROS names)
  /// and poses in the body's, for /tf_static.
  struct LinkFrame {
    std::size_t body;
    std::string frame;
    Pose X_BL;
  };
  std::vector<LinkFrame> link_frames;
  std::map<dds_entity_t, std::string> writer_topics;
  RateLimitedLog drops;

  struct Command {
    Impl* impl;
    std::size_t actuator;
    std::string topic;
  };
  std::vector<Command> commands;
  std::string control;  ///< /world/W/control
  // Lockstep requests (lockstep_request.h): the steps each waits for, answered in order.
  std::string lockstep;             ///< /world/W/lockstep
  dds_entity_t lockstep_reply = 0;  ///< /world/W/lockstep/reply
  std::mutex lockstep_mutex;
  std::uint64_t steps_taken = 0;      ///< since the server was made
  std::deque<std::uint64_t> pending;  ///< steps_taken each request waits for
  double sim_time = 0.0;              ///< at the last step's end [s]
  std::uint64_t step_count = 0;       ///< State::step_count then
  struct WrenchTopic {
    Impl* impl;
    std::string topic;  ///< /world/W/wrench, .../persistent or .../clear
    bool persistent;
  };
  std::vector<WrenchTopic> wrench_topics;
  struct PingerTopic {
    Impl* impl;
    std::string topic;
    std::vector<std::size_t> receivers;  ///< indices into Model::sensors
  };
  std::vector<PingerTopic> pinger_topics;
  // VRX's task topics (vrx_task_topics.h) for the world's first task, as VRX's bridge gives
  // them; 0: not published.
  dds_entity_t task_info = 0, task_goals = 0, task_error = 0, task_mean_error = 0;
  std::vector<VrxGoal> goals;
  std::uint64_t second_interval = 1;

  // Reused from step to step.
  std::vector<geometry_msgs_msg_dds__TransformStamped_> transforms;
  std::vector<std::string> body_frames, sensor_frames;
  /// W's frame, the root of /tf, and no frame (strings that outlive each message: Cyclone
  /// reads them in dds_write).
  const std::string world_frame = "world", no_frame;

  Impl(Simulation& s, CommandInbox& i) : sim(s), inbox(i), reports(s.model()) {}

  ~Impl() {
    if (participant > 0) dds_delete(participant);
    if (domain > 0) dds_delete(domain);
  }

  dds_entity_t check(dds_entity_t e, const std::string& what) const {
    if (e < 0)
      throw std::runtime_error(fmt::format("Cyclone DDS: {}: {}", what, dds_strretcode(e)));
    return e;
  }

  dds_entity_t writer(const dds_topic_descriptor_t& type, const std::string& ros_topic,
                      int depth = 10, bool latched = false) {
    const std::string name = dds_topic(ros_topic);
    const dds_entity_t topic = check(
        dds_create_topic(participant, &type, name.c_str(), nullptr, nullptr), "topic " + name);
    dds_qos_t* qos = dds_create_qos();
    dds_qset_reliability(qos, DDS_RELIABILITY_RELIABLE, kMaxBlocking);
    dds_qset_history(qos, DDS_HISTORY_KEEP_LAST, depth);
    dds_qset_durability(qos, latched ? DDS_DURABILITY_TRANSIENT_LOCAL : DDS_DURABILITY_VOLATILE);
    const dds_entity_t w = dds_create_writer(participant, topic, qos, nullptr);
    dds_delete_qos(qos);
    check(w, "writer " + name);
    topics.push_back(ros_topic);
    writer_topics[w] = ros_topic;
    return w;
  }

  /// Writes `msg`; a sample Cyclone refuses (a reliable reader too slow for kMaxBlocking) is
  /// dropped with a line on stderr, at most one a second per topic.
  void write(dds_entity_t w, const void* msg) {
    const dds_return_t rc = dds_write(w, msg);
    if (rc != DDS_RETCODE_OK)
      drops.tell("ROS 2 topic " + writer_topics[w], "dropped",
                 fmt::format("a sample dropped: {}", dds_strretcode(rc)));
  }

  static bool matched(dds_entity_t writer) {
    dds_publication_matched_status_t status;
    return dds_get_publication_matched_status(writer, &status) == DDS_RETCODE_OK &&
           status.current_count > 0;
  }

  static void on_data(dds_entity_t reader, void* arg) {
    auto* c = static_cast<Command*>(arg);
    const auto offer = [c](const auto& m) { c->impl->inbox.offer(c->actuator, c->topic, m.data); };
    if (c->impl->sim.model().actuators[c->actuator].stamped) {
      take_each<uuv_gazebo_ros_plugins_msgs_msg_dds__FloatStamped_>(reader, offer);
    } else {
      take_each<std_msgs_msg_dds__Float64_>(reader, offer);
    }
  }

  /// /world/W/lockstep/reply: whether the request's steps were taken, the time and step count
  /// the run is at, and why not.
  void reply_lockstep(bool taken, double t, std::uint64_t step_count, const std::string& error) {
    std::vector<rcl_interfaces_msg_dds__Parameter_> params = {
        bool_parameter("taken", taken), parameter("sim_time", t),
        integer_parameter("step_count", static_cast<std::int64_t>(step_count))};
    if (!error.empty()) params.push_back(parameter("error", error));
    const ros_gz_interfaces_msg_dds__ParamVec_ msg = param_vec(header(t, no_frame), params);
    write(lockstep_reply, &msg);
  }

  static void on_lockstep(dds_entity_t reader, void* arg) {
    auto* s = static_cast<Impl*>(arg);
    take_each<ros_gz_interfaces_msg_dds__ParamVec_>(reader, [s](const auto& m) {
      std::vector<LockstepParam> params;
      for (std::uint32_t k = 0; k < m.params._length; ++k) {
        const rcl_interfaces_msg_dds__Parameter_& p = m.params._buffer[k];
        LockstepParam& q = params.emplace_back(LockstepParam{p.name ? p.name : ""});
        if (p.value.type == kParameterInteger) {
          q.type = LockstepParam::Type::kInteger;
          q.integer = p.value.integer_value;
        } else if (p.value.type == kParameterDouble) {
          q.type = LockstepParam::Type::kDouble;
          q.number = p.value.double_value;
        }
      }
      const LockstepRequest r = read_lockstep_request(s->sim.model(), params);
      if (!r.refused_key.empty()) {
        const std::string why = fmt::format("'{}' refused: {}", r.refused_key, r.refused_why);
        s->inbox.refuse(s->lockstep, r.refused_kind, why);
        std::unique_lock lock(s->lockstep_mutex);
        const double t = s->sim_time;
        const std::uint64_t count = s->step_count;
        lock.unlock();
        s->reply_lockstep(false, t, count, why);
        return;
      }
      // As gz's: in lockstep no step is taken until granted, so the commands are in the inbox
      // before the first of the steps counted from here.
      for (const auto& [i, value] : r.commands)
        s->inbox.offer(i, s->lockstep, value);
      {
        std::lock_guard lock(s->lockstep_mutex);
        s->pending.push_back(s->steps_taken + r.steps);
      }
      s->sim.grant_steps(r.steps);
    });
  }

  static void on_control(dds_entity_t reader, void* arg) {
    auto* s = static_cast<Impl*>(arg);
    take_each<ros_gz_interfaces_msg_dds__WorldControl_>(reader, [s](const auto& m) {
      const std::string refused =
          apply_world_control(s->sim, {m.pause, m.step, m.multi_step, m.reset.all,
                                       m.reset.time_only, m.reset.model_only, m.seed,
                                       m.run_to_sim_time.sec + 1e-9 * m.run_to_sim_time.nanosec});
      if (!refused.empty()) s->inbox.refuse(s->control, "refused", "refused: " + refused);
    });
  }

  /// Takes each sample `reader` has, on loan (Cyclone frees what it allocated for strings and
  /// sequences), and calls on_sample with each valid one.
  template <typename Sample, typename OnSample>
  static void take_each(dds_entity_t reader, OnSample on_sample) {
    void* samples[1] = {nullptr};
    dds_sample_info_t info;
    while (dds_take(reader, samples, &info, 1, 1) > 0) {
      if (info.valid_data) on_sample(*static_cast<const Sample*>(samples[0]));
      dds_return_loan(reader, samples, 1);
      samples[0] = nullptr;
    }
  }

  /// The body `entity` names (entity_wrench.h), or nothing, told on `topic`.
  std::optional<std::size_t> body_of(const std::string& topic,
                                     const ros_gz_interfaces_msg_dds__Entity_& entity) {
    const ResolvedBody r =
        body_of_entity(sim.model(), entity.name ? entity.name : "", entity.id, entity.type);
    if (r.body < 0) {
      inbox.refuse(topic, "unknown entity", "dropped: " + r.error);
      return std::nullopt;
    }
    return static_cast<std::size_t>(r.body);
  }

  static void on_wrench(dds_entity_t reader, void* arg) {
    const auto* w = static_cast<WrenchTopic*>(arg);
    take_each<ros_gz_interfaces_msg_dds__EntityWrench_>(reader, [w](const auto& m) {
      const auto& f = m.wrench.force;
      const auto& tau = m.wrench.torque;
      if (const std::optional<std::size_t> body = w->impl->body_of(w->topic, m.entity)) {
        w->impl->inbox.offer_wrench(
            *body, w->topic, {{f.x, f.y, f.z}, {tau.x, tau.y, tau.z}, Vec3::Zero()}, w->persistent);
      }
    });
  }

  static void on_pinger(dds_entity_t reader, void* arg) {
    const auto* p = static_cast<PingerTopic*>(arg);
    take_each<geometry_msgs_msg_dds__Vector3_>(reader, [p](const auto& m) {
      for (std::size_t i : p->receivers)
        p->impl->inbox.move_pinger(i, p->topic, {m.x, m.y, m.z});
    });
  }

  static void on_wrench_clear(dds_entity_t reader, void* arg) {
    const auto* w = static_cast<WrenchTopic*>(arg);
    take_each<ros_gz_interfaces_msg_dds__Entity_>(reader, [w](const auto& m) {
      if (const std::optional<std::size_t> body = w->impl->body_of(w->topic, m))
        w->impl->inbox.clear_wrenches(*body);
    });
  }

  /// A RELIABLE, KEEP_LAST(10) reader of `ros_topic` calling `on_data` with `arg`.
  void reader(const dds_topic_descriptor_t& type, const std::string& ros_topic,
              void (*on_data)(dds_entity_t, void*), void* arg, const std::string& what) {
    const std::string name = dds_topic(ros_topic);
    const dds_entity_t t = check(
        dds_create_topic(participant, &type, name.c_str(), nullptr, nullptr), "topic " + name);
    dds_qos_t* qos = dds_create_qos();
    dds_qset_reliability(qos, DDS_RELIABILITY_RELIABLE, DDS_INFINITY);
    dds_qset_history(qos, DDS_HISTORY_KEEP_LAST, 10);
    dds_listener_t* listener = dds_create_listener(arg);
    dds_lset_data_available(listener, on_data);
    const dds_entity_t r = dds_create_reader(participant, t, qos, listener);
    dds_delete_listener(listener);
    dds_delete_qos(qos);
    check(r, fmt::format("reader {} ({})", name, what));
    command_topics.push_back(ros_topic);
  }

  void publish_task(const Simulation& s) {
    if (task_error == 0) return;
    const TaskModel& task = s.scenario().tasks.front();
    const TaskState& state = s.task_states().front();
    const VrxTaskDue due = vrx_task_due(state, s.state().step_count, second_interval);
    const bool station = task.kind == TaskKind::kStationKeeping;
    if (due.info && matched(task_info)) {
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
      const ros_gz_interfaces_msg_dds__ParamVec_ msg =
          param_vec(header(s.state().t, no_frame), params);
      write(task_info, &msg);
    }
    if (due.goals && task_goals > 0 && matched(task_goals)) {
      std::vector<geometry_msgs_msg_dds__Pose_> poses;
      for (const VrxGoal& g : goals) {
        poses.push_back({{g.latitude_deg, g.longitude_deg, 0.0}, quaternion(g.orientation())});
      }
      const std_msgs_msg_dds__Header_ h = header(s.state().t, no_frame);
      if (station) {
        const geometry_msgs_msg_dds__PoseStamped_ msg{h, poses.front()};
        write(task_goals, &msg);
      } else {
        geometry_msgs_msg_dds__PoseArray_ msg{h, {}};
        lend(msg.poses, poses);
        write(task_goals, &msg);
      }
    }
    if (!due.errors) return;
    if (matched(task_error)) {
      if (station) {
        const std_msgs_msg_dds__Float32_ msg{
            static_cast<float>(vrx_station_pose_error(task, s.state().bodies))};
        write(task_error, &msg);
      } else {
        std::vector<float> errors(state.min_errors.begin(), state.min_errors.end());
        ros_gz_interfaces_msg_dds__Float32Array_ msg{};
        lend(msg.data, errors);
        write(task_error, &msg);
      }
    }
    if (matched(task_mean_error)) {
      const std_msgs_msg_dds__Float32_ msg{static_cast<float>(state.score)};
      write(task_mean_error, &msg);
    }
  }

  /// The joint states and the actuators' outputs (actuator_reports.h), at the pose rate.
  void publish_actuators(const Simulation& s) {
    reports.step(s.model(), s.state(), s.data());
    if (s.state().step_count % pose_interval != 0) return;
    const double t = s.state().t;
    for (std::size_t m = 0; m < joint_states.size(); ++m) {
      if (!matched(joint_states[m])) continue;
      const std::vector<std::size_t>& joints = reports.models()[m].actuators;
      std::vector<char*> names;
      std::vector<double> position, velocity, effort;
      for (std::size_t i : joints) {
        names.push_back(const_cast<char*>(s.model().actuators[i].name.c_str()));
        const JointCoordinates& c = reports.joint(i);
        position.push_back(c.position);
        velocity.push_back(c.velocity);
        effort.push_back(c.effort);
      }
      sensor_msgs_msg_dds__JointState_ msg{};
      msg.header = header(t, no_frame);
      lend(msg.name, names);
      lend(msg.position, position);
      lend(msg.velocity, velocity);
      lend(msg.effort, effort);
      write(joint_states[m], &msg);
    }
    for (std::size_t i = 0; i < outputs.size(); ++i) {
      if (outputs[i] == 0 || !matched(outputs[i])) continue;
      const uuv_gazebo_ros_plugins_msgs_msg_dds__FloatStamped_ msg{
          header(t, no_frame), reports.output(s.state(), s.data(), i)};
      write(outputs[i], &msg);
    }
  }

  /// gz-sim's PosePublishers (pose_publishing.h), as VRX's bridge gives them.
  void publish_pose_publishers(const Simulation& s) {
    const std::uint64_t step = s.state().step_count;
    const double t = s.state().t;
    for (PosePublishing& pp : pose_publishers) {
      const PoseSchedule& ps = pp.schedule;
      if (ps.pose_due(step) && matched(pp.poses))
        send_frames(ps.pose_frames(s.model(), s.state()), t, pp.poses);
      if (ps.static_due(step) && matched(pp.poses_static))
        send_frames(ps.fixed, t, pp.poses_static);
    }
  }

  void send_frames(const std::vector<PublishedFrame>& frames, double t, dds_entity_t writer) {
    if (frames.empty()) return;
    transforms.clear();
    for (const PublishedFrame& f : frames) {
      transforms.push_back({header(t, f.ros_parent),
                            const_cast<char*>(f.ros_child.c_str()),
                            {vector3(f.X_PC.p), quaternion(f.X_PC.q)}});
    }
    write_transforms(writer);
  }

  /// The contacts each contact sensor's shapes are in (contact_reports.h), when there are any.
  void publish_contacts(const Simulation& s) {
    constexpr std::uint8_t kCollision = 5;  // ros_gz_interfaces/Entity COLLISION
    for (std::size_t k = 0; k < contacts.size(); ++k) {
      const ContactSensorTopic& sensor = contact_topics[k];
      if (s.state().step_count % sensor.interval != 0 || !matched(contacts[k])) continue;
      const std::vector<ContactReport> reports =
          sensed_contacts(s.model(), s.data(), sensor.collider);
      if (reports.empty()) continue;
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
        c.collision1 = {0, const_cast<char*>(reports[i].collision1.c_str()), kCollision};
        c.collision2 = {0, const_cast<char*>(reports[i].collision2.c_str()), kCollision};
        lend(c.positions, &points[i], 1);
        lend(c.normals, &normals[i], 1);
        lend(c.depths, &depths[i], 1);
      }
      ros_gz_interfaces_msg_dds__Contacts_ msg{};
      msg.header = header(s.state().t, no_frame);
      lend(msg.contacts, list);
      write(contacts[k], &msg);
    }
  }

  void publish_clock(double t) {
    if (!matched(clock)) return;
    const rosgraph_msgs_msg_dds__Clock_ msg{ros_time(t)};
    write(clock, &msg);
  }

  void publish_tf(const Simulation& s) {
    if (s.state().step_count % pose_interval != 0 || !matched(tf)) return;
    const Model& model = s.model();
    transforms.resize(model.bodies.size());
    for (std::size_t i = 0; i < model.bodies.size(); ++i) {
      const BodyState& x = s.state().bodies[i];
      transforms[i] = {header(s.state().t, world_frame),
                       const_cast<char*>(body_frames[i].c_str()),
                       {vector3(x.p_WB), quaternion(x.q_WB)}};
    }
    write_transforms(tf);
  }

  void write_transforms(dds_entity_t writer) {
    tf2_msgs_msg_dds__TFMessage_ msg{};
    lend(msg.transforms, transforms);
    write(writer, &msg);
  }

  void publish_tf_static() {
    const Model& model = sim.model();
    transforms.clear();
    for (const LinkFrame& link : link_frames) {
      transforms.push_back({header(0.0, body_frames[link.body]),
                            const_cast<char*>(link.frame.c_str()),
                            {vector3(link.X_BL.p), quaternion(link.X_BL.q)}});
    }
    for (std::size_t i = 0; i < model.sensors.size(); ++i) {
      const SensorModel& sensor = model.sensors[i];
      transforms.push_back({header(0.0, body_frames[static_cast<std::size_t>(sensor.body)]),
                            const_cast<char*>(sensor_frames[i].c_str()),
                            {vector3(sensor.X_BS.p), quaternion(sensor.X_BS.q)}});
      // A camera's images are in its optical frame, a sonar's pings in its acoustic one.
      for (const auto& [frame, q_S] :
           {std::pair{&optical_frames[i], kQ_SO}, std::pair{&acoustic_frames[i], kQ_SA}}) {
        if (frame->empty()) continue;
        transforms.push_back({header(0.0, sensor_frames[i]),
                              const_cast<char*>(frame->c_str()),
                              {vector3(Vec3::Zero()), quaternion(q_S)}});
      }
    }
    write_transforms(tf_static);
  }

  void publish_sensor(std::size_t i, const SensorSample& sample) {
    const SensorModel& sensor = sim.model().sensors[i];
    const dds_entity_t w = sensors[i];
    const std::string& frame = sensor_frames[i];
    const double period = sensor.rate_hz > 0.0 ? 1.0 / sensor.rate_hz : sim.model().dt;
    std::visit(
        Overloaded{[&](const ImuReading& r) {
                     const auto& m = std::get<ImuModel>(sensor.kind);
                     sensor_msgs_msg_dds__Imu_ msg{};
                     msg.header = header(sample.t, frame);
                     msg.orientation = quaternion(r.q_RS);  // noiseless: covariance 0
                     msg.angular_velocity = vector3(r.omega_S);
                     set_diagonal(msg.angular_velocity_covariance, 3, 0,
                                  variances(m.angular_velocity, period));
                     msg.linear_acceleration = vector3(r.f_S);
                     set_diagonal(msg.linear_acceleration_covariance, 3, 0,
                                  variances(m.linear_acceleration, period));
                     write(w, &msg);
                   },
                   [&](const GnssReading& r) {
                     const auto& m = std::get<GnssModel>(sensor.kind);
                     sensor_msgs_msg_dds__NavSatFix_ msg{};
                     msg.header = header(sample.t, frame);
                     msg.status.status = r.fix ? 0 : -1;  // STATUS_FIX, STATUS_NO_FIX
                     msg.status.service = 1;              // SERVICE_GPS
                     msg.latitude = r.latitude_deg;
                     msg.longitude = r.longitude_deg;
                     msg.altitude = r.altitude;
                     set_diagonal(msg.position_covariance, 3, 0, variances(m.position, period));
                     msg.position_covariance_type = 2;  // COVARIANCE_TYPE_DIAGONAL_KNOWN
                     write(w, &msg);
                   },
                   [&](const MagnetometerReading& r) {
                     const auto& m = std::get<MagnetometerModel>(sensor.kind);
                     sensor_msgs_msg_dds__MagneticField_ msg{};
                     msg.header = header(sample.t, frame);
                     msg.magnetic_field = vector3(r.B_S);
                     set_diagonal(msg.magnetic_field_covariance, 3, 0, variances(m.noise, period));
                     write(w, &msg);
                   },
                   [&](const PressureReading& r) {
                     const auto& m = std::get<PressureModel>(sensor.kind);
                     sensor_msgs_msg_dds__FluidPressure_ msg{};
                     msg.header = header(sample.t, frame);
                     msg.fluid_pressure = r.pressure;
                     msg.variance = white_variance(m.noise, period);
                     write(w, &msg);
                   },
                   [&](const DvlReading& r) {
                     publish_dvl(w, frame, std::get<DvlModel>(sensor.kind), sample, r);
                   },
                   [&](const RangeBearingReading& r) {
                     // As VRX's bridge gives its AcousticPingerPlugin's Param.
                     std::vector<rcl_interfaces_msg_dds__Parameter_> params = {
                         parameter("range", r.range), parameter("bearing", r.bearing),
                         parameter("elevation", r.elevation)};
                     const ros_gz_interfaces_msg_dds__ParamVec_ msg =
                         param_vec(header(sample.t, frame), params);
                     write(w, &msg);
                   },
                   [&](const GroundTruthReading& r) {
                     const auto& m = std::get<GroundTruthModel>(sensor.kind);
                     nav_msgs_msg_dds__Odometry_ msg{};
                     msg.header = header(sample.t, world_frame);
                     msg.child_frame_id = const_cast<char*>(frame.c_str());
                     msg.pose.pose = {{r.p_W.x(), r.p_W.y(), r.p_W.z()}, quaternion(r.q_WS)};
                     set_diagonal(msg.pose.covariance, 6, 0, variances(m.position, period));
                     // REP-105: the twist in the child frame, S.
                     msg.twist.twist = {vector3(r.v_S), vector3(r.omega_S)};
                     set_diagonal(msg.twist.covariance, 6, 0, variances(m.velocity, period));
                     write(w, &msg);
                   },
                   [&](const LidarReading& r) {
                     if (r.horizontal_count > 0) publish_scan(i, sample, r);
                   },
                   [&](const CameraImage& r) {
                     if (r.width > 0) publish_frame(i, sample, r);
                   },
                   [&](const SonarImage& r) {
                     if (r.beams > 0) publish_ping(i, sample, r);
                   },
                   [](const auto&) {}},
        sample.reading);
  }

  static sensor_msgs_msg_dds__PointCloud2_ point_cloud(
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

  /// A scan: its middle row as sensor_msgs/LaserScan (as ros_gz_bridge converts gz-sensors'
  /// scans: ROS's scan is one row), and every ray as PointCloud2.
  void publish_scan(std::size_t i, const SensorSample& sample, const LidarReading& r) {
    const SensorModel& sensor = sim.model().sensors[i];
    const auto& lidar = std::get<LidarModel>(sensor.kind);
    const std_msgs_msg_dds__Header_ head = header(sample.t, sensor_frames[i]);
    if (matched(sensors[i])) {
      const auto n = static_cast<std::size_t>(r.horizontal_count);
      const std::size_t row = static_cast<std::size_t>(r.vertical_count / 2) * n;
      std::vector<float> ranges(r.ranges.begin() + row, r.ranges.begin() + row + n);
      std::vector<float> intensities(r.intensities.begin() + row, r.intensities.begin() + row + n);
      sensor_msgs_msg_dds__LaserScan_ msg{};
      msg.header = head;
      msg.angle_min = static_cast<float>(lidar.horizontal_min);
      msg.angle_max = static_cast<float>(lidar.horizontal_max);
      msg.angle_increment = static_cast<float>(
          n > 1 ? (lidar.horizontal_max - lidar.horizontal_min) / double(n - 1) : 0.0);
      msg.scan_time = static_cast<float>(sensor.rate_hz > 0.0 ? 1.0 / sensor.rate_hz : 0.0);
      msg.range_min = static_cast<float>(lidar.range_min);
      msg.range_max = static_cast<float>(lidar.range_max);
      lend(msg.ranges, ranges);
      lend(msg.intensities, intensities);
      write(sensors[i], &msg);
    }
    if (images[i].points > 0 && matched(images[i].points)) {
      PackedPoints points = lidar_points(lidar, r);
      std::vector<sensor_msgs_msg_dds__PointField_> fields;
      const auto msg = point_cloud(head, points, fields);
      write(images[i].points, &msg);
    }
  }

  /// A frame: its image (rgb8) and depths (32FC1) in the optical frame, its calibration, and an
  /// RGB-D or depth camera's points in S.
  void publish_frame(std::size_t i, const SensorSample& sample, const CameraImage& r) {
    const SensorModel& sensor = sim.model().sensors[i];
    const auto& camera = std::get<CameraModel>(sensor.kind);
    const ImageWriters& w = images[i];
    const std_msgs_msg_dds__Header_ optical = header(sample.t, optical_frames[i]);
    const auto image = [&](dds_entity_t to, const char* encoding, std::uint32_t pixel_bytes,
                           std::uint8_t* data, std::size_t size) {
      sensor_msgs_msg_dds__Image_ msg{};
      msg.header = optical;
      msg.height = static_cast<std::uint32_t>(r.height);
      msg.width = static_cast<std::uint32_t>(r.width);
      msg.encoding = const_cast<char*>(encoding);
      msg.is_bigendian = 0;
      msg.step = pixel_bytes * msg.width;
      lend(msg.data, data, size);
      write(to, &msg);
    };
    const dds_entity_t color = camera.color ? sensors[i] : 0;
    const dds_entity_t depth = camera.color ? w.depth : sensors[i];
    if (color > 0 && matched(color))
      image(color, "rgb8", 3, const_cast<std::uint8_t*>(r.rgb.data()), r.rgb.size());
    if (depth > 0 && matched(depth)) {
      std::vector<std::uint8_t> depths = depth_bytes(r);
      image(depth, "32FC1", 4, depths.data(), depths.size());
    }
    if (w.points > 0 && matched(w.points)) {
      PackedPoints points = depth_points(camera, r);
      std::vector<sensor_msgs_msg_dds__PointField_> fields;
      const auto msg = point_cloud(header(sample.t, sensor_frames[i]), points, fields);
      write(w.points, &msg);
    }
    if (w.camera_info > 0 && matched(w.camera_info)) {
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
      write(w.camera_info, &msg);
    }
  }

  /// A ping as marine_acoustic_msgs/ProjectedSonarImage in the acoustic frame A: each beam's
  /// direction in A, each bin's range, the levels [dB re 1 uPa] as FLOAT32 cells, range-major;
  /// a profiling sonar's soundings as SonarRanges.
  void publish_ping(std::size_t i, const SensorSample& sample, const SonarImage& r) {
    const SensorModel& sensor = sim.model().sensors[i];
    const auto& sonar = std::get<SonarModel>(sensor.kind);
    std::vector<float> tx(r.azimuth.size(), static_cast<float>(sonar.vertical_fov));
    std::vector<float> rx(r.azimuth.size(), static_cast<float>(sonar.beamwidth_h));
    marine_acoustic_msgs_msg_dds__PingInfo_ ping_info{};
    ping_info.frequency = static_cast<float>(sonar.frequency);
    ping_info.sound_speed = static_cast<float>(sim.model().environment.sound_speed);
    lend(ping_info.tx_beamwidths, tx);
    lend(ping_info.rx_beamwidths, rx);
    const dds_entity_t detections = images[i].detections;
    if (detections > 0 && matched(detections) && !r.bottom_range.empty()) {
      // Per beam: its flag (0 DETECT_OK, 1 DETECT_BAD_SONAR: no bottom, range NaN), no
      // transmit delay, the level [dB re 1 uPa], its unit vector in S and its range [m].
      const std::size_t n = r.bottom_range.size();
      std::vector<marine_acoustic_msgs_msg_dds__DetectionFlag_> flags(n);
      std::vector<float> zeros(n, 0.0f), levels(r.bottom_level), ranges(n);
      std::vector<geometry_msgs_msg_dds__Vector3_> beams(n);
      for (std::size_t b = 0; b < n; ++b) {
        flags[b].flag = std::isfinite(r.bottom_range[b]) ? 0 : 1;
        ranges[b] = static_cast<float>(r.bottom_range[b]);
        beams[b] = {std::cos(r.azimuth[b]), std::sin(r.azimuth[b]), 0.0};
      }
      marine_acoustic_msgs_msg_dds__SonarRanges_ msg{};
      msg.header = header(sample.t, sensor_frames[i]);
      msg.ping_info = ping_info;
      lend(msg.flags, flags);
      lend(msg.transmit_delays, zeros);
      lend(msg.intensities, levels);
      lend(msg.beam_unit_vec, beams);
      lend(msg.ranges, ranges);
      write(detections, &msg);
    }
    if (!matched(sensors[i])) return;
    std::vector<geometry_msgs_msg_dds__Vector3_> directions;
    for (int b = 0; b < r.beams; ++b)
      directions.push_back(vector3(acoustic_from_sensor(sonar_beam_S(sonar, r, b))));
    std::vector<float> ranges(r.range.begin(), r.range.end());
    marine_acoustic_msgs_msg_dds__ProjectedSonarImage_ msg{};
    msg.header = header(sample.t, acoustic_frames[i]);
    msg.ping_info = ping_info;
    lend(msg.beam_directions, directions);
    lend(msg.ranges, ranges);
    msg.image.is_bigendian = false;
    msg.image.dtype = 8;  // DTYPE_FLOAT32
    msg.image.beam_count = static_cast<std::uint32_t>(r.beams);
    lend(msg.image.data, reinterpret_cast<std::uint8_t*>(const_cast<float*>(r.level.data())),
         sizeof(float) * r.level.size());
    write(sensors[i], &msg);
  }

  /// In the header's frame, S (the reporting frame R turned back into S, so that /tf_static
  /// places it). Without a solution the mode is 0 (neither DVL_MODE_BOTTOM nor DVL_MODE_WATER)
  /// and the velocity NaN.
  void publish_dvl(dds_entity_t w, const std::string& frame, const DvlModel& m,
                   const SensorSample& sample, const DvlReading& r) {
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
    write(w, &msg);
  }
};

DdsServer::DdsServer(Simulation& sim, CommandInbox& inbox, const DdsServerOptions& options)
    : impl_(std::make_unique<Impl>(sim, inbox)) {
  Impl& s = *impl_;
  const Model& model = sim.model();
  dds_set_log_sink(&cyclone_log, nullptr);
  const char* uri = std::getenv("CYCLONEDDS_URI");
  const bool users_config = uri != nullptr && uri[0] != '\0';
  const std::string config = users_config ? std::string() : cyclone_config(options.listen);
  const auto domain_id = static_cast<dds_domainid_t>(options.domain_id);
  if (!config.empty()) {
    s.domain = s.check(dds_create_domain(domain_id, config.c_str()),
                       fmt::format("domain {} on {}", options.domain_id, options.listen));
  }
  s.participant = s.check(dds_create_participant(domain_id, nullptr, nullptr),
                          fmt::format("participant in domain {}", options.domain_id));
  s.pose_interval = steps_between(options.pose_rate_hz, model.dt);
  if (options.clock_rate_hz > 0.0)
    s.clock_interval = steps_between(options.clock_rate_hz, model.dt);

  for (const BodyModel& b : model.bodies)
    s.body_frames.push_back(ros_body_frame(b.model_name, b.link_name));
  for (const SensorModel& sensor : model.sensors)
    s.sensor_frames.push_back(ros_sensor_frame(sensor));
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    for (const BodyModel::LinkFrame& link : model.bodies[b].links) {
      if (link.name != model.bodies[b].link_name)
        s.link_frames.push_back(
            {b, ros_body_frame(model.bodies[b].model_name, link.name), link.X_BL});
    }
  }

  s.clock = s.writer(rosgraph_msgs_msg_dds__Clock__desc, "/clock", 1);
  s.tf = s.writer(tf2_msgs_msg_dds__TFMessage__desc, "/tf");
  if (!model.sensors.empty() || !s.link_frames.empty())
    s.tf_static = s.writer(tf2_msgs_msg_dds__TFMessage__desc, "/tf_static", 1, true);
  s.sensors.assign(model.sensors.size(), 0);
  s.images.resize(model.sensors.size());
  s.optical_frames.resize(model.sensors.size());
  s.acoustic_frames.resize(model.sensors.size());
  for (std::size_t i = 0; i < model.sensors.size(); ++i) {
    const std::string topic = ros_sensor_topic(model.sensors, i);
    if (topic.empty()) continue;
    const dds_topic_descriptor_t* type = std::visit(
        Overloaded{
            [](const ImuModel&) { return &sensor_msgs_msg_dds__Imu__desc; },
            [](const GnssModel&) { return &sensor_msgs_msg_dds__NavSatFix__desc; },
            [](const MagnetometerModel&) { return &sensor_msgs_msg_dds__MagneticField__desc; },
            [](const PressureModel&) { return &sensor_msgs_msg_dds__FluidPressure__desc; },
            [](const DvlModel&) { return &marine_acoustic_msgs_msg_dds__Dvl__desc; },
            [](const GroundTruthModel&) { return &nav_msgs_msg_dds__Odometry__desc; },
            [](const RangeBearingModel&) { return &ros_gz_interfaces_msg_dds__ParamVec__desc; },
            [](const CameraModel&) { return &sensor_msgs_msg_dds__Image__desc; },
            [](const LidarModel&) { return &sensor_msgs_msg_dds__LaserScan__desc; },
            [](const SonarModel&) {
              return &marine_acoustic_msgs_msg_dds__ProjectedSonarImage__desc;
            },
            [](const auto&) -> const dds_topic_descriptor_t* { return nullptr; }},
        model.sensors[i].kind);
    s.sensors[i] = s.writer(*type, topic);
    Impl::ImageWriters& w = s.images[i];
    if (const auto* camera = std::get_if<CameraModel>(&model.sensors[i].kind)) {
      s.optical_frames[i] = optical_frame(model.sensors[i]);
      w.camera_info =
          s.writer(sensor_msgs_msg_dds__CameraInfo__desc, sibling_topic(topic, "camera_info"));
      if (camera->color && camera->depth)
        w.depth = s.writer(sensor_msgs_msg_dds__Image__desc, sibling_topic(topic, "depth"));
      if (camera->depth)
        w.points = s.writer(sensor_msgs_msg_dds__PointCloud2__desc, sibling_topic(topic, "points"));
    } else if (std::holds_alternative<LidarModel>(model.sensors[i].kind)) {
      w.points = s.writer(sensor_msgs_msg_dds__PointCloud2__desc, sibling_topic(topic, "points"));
    } else if (const auto* sonar = std::get_if<SonarModel>(&model.sensors[i].kind)) {
      s.acoustic_frames[i] = acoustic_frame(model.sensors[i]);
      if (sonar->mode == SonarMode::kProfiling)
        w.detections =
            s.writer(marine_acoustic_msgs_msg_dds__SonarRanges__desc, topic + "/detections");
    }
  }

  if (!sim.scenario().tasks.empty()) {
    const TaskModel& task = sim.scenario().tasks.front();
    s.second_interval = steps_between(1.0, model.dt);
    s.task_info = s.writer(ros_gz_interfaces_msg_dds__ParamVec__desc, "/vrx/task/info");
    if (model.origin) s.goals = vrx_goals(task, *model.origin);
    if (task.kind == TaskKind::kStationKeeping) {
      if (!s.goals.empty())
        s.task_goals =
            s.writer(geometry_msgs_msg_dds__PoseStamped__desc, "/vrx/stationkeeping/goal");
      s.task_error = s.writer(std_msgs_msg_dds__Float32__desc, "/vrx/stationkeeping/pose_error");
      s.task_mean_error =
          s.writer(std_msgs_msg_dds__Float32__desc, "/vrx/stationkeeping/mean_pose_error");
    } else {
      if (!s.goals.empty())
        s.task_goals =
            s.writer(geometry_msgs_msg_dds__PoseArray__desc, "/vrx/wayfinding/waypoints");
      s.task_error =
          s.writer(ros_gz_interfaces_msg_dds__Float32Array__desc, "/vrx/wayfinding/min_errors");
      s.task_mean_error = s.writer(std_msgs_msg_dds__Float32__desc, "/vrx/wayfinding/mean_error");
    }
  }

  for (const ModelJoints& joints : s.reports.models()) {
    s.joint_states.push_back(s.writer(sensor_msgs_msg_dds__JointState__desc,
                                      "/" + ros_name(joints.model_name) + "/joint_states"));
  }
  for (const PosePublisherModel& p : model.pose_publishers) {
    Impl::PosePublishing& pp =
        s.pose_publishers.emplace_back(Impl::PosePublishing{{model, p}, 0, 0});
    const std::string topic =
        "/" + ros_name(model.bodies[static_cast<std::size_t>(p.body)].model_name) + "/pose";
    pp.poses = s.writer(tf2_msgs_msg_dds__TFMessage__desc, topic);
    if (p.static_publisher)
      pp.poses_static = s.writer(tf2_msgs_msg_dds__TFMessage__desc, topic + "_static");
  }
  s.contact_topics = contact_sensor_topics(model);
  for (const ContactSensorTopic& c : s.contact_topics)
    s.contacts.push_back(s.writer(ros_gz_interfaces_msg_dds__Contacts__desc, c.topic));
  s.outputs.assign(model.actuators.size(), 0);
  for (std::size_t i = 0; i < model.actuators.size(); ++i) {
    if (!model.actuators[i].output_topic.empty()) {
      s.outputs[i] = s.writer(uuv_gazebo_ros_plugins_msgs_msg_dds__FloatStamped__desc,
                              model.actuators[i].output_topic);
    }
  }
  s.commands.reserve(model.actuators.size());  // the listeners keep pointers into it
  for (std::size_t i = 0; i < model.actuators.size(); ++i) {
    const std::string& topic = model.actuators[i].topic;
    if (topic.empty()) continue;
    Impl::Command& c = s.commands.emplace_back(Impl::Command{&s, i, topic});
    s.reader(model.actuators[i].stamped ? uuv_gazebo_ros_plugins_msgs_msg_dds__FloatStamped__desc
                                        : std_msgs_msg_dds__Float64__desc,
             topic, &Impl::on_data, &c, "actuator " + model.actuators[i].full_name());
  }
  for (auto& [topic, receivers] : pinger_topics(model.sensors))
    s.pinger_topics.push_back({&s, topic, std::move(receivers)});
  for (Impl::PingerTopic& p : s.pinger_topics)  // the listeners keep pointers into it
    s.reader(geometry_msgs_msg_dds__Vector3__desc, p.topic, &Impl::on_pinger, &p,
             "pinger position");
  const std::string world = "/world/" + model.world_name;
  s.wrench_topics = {{&s, world + "/wrench", false},
                     {&s, world + "/wrench/persistent", true},
                     {&s, world + "/wrench/clear", false}};  // the listeners keep pointers
  for (Impl::WrenchTopic& w : s.wrench_topics) {
    const bool clear = &w == &s.wrench_topics.back();
    s.reader(clear ? ros_gz_interfaces_msg_dds__Entity__desc
                   : ros_gz_interfaces_msg_dds__EntityWrench__desc,
             w.topic, clear ? &Impl::on_wrench_clear : &Impl::on_wrench, &w, "external wrenches");
  }
  s.lockstep = world + "/lockstep";
  s.lockstep_reply = s.writer(ros_gz_interfaces_msg_dds__ParamVec__desc, s.lockstep + "/reply");
  s.reader(ros_gz_interfaces_msg_dds__ParamVec__desc, s.lockstep, &Impl::on_lockstep, &s,
           "lockstep requests");
  s.control = world + "/control";
  s.reader(ros_gz_interfaces_msg_dds__WorldControl__desc, s.control, &Impl::on_control, &s,
           "world control");
}

DdsServer::~DdsServer() = default;

void DdsServer::on_start(const Simulation& sim) {
  impl_->reports.start(sim.state());
  {
    std::lock_guard lock(impl_->lockstep_mutex);
    impl_->sim_time = sim.state().t;
    impl_->step_count = sim.state().step_count;
  }
  if (impl_->tf_static > 0) impl_->publish_tf_static();
  impl_->publish_clock(sim.state().t);
}

void DdsServer::on_step(const Simulation& sim) {
  Impl& s = *impl_;
  if (sim.state().step_count % s.clock_interval == 0) s.publish_clock(sim.state().t);
  s.publish_tf(sim);
  s.publish_actuators(sim);
  s.publish_contacts(sim);
  s.publish_pose_publishers(sim);
  s.publish_task(sim);
  const StepData& data = sim.data();
  for (std::size_t i = 0; i < s.sensors.size(); ++i) {
    if (s.sensors[i] > 0 && data.sensors[i].sampled && s.images[i].wanted(s.sensors[i]))
      s.publish_sensor(i, data.sensors[i]);
  }
  // After the step's messages, as gz's lockstep answer: the requests whose steps are taken.
  std::unique_lock lock(s.lockstep_mutex);
  ++s.steps_taken;
  s.sim_time = sim.state().t;
  s.step_count = sim.state().step_count;
  std::size_t answered = 0;
  while (!s.pending.empty() && s.pending.front() <= s.steps_taken) {
    s.pending.pop_front();
    ++answered;
  }
  lock.unlock();
  for (std::size_t k = 0; k < answered; ++k)
    s.reply_lockstep(true, sim.state().t, sim.state().step_count, "");
}

void DdsServer::want_images(const Simulation& sim, std::vector<std::uint8_t>& wanted) {
  const Impl& s = *impl_;
  for (std::size_t i = 0; i < s.images.size(); ++i) {
    if (draws_images(sim.model().sensors[i]) && s.images[i].wanted(s.sensors[i])) wanted[i] = 1;
  }
}

void DdsServer::on_end(const Simulation& sim, const RunEnd& /*end*/) {
  Impl& s = *impl_;
  std::unique_lock lock(s.lockstep_mutex);
  const std::size_t unanswered = s.pending.size();
  s.pending.clear();
  lock.unlock();
  for (std::size_t k = 0; k < unanswered; ++k)
    s.reply_lockstep(false, sim.state().t, sim.state().step_count, "the run ended");
}

const std::vector<std::string>& DdsServer::topics() const {
  return impl_->topics;
}

const std::vector<std::string>& DdsServer::command_topics() const {
  return impl_->command_topics;
}

}  // namespace leeway
