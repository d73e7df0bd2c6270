#include "leeway/transport/ros2/dds_server.h"

#include <dds/dds.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "leeway/transport/entity_wrench.h"
#include "leeway/transport/lockstep_gate.h"
#include "leeway/transport/lockstep_request.h"
#include "leeway/transport/published_run.h"
#include "leeway/transport/rate_limited_log.h"
#include "leeway/transport/ros2/ros_messages.h"
#include "leeway/transport/ros2/ros_names.h"
#include "leeway/transport/world_control.h"
#include "leeway_ros2.h"  // generated from data/ros2_interfaces (CMakeLists.txt)

namespace leeway {
namespace {

// The writer's wait for a slow reliable reader before a sample is dropped.
constexpr dds_duration_t kMaxBlocking = DDS_MSECS(100);

constexpr std::uint8_t kParameterInteger = 2, kParameterDouble = 3;  // rcl_interfaces

/// The DDS type of a ROS message type the plans name ("sensor_msgs/msg/Imu").
const dds_topic_descriptor_t& dds_type(const std::string& ros_type) {
#define LEEWAY_ROS_TYPE(pkg, name) \
  { #pkg "/msg/" #name, &pkg##_msg_dds__##name##__desc }
  static const std::map<std::string, const dds_topic_descriptor_t*> kTypes = {
      LEEWAY_ROS_TYPE(rosgraph_msgs, Clock),
      LEEWAY_ROS_TYPE(tf2_msgs, TFMessage),
      LEEWAY_ROS_TYPE(sensor_msgs, Imu),
      LEEWAY_ROS_TYPE(sensor_msgs, NavSatFix),
      LEEWAY_ROS_TYPE(sensor_msgs, MagneticField),
      LEEWAY_ROS_TYPE(sensor_msgs, FluidPressure),
      LEEWAY_ROS_TYPE(sensor_msgs, JointState),
      LEEWAY_ROS_TYPE(sensor_msgs, Image),
      LEEWAY_ROS_TYPE(sensor_msgs, CameraInfo),
      LEEWAY_ROS_TYPE(sensor_msgs, LaserScan),
      LEEWAY_ROS_TYPE(sensor_msgs, PointCloud2),
      LEEWAY_ROS_TYPE(nav_msgs, Odometry),
      LEEWAY_ROS_TYPE(marine_acoustic_msgs, Dvl),
      LEEWAY_ROS_TYPE(marine_acoustic_msgs, ProjectedSonarImage),
      LEEWAY_ROS_TYPE(marine_acoustic_msgs, SonarRanges),
      LEEWAY_ROS_TYPE(std_msgs, Float64),
      LEEWAY_ROS_TYPE(std_msgs, Float32),
      LEEWAY_ROS_TYPE(geometry_msgs, PoseStamped),
      LEEWAY_ROS_TYPE(geometry_msgs, PoseArray),
      LEEWAY_ROS_TYPE(geometry_msgs, Vector3),
      LEEWAY_ROS_TYPE(geometry_msgs, Vector3Stamped),
      LEEWAY_ROS_TYPE(ros_gz_interfaces, WorldControl),
      LEEWAY_ROS_TYPE(ros_gz_interfaces, Float32Array),
      LEEWAY_ROS_TYPE(ros_gz_interfaces, EntityWrench),
      LEEWAY_ROS_TYPE(ros_gz_interfaces, Entity),
      LEEWAY_ROS_TYPE(ros_gz_interfaces, ParamVec),
      LEEWAY_ROS_TYPE(ros_gz_interfaces, Contacts),
      LEEWAY_ROS_TYPE(ros_gz_interfaces, Altimeter),
      LEEWAY_ROS_TYPE(uuv_gazebo_ros_plugins_msgs, FloatStamped),
  };
#undef LEEWAY_ROS_TYPE
  const auto it = kTypes.find(ros_type);
  if (it == kTypes.end())
    throw std::logic_error(fmt::format("no DDS type is generated for {}", ros_type));
  return *it->second;
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

TransportRates ros_rates(const Model& model, const DdsServerOptions& o) {
  return {steps_at(o.clock_rate_hz, model.dt), steps_between(o.pose_rate_hz, model.dt), 0,
          steps_between(1.0, model.dt)};
}

}  // namespace

struct DdsServer::Impl {
  Simulation& sim;
  CommandInbox& inbox;
  std::optional<ServedPlans> own_plans;
  const ServedPlans& plans;
  PublishedRun run;
  std::vector<std::string> topics, command_topics;
  LockstepGate gate;
  std::string control, lockstep;  ///< /world/W/control, /world/W/lockstep

  dds_entity_t domain = 0;  ///< 0: the default domain (CYCLONEDDS_URI's)
  dds_entity_t participant = 0;
  std::vector<dds_entity_t> writers;  ///< one per run.carried() entry
  dds_entity_t lockstep_reply = 0;
  std::map<dds_entity_t, std::string> writer_topics;
  RateLimitedLog drops;

  /// What a reader's listener needs: the server and its row.
  struct Reader {
    Impl* impl;
    const Subscription* row;
  };
  std::deque<Reader> readers;  ///< the listeners keep pointers into it

  Impl(Simulation& s, CommandInbox& i, const DdsServerOptions& o, const ServedPlans* p)
      : sim(s),
        inbox(i),
        own_plans(p ? std::nullopt : std::optional(make_served_plans(s.scenario()))),
        plans(p ? *p : *own_plans),
        run(s, plans.publications, &Publication::ros, ros_rates(s.model(), o)) {}

  ~Impl() {
    if (participant > 0) dds_delete(participant);
    if (domain > 0) dds_delete(domain);
  }

  dds_entity_t check(dds_entity_t e, const std::string& what) const {
    if (e < 0)
      throw std::runtime_error(fmt::format("Cyclone DDS: {}: {}", what, dds_strretcode(e)));
    return e;
  }

  /// A RELIABLE, VOLATILE writer (latched: TRANSIENT_LOCAL) keeping the last `depth` samples.
  dds_entity_t writer(const Route& route, int depth, bool latched) {
    const std::string name = dds_topic(route.topic);
    const dds_entity_t topic =
        check(dds_create_topic(participant, &dds_type(route.type), name.c_str(), nullptr, nullptr),
              "topic " + name);
    dds_qos_t* qos = dds_create_qos();
    dds_qset_reliability(qos, DDS_RELIABILITY_RELIABLE, kMaxBlocking);
    dds_qset_history(qos, DDS_HISTORY_KEEP_LAST, depth);
    dds_qset_durability(qos, latched ? DDS_DURABILITY_TRANSIENT_LOCAL : DDS_DURABILITY_VOLATILE);
    const dds_entity_t w = dds_create_writer(participant, topic, qos, nullptr);
    dds_delete_qos(qos);
    check(w, "writer " + name);
    topics.push_back(route.topic);
    writer_topics[w] = route.topic;
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

  /// A RELIABLE, KEEP_LAST(10) reader of the row's ROS topic, its samples to take().
  void reader(const Subscription& row) {
    const std::string name = dds_topic(row.ros.topic);
    const dds_entity_t t = check(
        dds_create_topic(participant, &dds_type(row.ros.type), name.c_str(), nullptr, nullptr),
        "topic " + name);
    dds_qos_t* qos = dds_create_qos();
    dds_qset_reliability(qos, DDS_RELIABILITY_RELIABLE, DDS_INFINITY);
    dds_qset_history(qos, DDS_HISTORY_KEEP_LAST, 10);
    dds_listener_t* listener = dds_create_listener(&readers.emplace_back(Reader{this, &row}));
    dds_lset_data_available(listener, &Impl::on_data);
    const dds_entity_t r = dds_create_reader(participant, t, qos, listener);
    dds_delete_listener(listener);
    dds_delete_qos(qos);
    check(r, fmt::format("reader {} ({})", name, input_name(row.what)));
    command_topics.push_back(row.ros.topic);
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

  static void on_data(dds_entity_t reader, void* arg) {
    const auto* r = static_cast<const Reader*>(arg);
    r->impl->take(reader, *r->row);
  }

  void take(dds_entity_t reader, const Subscription& row);

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

  void reply_lockstep(const LockstepGate::Answer& a) {
    ros_lockstep_reply(a.taken, a.t, a.step_count, a.why_not,
                       [this](const void* msg) { write(lockstep_reply, msg); });
  }

  void on_lockstep(const ros_gz_interfaces_msg_dds__ParamVec_& m) {
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
    const LockstepRequest r = read_lockstep_request(sim.model(), params);
    if (!r.refused_key.empty()) {
      const std::string why = fmt::format("'{}' refused: {}", r.refused_key, r.refused_why);
      inbox.refuse(lockstep, r.refused_kind, why);
      const LockstepGate::Position at = gate.position();
      reply_lockstep({false, at.t, at.step_count, why});
      return;
    }
    // As gz's: in lockstep no step is taken until granted, so the commands are in the inbox
    // before the first of the steps counted from here.
    for (const auto& [i, value] : r.commands)
      inbox.offer(i, lockstep, value);
    gate.request(sim, r.steps, [this](const LockstepGate::Answer& a) { reply_lockstep(a); });
  }

  /// Each row due (or, at the start, latched or a clock) with a matched reader.
  void publish(bool at_start) {
    const std::vector<std::size_t>& carried = run.carried();
    for (std::size_t j = 0; j < carried.size(); ++j) {
      const Publication& row = run.row(carried[j]);
      const bool due = at_start ? row.latched || row.what == Output::kClock : run.due(carried[j]);
      // A latched sample is kept for the readers that come later (TRANSIENT_LOCAL).
      if (!due || !(row.latched || matched(writers[j]))) continue;
      ros_messages(run, carried[j], [this, w = writers[j]](const void* msg) { write(w, msg); });
    }
  }
};

void DdsServer::Impl::take(dds_entity_t reader, const Subscription& row) {
  const std::string& topic = row.ros.topic;
  switch (row.what) {
    case Input::kActuatorCommand: {
      const auto offer = [&](const auto& m) {
        for (std::size_t a : row.targets)
          inbox.offer(a, topic, m.data);
      };
      if (row.ros.type == "std_msgs/msg/Float64") {
        take_each<std_msgs_msg_dds__Float64_>(reader, offer);
      } else {
        take_each<uuv_gazebo_ros_plugins_msgs_msg_dds__FloatStamped_>(reader, offer);
      }
      break;
    }
    case Input::kPingerPosition:
      take_each<geometry_msgs_msg_dds__Vector3_>(reader, [&](const auto& m) {
        for (std::size_t r : row.targets)
          inbox.move_pinger(r, topic, {m.x, m.y, m.z});
      });
      break;
    case Input::kWrench:
    case Input::kPersistentWrench:
      take_each<ros_gz_interfaces_msg_dds__EntityWrench_>(reader, [&](const auto& m) {
        const auto& f = m.wrench.force;
        const auto& tau = m.wrench.torque;
        if (const std::optional<std::size_t> body = body_of(topic, m.entity)) {
          inbox.offer_wrench(*body, topic, {{f.x, f.y, f.z}, {tau.x, tau.y, tau.z}, Vec3::Zero()},
                             row.what == Input::kPersistentWrench);
        }
      });
      break;
    case Input::kClearWrench:
      take_each<ros_gz_interfaces_msg_dds__Entity_>(reader, [&](const auto& m) {
        if (const std::optional<std::size_t> body = body_of(topic, m)) inbox.clear_wrenches(*body);
      });
      break;
    case Input::kWorldControl:
      take_each<ros_gz_interfaces_msg_dds__WorldControl_>(reader, [&](const auto& m) {
        const std::string refused = apply_world_control(
            sim, {m.pause, m.step, m.multi_step, m.reset.all, m.reset.time_only, m.reset.model_only,
                  m.seed, m.run_to_sim_time.sec + 1e-9 * m.run_to_sim_time.nanosec});
        if (!refused.empty()) inbox.refuse(control, "refused", "refused: " + refused);
      });
      break;
    case Input::kLockstep:
      take_each<ros_gz_interfaces_msg_dds__ParamVec_>(reader,
                                                      [&](const auto& m) { on_lockstep(m); });
      break;
    case Input::kNamedCommand:
      break;
  }
}

DdsServer::DdsServer(Simulation& sim, CommandInbox& inbox, const DdsServerOptions& options,
                     const ServedPlans* plans)
    : impl_(std::make_unique<Impl>(sim, inbox, options, plans)) {
  Impl& s = *impl_;
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
  for (const std::size_t k : s.run.carried()) {
    const Publication& row = s.run.row(k);
    // /clock and /tf_static keep their last sample (as ROS 2's), the others ten.
    const int depth = row.what == Output::kClock || row.latched ? 1 : 10;
    s.writers.push_back(s.writer(s.run.route(k), depth, row.latched));
    if (row.what == Output::kLockstepReply) s.lockstep_reply = s.writers.back();
  }
  for (const Subscription& row : s.plans.inputs.rows) {
    if (!row.ros.carried()) continue;
    if (row.what == Input::kWorldControl) s.control = row.ros.topic;
    if (row.what == Input::kLockstep) s.lockstep = row.ros.topic;
    s.reader(row);
  }
}

DdsServer::~DdsServer() = default;

void DdsServer::on_start(const Simulation& sim) {
  impl_->run.start();
  impl_->gate.start(sim);
  impl_->publish(true);
}

void DdsServer::on_step(const Simulation& sim) {
  impl_->run.step();
  impl_->publish(false);
  // After the step's messages, as gz's lockstep answer: the requests whose steps are taken.
  impl_->gate.step(sim);
}

void DdsServer::want_images(const Simulation& /*sim*/, std::vector<std::uint8_t>& wanted) {
  impl_->run.want_drawn([&](std::size_t j) { return Impl::matched(impl_->writers[j]); }, wanted);
}

void DdsServer::on_end(const Simulation& sim, const RunEnd& /*end*/) {
  impl_->gate.end(sim);
}

const std::vector<std::string>& DdsServer::topics() const {
  return impl_->topics;
}

const std::vector<std::string>& DdsServer::command_topics() const {
  return impl_->command_topics;
}

}  // namespace leeway
