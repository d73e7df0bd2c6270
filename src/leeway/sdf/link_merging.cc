#include "leeway/sdf/link_merging.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <sdf/Collision.hh>
#include <sdf/Geometry.hh>
#include <sdf/Joint.hh>
#include <sdf/Link.hh>
#include <sdf/Mesh.hh>

#include "leeway/body/mass_checks.h"
#include "leeway/sdf/collision_shape.h"
#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {
namespace {

SourceLocation inertial_location(const sdf::Link& link) {
  const sdf::ElementPtr e = link.Element();
  return location_of(e->HasElement("inertial") ? e->GetElement("inertial") : e);
}

/// Calls f(model, scope, X_MN) for `model` and, recursively, every nested model a joint of it
/// holds (the models whose links make its body): `scope` is the prefix of their scoped names
/// ("" for the model, "wing_1::" for a held nested model), X_MN their frame in the model's.
using BodyModelVisit =
    std::function<void(const sdf::Model&, const std::string&, const Eigen::Isometry3d&)>;
void for_each_body_model(const sdf::Model& model, const std::string& scope,
                         const Eigen::Isometry3d& X_MN, const BodyModelVisit& f) {
  f(model, scope, X_MN);
  for (std::uint64_t i = 0; i < model.ModelCount(); ++i) {
    const sdf::Model& nested = *model.ModelByIndex(i);
    if (joint_into(model, nested) == nullptr) continue;  // a model of its own (model_tree.h)
    for_each_body_model(nested, scope + nested.Name() + "::",
                        X_MN * resolve_pose(nested.SemanticPose(), "__model__", nested.Element()),
                        f);
  }
}

}  // namespace

const sdf::Joint* joint_into(const sdf::Model& parent, const sdf::Model& nested) {
  const std::string scope = nested.Name() + "::";
  for (std::uint64_t j = 0; j < parent.JointCount(); ++j) {
    const sdf::Joint* joint = parent.JointByIndex(j);
    // A joint names a nested model's link (`wing_1::base_link`) or the model itself (its
    // canonical link, as SDFormat 1.8 allows: `blade_1`).
    for (const std::string& end : {joint->ParentLinkName(), joint->ChildLinkName()}) {
      if (end == nested.Name() || end.starts_with(scope)) return joint;
    }
  }
  return nullptr;
}

std::vector<BodyLink> body_links(const sdf::Model& model) {
  std::vector<BodyLink> out;
  for_each_body_model(
      model, "", Eigen::Isometry3d::Identity(),
      [&](const sdf::Model& m, const std::string& scope, const Eigen::Isometry3d& X_MN) {
        for (std::uint64_t i = 0; i < m.LinkCount(); ++i) {
          const sdf::Link* link = m.LinkByIndex(i);
          out.push_back({link, scope + link->Name(),
                         X_MN * resolve_pose(link->SemanticPose(), "__model__", link->Element())});
        }
      });
  return out;
}

Eigen::Isometry3d resolve_pose(const sdf::SemanticPose& pose, const std::string& relative_to,
                               const sdf::ElementPtr& where) {
  ignition::math::Pose3d p;
  const sdf::Errors errors = pose.Resolve(p, relative_to);
  if (!errors.empty()) throw LoadError(location_of(where), errors.front().Message());
  return to_isometry(p);
}

Eigen::Isometry3d to_isometry(const ignition::math::Pose3d& pose) {
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.translation() = Vec3(pose.Pos().X(), pose.Pos().Y(), pose.Pos().Z());
  const auto& q = pose.Rot();
  X.linear() = Quat(q.W(), q.X(), q.Y(), q.Z()).normalized().toRotationMatrix();
  return X;
}

Eigen::Isometry3d body_in_model(const sdf::Model& model) {
  const sdf::Link* canonical = model.CanonicalLink();
  if (canonical == nullptr) {
    throw LoadError(location_of(model.Element()),
                    "the model has no link, expected at least one <link> with an <inertial>");
  }
  return resolve_pose(canonical->SemanticPose(), "__model__", canonical->Element());
}

