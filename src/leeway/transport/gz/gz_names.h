// The topic and service names gz-sim (Fortress) gives a world's entities, so that a client written
// for gz-sim finds Leeway's at the same place (docs/interfaces.md lists them).
//
//   /clock, /world/W/clock                    the simulated time
//   /world/W/stats                            world statistics
//   /world/W/pose/info                        every body's pose (gz-sim's SceneBroadcaster)
//   /world/W/control                          the world control service (pause, step, reset)
//   /world/W/model/M/link/L/sensor/S/SUFFIX   a sensor's readings, unless its <topic> names
//                                             another; SUFFIX by its type (sensor_topic_suffix);
//                                             a camera's and a lidar's other outputs beside
//                                             them as gz-sensors puts them (image_topics)
//   /model/M/odometry                         a ground-truth sensor's (gz-sim's
//                                             OdometryPublisher), unless its <topic> names another
//   /pinger/range_bearing                     an acoustic pinger receiver's (VRX's
//                                             AcousticPingerPlugin), unless its <topic> names
//                                             another; it takes the pinger's position on its
//                                             <set_position_topic>, /pinger/set_pinger_position
//   /model/M/wrench[/persistent, /clear]      external wrenches on M's body (Leeway's: gz-sim 6
//                                             has no ApplyLinkWrench, ign-msgs 8 no EntityWrench)
//
// A nested model a::b is /model/a/model/b, as gz-sim scopes it.
#pragma once

#include <string>
#include <vector>

#include "leeway/sensors/sensor.h"

namespace leeway {

/// The last part of a gz sensor's default topic: its type's name (imu, navsat, magnetometer,
/// altimeter, air_pressure, dvl, wave_gauge...: sensors/sensor_descriptor.h), but image (a
/// camera), depth_image (a depth camera), scan (a lidar), sonar_image (a sonar: gz-sim has
/// none; the name is Leeway's ROS 2 one); empty for an RGB-D camera (whose outputs are below its
/// topic, image_topics), for ground truth and the pinger receiver (a plugin's topic, not a
/// sensor's).
std::string sensor_topic_suffix(const SensorModel& sensor);

/// "/world/W" for world W.
std::string world_topic_prefix(const std::string& world_name);

/// A sensor's scoped name as gz-sim gives it (its frame_id): model::link::sensor.
std::string scoped_sensor_name(const SensorModel& sensor);

/// "/model/M" for model M (scoped as above).
std::string model_topic_prefix(const std::string& model_name);

/// The topic a sensor publishes on: `topic` (its <topic>, sim/wiring.h) if it is given (made
/// absolute), otherwise gz-sim's default.
std::string sensor_topic(const std::string& world_name, const SensorModel& sensor,
                         const std::string& topic = "");

/// Where a camera's, a lidar's or a sonar's outputs go, as gz-sensors (Fortress) puts them about
/// its topic T (sensor_topic); empty: none.
///   camera        image T (Image), camera_info beside it (T's last part replaced)
///   depth camera  depth T (Image, R_FLOAT32), points T/points, camera_info beside T
///   RGB-D camera  image T/image, depth T/depth_image, points T/points, camera_info
///                 T/camera_info
///   lidar         scan T (LaserScan), points T/points (PointCloudPacked)
///   sonar         image T (Image, R_FLOAT32: the ping's levels); a profiling sonar's
///                 soundings, scan T/soundings (LaserScan)
struct ImageTopics {
  std::string image, depth, scan, points, camera_info;
};
ImageTopics image_topics(const std::string& world_name, const SensorModel& sensor,
                         const std::string& topic = "");

/// The message type a sensor's reading travels in over gz-transport, by its shape; a shape
/// ign-msgs 8 has no message of its own for (a DVL's, a record's) as ignition.msgs.Param, a
/// parameter per number of its fields.
const char* gz_reading_type(MessageShape shape);

/// Where an actuator takes commands when its plugin names no topic (Leeway's own plugins):
/// /model/M/actuator/A/cmd, an ignition.msgs.Double in the actuator's unit.
std::string default_command_topic(const std::string& model_name, const std::string& actuator);

/// A contact sensor's default topic, gz-sim's: /world/W/model/M/link/L/sensor/S/contact.
std::string contact_topic(const std::string& world_name, const std::string& model_name,
                          const std::string& link, const std::string& sensor);

/// `topic` with a leading '/'.
std::string absolute(const std::string& topic);

}  // namespace leeway
