// Which models touch: the collision shapes of every model, moving with its body or fixed as
// scenery, and the query that finds where one of them touches another. Contacts exert no force
// yet (bodies pass through each other); they are detected for VRX's collision count
// (task/vrx_task.h).
//
// A contact is two convex shapes within 1e-9 m of each other (geometry/gjk.h). The query first
// drops every pair whose bounding spheres are apart, model by model and then shape by shape, so
// a vehicle far from the course's elements costs one sphere test per model and step.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "leeway/body/body_state.h"
#include "leeway/core/error.h"
#include "leeway/geometry/convex_shape.h"

namespace leeway {

/// One <collision>, fixed in its model's frame B.
struct CollisionShape {
  std::string name;  ///< "link::collision", as gz-sim names collisions within a model
  ConvexShape shape;
  Eigen::Isometry3d X_BS = Eigen::Isometry3d::Identity();
};

/// The collision shapes of one model. B is its body's frame (Model::bodies[body]) or, for a
/// static model, its model frame, fixed at X_WB.
struct Collider {
  std::string model_name;
  int body = -1;  ///< index into Model::bodies; -1 for a static model
  Eigen::Isometry3d X_WB = Eigen::Isometry3d::Identity();  ///< static models only
  std::vector<CollisionShape> shapes;
  double radius = 0.0;  ///< of a sphere about B's origin that holds every shape [m]
  /// The shapes a contact sensor on the model lists (indices into `shapes`); empty: none has.
  std::vector<int> sensed;
  /// Collisions that are not convex primitives (meshes, planes, heightmaps): never touched.
  std::vector<SourceLocation> undetected;
};

struct Contact {
  int shape = -1;           ///< of the querying collider
  int other_collider = -1;  ///< index into the colliders
  int other_shape = -1;

  bool operator==(const Contact&) const = default;
};

/// Frame of collider c's B in W, given the bodies' states.
Eigen::Isometry3d collider_pose(const Collider& c, const std::vector<BodyState>& bodies);

/// The first contact (in the colliders' and shapes' order) between the shapes of
/// colliders[self] listed in `shapes` and any shape of any other collider, with every body at
/// its state in `bodies`.
std::optional<Contact> first_contact(const std::vector<Collider>& colliders, int self,
                                     const std::vector<int>& shapes,
                                     const std::vector<BodyState>& bodies);

}  // namespace leeway
