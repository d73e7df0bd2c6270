#include "leeway/sdf/gz/pose_publisher.h"

#include <fmt/format.h>

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {

PosePublisherModel load_pose_publisher(const sdf::ElementPtr& p, Diagnostics& diagnostics) {
  reject_unknown_children(
      p,
      {"publish_link_pose", "publish_visual_pose", "publish_collision_pose", "publish_sensor_pose",
       "publish_model_pose", "publish_nested_model_pose", "use_pose_vector_msg", "static_publisher",
       "static_update_frequency", "update_frequency"},
      "gz-sim's PosePublisher parameters (docs/sdf-reference.md)");
  PosePublisherModel out;
  out.links = flag_or(p, "publish_link_pose", true);
  out.sensors = flag_or(p, "publish_sensor_pose", false);
  out.model = flag_or(p, "publish_model_pose", false);
  out.pose_vector = flag_or(p, "use_pose_vector_msg", false);
  out.static_publisher = flag_or(p, "static_publisher", true);
  out.update_hz = any_number_or(p, "update_frequency", -1.0, "a rate in Hz (<= 0: every step)");
  out.static_update_hz =
      any_number_or(p, "static_update_frequency", -1.0, "a rate in Hz (<= 0: every step)");
  for (const char* unkept :
       {"publish_visual_pose", "publish_collision_pose", "publish_nested_model_pose"}) {
    if (flag_or(p, unkept, false)) {
      diagnostics.warn(location_of(optional_child(p, unkept)),
                       fmt::format("PosePublisher <{}> is not published: Leeway keeps the "
                                   "frames of links and sensors only",
                                   unkept));
    }
  }
  return out;
}

}  // namespace leeway::sdfio
