// Stage: the outputs that need the step's end state. Every pair of models' collision shapes in
// contact, found as world/contacts.h finds one vehicle's: bounding spheres first, model by model
// and then shape by shape, GJK last; then where and how deep they overlap, by EPA.
#include "leeway/geometry/epa.h"
#include "leeway/geometry/gjk.h"
#include "leeway/world/stages.h"

namespace leeway::stages {

void compute_outputs(const Model& model, const State& state, StepData& data) {
  data.contacts.clear();
  data.contact_points.clear();
  const std::vector<Collider>& colliders = model.colliders;
  for (std::size_t a = 0; a < colliders.size(); ++a) {
    const Collider& ca = colliders[a];
    const Eigen::Isometry3d X_WA = collider_pose(ca, state.bodies);
    for (std::size_t b = a + 1; b < colliders.size(); ++b) {
      const Collider& cb = colliders[b];
      // Scenery does not touch scenery in a way anyone needs to know each step.
      if (ca.body < 0 && cb.body < 0) continue;
      const Eigen::Isometry3d X_WB = collider_pose(cb, state.bodies);
      if ((X_WB.translation() - X_WA.translation()).norm() > ca.radius + cb.radius) continue;
      for (std::size_t i = 0; i < ca.shapes.size(); ++i) {
        const CollisionShape& sa = ca.shapes[i];
        const Eigen::Isometry3d X_WSa = X_WA * sa.X_BS;
        const double ra = bounding_radius(sa.shape);
        for (std::size_t j = 0; j < cb.shapes.size(); ++j) {
          const CollisionShape& sb = cb.shapes[j];
          const Eigen::Isometry3d X_WSb = X_WB * sb.X_BS;
          if ((X_WSb.translation() - X_WSa.translation()).norm() > ra + bounding_radius(sb.shape))
            continue;
          const ShapeDistance d = shape_distance(sa.shape, X_WSa, sb.shape, X_WSb);
          if (!d.overlap) continue;
          data.contacts.push_back(
              {static_cast<int>(a), static_cast<int>(i), static_cast<int>(b), static_cast<int>(j)});
          const ShapePenetration p = shape_penetration(sa.shape, X_WSa, sb.shape, X_WSb, d);
          data.contact_points.push_back({(p.p_WA + p.p_WB) / 2.0, p.n_W, p.depth});
        }
      }
    }
  }
}

}  // namespace leeway::stages
