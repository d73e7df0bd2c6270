// How a world file says its run is served: the topics its plugins and sensors name, its contact
// sensors' names and rates, gz-sim's PosePublishers. The physics (world/model.h) knows nothing of
// it; the transports read it through their plan (transport/publication_plan.h), which adds the
// default names where a file gives none. Each list follows the Model's: wiring.actuators[i] is
// Model::actuators[i]'s, and so on.
#pragma once

#include <string>
#include <vector>

#include "leeway/core/error.h"
#include "leeway/sim/pose_publisher.h"

namespace leeway {

struct ActuatorWiring {
  /// The topic its plugin takes commands on in its home simulator (a gz-sim Thruster's
  /// /model/M/joint/J/cmd_thrust, VRX's <namespace>/<topic>, UUV Simulator's
  /// /M/thrusters/N/input); empty: Leeway's default for the actuator (docs/interfaces.md).
  std::string command_topic;
  /// Its ROS 2 commands are UUV Simulator's uuv_gazebo_ros_plugins_msgs/FloatStamped (else
  /// std_msgs/Float64).
  bool stamped = false;
  /// Where it reports what it does, as its plugin does (UUV Simulator's: a thruster's thrust, a
  /// fin's angle; gz-sim's BuoyancyEngine: the bladder's volume); empty: nowhere.
  std::string output_topic;
  SourceLocation where;  ///< the plugin that named them
};

struct SensorWiring {
  /// Its <topic> (or a plugin's <sensor_topic>, a gazebo_ros laser's <topicName>), as written;
  /// empty: the transport's default for its type.
  std::string topic;
  /// A range-bearing receiver's: where a new pinger position is taken (VRX's
  /// <set_position_topic>); empty: none.
  std::string pinger_topic;
  SourceLocation where;  ///< the <sensor> or the plugin
};

/// A model's contact sensor (gz-sim's Contact system; VRX's WAM-V reports on /vrx/contacts).
struct ContactWiring {
  std::string link, sensor;  ///< the first contact sensor's link and name; empty: none
  std::string topic;         ///< its <contact><topic>; empty: gz-sim's default
  double rate_hz = 0.0;      ///< its <update_rate>; 0: every step
  SourceLocation where;
};

struct Wiring {
  std::vector<ActuatorWiring> actuators;  ///< one per Model::actuators entry
  std::vector<SensorWiring> sensors;      ///< one per Model::sensors entry
  std::vector<ContactWiring> contacts;    ///< one per Model::colliders entry
  std::vector<PosePublisherModel> pose_publishers;
};

}  // namespace leeway
