// Leeway served over gz-transport the way gz-sim (Fortress: ign-transport 11, ign-msgs 8) serves a
// world, so that the `ign topic` and `ign service` tools and Humble's ros_gz_bridge work against it
// unchanged. What it publishes and takes is the run's plan's gz-transport column
// (publication_plan.h, input_plan.h; `leeway topics WORLD` prints it), each message made by
// gz_messages.h; docs/interfaces.md lists every topic, its message type, rate, frame and units.
//
// Published from the stepping thread (an Observer called after every step; the statistics from a
// thread of the server's), each only while someone subscribes to it: the clocks every step (or
// at clock_rate_hz simulated), poses, joint states and actuator outputs at pose_rate_hz, each
// sensor's messages at each sample (a camera, a lidar or a sonar draws while one of its topics
// has a subscriber, as gz-sim renders only then: want_images), VRX's task topics once a
// simulated second, contacts and PosePublishers at their own rates; the statistics five times a
// wall-clock second, paused or not.
//
// Subscribed (offered to the run's CommandInbox, which the stepping thread empties before the
// next step: the command-to-actuator latency is one step; a message of another type or a
// malformed one is refused, with a rate-limited line): each actuator's commands
// (ignition.msgs.Double in its unit, checked as command_inbox.h says; its watchdog sees the time
// of the last one), a pinger's position, each body's external wrenches (entity_wrench.h).
// Served (answered on ign-transport's threads, acted on by the stepping thread):
//   /world/W/control   ignition.msgs.WorldControl -> ignition.msgs.Boolean: as world_control.h
//                      says (pause, step, multi_step, run_to_sim_time, reset.all with seed)
//   /world/W/lockstep  ignition.msgs.Param -> ignition.msgs.Clock (Leeway's own): commands by
//                      actuator ("wamv/left_engine_propeller_joint": DOUBLE) and a step count
//                      ("steps": INT32), answered when the steps are taken (lockstep_gate.h).
//                      Commands on topics and step requests on the control service travel on
//                      different sockets, so which step a command reaches is a race; this
//                      service gives them in one request, which makes a scripted client's run
//                      the same bits every time.
//
// Stamps are simulated time. Where the process listens is ign-transport's: IGN_IP (the run sets
// 127.0.0.1, the loopback, unless told otherwise) and IGN_PARTITION.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "leeway/sim/simulation.h"
#include "leeway/transport/command_inbox.h"
#include "leeway/transport/served_plans.h"

namespace leeway {

struct GzServerOptions {
  double pose_rate_hz = 50.0;  ///< /world/W/pose/info, joint states, outputs, per simulated second
  double clock_rate_hz = 0.0;  ///< /clock and /world/W/clock; 0: every step
};

class GzServer final : public Observer {
 public:
  /// Advertises the world's topics and services, as `plans` give them (made here from the
  /// scenario if null); commands go to `inbox`. `sim`, `inbox` and `plans` must outlive the
  /// server. Throws std::runtime_error if ign-transport refuses a topic or a service, LoadError
  /// for a plan that does not hold (publication_plan.h).
  GzServer(Simulation& sim, CommandInbox& inbox, const GzServerOptions& options = {},
           const ServedPlans* plans = nullptr);
  ~GzServer() override;

  void on_start(const Simulation& sim) override;
  void on_step(const Simulation& sim) override;
  void on_end(const Simulation& sim, const RunEnd& end) override;
  /// Every sample of each camera, lidar and sonar with a subscriber to any of its topics.
  void want_images(const Simulation& sim, std::vector<std::uint8_t>& wanted) override;

  /// The topics it publishes, those it subscribes to and the services it answers, in order.
  const std::vector<std::string>& topics() const;
  const std::vector<std::string>& command_topics() const;
  const std::string& control_service() const;
  const std::string& lockstep_service() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace leeway
