#include "leeway/sdf/joint_frames.h"

#include <fmt/format.h>
#include <sdf/Joint.hh>
#include <sdf/JointAxis.hh>

#include <cmath>

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {

JointInBody joint_in_body(const sdf::Model& model, const sdf::ElementPtr& joint_name,
                          const MergedLinks& links) {
  const std::string name = text_of(joint_name);
  const sdf::Joint* joint = model.JointByName(name);
  if (joint == nullptr) {
    std::string names;
    for (std::uint64_t i = 0; i < model.JointCount(); ++i)
      names += (names.empty() ? "'" : ", '") + model.JointByIndex(i)->Name() + "'";
    throw LoadError(location_of(joint_name),
                    fmt::format("model '{}' has no joint '{}'; expected one of its joints ({})",
                                model.Name(), name, names.empty() ? "it has none" : names));
  }
  const sdf::JointAxis* axis = joint->Axis(0);
  if (axis == nullptr) {
    throw LoadError(location_of(joint_name),
                    fmt::format("joint '{}' has no <axis>; expected a revolute or continuous "
                                "joint whose axis is the actuator's",
                                name));
  }
  JointInBody out = joint_in_body(*joint, links);
  out.name = name;  // as written: a nested model's joint keeps its scope (model21::rotor_joint)
  return out;
}

JointInBody joint_in_body(const sdf::Joint& joint, const MergedLinks& links) {
  const sdf::JointAxis* axis = joint.Axis(0);
  JointInBody out;
  out.name = joint.Name();
  out.parent_link = joint.ParentLinkName();
  out.child_link = joint.ChildLinkName();
  for (const std::string& end : {out.parent_link, out.child_link}) {
    if (links.links_elsewhere.contains(end)) {
      throw LinkElsewhereError(location_of(joint.Element()),
                               fmt::format("joint '{}' joins link '{}', which moves on a joint "
                                           "of its own",
                                           joint.Name(), end));
    }
  }
  ignition::math::Pose3d X_BJ;
  ignition::math::Vector3d xyz;
  sdf::Errors errors = joint.SemanticPose().Resolve(X_BJ, links.canonical_link);
  const sdf::Errors axis_errors = axis->ResolveXyz(xyz, links.canonical_link);
  errors.insert(errors.end(), axis_errors.begin(), axis_errors.end());
  if (!errors.empty()) {
    throw LoadError(location_of(joint.Element()),
                    fmt::format("joint '{}': {}", joint.Name(), errors.front().Message()));
  }
  out.p_BoJ_B = to_isometry(X_BJ).translation();
  out.axis_B = Vec3(xyz.X(), xyz.Y(), xyz.Z());
  if (!(out.axis_B.norm() > 1e-9)) {
    throw LoadError(
        location_of(joint.Element()),
        fmt::format("joint '{}' has a zero <axis><xyz>; expected a direction", joint.Name()));
  }
  out.axis_B.normalize();
  if (const auto it = links.links.find(out.child_link); it != links.links.end())
    out.p_BoC_B = it->second.X_BL.translation();
  out.lower = axis->Lower();
  out.upper = axis->Upper();
  if (axis->MaxVelocity() > 0.0) out.max_velocity = axis->MaxVelocity();
  return out;
}

void hinge_foil(Foil& foil, const JointInBody& hinge, const sdf::ElementPtr& where) {
  const double along = hinge.axis_B.dot(foil.span_B);
  if (std::abs(along) < 1 - 1e-6) {
    throw LoadError(location_of(where),
                    fmt::format("joint '{}' does not turn the foil about its span; expected a "
                                "hinge along it",
                                hinge.name));
  }
  if (along > 0.0) return;
  if (const auto* law = std::get_if<TwoLinesFoil>(&foil.coefficients); law && law->a0 != 0.0) {
    throw LoadError(location_of(where),
                    fmt::format("joint '{}' turns against the foil's span and the foil is "
                                "cambered (a0 = {}); expected the hinge's <xyz> along the span",
                                hinge.name, law->a0));
  }
  foil.span_B = -foil.span_B;
}

}  // namespace leeway::sdfio
