#include "leeway/world/contacts.h"

#include "leeway/geometry/gjk.h"

namespace leeway {

Eigen::Isometry3d collider_pose(const Collider& c, const std::vector<BodyState>& bodies) {
  if (c.body < 0) return c.X_WB;
  const BodyState& s = bodies[static_cast<std::size_t>(c.body)];
  Eigen::Isometry3d X_WB = Eigen::Isometry3d::Identity();
  X_WB.translation() = s.p_WB;
  X_WB.linear() = s.q_WB.toRotationMatrix();
  return X_WB;
}

std::optional<Contact> first_contact(const std::vector<Collider>& colliders, int self,
                                     const std::vector<int>& shapes,
                                     const std::vector<BodyState>& bodies) {
  const Collider& own = colliders[static_cast<std::size_t>(self)];
  const Eigen::Isometry3d X_WA = collider_pose(own, bodies);
  for (int k = 0; k < static_cast<int>(colliders.size()); ++k) {
    const Collider& other = colliders[static_cast<std::size_t>(k)];
    if (k == self || other.shapes.empty()) continue;
    const Eigen::Isometry3d X_WB = collider_pose(other, bodies);
    if ((X_WB.translation() - X_WA.translation()).norm() > own.radius + other.radius) continue;
    for (int i : shapes) {
      const CollisionShape& a = own.shapes[static_cast<std::size_t>(i)];
      const Eigen::Isometry3d X_WSa = X_WA * a.X_BS;
      const double ra = bounding_radius(a.shape);
      for (int j = 0; j < static_cast<int>(other.shapes.size()); ++j) {
        const CollisionShape& b = other.shapes[static_cast<std::size_t>(j)];
        const Eigen::Isometry3d X_WSb = X_WB * b.X_BS;
        if ((X_WSb.translation() - X_WSa.translation()).norm() > ra + bounding_radius(b.shape))
          continue;
        if (shape_distance(a.shape, X_WSa, b.shape, X_WSb).overlap) return Contact{i, k, j};
      }
    }
  }
  return std::nullopt;
}

}  // namespace leeway
