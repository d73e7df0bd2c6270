// An external wrench a client applies to a body, as gz-sim's ApplyLinkWrench system takes it
// (ignition.msgs.EntityWrench, ros_gz_interfaces/msg/EntityWrench): a force and a torque in W,
// the force applied at a point given in the link's frame.
//
//   /world/W/wrench             applied for the next step only
//   /world/W/wrench/persistent  applied at every step from the next, added to any other
//                               persistent wrench of the body, until cleared
//   /world/W/wrench/clear       (an Entity) removes the body's persistent wrenches
//
// The entity is a model by its name (type MODEL), or a body's reference link by its scoped name
// "model::link" (type LINK, or NONE); with an empty name, a body by the id /world/W/pose/info
// gives it (its index + 1). Another link of a model is refused: Leeway merges a model's links
// into one body, whose frame is the reference link's.
//
// The step takes a wrench about the body's origin Bo in B (Inputs::F_ext_Bo_B): the server turns
// the world-frame wrench with the body's attitude at the step's start and holds it over the
// step, as gz-sim holds a wrench over its step.
#pragma once

#include <string>

#include "leeway/core/spatial.h"
#include "leeway/world/model.h"

namespace leeway {

struct WorldWrench {
  Vec3 force_W = Vec3::Zero();   ///< [N], in W
  Vec3 torque_W = Vec3::Zero();  ///< [N m], in W
  Vec3 p_BoP_B = Vec3::Zero();   ///< where the force acts, from Bo [m], in B

  bool finite() const { return force_W.allFinite() && torque_W.allFinite() && p_BoP_B.allFinite(); }
};

/// The wrench about Bo in B, [force; torque], of `w` on a body at attitude q_WB:
/// F_B = R_BW F_W and tau_B = R_BW tau_W + p_BoP_B x F_B.
Vec6 wrench_about_Bo_in_B(const WorldWrench& w, const Quat& q_WB);

/// gz's entity types, as ignition.msgs.Entity and ros_gz_interfaces/msg/Entity number them.
enum class EntityType { kNone = 0, kModel = 2, kLink = 3 };

struct ResolvedBody {
  int body = -1;      ///< index into Model::bodies, or -1
  std::string error;  ///< why not, when body < 0
};

/// The body an entity (name, id, type as above) names.
ResolvedBody body_of_entity(const Model& model, const std::string& name, std::uint64_t id,
                            int type);

}  // namespace leeway
