// Joints from a model's link to the world (<joint><parent>world</parent>), as gz-sim reads them.
//
// A fixed one anchors the model: Leeway then treats it as static scenery (its collisions touch,
// nothing of it moves), whatever its <static> says, as gz-sim holds it still. A joint of any
// other type (revolute, prismatic, ...) would hold the body on an axis, which Leeway cannot do
// yet: it is refused, never dropped, because dropping it would let the model fall or drift.
#pragma once

#include <optional>
#include <sdf/Model.hh>
#include <string>

namespace leeway::sdfio {

/// The name of the fixed joint that anchors `model` to the world, or nothing when none does.
/// A LoadError at the joint for a world joint of another type.
std::optional<std::string> world_anchor(const sdf::Model& model);

}  // namespace leeway::sdfio
