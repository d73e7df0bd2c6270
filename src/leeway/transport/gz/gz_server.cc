#include "leeway/transport/gz/gz_server.h"

#include <fmt/format.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

#include <ignition/msgs/boolean.pb.h>
#include <ignition/msgs/clock.pb.h>
#include <ignition/msgs/double.pb.h>
#include <ignition/msgs/empty.pb.h>
#include <ignition/msgs/param.pb.h>
#include <ignition/msgs/vector3d.pb.h>
#include <ignition/msgs/world_control.pb.h>
#include <ignition/msgs/wrench.pb.h>
#include <ignition/transport/Node.hh>

#include "leeway/transport/gz/gz_messages.h"
#include "leeway/transport/lockstep_gate.h"
#include "leeway/transport/lockstep_request.h"
#include "leeway/transport/published_run.h"
#include "leeway/transport/stamp.h"
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

void set_clock_time(double t, im::Time* out) {
  const Stamp stamp = stamp_of(t);
  out->set_sec(stamp.sec);
  out->set_nsec(static_cast<std::int32_t>(stamp.nanosec));
}

Vec3 vector_of(const im::Vector3d& v) {
  return {v.x(), v.y(), v.z()};
}

/// A published topic with a subscriber (an invalid publisher has none).
bool connected(const Publisher& p) {
  return p && p.HasConnections();
}

TransportRates gz_rates(const Model& model, const GzServerOptions& o) {
  return {steps_at(o.clock_rate_hz, model.dt), steps_between(o.pose_rate_hz, model.dt), 0,
          steps_between(1.0, model.dt)};
}

}  // namespace

struct GzServer::Impl {
  Simulation& sim;
  CommandInbox& inbox;
  std::optional<ServedPlans> own_plans;
  const ServedPlans& plans;
  PublishedRun run;
  std::vector<std::string> topics, command_topics;
  std::string control, lockstep;
  LockstepGate gate;

  // The wall clock at the run's start, and whether the server is going (the statistics thread
  // ends), under `mutex`.
  std::mutex mutex;
  std::condition_variable stop_cv;
  WallClock::time_point started = WallClock::now();
  bool stopping = false;

  // After what its callbacks touch, so that it is destroyed (and they end) before that is.
  ignition::transport::Node node;
  std::vector<Publisher> publishers;  ///< one per run.carried() entry; invalid: a kWall row's
  Publisher stats;
  double step_size = 0.0;  ///< [s], read before the statistics thread starts
  std::int32_t model_count = 0;
  std::thread stats_thread;  ///< publish_stats(); joined before anything it uses goes
  GzMessages messages;       ///< reused from row to row

  Impl(Simulation& s, CommandInbox& i, const GzServerOptions& o, const ServedPlans* p)
      : sim(s),
        inbox(i),
        own_plans(p ? std::nullopt : std::optional(make_served_plans(s.scenario()))),
        plans(p ? *p : *own_plans),
        run(s, plans.publications, &Publication::gz, gz_rates(s.model(), o)) {}

  ~Impl() {
    if (!stats_thread.joinable()) return;
    {
      std::lock_guard lock(mutex);
      stopping = true;
    }
    stop_cv.notify_all();
    stats_thread.join();
  }

  Publisher advertise(const Route& route) {
    if (!ignition::transport::TopicUtils::IsValidTopic(route.topic)) {
      throw std::runtime_error(fmt::format(
          "'{}' is not a valid gz-transport topic (no spaces, '@', ':=' or '//')", route.topic));
    }
    Publisher p = node.Advertise(route.topic, route.type);
    if (!p) {
      throw std::runtime_error(
          fmt::format("ign-transport refused to advertise {} ({})", route.topic, route.type));
    }
    topics.push_back(route.topic);
    return p;
  }

  /// Subscribes `on_message` to `topic`, raw and of any type: a message of another type or one
  /// that does not parse is told about (rate-limited) rather than dropped silently, or printed
  /// by ign-transport each time. `what` names the subscription in an error.
  template <typename Msg, typename OnMessage>
  void subscribe(const std::string& topic, const char* what, OnMessage on_message) {
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

  template <typename Request, typename Reply, typename OnRequest>
  void serve(const std::string& service, OnRequest on_request) {
    const std::function<bool(const Request&, Reply&)> callback = on_request;
    if (!node.Advertise(service, callback))
      throw std::runtime_error(fmt::format("ign-transport refused to advertise {}", service));
  }

  void take(const Subscription& s);

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
    // In lockstep no step is taken until granted: the commands are in the inbox first.
    for (const auto& [i, value] : r.commands)
      inbox.offer(i, lockstep, value);
    const LockstepGate::Answer a = gate.request_and_wait(sim, r.steps, kLockstepWait);
    if (!a.taken) {
      inbox.refuse(lockstep, "not taken",
                   fmt::format("{} steps asked for, not taken: {}", r.steps, a.why_not));
      return false;
    }
    set_clock_time(a.t, reply.mutable_sim());
    set_clock_time(a.t, reply.mutable_header()->mutable_stamp());
    return true;
  }

