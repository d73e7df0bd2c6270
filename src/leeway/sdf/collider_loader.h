// The collision shapes of one SDF <model> (world/contacts.h): every link's <collision>
// elements that are convex primitives (collision_shape.h), in the model's body frame B, which is
// its canonical link's frame for a moving model (as load_body makes it; its group's root link's
// for a link of an articulated model) and the model frame for a static one. A <sensor
// type="contact"> on a link selects the shapes that count as the vehicle's in VRX's collision
// count: each of its <contact><collision> names one of that link's collisions.
#pragma once

#include <sdf/Model.hh>

#include "leeway/sdf/link_merging.h"
#include "leeway/sim/wiring.h"
#include "leeway/world/contacts.h"

namespace leeway::sdfio {

/// The shapes of the links `links` holds (a model's, or one group's of an articulated model, in
/// its group's frame): `body`: their body's index in Model::bodies, or -1 for a static model's;
/// X_WM: the model frame in W. Its contact sensor's name, topic and rate go to `wiring`.
Collider load_collider(const sdf::Model& model, int body, const Eigen::Isometry3d& X_WM,
                       const MergedLinks& links, ContactWiring& wiring);

}  // namespace leeway::sdfio
