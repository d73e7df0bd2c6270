// What a run shows a viewer (docs/viewer.md): the viewer's column of the run's publication plan
// (publication_plan.h), each row a channel with a message schema (foxglove.* from
// @foxglove/schemas where Foxglove has one, leeway.* otherwise; JSON encoding), and their
// messages as JSON (state_json.h, sensor_json.h, scene_json.h), made from the Simulation between
// steps. The MCAP recorder (output/mcap_recorder.h) writes every message; the live server
// (foxglove_server.h) sends each to the clients subscribed.
//
//   topic                   schema                    messages
//   /tf                     foxglove.FrameTransforms  each frame: world -> every body's frame B
//   /tf_static              foxglove.FrameTransforms  at the start (latched): B -> each of its
//                                                     links, B (or world) -> each sensor's frame
//   /scene                  foxglove.SceneUpdate      at the start (latched) (scene_json.h)
//   /waves                  leeway.WaveField          at the start (latched), with waves: the
//                                                     components the physics sums
//   /sea                    foxglove.SceneUpdate      every 1/sea_rate (scene_json.h)
//   /markers                foxglove.SceneUpdate      each frame, with thrusters: their thrust
//   /<model>/odometry       foxglove.Odometry         each frame: B's pose in the world, its
//                                                     velocities in B (ENU world, FLU body)
//   /<model>/pose           foxglove.PoseInFrame      each frame
//   /<model>/environment    leeway.Environment        each frame: wind, current and the sea's
//                                                     height at Bo, the apparent wind in B
//   /<model>/actuators      leeway.Actuators          each frame, for a model with actuators:
//                                                     command, state, thrust, lift of each
//   a sensor's topic        by its type               each sample, on the ROS 2 door's topics
//                                                     (ros_names.h); a camera's calibration and
//                                                     depths beside its image, a sonar's display
//                                                     and soundings below its ping; a camera,
//                                                     lidar or sonar only when drawn
//                                                     (want_images)
//   /task/<name>            leeway.Task               each frame: VRX's task phase and score
//   a contact sensor's      leeway.Contacts           at its rate, while its shapes touch
//   topic (/vrx/contacts)
//   /log                    foxglove.Log              the loader's warnings at the start, the
//                                                     steps' events (clamped commands, refused
//                                                     steps) as they happen, at most one a
//                                                     second of each kind on each actuator or body
//
// The vessel is the first model with actuators, else the first body (VRX spawns its WAM-V
// after the course's buoys). A frame is every round(1 / (frame_rate dt)) steps. Times are
// simulated time since the run's start. Frames are named as in ROS 2 (world, <model>/<link>,
// <model>/<link>/<sensor>).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <memory>

#include "leeway/sensors/sonar_fan.h"
#include "leeway/sim/simulation.h"
#include "leeway/transport/foxglove/scene_json.h"
#include "leeway/transport/published_run.h"

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
  /// The channels of `sim`'s world, as `plan` gives them (made here if null; it must outlive
  /// this). Throws std::invalid_argument for a rate that does not fit the step (steps_between()).
  ViewChannels(const Simulation& sim, ViewOptions options, const PublicationPlan* plan = nullptr);
  ~ViewChannels();

  const std::vector<ViewChannel>& channels() const { return channels_; }
  /// Steps between two frames.
  std::uint64_t frame_interval() const { return run_->rates().state; }
  /// The image sensors (a camera, a lidar, a sonar) whose next samples `sink` wants drawn: each
  /// with a channel of its images, scans, pings, calibration or fan that the sink wants, every
  /// sample (period 0) or the first in each `period` [s] (next_sample_opens_period): a
  /// recording keeps its cameras' frames at its own rate. Sets wanted[i] (Observer::want_images).
  void want_images(const Simulation& sim, const MessageSink& sink, double period,
                   std::vector<std::uint8_t>& wanted) const;

  /// At the run's start (or after a reset): the latched messages, then a first frame.
  void start(const Simulation& sim, MessageSink& sink);
  /// After each step: the samples it took, its contacts and events, and a frame when one is due.
  void step(const Simulation& sim, MessageSink& sink);

 private:
  /// Channel c's message of the step the run is at, into text_; false: nothing to say.
  bool message(std::size_t c, const Simulation& sim);
  void frame(const Simulation& sim, MessageSink& sink);
  void log(MessageSink& sink, double t, int level, std::string_view message, std::string_view name);

  ViewOptions options_;
  std::unique_ptr<PublicationPlan> own_plan_;
  std::unique_ptr<PublishedRun> run_;
  std::unique_ptr<SceneJson> scene_;
  std::vector<ViewChannel> channels_;
  std::vector<std::size_t> rows_;  ///< channel c is the plan's rows_[c]
  std::size_t log_channel_ = 0;
  std::string text_;                                   ///< the message being made, reused
  std::map<std::pair<int, int>, double> last_logged_;  ///< (event kind, index): its time [s]
  std::map<std::size_t, Waterfall> waterfalls_;        ///< each side-scan's display, by sensor
};

}  // namespace leeway
