// What a run shows a viewer (docs/viewer.md): its channels, each a topic with a message schema
// (foxglove.* from @foxglove/schemas where Foxglove has one, leeway.* otherwise; JSON encoding),
// and their messages as JSON, made from the Simulation between steps. The MCAP recorder
// (mcap_recorder.h) writes every message; the live server sends each to the clients subscribed.
//
//   topic                   schema                    messages
//   /tf                     foxglove.FrameTransforms  each frame: world -> every body's frame B
//   /tf_static              foxglove.FrameTransforms  at the start (latched): B -> each of its
//                                                     links, B -> each sensor's frame
//   /<model>/odometry       foxglove.Odometry         each frame: B's pose in the world, its
//                                                     velocities in B (ENU world, FLU body)
//   /<model>/pose           foxglove.PoseInFrame      each frame
//   /<model>/actuators      leeway.Actuators          each frame, for a model with actuators:
//                                                     command, state, thrust, lift of each
//   /<model>/environment    leeway.Environment        each frame: wind, current and the sea's
//                                                     height at Bo, the apparent wind in B
//   a sensor's topic        by its type               each sample (the ROS 2 door's topic names,
//                                                     interfaces/ros_names.h; a sensor without
//                                                     one: /<model>/sensors/<name>); a camera's
//                                                     calibration and depths beside its image,
//                                                     a sonar's fan below its ping; a camera,
//                                                     lidar or sonar only when drawn
//                                                     (want_images)
//   /task/<name>            leeway.Task               each frame: VRX's task phase and score
//   /waves                  leeway.WaveField          at the start (latched), with waves: the
//                                                     components the physics sums
//   /scene                  foxglove.SceneUpdate      at the start (latched): each model's
//                                                     visuals (a model without any: its
//                                                     collision shapes and hull mesh), locked
//                                                     to its body's frame; the seabed about
//                                                     the vessel's start; the tasks' goals
//                                                     and waypoints
//   /markers                foxglove.SceneUpdate      each frame, with thrusters: each thruster's
//                                                     thrust as an arrow from its propeller along
//                                                     the force, 0.4 ln(1 + |T| / 20 N) m long
//   /sea                    foxglove.SceneUpdate      every 1/sea_rate: the surface as a triangle
//                                                     grid about the vessel, Gerstner points
//                                                     exactly as the physics has them
//   /log                    foxglove.Log              the loader's warnings at the start, the
//                                                     steps' events (clamped commands, refused
//                                                     steps) as they happen, at most one a
//                                                     second of each kind on each actuator or body
//
// The vessel is the first model with actuators, else the first body (VRX spawns its WAM-V
// after the course's buoys). A frame is every round(1 / (frame_rate dt)) steps. Times are simulated
// time since the run's start. Frames are named as in ROS 2 (world, <model>/<link>,
// <model>/<link>/<sensor>).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "leeway/sensors/sonar_fan.h"
#include "leeway/sim/simulation.h"

namespace leeway {

struct ViewOptions {
  double frame_rate_hz = 10.0;        ///< /tf, odometry, actuators, environment, tasks [Hz]
  double sea_rate_hz = 2.0;           ///< /sea [Hz]; 0: no /sea
  int sea_cells = 32;                 ///< the /sea grid's cells along each side
  double sea_size = 96.0;             ///< the /sea grid's side [m]
  std::vector<std::string> warnings;  ///< the loader's, logged at the start
};

struct ViewChannel {
  std::string topic;
  std::string schema_name;
  std::string schema;    ///< its text (json_schemas.h, or sensor_json.h's for a generic sensor)
  bool latched = false;  ///< sent once, at the start: a late subscriber gets the last one
};

/// Where the view's messages go.
class MessageSink {
 public:
  virtual ~MessageSink() = default;
  /// Whether anyone takes `channel`'s messages now; those of a channel nobody takes are not made.
  virtual bool wants(std::size_t /*channel*/) const { return true; }
  /// A message on `channel` at time t_ns [ns], as JSON.
  virtual void take(std::size_t channel, std::uint64_t t_ns, std::string_view json) = 0;
};

class ViewChannels {
 public:
  /// The channels of `sim`'s world. Throws std::invalid_argument for a rate that does not fit
  /// the step (steps_between()).
  ViewChannels(const Simulation& sim, ViewOptions options);

  const std::vector<ViewChannel>& channels() const { return channels_; }
  /// Steps between two frames.
  std::uint64_t frame_interval() const { return frame_interval_; }
  /// The image sensors (a camera, a lidar, a sonar) whose next samples `sink` wants drawn: each
  /// with a channel of its images, scans, pings, calibration or fan that the sink wants, every
  /// sample (period 0) or the first in each `period` [s] (next_sample_opens_period): a
  /// recording keeps its cameras' frames at its own rate. Sets wanted[i] (Observer::want_images).
  void want_images(const Simulation& sim, const MessageSink& sink, double period,
                   std::vector<std::uint8_t>& wanted) const;

  /// At the run's start (or after a reset): the latched messages, then a first frame.
  void start(const Simulation& sim, MessageSink& sink);
  /// After each step: the samples it took, its events, and a frame when one is due.
  void step(const Simulation& sim, MessageSink& sink);

 private:
  enum class Kind {
    kTf,
    kTfStatic,
    kOdometry,
    kPose,
    kActuators,
    kEnvironment,
    kSensor,
    kCameraInfo,
    kDepthImage,  ///< an RGB-D camera's depths (a depth camera's are its kSensor)
    kSonarFan,
    kSonarDetections,  ///< a profiling sonar's soundings
    kTask,
    kWaves,
    kScene,
    kSea,
    kMarkers,
    kLog
  };
  struct Source {
    Kind kind;
    int index = -1;      ///< the body, sensor, task or model (actuators: the first actuator's)
    bool image = false;  ///< a camera's or a sonar's: drawn only while wanted (wants_images)
  };

  /// A /scene entity that never changes: its frame, id and primitive arrays (Primitives::text).
  struct PreparedEntity {
    std::string frame, id, primitives;
  };

  /// A channel; its schema's text is json_schema(schema) unless given.
  void add(std::string topic, std::string schema, Kind kind, int index, bool latched = false,
           bool image = false, std::string schema_text = "");
  void frame(const Simulation& sim, MessageSink& sink);
  void log(MessageSink& sink, double t, int level, std::string_view message, std::string_view name);

  ViewOptions options_;
  std::vector<ViewChannel> channels_;
  std::vector<Source> sources_;
  std::uint64_t frame_interval_ = 1, sea_interval_ = 0;
  std::size_t log_channel_ = 0;
  int focus_body_ = -1;  ///< the vessel /sea and the seabed are drawn about (the header)
  std::vector<PreparedEntity> scene_entities_;         ///< the models' visuals, shapes and hulls
  std::string text_;                                   ///< the message being made, reused
  std::vector<Vec3> sea_points_;                       ///< /sea's vertices, reused
  std::map<std::pair<int, int>, double> last_logged_;  ///< (event kind, index): its time [s]
  std::map<std::size_t, Waterfall> waterfalls_;        ///< each side-scan's display, by sensor
};

}  // namespace leeway
