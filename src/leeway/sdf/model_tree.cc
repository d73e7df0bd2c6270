#include "leeway/sdf/model_tree.h"

#include <fmt/format.h>
#include <sdf/Joint.hh>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/link_merging.h"

namespace leeway::sdfio {
namespace {

/// The pose of `model` in the frame its <pose> is relative to (the world, or its parent model).
Eigen::Isometry3d pose_of(const sdf::Model& model) {
  ignition::math::Pose3d pose;
  if (const sdf::Errors e = model.SemanticPose().Resolve(pose); !e.empty()) {
    throw LoadError(location_of(model.Element()), e.front().Message());
  }
  return to_isometry(pose);
}

void place(const sdf::Model& model, const std::string& name, const Eigen::Isometry3d& X_WM,
           bool is_static, std::vector<PlacedModel>& out, Diagnostics& diagnostics) {
  if (model.LinkCount() > 0) {
    out.push_back({&model, name, X_WM, is_static});
  } else if (model.ModelCount() == 0) {
    diagnostics.warn(location_of(model.Element()),
                     fmt::format("model '{}' has no links: nothing to simulate", name));
  }
  for (std::uint64_t i = 0; i < model.ModelCount(); ++i) {
    const sdf::Model& nested = *model.ModelByIndex(i);
    if (const sdf::Joint* joint = joint_into(model, nested)) {
      // Merged into the body of `model` (link_merging.h), which needs a link to merge it into.
      if (model.LinkCount() == 0) {
        diagnostics.warn(location_of(nested.Element()),
                         fmt::format("nested model '{}' is ignored: joint '{}' holds it, and "
                                     "model '{}' has no link of its own to merge it into",
                                     nested.Name(), joint->Name(), name));
      }
      continue;
    }
    place(nested, name + "::" + nested.Name(), X_WM * pose_of(nested), is_static || nested.Static(),
          out, diagnostics);
  }
}

}  // namespace

std::vector<PlacedModel> place_models(const std::vector<const sdf::Model*>& top,
                                      Diagnostics& diagnostics) {
  std::vector<PlacedModel> out;
  for (const sdf::Model* model : top) {
    place(*model, model->Name(), pose_of(*model), model->Static(), out, diagnostics);
  }
  return out;
}

}  // namespace leeway::sdfio
