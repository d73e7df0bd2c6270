// gz-sim's PosePublisher system on a model, as its SDF sets it (docs/sdf-reference.md), kept
// for a served run (transport/pose_publishing.h): which of the model's frames are published on
// /model/M/pose (and /model/M/pose_static), and how often.
#pragma once

namespace leeway {

struct PosePublisherModel {
  int body = -1;                   ///< the model's body (Model::bodies)
  bool links = true;               ///< <publish_link_pose>: each link in the model's frame
  bool sensors = false;            ///< <publish_sensor_pose>: each sensor in its link's frame
  bool model = false;              ///< <publish_model_pose>: the model in the world
  bool pose_vector = false;        ///< <use_pose_vector_msg>: one Pose_V, else a Pose each
  bool static_publisher = true;    ///< <static_publisher>: frames fixed in their parent (links,
                                   ///< sensors) go on /model/M/pose_static
  double update_hz = -1.0;         ///< <update_frequency>; <= 0: every step
  double static_update_hz = -1.0;  ///< <static_update_frequency>; <= 0: every step
};

}  // namespace leeway
