// The compiled, immutable description of one rigid body (a vehicle hull, a buoy): its inertia,
// added mass, damping, restoring and the current it sits in. Built once by the world loader; the
// step only reads it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "leeway/body/hull_sample.h"
#include "leeway/body/world_joint.h"
#include "leeway/core/pose.h"
#include "leeway/core/spatial.h"
#include "leeway/env/vector_field.h"
#include "leeway/hydro/body_lift.h"
#include "leeway/hydro/buoyancy_engine.h"
#include "leeway/hydro/coriolis.h"
#include "leeway/hydro/cross_flow_drag.h"
#include "leeway/hydro/damping.h"
#include "leeway/hydro/hull_friction.h"
#include "leeway/hydro/restoring.h"
#include "leeway/hydro/shape_float.h"
#include "leeway/hydro/strip_buoyancy.h"
#include "leeway/hydro/windage.h"
#include "leeway/propulsion/control_surface.h"
#include "leeway/propulsion/thruster.h"

namespace leeway {

/// No restoring force at all (a body in air, or one whose hydrostatics a later model supplies).
struct NoRestoring {};

using RestoringModel = std::variant<NoRestoring, SubmergedRestoring, LinearRestoring>;
using WindageModel = std::variant<std::monostate, VrxWindage, WindageTable>;

struct BodyModel {
  /// The SDF <model> this body came from (its scoped name, model_tree.h); MODEL/LINK for a body
  /// of an articulated model's other than its canonical link's (sdf/articulated_loader.h).
  std::string model_name;
  std::string link_name;  ///< its reference link; B is this link's frame
  /// Every link of its model, merged into the body (link_name's is B itself), and the model's
  /// own frame M: where each sits in B. Frames only, for the interfaces (the link tree).
  struct LinkFrame {
    std::string name;
    Pose X_BL;
  };
  std::vector<LinkFrame> links;
  Pose X_BM;

  // Inertia. M = M_RB + M_A is constant in B, so it is inverted once here.
  double mass = 0.0;            ///< [kg]
  Vec3 p_BoBcm = Vec3::Zero();  ///< centre of mass [m], in B
  Mat3 I_Bcm = Mat3::Zero();    ///< inertia about Bcm, B axes [kg m^2]
  Mat6 M_RB = Mat6::Zero();     ///< rigid-body mass matrix about Bo, in B
  Mat6 M_A = Mat6::Zero();      ///< added mass about Bo, in B (symmetric)
  /// The acceleration per wrench: (M_RB + M_A)^-1, or on a world joint the constrained
  /// s (s^T M s)^-1 s^T (world_joint.h).
  Mat6 M_inv = Mat6::Zero();
  /// The joint holding it to the world on an axis, if one does (world_joint.h).
  std::optional<WorldJoint> world_joint;
  /// The articulated tree (world/model.h's Model::trees) that moves this body as one of its
  /// links, or -1: the body moves alone, by integrator.h. A link's body keeps its force models
  /// and its place in the State; the tree says where it goes (its M_inv and world_joint are
  /// then unused).
  int tree = -1;

  bool added_mass_coriolis = true;      ///< include C_A(nu_r) nu_r
  MunkMoment munk = MunkMoment::kKeep;  ///< keep or cancel the Munk moment (coriolis.h)
  DampingModel damping;
  /// The damping written for links fixed to B other than its reference link (a UUV Simulator
  /// block on an arm's base, merged into the vehicle), each at its link's origin in its axes.
  std::vector<DampingModel> link_damping;
  std::optional<CrossFlowDrag> cross_flow_drag;  ///< strip sway and yaw drag (slender hulls)
  std::optional<BodyLift> body_lift;             ///< lift of the hull itself (slender AUVs)
  RestoringModel restoring;
  std::vector<PointWeight> point_weights;  ///< weights outside `restoring` (Otter's payload)
  /// This body's own steady current [m/s], in W (gz-sim's default_current); none: the world's.
  std::optional<Vec3> v_current_override_W;
  /// This body's own current from a table [m/s], in W, where the table covers it (gz-sim's
  /// lookup_current_x/y/z); elsewhere v_current_override_W or the world's.
  std::shared_ptr<const VectorField> current_lookup;
  bool wave_kinematics = true;  ///< add the waves' orbital velocity to the water's

  // The hull against the free surface; each present model adds its own term. With any of the
  // first three, `restoring` carries the weight alone.
  std::optional<MeshHydrostatics> mesh_hydrostatics;  ///< pressure on a hull mesh
  std::vector<StripHull> strip_hulls;                 ///< VRX's demi-hull strips
  std::vector<ShapeFloat> shape_floats;               ///< simple-shape floats
  std::optional<HullFriction> hull_friction;          ///< ITTC-57 friction and form drag
  WindageModel windage;                               ///< wind on the emerged part
  double gravity = 9.80665;                           ///< |g| for the hull models [m/s^2]
  /// A bound on how fast its velocity-linear drags relax its motion [1/s]
  /// (shape_float_drag_rate): integrate_body() takes as many substeps as this needs.
  double drag_rate = 0.0;

  // Actuated forces; their states are the world's actuators (Model::actuators).
  std::vector<Thruster> thrusters;
  std::vector<ControlSurface> control_surfaces;
  std::vector<BuoyancyEngine> buoyancy_engines;  ///< bladders of variable volume

  // Initial state, from the SDF poses.
  Vec3 p_WB0 = Vec3::Zero();
  Quat q_WB0 = Quat::Identity();
  Vec6 V_WB_B0 = Vec6::Zero();
};

}  // namespace leeway
