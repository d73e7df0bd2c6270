#include "leeway/transport/pose_publishing.h"

#include "leeway/transport/gz/gz_names.h"
#include "leeway/transport/ros2/ros_names.h"

namespace leeway {
namespace {

/// The frame of `body`'s link `name` in B (identity for one it does not list).
Pose link_in_body(const BodyModel& body, const std::string& name) {
  for (const BodyModel::LinkFrame& link : body.links) {
    if (link.name == name) return link.X_BL;
  }
  return {};
}

Pose relative(const Pose& X_BP, const Pose& X_BC) {
  return Pose(X_BP.isometry().inverse() * X_BC.isometry());
}

/// The frames of publisher `p` fixed in their parents (links and sensors), in the model's order.
std::vector<PublishedFrame> fixed_frames(const Model& model, const PosePublisherModel& p) {
  const BodyModel& body = model.bodies[static_cast<std::size_t>(p.body)];
  const std::string& m = body.model_name;
  std::vector<PublishedFrame> out;
  if (p.links) {
    for (const BodyModel::LinkFrame& link : body.links) {
      out.push_back({m + "::" + link.name, m, ros_body_frame(m, link.name), ros_name(m),
                     relative(body.X_BM, link.X_BL)});
    }
  }
  if (p.sensors) {
    for (const SensorModel& s : model.sensors) {
      if (s.body != p.body) continue;
      out.push_back({scoped_sensor_name(s), m + "::" + s.link_name, ros_sensor_frame(s),
                     ros_body_frame(m, s.link_name),
                     relative(link_in_body(body, s.link_name), s.X_BS)});
    }
  }
  return out;
}

/// The model's frame in the world at `state`.
PublishedFrame model_frame(const Model& model, const PosePublisherModel& p, const State& state) {
  const BodyModel& body = model.bodies[static_cast<std::size_t>(p.body)];
  const BodyState& x = state.bodies[static_cast<std::size_t>(p.body)];
  const Pose X_WB(x.p_WB, x.q_WB);
  return {body.model_name, model.world_name, ros_name(body.model_name), "world",
          Pose(X_WB.isometry() * body.X_BM.isometry())};
}

}  // namespace

PoseSchedule::PoseSchedule(const Model& model, const PosePublisherModel& p)
    : settings(p), fixed(fixed_frames(model, p)) {}

std::vector<PublishedFrame> PoseSchedule::pose_frames(const Model& model,
                                                      const State& state) const {
  std::vector<PublishedFrame> out;
  if (!settings.static_publisher) out = fixed;
  if (settings.model) out.push_back(model_frame(model, settings, state));
  return out;
}

}  // namespace leeway
