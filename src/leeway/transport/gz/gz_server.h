// Leeway served over gz-transport the way gz-sim (Fortress: ign-transport 11, ign-msgs 8) serves a
// world, so that the `ign topic` and `ign service` tools and Humble's ros_gz_bridge work against it
// unchanged. Topic names are in gz_topics.h; docs/interfaces.md lists every topic, its message
// type, rate, frame and units.
//
// Published from the stepping thread (an Observer called after every step; the statistics from a
// thread of the server's), each only while someone subscribes to it:
//   /clock, /world/W/clock   ignition.msgs.Clock            every step (as gz-sim), or at
//                                                           clock_rate_hz simulated
//   /world/W/stats           ignition.msgs.WorldStatistics  5 Hz of wall time, as gz-sim,
//                                                           paused or not (a thread of its own)
//   /world/W/pose/info       ignition.msgs.Pose_V           every body, at pose_rate_hz simulated
//   each sensor's topic      IMU, NavSat, Magnetometer, FluidPressure, Altimeter, Odometry (ground
//                            truth, as gz-sim's OdometryPublisher), Param (VRX's pinger
//                            receiver), at each sample
//   a camera's and a         Image (RGB_INT8; a depth camera's R_FLOAT32), CameraInfo, LaserScan,
//   lidar's topics           PointCloudPacked (sensor_payloads.h), where gz-sensors puts them
//                            (gz_topics.h image_topics), at each sample drawn: a camera or a
//                            lidar draws while one of its topics has a subscriber, as gz-sim
//                            renders only then (want_images). A sonar has no ign-msgs 8 type.
//   /world/W/model/M/        ignition.msgs.Model: joint states, as gz-sim's JointStatePublisher,
//   joint_state              at pose_rate_hz (actuator_reports.h)
//   UUV Simulator's outputs  ignition.msgs.Double: a thruster's thrust, a fin's angle, at
//                            pose_rate_hz (actuator_reports.h)
//   each contact sensor's    ignition.msgs.Contacts, at its rate while its shapes touch
//   topic                    (contact_reports.h; VRX's /vrx/contacts)
//   /vrx/task/info and the   ignition.msgs.Param, Pose, Pose_V, Float, Float_V: VRX's, for the
//   task's goals and errors  world's first task, once a simulated second (vrx_task_topics.h)
// Subscribed (offered to the run's CommandInbox, which the stepping thread empties before the
// next step: the command-to-actuator latency is one step; a message of another type or a
// malformed one is refused, with a rate-limited line):
//   each actuator's topic    ignition.msgs.Double: its command in its unit, on the topic its
//                            plugin listens on in gz-sim (ActuatorModel::topic: a Thruster's
//                            /model/M/joint/J/cmd_thrust or <namespace>/<topic>, a
//                            JointPositionController's <topic> or /model/M/joint/J/0/cmd_pos),
//                            checked as command_inbox.h says. The actuator's watchdog sees the
//                            time of the last one.
//   a pinger's set_position  ignition.msgs.Vector3d: the pinger's new position [m, W]
//   topic                    (RangeBearingModel::set_position_topic)
//   /model/M/wrench,         ignition.msgs.Wrench (force and torque in W, the force at
//   .../wrench/persistent    force_offset from the body's origin, in B), ignition.msgs.Empty:
//   .../wrench/clear         external wrenches on M's body, as entity_wrench.h says
// Served (answered on ign-transport's threads, acted on by the stepping thread):
//   /world/W/control         ignition.msgs.WorldControl -> ignition.msgs.Boolean: as
//                            world_control.h says (pause, step, multi_step, run_to_sim_time,
//                            reset.all with seed)
//   /world/W/lockstep        ignition.msgs.Param -> ignition.msgs.Clock (Leeway's own): commands
//                            by actuator ("wamv/left_engine_propeller_joint": DOUBLE) and a step
//                            count ("steps": INT32), answered when the steps are taken. Commands
//                            on topics and step requests on the control service travel on
//                            different sockets, so which step a command reaches is a race; this
//                            service gives them in one request, which makes a scripted client's
//                            run the same bits every time.
//
// Stamps are simulated time. A GNSS without a fix publishes nothing (NavSat has no fix status in
// ign-msgs 8). Where the process listens is ign-transport's: IGN_IP (the run sets 127.0.0.1, the
// loopback, unless told otherwise) and IGN_PARTITION.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "leeway/sim/simulation.h"
#include "leeway/transport/command_inbox.h"

namespace leeway {

struct GzServerOptions {
  double pose_rate_hz = 50.0;  ///< /world/W/pose/info, per simulated second
  double clock_rate_hz = 0.0;  ///< /clock and /world/W/clock; 0: every step
};

class GzServer final : public Observer {
 public:
  /// Advertises the world's topics and its control service; commands go to `inbox`. `sim` and
  /// `inbox` must outlive the server. Throws std::runtime_error if ign-transport refuses a topic
  /// or the service.
  GzServer(Simulation& sim, CommandInbox& inbox, const GzServerOptions& options = {});
  ~GzServer() override;

  void on_start(const Simulation& sim) override;
  void on_step(const Simulation& sim) override;
  void on_end(const Simulation& sim, const RunEnd& end) override;
  /// Every sample of each camera and lidar with a subscriber to any of its topics.
  void want_images(const Simulation& sim, std::vector<std::uint8_t>& wanted) override;

  /// The topics it publishes, those it subscribes to and the service it answers, in order.
  const std::vector<std::string>& topics() const;
  const std::vector<std::string>& command_topics() const;
  const std::string& control_service() const;
  const std::string& lockstep_service() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace leeway
