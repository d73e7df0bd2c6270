// Leeway served to ROS 2 natively, over DDS (Eclipse Cyclone DDS, Debian's 0.10): ROS 2 nodes of
// any distribution subscribe to its topics and command its actuators with no ROS installation on
// Leeway's side and no bridge between them. A topic /a/b is the DDS topic rt/a/b and a message
// pkg/Name the type pkg::msg::dds_::Name_, as rmw_cyclonedds and rmw_fastrtps name them; the
// types are generated from the official .msg files (data/ros2_interfaces) without XTypes type
// information, so that every rmw matches them by name. Names are in ros_names.h; docs/interfaces.md
// lists every topic, its type, rate, frame and units.
//
// What it publishes and takes is the run's plan's ROS 2 column (publication_plan.h,
// input_plan.h; `leeway topics WORLD` prints it), each message made by ros_messages.h, from the
// stepping thread (an Observer called after every step), each only while a reader is matched:
// /clock every step (or at clock_rate_hz simulated), /tf, joint states and outputs at
// pose_rate_hz, /tf_static once (latched: TRANSIENT_LOCAL, depth 1, as ROS 2's tf_static), each
// sensor's messages at each sample (a camera, a lidar or a sonar draws while a reader is matched
// on one of its topics: want_images), VRX's task topics once a simulated second, contacts and
// PosePublishers at their own rates.
// Subscribed, offered to the run's CommandInbox: each actuator's commands (std_msgs/Float64 in
// its unit; UUV Simulator's uuv_gazebo_ros_plugins_msgs/FloatStamped), a pinger's position
// (geometry_msgs/Vector3), the external wrenches (/world/W/wrench, .../persistent:
// ros_gz_interfaces/EntityWrench; .../clear: Entity; entity_wrench.h); /world/W/lockstep
// (ros_gz_interfaces/ParamVec, lockstep_request.h), answered on /world/W/lockstep/reply when its
// steps are taken; /world/W/control (ros_gz_interfaces/msg/WorldControl, as world_control.h
// says: a topic, where gz-sim's is a service: a ROS 2 service's request/reply framing differs
// between rmw_cyclonedds and rmw_fastrtps; a topic is the same for both).
//
// QoS as research and ROS 2 settle it: writers RELIABLE, VOLATILE, KEEP_LAST(10), which both
// reliable and best-effort readers match (/clock KEEP_LAST(1)); command readers RELIABLE,
// KEEP_LAST(10), which the default publisher of rclcpp, rclpy and `ros2 topic pub` matches (a
// best-effort publisher does not). A writer waits at most 100 ms for a slow reliable reader
// before the sample is dropped: a stalled client cannot stop the run.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "leeway/sim/simulation.h"
#include "leeway/transport/command_inbox.h"
#include "leeway/transport/served_plans.h"

namespace leeway {

struct DdsServerOptions {
  int domain_id = 0;  ///< ROS_DOMAIN_ID
  /// Where discovery and data go (docs/interfaces.md). "127.0.0.1": the loopback only, unicast
  /// discovery of this host's participants (ROS's LOCALHOST discovery range); an interface's
  /// address: that interface, with multicast discovery (ROS's SUBNET); "0.0.0.0": Cyclone's own
  /// choice of interface. Ignored when CYCLONEDDS_URI is set: a user's Cyclone configuration
  /// is taken as it is, as rmw_cyclonedds takes it.
  std::string listen = "127.0.0.1";
  double pose_rate_hz = 50.0;  ///< /tf, per simulated second
  double clock_rate_hz = 0.0;  ///< /clock; 0: every step
};

class DdsServer final : public Observer {
 public:
  /// Joins the DDS domain and creates the world's writers and readers, as `plans` give them (made
  /// here from the scenario if null); commands go to `inbox`. `sim`, `inbox` and `plans` must
  /// outlive the server. Throws std::runtime_error if Cyclone refuses the configuration or an
  /// entity, with its message; LoadError for a plan that does not hold (publication_plan.h).
  DdsServer(Simulation& sim, CommandInbox& inbox, const DdsServerOptions& options = {},
            const ServedPlans* plans = nullptr);
  ~DdsServer() override;

  void on_start(const Simulation& sim) override;
  void on_step(const Simulation& sim) override;
  /// Answers the lockstep requests still waiting: not taken.
  void on_end(const Simulation& sim, const RunEnd& end) override;
  /// Every sample of each camera, lidar and sonar with a reader matched on any of its topics.
  void want_images(const Simulation& sim, std::vector<std::uint8_t>& wanted) override;

  /// The ROS topics it publishes and those it subscribes to, in order.
  const std::vector<std::string>& topics() const;
  const std::vector<std::string>& command_topics() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace leeway
