// The bodies a world's model tree makes, as gz-sim makes them. A <model> nested in another
// (written inline, or by an <include> inside a model, as VRX's course models hold their buoys)
// that no joint of its parent holds is a model of its own: it moves freely, or stays put if it
// or any model around it is static. One a joint holds is merged into its parent's body. A model
// with no links of its own is only a container.
#pragma once

#include <Eigen/Geometry>
#include <sdf/Model.hh>
#include <string>
#include <vector>

#include "leeway/core/error.h"

namespace leeway::sdfio {

struct PlacedModel {
  const sdf::Model* model = nullptr;
  std::string name;  ///< gz-sim's scoped name: `course::red_bound_0` for a nested model
  Eigen::Isometry3d X_WM = Eigen::Isometry3d::Identity();  ///< its frame in the world
  bool is_static = false;  ///< it, or a model it is nested in, is <static>
};

/// `top` and every free nested model in them, in document order (a parent before its nested
/// models), each with its world pose. A nested model a joint of its parent holds is part of the
/// parent's body (link_merging.h), not a model here; in a parent without links of its own it is
/// left out with a warning. A model with neither links nor nested models is left out with a
/// warning (nothing to simulate).
std::vector<PlacedModel> place_models(const std::vector<const sdf::Model*>& top,
                                      Diagnostics& diagnostics);

}  // namespace leeway::sdfio
