#include "leeway/sdf/collider_loader.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <sdf/Collision.hh>
#include <sdf/Link.hh>
#include <sdf/Sensor.hh>

#include "leeway/sdf/collision_shape.h"
#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/link_merging.h"

namespace leeway::sdfio {
namespace {

/// The shapes a link's contact sensors list, as indices into c.shapes.
void read_contact_sensors(const sdf::Link& link, Collider& c, ContactWiring& wiring) {
  for (std::uint64_t s = 0; s < link.SensorCount(); ++s) {
    const sdf::Sensor& sensor = *link.SensorByIndex(s);
    if (sensor.Type() != sdf::SensorType::CONTACT) continue;
    const sdf::ElementPtr contact = optional_child(sensor.Element(), "contact");
    if (!contact) continue;
    if (wiring.sensor.empty()) {
      wiring.link = link.Name();
      wiring.sensor = sensor.Name();
      const sdf::ElementPtr topic = optional_child(contact, "topic");
      wiring.topic = topic ? text_of(topic) : "";
      if (wiring.topic == "__default_topic__") wiring.topic.clear();  // sdformat's
      wiring.rate_hz = sensor.UpdateRate();
      wiring.where = location_of(sensor.Element());
    }
    for (sdf::ElementPtr e = contact->GetFirstElement(); e; e = e->GetNextElement()) {
      if (e->GetName() != "collision") continue;
      const std::string name = text_of(e);
      if (link.CollisionNameExists(name)) {
        const std::string scoped = link.Name() + "::" + name;
        const auto it = std::find_if(c.shapes.begin(), c.shapes.end(),
                                     [&](const CollisionShape& x) { return x.name == scoped; });
        // A mesh the sensor lists is reported with the undetected collisions.
        if (it != c.shapes.end()) c.sensed.push_back(static_cast<int>(it - c.shapes.begin()));
        continue;
      }
      std::vector<std::string> names;
      for (std::uint64_t k = 0; k < link.CollisionCount(); ++k)
        names.push_back(link.CollisionByIndex(k)->Name());
      throw LoadError(
          location_of(e),
          fmt::format("contact sensor '{}' lists collision '{}', which link '{}' does not have; "
                      "expected one of its collisions: {}",
                      sensor.Name(), name, link.Name(),
                      names.empty() ? std::string("(it has none)")
                                    : fmt::format("{}", fmt::join(names, ", "))));
    }
  }
}

}  // namespace

Collider load_collider(const sdf::Model& model, int body, const Eigen::Isometry3d& X_WM,
                       const MergedLinks& links, ContactWiring& wiring) {
  Collider c;
  c.model_name = model.Name();
  c.body = body;
  if (body < 0) c.X_WB = X_WM;
  for (const BodyLink& body_link : body_links(model)) {
    const auto carried = links.links.find(body_link.name);
    if (carried == links.links.end()) continue;  // on another of its tree's bodies
    const sdf::Link& link = *body_link.link;
    const Eigen::Isometry3d X_BL = body >= 0 ? carried->second.X_BL : body_link.X_ML;
    for (std::uint64_t k = 0; k < link.CollisionCount(); ++k) {
      const sdf::Collision& col = *link.CollisionByIndex(k);
      const std::optional<ConvexShape> shape = convex_shape(*col.Geom());
      // A cone's apex and rim stall GJK short of its certified 1e-8 (1e-7 measured): it floats,
      // but no contact touches it yet.
      if (!shape || std::holds_alternative<Cone>(*shape)) {
        if (col.Geom()->Type() != sdf::GeometryType::EMPTY || shape)
          c.undetected.push_back(location_of(col.Element()));
        continue;
      }
      CollisionShape s{body_link.name + "::" + col.Name(), *shape,
                       X_BL * resolve_pose(col.SemanticPose(), link.Name(), col.Element())};
      c.radius = std::max(c.radius, s.X_BS.translation().norm() + bounding_radius(s.shape));
      c.shapes.push_back(std::move(s));
    }
    read_contact_sensors(link, c, wiring);
  }
  return c;
}

}  // namespace leeway::sdfio
