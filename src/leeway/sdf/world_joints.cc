#include "leeway/sdf/world_joints.h"

#include <fmt/format.h>
#include <sdf/Joint.hh>
#include <sdf/JointAxis.hh>

#include <cmath>
#include <numbers>
#include <vector>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/joint_frames.h"

namespace leeway::sdfio {
namespace {

/// sdformat's stand-in for "no limit" is +-1e16.
constexpr double kNoLimit = 1e15;

std::string type_of(const sdf::Joint& joint) {
  const sdf::ElementPtr e = joint.Element();
  return e && e->HasAttribute("type") ? e->GetAttribute("type")->GetAsString() : "unknown";
}

bool on_axis(const sdf::Joint& joint) {
  const sdf::JointType t = joint.Type();
  return t == sdf::JointType::REVOLUTE || t == sdf::JointType::CONTINUOUS ||
         t == sdf::JointType::PRISMATIC;
}

/// A revolute or prismatic joint whose limits leave it no motion.
bool locked(const sdf::Joint& joint) {
  const sdf::JointAxis* axis = joint.Axis(0);
  return joint.Type() != sdf::JointType::CONTINUOUS && axis && axis->Lower() == axis->Upper();
}

/// The model's joints to the world; a LoadError for one Leeway cannot honour, or for two that
/// are not all anchoring.
std::vector<const sdf::Joint*> joints_to_world(const sdf::Model& model) {
  std::vector<const sdf::Joint*> out;
  for (std::uint64_t i = 0; i < model.JointCount(); ++i) {
    const sdf::Joint& joint = *model.JointByIndex(i);
    if (joint.ParentLinkName() != "world") continue;
    if (joint.Type() != sdf::JointType::FIXED && !on_axis(joint)) {
      throw LoadError(
          location_of(joint.Element()),
          fmt::format("joint '{}' holds link '{}' of model '{}' to the world as a {} "
                      "joint, which Leeway cannot honour yet; expected a fixed joint "
                      "(the model is then static scenery), a revolute, continuous "
                      "or prismatic one (it moves on the axis) or none (it moves "
                      "freely)",
                      joint.Name(), joint.ChildLinkName(), model.Name(), type_of(joint)));
    }
    out.push_back(&joint);
  }
  if (out.size() > 1) {
    for (const sdf::Joint* joint : out) {
      if (joint->Type() == sdf::JointType::FIXED || locked(*joint)) continue;
      throw LoadError(location_of(joint->Element()),
                      fmt::format("joint '{}' holds model '{}' to the world on an axis, and "
                                  "{} other joints hold it too; expected one joint to the world "
                                  "(Leeway has no closed chains), or only fixed ones",
                                  joint->Name(), model.Name(), out.size() - 1));
    }
  }
  return out;
}

}  // namespace

std::optional<std::string> world_anchor(const sdf::Model& model) {
  std::optional<std::string> anchor;
  for (const sdf::Joint* joint : joints_to_world(model)) {
    if (joint->Type() == sdf::JointType::FIXED || locked(*joint)) anchor = joint->Name();
  }
  return anchor;
}

std::optional<WorldJoint> load_world_joint(const sdf::Model& model, const MergedLinks& links,
                                           Diagnostics& diagnostics) {
  const std::vector<const sdf::Joint*> joints = joints_to_world(model);
  if (joints.size() != 1 || joints[0]->Type() == sdf::JointType::FIXED || locked(*joints[0]))
    return std::nullopt;
  const sdf::Joint& joint = *joints[0];
  const sdf::JointAxis* axis = joint.Axis(0);
  const SourceLocation where = location_of(joint.Element());
  if (axis == nullptr) {
    throw LoadError(where, fmt::format("joint '{}' to the world has no <axis>; expected the "
                                       "direction it turns about or slides along",
                                       joint.Name()));
  }
  const JointInBody in_body = joint_in_body(joint, links);
  WorldJoint out;
  out.name = joint.Name();
  out.type = joint.Type() == sdf::JointType::PRISMATIC ? WorldJoint::Type::kPrismatic
                                                       : WorldJoint::Type::kRevolute;
  out.axis_B = in_body.axis_B;
  out.p_BoJo_B = in_body.p_BoJ_B;
  if (joint.Type() != sdf::JointType::CONTINUOUS) {
    if (axis->Lower() > -kNoLimit) out.lower = axis->Lower();
    if (axis->Upper() < kNoLimit) out.upper = axis->Upper();
  }
  if (!(out.lower <= 0.0 && 0.0 <= out.upper)) {
    throw LoadError(where, fmt::format("joint '{}' to the world has limits [{}, {}], which do "
                                       "not hold its start (position 0); expected lower <= 0 "
                                       "<= upper",
                                       joint.Name(), axis->Lower(), axis->Upper()));
  }
  // The angle is read from the pose, in [-pi, pi]: a stop must lie within, and a one-sided one
  // would be met from behind by a body turning past pi.
  if (out.type == WorldJoint::Type::kRevolute &&
      std::isfinite(out.lower) + std::isfinite(out.upper) > 0 &&
      !(out.lower >= -std::numbers::pi && out.upper <= std::numbers::pi)) {
    throw LoadError(where, fmt::format("joint '{}' to the world turns within [{}, {}] rad; "
                                       "expected both limits within [-pi, pi] (Leeway reads "
                                       "the angle from the pose), or neither",
                                       joint.Name(), axis->Lower(), axis->Upper()));
  }
  if (axis->Damping() != 0.0 || axis->Friction() != 0.0 || axis->SpringStiffness() != 0.0) {
    diagnostics.warn(where, fmt::format("joint '{}' to the world: its damping {}, friction {} "
                                        "and spring stiffness {} are not applied (the body is "
                                        "held on the axis and free along it)",
                                        joint.Name(), axis->Damping(), axis->Friction(),
                                        axis->SpringStiffness()));
  }
  return out;
}

}  // namespace leeway::sdfio
