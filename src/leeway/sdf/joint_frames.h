// A joint of a model seen from its merged body (link_merging.h): foreign actuator plugins name a
// joint (a propeller's spin joint, an outboard's steering joint, a fin's hinge) where Leeway's
// own plugins give positions and axes. The joint's frame, axis and limits are resolved in B once,
// at load, through sdformat's frame graph (so <pose relative_to> and <xyz expressed_in> count).
#pragma once

#include <sdf/Joint.hh>
#include <sdf/Model.hh>
#include <string>

#include "leeway/core/spatial.h"
#include "leeway/hydro/foil.h"
#include "leeway/sdf/link_merging.h"

namespace leeway::sdfio {

struct JointInBody {
  std::string name;
  std::string parent_link, child_link;
  Vec3 p_BoJ_B = Vec3::Zero();                 ///< the joint's origin [m], in B
  Vec3 axis_B = Vec3::UnitX();                 ///< its first axis (unit), in B
  Vec3 p_BoC_B = Vec3::Zero();                 ///< the child link's origin [m], in B
  double lower = -INFINITY, upper = INFINITY;  ///< position limits [rad or m]
  double max_velocity = INFINITY;              ///< [rad/s or m/s]; a <velocity> <= 0 is none
};

/// The joint that `joint_name` (an element whose text is the name) names; a LoadError naming the
/// element and the model's joints if there is none, or if it has no axis.
JointInBody joint_in_body(const sdf::Model& model, const sdf::ElementPtr& joint_name,
                          const MergedLinks& links);

/// `joint` (which has an <axis>) seen from B.
JointInBody joint_in_body(const sdf::Joint& joint, const MergedLinks& links);

/// Makes `hinge` turn `foil`: the hinge must lie along the foil's span (a LoadError at `where`
/// otherwise). If it points against it, the span is flipped, so that the deflection is the
/// joint's angle: turning about -s by theta is turning about s by -theta, and flipping s (and
/// with it the normal) leaves a symmetric law's forces unchanged; a cambered one (two lines with
/// a0 != 0) would change, and is refused.
void hinge_foil(Foil& foil, const JointInBody& hinge, const sdf::ElementPtr& where);

}  // namespace leeway::sdfio