MergedLinks link_frames(const sdf::Model& model) {
  MergedLinks out;
  out.X_MB = body_in_model(model);
  out.canonical_link = model.CanonicalLink()->Name();
  const Eigen::Isometry3d X_BM = out.X_MB.inverse();
  for (const BodyLink& body_link : body_links(model))
    out.links[body_link.name] = {X_BM * body_link.X_ML, 0.0};
  return out;
}

InertiaPart link_inertia_part(const sdf::Link& link, const std::string& name,
                              const Eigen::Isometry3d& X_BL, Diagnostics& diagnostics) {
  const auto& inertial = link.Inertial();
  const double m = inertial.MassMatrix().Mass();
  if (!link.Element()->HasElement("inertial")) {
    // SDF's default, not Leeway's: a dummy thruster or fin link written without one (as URDF
    // lets it be) would add a kilogram to a vehicle that may weigh a few.
    diagnostics.warn(location_of(link.Element()),
                     fmt::format("link '{}' has no <inertial>, so SDF gives it a mass of 1 kg "
                                 "and a unit inertia, which count in the body; give it an "
                                 "<inertial> (a gram or so for a frame-only link)",
                                 name));
  }
  if (const std::string problem = check_link_mass(m); !problem.empty())
    throw LoadError(inertial_location(link), fmt::format("link '{}': {}", name, problem));
  const auto moi = inertial.MassMatrix().Moi();
  Mat3 I_L;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c)
      I_L(r, c) = moi(r, c);
  }
  // A link may weigh next to nothing (a thruster or sensor frame); the body must not.
  if (const std::string problem = check_link_inertia_tensor(I_L); !problem.empty())
    throw LoadError(inertial_location(link), fmt::format("link '{}': {}", name, problem));
  const Eigen::Isometry3d X_BI = X_BL * to_isometry(inertial.Pose());
  return {m, X_BI.translation(), X_BI.linear() * I_L * X_BI.linear().transpose()};
}

CompositeInertia composite_inertia(const std::vector<InertiaPart>& parts) {
  CompositeInertia out;
  for (const InertiaPart& p : parts) {
    out.mass += p.mass;
    out.p_BoBcm += p.mass * p.p_BoLcm_B;
  }
  if (out.mass > 0.0) out.p_BoBcm /= out.mass;
  for (const InertiaPart& p : parts) {
    const Vec3 d = p.p_BoLcm_B - out.p_BoBcm;
    out.I_Bcm += p.I_Lcm_B + p.mass * (d.squaredNorm() * Mat3::Identity() - d * d.transpose());
  }
  return out;
}

