#include "leeway/transport/contact_reports.h"

#include <algorithm>

namespace leeway {

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
