// Leeway's bodies are rigid for now: all links of a model are merged into one body whose frame B
// is the model's canonical link. So are the links of every nested model a joint of the model
// holds (gz-sim's lift-drag rig holds its wings, included as models, by fixed joints), under
// gz-sim's scoped names (`wing_1::base_link`). Joints are ignored until the articulated solver
// arrives; the loader warns about each one that is not fixed unless an actuator stands in for it (a
// propeller's spin, a steering joint, a fin's hinge).
//
// Composite inertia (parallel-axis theorem), for links i with mass m_i, centre of mass c_i and
// inertia I_i (about c_i), all in B:
//   m = sum m_i,  c = sum m_i c_i / m,  I_c = sum [ R_i I_i R_i^T + m_i (|d_i|^2 1 - d_i d_i^T) ],
//   d_i = c_i - c.
#pragma once

#include <map>
#include <sdf/Model.hh>
#include <set>
#include <string>
#include <vector>

#include "leeway/core/error.h"
#include "leeway/core/spatial.h"
#include "leeway/geometry/convex_shape.h"

namespace leeway::sdfio {

struct MergedLinks {
  struct Link {
    Eigen::Isometry3d X_BL = Eigen::Isometry3d::Identity();  ///< the link's frame in B
    double mass = 0.0;                                       ///< [kg]
  };
  std::map<std::string, Link> links;  ///< every link, by name
  std::string canonical_link;
  /// "wamv/" when every link's name starts with that part up to a '/' (the namespace xacro puts
  /// into VRX's and UUV Simulator's generated URDFs), else empty.
  std::string name_prefix;
  Eigen::Isometry3d X_MB = Eigen::Isometry3d::Identity();  ///< canonical link in the model frame
  double mass = 0.0;
  Vec3 p_BoBcm = Vec3::Zero();
  Mat3 I_Bcm = Mat3::Zero();
  double collision_volume = 0.0;  ///< sum of the primitive (not mesh) collision volumes [m^3]
  Vec3 p_BoBcv = Vec3::Zero();    ///< their volume centroid, in B
  /// Every primitive collision, with its frame S in B.
  std::vector<std::pair<ConvexShape, Eigen::Isometry3d>> primitives;
  /// Every mesh collision: its <mesh> element and its frame S in B (buoyancy reads the file).
  std::vector<std::pair<sdf::ElementPtr, Eigen::Isometry3d>> meshes;
  SourceLocation first_without_volume;  ///< a heightmap or polyline collision, if any
  /// Every joint that is not fixed, with where it was written: merged as if fixed.
  std::map<std::string, SourceLocation> moving_joints;
  /// A group's (merge_link_group): the model's links that move apart from it.
  std::set<std::string> links_elsewhere;
};

/// A plugin (or a joint it names) on a link that moves apart from the body being loaded: an
/// articulated model's plugins act on its canonical link's group only, for now
/// (articulated_loader.h), which then keeps the model one rigid body instead.
class LinkElsewhereError : public LoadError {
 public:
  using LoadError::LoadError;
};

/// Every link of the model (and of the nested models its joints hold) in one body whose frame B
/// is the canonical link's; a LoadError if their mass or inertia cannot be a body's.
MergedLinks merge_links(const sdf::Model& model, Diagnostics& diagnostics);

/// The links of one group of an articulated model (articulation.h's LinkGroup::links, its root
/// first) in one body whose frame B is the root's; the model's other links are links_elsewhere,
/// and moving_joints is empty (the joints inside a group all hold still). Its mass is not
/// checked here: build_articulated_model checks it as the tree's link.
MergedLinks merge_link_group(const sdf::Model& model, const std::vector<std::string>& group,
                             Diagnostics& diagnostics);

/// One link's mass and inertia, as a part of a body whose frame is B.
struct InertiaPart {
  double mass = 0.0;              ///< [kg]
  Vec3 p_BoLcm_B = Vec3::Zero();  ///< its centre of mass [m], in B
  Mat3 I_Lcm_B = Mat3::Zero();    ///< its inertia about it [kg m^2], in B's axes
};

/// The part `link` (scoped name `name`, frame X_BL in B) makes; a LoadError at its <inertial>
/// if its mass or inertia cannot be (body/mass_checks.h), a warning if it has none (SDF then
/// gives it 1 kg).
InertiaPart link_inertia_part(const sdf::Link& link, const std::string& name,
                              const Eigen::Isometry3d& X_BL, Diagnostics& diagnostics);

/// Their sum by the header's parallel-axis theorem: mass, centre of mass and inertia about it,
/// in B. Unchecked (a sum of frame-only links may weigh nothing: the caller says whose it is).
struct CompositeInertia {
  double mass = 0.0;
  Vec3 p_BoBcm = Vec3::Zero();
  Mat3 I_Bcm = Mat3::Zero();
};
CompositeInertia composite_inertia(const std::vector<InertiaPart>& parts);

/// The links' frames alone (links, canonical_link, X_MB), for a model that is scenery: a static
/// model or one fixed to the world, whose masses are never read.
MergedLinks link_frames(const sdf::Model& model);

/// A link of the body a model makes, with its scoped name and its frame in the model frame M.
struct BodyLink {
  const sdf::Link* link = nullptr;
  std::string name;  ///< `base_link`, or `wing_1::base_link` for a held nested model's link
  Eigen::Isometry3d X_ML = Eigen::Isometry3d::Identity();
};

/// The model's links, then those of each nested model a joint of it holds (recursively).
std::vector<BodyLink> body_links(const sdf::Model& model);

/// X_MB: the body frame B (the model's canonical link) in the model frame M; a LoadError if the
/// model has no link.
Eigen::Isometry3d body_in_model(const sdf::Model& model);

/// The joint of `parent` that holds a link of its nested model `nested`, if any.
const sdf::Joint* joint_into(const sdf::Model& parent, const sdf::Model& nested);

/// X_BL of the link that `link_name` names (the canonical link when it is null); a LoadError
/// naming the element if the model has no such link, a LinkElsewhereError if it is one of
/// links_elsewhere.
Eigen::Isometry3d link_frame(const sdf::ElementPtr& link_name, const MergedLinks& links);

/// A pose as an Eigen isometry.
Eigen::Isometry3d to_isometry(const ignition::math::Pose3d& pose);

/// `pose` resolved relative to the frame `relative_to`; a LoadError at `where` if it cannot be.
Eigen::Isometry3d resolve_pose(const sdf::SemanticPose& pose, const std::string& relative_to,
                               const sdf::ElementPtr& where);

}  // namespace leeway::sdfio
