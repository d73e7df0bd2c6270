#include "leeway/sdf/articulation.h"

#include <fmt/format.h>

#include <cmath>
#include <numeric>
#include <sdf/Joint.hh>
#include <sdf/JointAxis.hh>
#include <sdf/Link.hh>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/link_merging.h"

namespace leeway::sdfio {
namespace {

/// Disjoint sets of link indices (the groups fixed joints make).
struct LinkSets {
  std::vector<int> parent;
  explicit LinkSets(int n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  int find(int i) { return parent[i] == i ? i : parent[i] = find(parent[i]); }
  void join(int a, int b) { parent[find(a)] = find(b); }
};

/// SDF's "no limit" (+-1e16, or a value <= 0 for velocity and effort) as infinity.
double position_limit(double value) {
  return std::abs(value) >= 1e16 ? std::copysign(INFINITY, value) : value;
}
double magnitude_limit(double value) {
  return value > 0.0 ? value : INFINITY;
}

std::optional<JointKind> moving_kind(sdf::JointType type) {
  switch (type) {
    case sdf::JointType::REVOLUTE:
      return JointKind::kRevolute;
    case sdf::JointType::CONTINUOUS:
      return JointKind::kContinuous;
    case sdf::JointType::PRISMATIC:
      return JointKind::kPrismatic;
    case sdf::JointType::BALL:
      return JointKind::kBall;
    case sdf::JointType::UNIVERSAL:  // two revolute joints through a frame-only cross
      return JointKind::kRevolute;
    default:
      return std::nullopt;
  }
}

/// Axis `index` (0: <axis>, 1: <axis2>) of `joint` in the joint's frame J (X_MJ its pose in the
/// model frame), unit, and its dynamics and limits as the header reads them.
std::pair<Vec3, JointDynamics> read_axis(const sdf::Joint& joint, int index,
                                         const Eigen::Isometry3d& X_MJ, JointKind kind) {
  const sdf::JointAxis* axis = joint.Axis(index);
  const char* element = index == 0 ? "<axis>" : "<axis2>";
  if (axis == nullptr) {
    throw LoadError(
        location_of(joint.Element()),
        fmt::format("joint '{}' has no {}; expected one, with its <xyz>, on a {} "
                    "joint",
                    joint.Name(), element,
                    joint.Type() == sdf::JointType::PRISMATIC   ? "prismatic"
                    : joint.Type() == sdf::JointType::UNIVERSAL ? "universal"
                                                                : "revolute or continuous"));
  }
  ignition::math::Vector3d xyz;
  if (const sdf::Errors errors = axis->ResolveXyz(xyz, "__model__"); !errors.empty()) {
    throw LoadError(location_of(joint.Element()),
                    fmt::format("joint '{}': {}", joint.Name(), errors.front().Message()));
  }
  const Vec3 axis_J = X_MJ.linear().transpose() * Vec3(xyz.X(), xyz.Y(), xyz.Z());
  if (!(axis_J.norm() > 1e-9)) {
    throw LoadError(
        location_of(axis->Element()),
        fmt::format("joint '{}' has a zero {}<xyz>; expected a direction", joint.Name(), element));
  }
  JointDynamics dynamics;
  dynamics.damping = axis->Damping();
  dynamics.friction = axis->Friction();
  dynamics.spring_stiffness = axis->SpringStiffness();
  dynamics.spring_reference = axis->SpringReference();
  if (kind != JointKind::kContinuous) {
    dynamics.lower = position_limit(axis->Lower());
    dynamics.upper = position_limit(axis->Upper());
  }
  dynamics.velocity_limit = magnitude_limit(axis->MaxVelocity());
  dynamics.effort_limit = magnitude_limit(axis->Effort());
  return {axis_J.normalized(), dynamics};
}

}  // namespace

ModelArticulation articulate(const sdf::Model& model, const std::set<std::string>& kept_fixed,
                             Diagnostics& diagnostics) {
  const std::vector<BodyLink> links = body_links(model);
  std::map<std::string, int> index_of;
  for (size_t i = 0; i < links.size(); ++i)
    index_of[links[i].name] = static_cast<int>(i);
  body_in_model(model);  // a LoadError for a model without links
  const std::string canonical = model.CanonicalLink()->Name();
  auto link_index = [&](const sdf::Joint& joint, const std::string& name) {
    if (const auto it = index_of.find(name); it != index_of.end()) return it->second;
    // A joint may name a held nested model itself: its canonical link.
    if (const sdf::Model* nested = model.ModelByName(name); nested && nested->CanonicalLink()) {
      const auto it = index_of.find(name + "::" + nested->CanonicalLink()->Name());
      if (it != index_of.end()) return it->second;
    }
    throw LoadError(location_of(joint.Element()),
                    fmt::format("joint '{}' names the link '{}', which model '{}' does not have",
                                joint.Name(), name, model.Name()));
  };

  ModelArticulation out;
  LinkSets sets(static_cast<int>(links.size()));
  struct MovingJoint {
    const sdf::Joint* joint;
    int parent_link, child_link;  ///< indices into `links`
  };
  std::vector<MovingJoint> moving;
  for (std::uint64_t j = 0; j < model.JointCount(); ++j) {
    const sdf::Joint& joint = *model.JointByIndex(j);
    if (joint.ParentLinkName() == "world") continue;  // world_joints.h
    const int parent = link_index(joint, joint.ParentLinkName());
    const int child = link_index(joint, joint.ChildLinkName());
    const sdf::JointAxis* axis = joint.Axis(0);
    std::string why;
    if (joint.Type() == sdf::JointType::FIXED) {
      why = "fixed";
    } else if ((joint.Type() == sdf::JointType::REVOLUTE ||
                joint.Type() == sdf::JointType::PRISMATIC) &&
               axis && axis->Lower() == axis->Upper()) {
      why = "equal limits";
    } else if (kept_fixed.contains(joint.Name())) {
      why = "kept fixed";
    } else if (!moving_kind(joint.Type())) {
      throw LoadError(location_of(joint.Element()),
                      fmt::format("joint '{}' is of a type Leeway cannot move yet; expected "
                                  "fixed, revolute, continuous, prismatic, ball or universal",
                                  joint.Name()));
    }
    if (!why.empty()) {
      out.fixed_joints[joint.Name()] = why;
      sets.join(parent, child);
    } else {
      moving.push_back({&joint, parent, child});
    }
  }

  // The groups, and the tree the moving joints make of them, from the canonical link's group.
  const int root = sets.find(index_of.at(canonical));
  std::map<int, const MovingJoint*> joint_of_group;  // by the child group's set
  for (const MovingJoint& m : moving) {
    const sdf::Joint* joint = m.joint;
    const int parent = sets.find(m.parent_link), child = sets.find(m.child_link);
    if (parent == child) {
      throw LoadError(location_of(joint->Element()),
                      fmt::format("joint '{}' joins links '{}' and '{}', which fixed joints "
                                  "already hold together: a closed loop, which Leeway's tree "
                                  "cannot hold",
                                  joint->Name(), joint->ParentLinkName(), joint->ChildLinkName()));
    }
    if (child == root) {
      throw LoadError(location_of(joint->Element()),
                      fmt::format("joint '{}' hangs the canonical link '{}' (or a link fixed to "
                                  "it) from '{}'; Leeway roots a model's tree at its canonical "
                                  "link: make the tree's root link canonical (<model "
                                  "canonical_link>)",
                                  joint->Name(), canonical, joint->ParentLinkName()));
    }
    if (const auto [it, added] = joint_of_group.emplace(child, &m); !added) {
      throw LoadError(location_of(joint->Element()),
                      fmt::format("joint '{}' hangs link '{}' from '{}', but joint '{}' already "
                                  "hangs it (or a link fixed to it) from '{}': a link in two "
                                  "trees or a closed loop, which Leeway's tree cannot hold",
                                  joint->Name(), joint->ChildLinkName(), joint->ParentLinkName(),
                                  it->second->joint->Name(), it->second->joint->ParentLinkName()));
    }
  }
  // Breadth first from the root: parents before children, every group reached once.
  std::vector<int> order{root};
  std::map<int, int> group_index{{root, 0}};
  for (size_t k = 0; k < order.size(); ++k) {
    for (const MovingJoint& m : moving) {
      if (sets.find(m.parent_link) != order[k]) continue;
      const int child = sets.find(m.child_link);
      group_index[child] = static_cast<int>(order.size());
      order.push_back(child);
    }
  }
  for (size_t i = 0; i < links.size(); ++i) {
    if (group_index.contains(sets.find(static_cast<int>(i)))) continue;
    throw LoadError(location_of(links[i].link->Element()),
                    fmt::format("link '{}' is joined to the canonical link '{}' by no chain of "
                                "joints (or by a closed loop of them); expected every link of "
                                "model '{}' in one tree",
                                links[i].name, canonical, model.Name()));
  }

  // Each group's links (its root first), frame and inertia.
  out.groups.resize(order.size());
  std::vector<Eigen::Isometry3d> X_MG(order.size());
  for (size_t g = 0; g < order.size(); ++g) {
    const int root_link = g == 0 ? index_of.at(canonical) : joint_of_group.at(order[g])->child_link;
    out.groups[g].root_link = links[root_link].name;
    out.groups[g].links.push_back(links[root_link].name);
    X_MG[g] = links[root_link].X_ML;
    out.groups[g].where = location_of(links[root_link].link->Element());
  }
  std::vector<std::vector<InertiaPart>> parts(order.size());
  for (size_t i = 0; i < links.size(); ++i) {
    const int g = group_index.at(sets.find(static_cast<int>(i)));
    out.group_of_link[links[i].name] = g;
    if (links[i].name != out.groups[g].root_link) out.groups[g].links.push_back(links[i].name);
    parts[g].push_back(link_inertia_part(*links[i].link, links[i].name,
                                         X_MG[g].inverse() * links[i].X_ML, diagnostics));
  }
  for (size_t g = 0; g < order.size(); ++g) {
    const CompositeInertia composite = composite_inertia(parts[g]);
    out.groups[g].mass = composite.mass;
    out.groups[g].p_GoGcm = composite.p_BoBcm;
    out.groups[g].I_Gcm = composite.I_Bcm;
  }

  // Each moving joint in its groups' frames.
  out.joints.resize(order.size() - 1);
  for (size_t g = 1; g < order.size(); ++g) {
    const MovingJoint& m = *joint_of_group.at(order[g]);
    const sdf::Joint& joint = *m.joint;
    GroupJoint& j = out.joints[g - 1];
    j.name = joint.Name();
    j.kind = *moving_kind(joint.Type());
    j.parent = group_index.at(sets.find(m.parent_link));
    j.child = static_cast<int>(g);
    j.where = location_of(joint.Element());
    const Eigen::Isometry3d X_MJ = resolve_pose(joint.SemanticPose(), "__model__", joint.Element());
    j.X_PF = X_MG[j.parent].inverse() * X_MJ;
    j.X_MC = X_MJ.inverse() * X_MG[g];
    if (j.kind == JointKind::kBall) continue;
    std::tie(j.axis_F, j.dynamics) = read_axis(joint, 0, X_MJ, j.kind);
    if (joint.Type() == sdf::JointType::UNIVERSAL) {
      Vec3 axis2;
      std::tie(axis2, j.dynamics2) = read_axis(joint, 1, X_MJ, j.kind);
      j.axis2_F = axis2;
    }
  }
  return out;
}

ArticulatedModel build_articulated_model(const ModelArticulation& articulation,
                                         const std::optional<Pose>& fixed_at,
                                         const std::vector<const BodyModel*>& group_bodies) {
  ArticulatedModel model;
  std::vector<int> link_of_group(articulation.groups.size(), -1);  // -1: the world's
  auto add = [&model](ArticulatedLink link, const LinkGroup& group, const SourceLocation& where) {
    try {
      return add_link(model, std::move(link));
    } catch (const std::invalid_argument& e) {
      // The mass refusal belongs to the links' <link>, the rest to the joint.
      const std::string message = e.what();
      throw LoadError(
          message.find("mass matrix") != std::string::npos ? group.where : where,
          message + (group.links.size() > 1
                         ? fmt::format(" (its {} links fixed together)", group.links.size())
                         : ""));
    }
  };
  for (size_t g = fixed_at ? 1 : 0; g < articulation.groups.size(); ++g) {
    const LinkGroup& group = articulation.groups[g];
    ArticulatedLink link;
    link.name = group.root_link;
    link.M_RB = rigid_body_mass_matrix(group.mass, group.p_GoGcm, group.I_Gcm);
    if (!group_bodies.empty()) {
      const BodyModel& body = *group_bodies[g];
      link.M_RB = body.M_RB;
      link.M_A = body.M_A;
      link.munk = body.munk;
      link.added_mass_coriolis = body.added_mass_coriolis;
    }
    if (g == 0) {
      link_of_group[g] = add(std::move(link), group, group.where);
      continue;
    }
    const GroupJoint& joint = articulation.joints[g - 1];
    link.joint_name = joint.name;
    link.joint = joint.kind;
    link.parent = link_of_group[joint.parent];
    link.X_PF = joint.X_PF;
    if (link.parent < 0) {
      const Pose& X_W0 = *fixed_at;
      link.X_PF = Pose(X_W0.p + X_W0.q * joint.X_PF.p, X_W0.q * joint.X_PF.q);
    }
    link.X_MC = joint.X_MC;
    link.axis_F = joint.axis_F;
    link.dynamics = joint.dynamics;
    if (joint.axis2_F) {
      // A universal joint: its first axis turns a frame-only cross at the joint's frame, its
      // second (in the frame the first turned) the child.
      ArticulatedLink cross = link;
      cross.name = joint.name + "::cross";
      cross.frame_only = true;
      cross.M_RB.setZero();
      cross.X_MC = Pose();
      link.parent = add(std::move(cross), group, joint.where);
      link.joint_name = joint.name + "::axis2";
      link.X_PF = Pose();
      link.axis_F = *joint.axis2_F;
      link.dynamics = joint.dynamics2;
    }
    link_of_group[g] = add(std::move(link), group, joint.where);
  }
  return model;
}

}  // namespace leeway::sdfio