  /// The world statistics five times a wall-clock second, whether the world steps or not
  /// (the statistics thread): `paused` when it took no step since the last ones.
  void publish_stats() {
    std::unique_lock lock(mutex);
    std::uint64_t last_steps = gate.position().steps_taken;
    while (!stop_cv.wait_for(lock, kStatsPeriod, [&] { return stopping; })) {
      const WallClock::time_point start = started;
      lock.unlock();
      const LockstepGate::Position at = gate.position();
      const bool advanced = at.steps_taken != last_steps;
      last_steps = at.steps_taken;
      if (stats.HasConnections()) {
        const double wall = std::chrono::duration<double>(WallClock::now() - start).count();
        stats.Publish(
            *gz_world_statistics(at.t, at.step_count, step_size, wall, !advanced, model_count));
      }
      lock.lock();
    }
  }

  /// Each row due and listened to.
  void publish(bool at_start) {
    double wall = 0.0;
    {
      std::lock_guard lock(mutex);
      wall = std::chrono::duration<double>(WallClock::now() - started).count();
    }
    const std::vector<std::size_t>& carried = run.carried();
    for (std::size_t j = 0; j < carried.size(); ++j) {
      const bool clock = run.row(carried[j]).what == Output::kClock;
      if (!connected(publishers[j]) || !(at_start ? clock : run.due(carried[j]))) continue;
      messages.clear();
      gz_messages(run, carried[j], wall, messages);
      for (const auto& m : messages)
        publishers[j].Publish(*m);
    }
  }
};

void GzServer::Impl::take(const Subscription& s) {
  const std::string& topic = s.gz.topic;
  const auto body = static_cast<std::size_t>(s.index);  // a wrench row's
  switch (s.what) {
    case Input::kActuatorCommand:
      subscribe<im::Double>(topic, "an actuator's commands",
                            [this, targets = s.targets, topic](const im::Double& m) {
                              for (std::size_t a : targets)
                                inbox.offer(a, topic, m.data());
                            });
      break;
    case Input::kPingerPosition:
      subscribe<im::Vector3d>(topic, "a pinger's position",
                              [this, receivers = s.targets, topic](const im::Vector3d& p) {
                                for (std::size_t r : receivers)
                                  inbox.move_pinger(r, topic, vector_of(p));
                              });
      break;
    case Input::kWrench:
    case Input::kPersistentWrench: {
      const bool persistent = s.what == Input::kPersistentWrench;
      subscribe<im::Wrench>(
          topic, "external wrenches", [this, body, topic, persistent](const im::Wrench& w) {
            inbox.offer_wrench(
                body, topic,
                {vector_of(w.force()), vector_of(w.torque()), vector_of(w.force_offset())},
                persistent);
          });
      break;
    }
    case Input::kClearWrench:
      subscribe<im::Empty>(topic, "external wrenches",
                           [this, body](const im::Empty&) { inbox.clear_wrenches(body); });
      break;
    case Input::kWorldControl:
      control = topic;
      serve<im::WorldControl, im::Boolean>(
          topic, [this](const im::WorldControl& q, im::Boolean& a) { return on_control(q, a); });
      break;
    case Input::kLockstep:
      lockstep = topic;
      serve<im::Param, im::Clock>(
          topic, [this](const im::Param& q, im::Clock& a) { return on_lockstep(q, a); });
      break;
    case Input::kNamedCommand:
      break;
  }
}

GzServer::GzServer(Simulation& sim, CommandInbox& inbox, const GzServerOptions& options,
                   const ServedPlans* plans)
    : impl_(std::make_unique<Impl>(sim, inbox, options, plans)) {
  Impl& s = *impl_;
  for (const std::size_t k : s.run.carried()) {
    Publisher p = s.advertise(s.run.route(k));
    if (s.run.row(k).cadence == Cadence::kWall) {
      s.stats = std::move(p);
      s.publishers.emplace_back();
    } else {
      s.publishers.push_back(std::move(p));
    }
  }
  for (const Subscription& sub : s.plans.inputs.rows) {
    if (sub.gz.carried()) s.take(sub);
  }
  s.step_size = sim.model().dt;
  s.model_count = static_cast<std::int32_t>(sim.model().bodies.size());
  s.stats_thread = std::thread([&s] { s.publish_stats(); });
}

GzServer::~GzServer() = default;

void GzServer::on_start(const Simulation& sim) {
  {
    std::lock_guard lock(impl_->mutex);
    impl_->started = WallClock::now();
  }
  impl_->run.start();
  impl_->gate.start(sim);
  impl_->publish(true);
}

void GzServer::on_step(const Simulation& sim) {
  impl_->run.step();
  impl_->publish(false);
  // After the step's messages are sent: a lockstep client answered for this step has them on
  // their way (on other sockets than the answer, so it waits for them by their stamp).
  impl_->gate.step(sim);
}

void GzServer::want_images(const Simulation& /*sim*/, std::vector<std::uint8_t>& wanted) {
  impl_->run.want_drawn([&](std::size_t j) { return connected(impl_->publishers[j]); }, wanted);
}

void GzServer::on_end(const Simulation& sim, const RunEnd& /*end*/) {
  impl_->gate.end(sim);
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
