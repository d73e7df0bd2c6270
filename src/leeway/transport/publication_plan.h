// What a served or recorded run offers, in one table: every output, with where each transport
// carries it. The gz-transport server (gz/gz_server.h), the ROS 2 server (ros2/dds_server.h)
// and the viewer's channels (foxglove/view_channels.h, which the live viewer and MCAP recordings
// use) iterate the same rows; each only encodes. `leeway topics WORLD` prints it (topic_table.h),
// and docs/interfaces.md is its manual.
//
// A row is one output of one thing (the world, a body, a model, a sensor, a task): what it
// carries, when it is due, whether it is latched, whether wanting it makes a sensor draw, and
// its route on each transport (a topic and a message type; no topic: that transport does not
// carry it). Names are each transport's own (gz/gz_names.h: gz-sim's; ros2/ros_names.h: VRX's
// bridge's and UUV Simulator's), from the world's wiring (sim/wiring.h) where it names one.
//
//   what              index     gz-transport               ROS 2                 viewer
//   kClock            -1        /clock, /world/W/clock     /clock
//   kWorldStats       -1        /world/W/stats
//   kBodyPoses        -1        /world/W/pose/info         /tf                   /tf
//   kStaticFrames     -1                                   /tf_static            /tf_static
//   kScene, kWaves, kSea, kMarkers  -1                                           /scene, ...
//   kOdometry, kPose, kEnvironment  body                                         /M/odometry...
//   kActuators        actuator (a model's first)                                 /M/actuators
//   kSensorReading    sensor    by its message shape (sensors/sensor_descriptor.h), each
//   kCameraInfo, kDepthImage, kPoints, kSoundings, kSonarDisplay    sensor: a drawing sensor's
//                               other outputs, where gz-sensors and the bridges put them
//   kTaskInfo, kTaskGoals, kTaskError, kTaskMeanError  0: VRX's task topics, the first task
//   kTaskState        task                                                       /task/NAME
//   kJointStates      model     /world/W/model/M/joint_state  /M/joint_states
//   kActuatorOutput   actuator  its wiring's output topic: UUV Simulator's, gz-sim BuoyancyEngine's
//   kPosePublisher, kPosePublisherStatic  pose publisher (Wiring::pose_publishers)
//   kContacts         contact sensor (contact_sensors())    its topic, on all three
//   kLog              -1                                                         /log
//   kLockstepReply    -1                                   /world/W/lockstep/reply
//
// A transport that cannot carry a row's message (ign-msgs 8 has no DVL message, say) carries it
// as a record of its fields where it has one (sensors/sensor_descriptor.h); the table says what
// each does.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "leeway/sim/scenario.h"

namespace leeway {

enum class Output : std::uint8_t {
  kClock,
  kWorldStats,
  kBodyPoses,
  kStaticFrames,
  kScene,
  kWaves,
  kSea,
  kMarkers,
  kOdometry,
  kPose,
  kEnvironment,
  kActuators,
  kSensorReading,
  kCameraInfo,
  kDepthImage,    ///< an RGB-D camera's depths (a depth camera's are its reading)
  kPoints,        ///< a depth camera's or a lidar's point cloud
  kSoundings,     ///< a profiling sonar's bottom detections
  kSonarDisplay,  ///< a ping drawn as its display would (the viewer's)
  kTaskInfo,
  kTaskGoals,
  kTaskError,
  kTaskMeanError,
  kTaskState,
  kJointStates,
  kActuatorOutput,
  kPosePublisher,
  kPosePublisherStatic,
  kContacts,
  kLog,
  kLockstepReply,
};

/// When a row is due.
enum class Cadence : std::uint8_t {
  kClock,   ///< every step, or at the transport's clock rate
  kState,   ///< at the transport's state rate (gz and ROS 2: the pose rate; the viewer: frames)
  kSample,  ///< at each sample of its sensor (a drawing sensor's: each one drawn)
  kSecond,  ///< once a simulated second (VRX's task topics), as the task's phase allows
  kOwn,     ///< every `interval` steps, its own rate (a contact sensor's, a PosePublisher's)
  kStart,   ///< at the run's start, latched: a late subscriber gets it
  kWall,    ///< on the transport's own thread, in wall-clock time (world statistics)
  kEvents,  ///< as the steps' events come
  kSea,     ///< at the viewer's sea rate
  kReply,   ///< when a request is answered
};

/// Where a transport carries a row; an empty topic: it does not.
struct Route {
  std::string topic;
  std::string type;  ///< the message type as that transport names it
  bool carried() const { return !topic.empty(); }
};

struct Publication {
  Output what = Output::kClock;
  int index = -1;  ///< whose (above)
  Cadence cadence = Cadence::kState;
  std::uint64_t interval = 1;  ///< steps between two, for Cadence::kOwn
  bool latched = false;
  bool drawn = false;  ///< a drawing sensor's: a subscriber makes it draw its samples
  Route gz, ros, view;
};

/// A model's contact sensor: the collider whose sensed shapes it reports, and its wiring.
struct ContactSensor {
  std::size_t collider = 0;
  const ContactWiring* wiring = nullptr;
};
/// The colliders with a contact sensor, in the Model's order (kContacts' index).
std::vector<ContactSensor> contact_sensors(const Scenario& scenario);

struct PublicationPlanOptions {
  bool gz = true, ros = true, view = true;  ///< the transports to name routes for
};

struct PublicationPlan {
  std::vector<Publication> rows;
};

/// The plan of `scenario`'s run. Throws LoadError at the element that named it for a topic that
/// two outputs of one transport would share, or that is not a valid name there.
PublicationPlan make_publication_plan(const Scenario& scenario,
                                      const PublicationPlanOptions& options = {});

/// "reading", "camera_info", ...: a row's kind as `leeway topics` prints it.
const char* output_name(Output what);

/// Whose output row `p` is, as messages and `leeway topics` name it: a sensor's "wamv/imu
/// (imu)", a body's or a model's name, an actuator output's "M/A", a task's name; "" for the
/// world's own rows.
std::string owner_of(const Scenario& scenario, const Publication& p);

/// Every step, for a rate of 0 or less, or one faster than the step; else steps_between().
std::uint64_t publication_interval(double hz, double dt);

}  // namespace leeway
