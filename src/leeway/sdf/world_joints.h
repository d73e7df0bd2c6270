// Joints from a model's link to the world (<joint><parent>world</parent>), as gz-sim reads them.
//
// - fixed, or a revolute or prismatic joint whose limits are equal (UUV Simulator's BOP panel
//   locks a revolute one at 0): the model is anchored. Leeway then treats it as static scenery
//   (its collisions touch, nothing of it moves), whatever its <static> says, as gz-sim holds it
//   still;
// - revolute, continuous or prismatic: the model's body is held on the joint's axis
//   (body/world_joint.h), free along it within its limits;
// - any other type (ball, universal, screw, gearbox), or two joints to the world that are not
//   all fixed: refused, never dropped, because dropping it would let the model fall or drift.
#pragma once

#include <optional>
#include <sdf/Model.hh>
#include <string>

#include "leeway/body/world_joint.h"
#include "leeway/core/error.h"
#include "leeway/sdf/link_merging.h"

namespace leeway::sdfio {

/// The name of the joint that anchors `model` to the world, or nothing when none does.
/// A LoadError at the joint for a world joint Leeway cannot honour.
std::optional<std::string> world_anchor(const sdf::Model& model);

/// The joint that holds `model`, merged into `links`, to the world on an axis, or nothing when
/// none does (or it is anchored). Its zero pose is left for the caller (the body's start). Warns
/// that a joint's damping, friction or spring is not applied.
std::optional<WorldJoint> load_world_joint(const sdf::Model& model, const MergedLinks& links,
                                           Diagnostics& diagnostics);

}  // namespace leeway::sdfio
