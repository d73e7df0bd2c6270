// What a served run publishes for gz-sim's PosePublisher on a model (world/pose_publisher.h), as
// gz-sim's system does: each frame in its parent's, named by gz's scoped names,
//
//   a link         M::L in M          its pose in the model's frame (<publish_link_pose>)
//   a sensor       M::L::S in M::L    its pose in its link's frame (<publish_sensor_pose>)
//   the model      M in W's name      its pose in the world (<publish_model_pose>)
//
// on /model/M/pose (ignition.msgs.Pose_V with <use_pose_vector_msg>, else one ignition.msgs.Pose
// per frame; each pose's `name` and header `child_frame_id` the frame, `frame_id` its parent) at
// <update_frequency>; with <static_publisher> the frames fixed in their parents (links and
// sensors: Leeway merges a model's links rigidly) go on /model/M/pose_static at
// <static_update_frequency> instead. In ROS 2 the same frames, with ROS names (ros_names.h: M/L,
// M/L/S, M in world), as tf2_msgs/TFMessage on /M/pose and /M/pose_static, the names VRX's bridge
// gives them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "leeway/core/pose.h"
#include "leeway/sim/pose_publisher.h"
#include "leeway/world/model.h"
#include "leeway/world/state.h"

namespace leeway {

struct PublishedFrame {
  std::string child, parent;          ///< gz's scoped names
  std::string ros_child, ros_parent;  ///< ROS frame names
  Pose X_PC;                          ///< the child's frame in its parent's
};

/// One PosePublisher's frames, the same for every transport (its rows' intervals are in the
/// publication plan).
struct PoseSchedule {
  PoseSchedule(const Model& model, const PosePublisherModel& p);

  PosePublisherModel settings;
  std::vector<PublishedFrame> fixed;  ///< links and sensors, fixed in their parents

  /// /pose's frames at `state`: the fixed ones too without <static_publisher>, then the
  /// model's frame in the world with <publish_model_pose>.
  std::vector<PublishedFrame> pose_frames(const Model& model, const State& state) const;
};

}  // namespace leeway
