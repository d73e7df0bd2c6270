// What a hydrodynamics plugin says about one body, already converted to Leeway's conventions:
// FLU axes, about the body origin Bo, positive (physical) added mass and dissipative damping.
// Each plugin adapter (gz-sim's, Leeway's own) fills one of these; body_loader.cc combines it with
// the links' inertia into a BodyModel.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "leeway/core/error.h"
#include "leeway/env/vector_field.h"
#include "leeway/hydro/body_lift.h"
#include "leeway/hydro/coriolis.h"
#include "leeway/hydro/cross_flow_drag.h"
#include "leeway/hydro/damping.h"
#include "leeway/hydro/restoring.h"

namespace leeway::sdfio {

struct BuoyancyVolume {
  double volume = 0.0;          ///< displaced volume when submerged [m^3]
  bool neutral = false;         ///< the volume is the body's mass over the water's density
  Vec3 p_BoBcb = Vec3::Zero();  ///< its centroid [m], in B
  double height = 0.0;          ///< vertical extent about Bo for the surface [m]; 0: none
  /// The density of the water it displaces [kg/m^3], when its plugin states one (UUV's
  /// <fluid_density>); 0: the world's water.
  double fluid_density = 0.0;
};

struct HydroParams {
  SourceLocation where;     ///< the plugin element, for later messages
  std::string link_name;    ///< the link it acts on
  Mat6 M_A = Mat6::Zero();  ///< as given (may be asymmetric: symmetrised with a warning)
  DampingModel damping;
  /// Blocks of other links fixed to the body, moved into it (hydro_blocks.h): their damping.
  std::vector<DampingModel> link_damping;
  bool added_mass_coriolis = true;
  MunkMoment munk = MunkMoment::kKeep;
  bool wave_kinematics = true;      ///< the waves' orbital velocity moves the water it sees
  std::optional<Vec3> v_current_W;  ///< a per-model current (gz-sim's default_current)
  /// A per-model current looked up in a table where it covers the body (gz-sim's
  /// lookup_current_x/y/z), in place of v_current_W or the world's.
  std::shared_ptr<const VectorField> current_lookup;
  std::optional<BuoyancyVolume> buoyancy;
  std::optional<LinearRestoring> linear_restoring;
  std::vector<PointWeight> point_weights;
  /// A fluid density of 0 in these means the world's water.
  std::optional<CrossFlowDrag> cross_flow_drag;
  std::optional<BodyLift> body_lift;
};

}  // namespace leeway::sdfio
