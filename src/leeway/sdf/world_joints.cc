#include "leeway/sdf/world_joints.h"

#include <fmt/format.h>
#include <sdf/Joint.hh>

#include "leeway/core/error.h"
#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {

std::optional<std::string> world_anchor(const sdf::Model& model) {
  std::optional<std::string> anchor;
  for (std::uint64_t i = 0; i < model.JointCount(); ++i) {
    const sdf::Joint& joint = *model.JointByIndex(i);
    if (joint.ParentLinkName() != "world") continue;
    if (joint.Type() != sdf::JointType::FIXED) {
      const sdf::ElementPtr e = joint.Element();
      const std::string type =
          e && e->HasAttribute("type") ? e->GetAttribute("type")->GetAsString() : "non-fixed";
      throw LoadError(location_of(e),
                      fmt::format("joint '{}' holds link '{}' of model '{}' to the world as a {} "
                                  "joint, and Leeway cannot yet keep a body on an axis; expected "
                                  "a fixed joint (the model is then static scenery), or no joint "
                                  "to the world (it then moves freely)",
                                  joint.Name(), joint.ChildLinkName(), model.Name(), type));
    }
    anchor = joint.Name();
  }
  return anchor;
}

}  // namespace leeway::sdfio
