#include "leeway/transport/contact_reports.h"

#include <algorithm>

#include "leeway/transport/gz/gz_names.h"
#include "leeway/transport/publication_interval.h"

namespace leeway {

std::vector<ContactSensorTopic> contact_sensor_topics(const Model& model) {
  std::vector<ContactSensorTopic> out;
  for (std::size_t c = 0; c < model.colliders.size(); ++c) {
    const Collider& collider = model.colliders[c];
    if (collider.sensed.empty()) continue;
    std::string topic = collider.contact_topic;
    if (topic.empty()) {
      topic = world_topic_prefix(model.world_name) + model_topic_prefix(collider.model_name) +
              "/link/" + collider.contact_link + "/sensor/" + collider.contact_sensor + "/contact";
    } else if (topic.front() != '/') {
      topic.insert(topic.begin(), '/');
    }
    out.push_back({c, topic, publication_interval(collider.contact_rate_hz, model.dt)});
  }
  return out;
}

std::vector<ContactReport> sensed_contacts(const Model& model, const StepData& data,
                                           std::size_t collider) {
  const std::vector<int>& sensed = model.colliders[collider].sensed;
  const auto is_sensed = [&](int c, int shape) {
    return static_cast<std::size_t>(c) == collider &&
           std::find(sensed.begin(), sensed.end(), shape) != sensed.end();
  };
  std::vector<ContactReport> out;
  for (std::size_t k = 0; k < data.contacts.size(); ++k) {
    const ContactPair& pair = data.contacts[k];
    const ContactPoint& point = data.contact_points[k];
    if (is_sensed(pair.collider_a, pair.shape_a)) {
      out.push_back({model.shape_name(pair.collider_a, pair.shape_a),
                     model.shape_name(pair.collider_b, pair.shape_b), point.p_W, point.n_W,
                     point.depth});
    } else if (is_sensed(pair.collider_b, pair.shape_b)) {
      out.push_back({model.shape_name(pair.collider_b, pair.shape_b),
                     model.shape_name(pair.collider_a, pair.shape_a), point.p_W, -point.n_W,
                     point.depth});
    }
  }
  return out;
}

}  // namespace leeway
