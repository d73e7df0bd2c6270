// gz-sim's PosePublisher system (docs/sdf-reference.md): what a served run publishes of a
// model's frames.
#pragma once

#include <sdf/Element.hh>

#include "leeway/core/error.h"
#include "leeway/sim/pose_publisher.h"

namespace leeway::sdfio {

/// Its elements, with gz-sim's defaults; <publish_visual_pose>, <publish_collision_pose> and
/// <publish_nested_model_pose> set true are warned about (Leeway keeps neither visuals nor
/// collisions' frames for the interfaces, and merges nested models' links): their frames are not
/// published.
PosePublisherModel load_pose_publisher(const sdf::ElementPtr& plugin, Diagnostics& diagnostics);

}  // namespace leeway::sdfio