namespace {

/// A LoadError if the merged links' mass or inertia cannot be a body's.
void check_body_mass(const sdf::Model& model, const MergedLinks& out) {
  if (const std::string problem = check_mass(out.mass); !problem.empty()) {
    throw LoadError(location_of(model.Element()),
                    fmt::format("model '{}', its links together: {} (only a frame-only link may "
                                "weigh nothing)",
                                model.Name(), problem));
  }
  if (const std::string problem = check_inertia_tensor(out.I_Bcm); !problem.empty()) {
    const sdf::Link* canonical = model.LinkByName(out.canonical_link);
    throw LoadError(canonical ? inertial_location(*canonical) : location_of(model.Element()),
                    fmt::format("model '{}', its links merged into one body (canonical link "
                                "'{}'): {}",
                                model.Name(), out.canonical_link, problem));
  }
}

/// The links `group` names (every link without one) merged into a body whose frame is its first
/// link's (the canonical link's without a group).
MergedLinks merge(const sdf::Model& model, const std::vector<std::string>* group,
                  Diagnostics& diagnostics) {
  MergedLinks out;
  const std::vector<BodyLink> all = body_links(model);
  if (group) {
    const auto root = std::find_if(all.begin(), all.end(),
                                   [&](const BodyLink& l) { return l.name == group->front(); });
    out.X_MB = root->X_ML;
    out.canonical_link = group->front();
  } else {
    out.X_MB = body_in_model(model);
    out.canonical_link = model.CanonicalLink()->Name();
  }
  const Eigen::Isometry3d X_BM = out.X_MB.inverse();

  std::vector<InertiaPart> parts;
  double total_volume = 0.0;
  Vec3 volume_moment = Vec3::Zero();
  for (const BodyLink& body_link : all) {
    if (group && std::find(group->begin(), group->end(), body_link.name) == group->end()) {
      out.links_elsewhere.insert(body_link.name);
      continue;
    }
    const sdf::Link& link = *body_link.link;
    const Eigen::Isometry3d X_BL = X_BM * body_link.X_ML;
    parts.push_back(link_inertia_part(link, body_link.name, X_BL, diagnostics));
    out.links[body_link.name] = {X_BL, parts.back().mass};

    for (std::uint64_t k = 0; k < link.CollisionCount(); ++k) {
      const sdf::Collision& col = *link.CollisionByIndex(k);
      const std::optional<ConvexShape> shape = convex_shape(*col.Geom());
      if (!shape) {
        const sdf::GeometryType type = col.Geom()->Type();
        if (type == sdf::GeometryType::MESH) {
          out.meshes.emplace_back(
              col.Geom()->MeshShape()->Element(),
              X_BL * resolve_pose(col.SemanticPose(), link.Name(), col.Element()));
        } else if (type != sdf::GeometryType::PLANE && type != sdf::GeometryType::EMPTY &&
                   out.first_without_volume.file.empty() &&
                   out.first_without_volume.element.empty()) {
          out.first_without_volume = location_of(col.Element());
        }
        continue;
      }
      const Eigen::Isometry3d X_BS =
          X_BL * resolve_pose(col.SemanticPose(), link.Name(), col.Element());
      out.primitives.push_back({*shape, X_BS});
      const Vec3 c = X_BS * centroid(*shape);
      const double v = volume(*shape);
      total_volume += v;
      volume_moment += v * c;
    }
  }

  const CompositeInertia composite = composite_inertia(parts);
  out.mass = composite.mass;
  out.p_BoBcm = composite.p_BoBcm;
  out.I_Bcm = composite.I_Bcm;
  // A moving group's mass is checked where its tree is built (articulation.h).
  if (!group) check_body_mass(model, out);
  out.collision_volume = total_volume;
  if (total_volume > 0.0) out.p_BoBcv = volume_moment / total_volume;
  // The first link's "NAME/", if every link starts with it.
  const std::string& first = model.LinkByIndex(0)->Name();
  if (const std::size_t slash = first.find('/'); slash != std::string::npos && slash > 0) {
    std::string prefix = first.substr(0, slash + 1);
    bool shared = true;
    for (std::uint64_t i = 1; i < model.LinkCount(); ++i)
      shared = shared && model.LinkByIndex(i)->Name().starts_with(prefix);
    if (shared) out.name_prefix = std::move(prefix);
  }

  // A group's joints inside it all hold still (articulation.h): nothing merged moves.
  if (group) return out;
  for_each_body_model(model, "", Eigen::Isometry3d::Identity(),
                      [&](const sdf::Model& m, const std::string& scope, const Eigen::Isometry3d&) {
                        for (std::uint64_t j = 0; j < m.JointCount(); ++j) {
                          const sdf::Joint& joint = *m.JointByIndex(j);
                          if (joint.Type() != sdf::JointType::FIXED) {
                            out.moving_joints[scope + joint.Name()] = location_of(joint.Element());
                          }
                        }
                      });
  return out;
}

}  // namespace

MergedLinks merge_links(const sdf::Model& model, Diagnostics& diagnostics) {
  return merge(model, nullptr, diagnostics);
}

MergedLinks merge_link_group(const sdf::Model& model, const std::vector<std::string>& group,
                             Diagnostics& diagnostics) {
  return merge(model, &group, diagnostics);
}

Eigen::Isometry3d link_frame(const sdf::ElementPtr& link_name, const MergedLinks& links) {
  const std::string name = link_name ? text_of(link_name) : links.canonical_link;
  const auto it = links.links.find(name);
  if (links.links_elsewhere.contains(name)) {
    throw LinkElsewhereError(location_of(link_name),
                             fmt::format("link '{}' moves on a joint of its own", name));
  }
  if (it == links.links.end()) {
    throw LoadError(location_of(link_name),
                    fmt::format("no link '{}' in this model; expected one of its links", name));
  }
  return it->second.X_BL;
}

}  // namespace leeway::sdfio
