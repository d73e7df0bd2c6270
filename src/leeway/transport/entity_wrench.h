// An external wrench a client applies to a body: a force and a torque in W, the force applied
// at a point given in the body's frame, as gz-sim's ApplyLinkWrench system (Garden) takes one.
//
//   gz-transport (Fortress has no ApplyLinkWrench, ign-msgs 8 no EntityWrench): per model,
//     /model/M/wrench             ignition.msgs.Wrench, for the next step only
//     /model/M/wrench/persistent  ignition.msgs.Wrench, at every step from the next, added to
//                                 the body's other persistent wrenches, until cleared
//     /model/M/wrench/clear       ignition.msgs.Empty: removes them
//   ROS 2, Garden's names: /world/W/wrench, .../persistent (ros_gz_interfaces/EntityWrench, at
//     the body's origin: geometry_msgs/Wrench has no offset), .../clear (Entity)
//
// An entity (ROS 2) is a model by its name (type MODEL), or a body's reference link by its
// scoped name "model::link" (type LINK, or NONE); with an empty name, a body by the id
// /world/W/pose/info gives it (its index + 1). Another link of a model is refused: Leeway merges
// a model's links into one body, whose frame is the reference link's.
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
