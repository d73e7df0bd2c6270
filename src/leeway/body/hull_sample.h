// Mesh hydrostatics in the step: the pressure on the hull mesh is integrated once per update (at
// the start of a step, every step or at a slower per-model rate), and carried to the poses of the
// integrator's stages and of the steps until the next update.
//
// Between updates the wrench is either held (`hold`: the force and moment about Bo fixed in W, as
// Stonefish's prescaler and VRX's once-per-step plugins do) or extrapolated with the body's motion
// (`extrapolate`, the default): the update also computes the hydrostatic restoring matrix C of
// the immersed hull (hydro/hull_pressure.h), and a stage at displacement delta = [dp_W; da_W]
// from the update's pose gets
//   f_W = f0_W - C_f delta,   m_W = m0_W - C_m delta
// which is the exact wrench to first order in the displacement. A held wrench lets an
// oscillation gain energy every step (the restoring force lags the motion); the extrapolated one
// keeps RK4's accuracy at one mesh integration per step (the heave and roll tests in
// tests/reference/hull_hydrostatics_test.cc give the figures).
#pragma once

#include <limits>
#include <vector>

#include "leeway/core/spatial.h"
#include "leeway/env/environment.h"
#include "leeway/geometry/hull_mesh.h"

namespace leeway {

struct MeshHydrostatics {
  enum class Between { kExtrapolate, kHold };
  HullMesh mesh;               ///< the hull, in B
  bool froude_krylov = false;  ///< p = rho g (z_calm - z) + p_wave, not rho g (depth)
  double update_period = 0.0;  ///< [s]; 0: every step
  Between between = Between::kExtrapolate;
};

/// The mesh hydrostatics of one body at its last update.
struct HullSample {
  bool valid = false;
  double t = -std::numeric_limits<double>::infinity();  ///< time of the update [s]
  Vec3 p_WB = Vec3::Zero();
  Mat3 R_WB = Mat3::Identity();
  Vec3 f_W = Vec3::Zero();     ///< pressure force [N], in W
  Vec3 m_Bo_W = Vec3::Zero();  ///< its moment about Bo [N m], W axes
  Mat6 C = Mat6::Zero();       ///< restoring matrix about Bo, W axes
  double volume = 0.0;         ///< displaced volume [m^3]
  Vec3 p_BoCb_W = Vec3::Zero();
  double wetted_area = 0.0;  ///< [m^2]
  double waterplane_area = 0.0;

  bool operator==(const HullSample&) const = default;
};

/// Space for sample_hull's per-vertex values, reused from one update to the next.
struct HullScratch {
  std::vector<double> depth, pressure, x, y, eta;
};

/// Integrates the pressure over the mesh at pose (p_WB, R_WB) and time t; `gravity` is |g|.
/// Works in `scratch` if given (then it allocates nothing once the scratch has grown).
HullSample sample_hull(const MeshHydrostatics& model, const Environment& env, double t,
                       const Vec3& p_WB, const Mat3& R_WB, double gravity,
                       HullScratch* scratch = nullptr);

/// The sample's wrench carried to the pose (p_WB, R_WB): about Bo, in B [N, N m].
Vec6 hull_wrench(const MeshHydrostatics& model, const HullSample& sample, const Vec3& p_WB,
                 const Mat3& R_WB);

/// Steps between updates for a step of dt [s]: round(update_period / dt), at least 1.
std::uint64_t hull_update_interval(const MeshHydrostatics& model, double dt);

}  // namespace leeway
