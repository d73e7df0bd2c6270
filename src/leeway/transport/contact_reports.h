// What a served run reports of contacts, as gz-sim's Contact system reports a contact sensor's
// (VRX's WAM-V: /vrx/contacts, which VRX's scoring counts collisions from): for each model with
// a contact sensor (Collider::sensed; publication_plan.h's contact_sensors), the step's contacts
// that touch one of the shapes it lists, at most at its <update_rate> and only when there is one
// (gz-sim sends nothing while nothing touches).
//
//   gz-transport  its <topic>, else /world/W/model/M/link/L/sensor/S/contact:
//                 ignition.msgs.Contacts
//   ROS 2         the same topic (VRX's bridge keeps the name): ros_gz_interfaces/Contacts
//   the viewer    the same topic: leeway.Contacts
//
// Each contact: collision1 the sensed shape, collision2 the other (scoped names,
// model::link::collision), one position, normal (from collision1 towards collision2) and
// depth [m] (StepData's ContactPoint); no wrenches (contacts exert no force yet).
#pragma once

#include <string>
#include <vector>

#include "leeway/world/model.h"
#include "leeway/world/step_data.h"

namespace leeway {

struct ContactReport {
  std::string collision1, collision2;
  Vec3 p_W = Vec3::Zero();  ///< [m]
  Vec3 n_W = Vec3::Zero();  ///< unit, from collision1 towards collision2
  double depth = 0.0;       ///< [m]
};

/// The step's contacts that touch a shape collider `collider`'s sensor lists.
std::vector<ContactReport> sensed_contacts(const Model& model, const StepData& data,
                                           std::size_t collider);

}  // namespace leeway
