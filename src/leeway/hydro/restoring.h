// Hydrostatic restoring: weight and buoyancy of a submerged body, or a linear restoring matrix
// for a surface body.
//
// Submerged body (Fossen 2021, eq. 4.6): the weight W = m g acts at the centre of mass Bcm and
// the buoyancy B = rho V g at the centre of buoyancy Bcb, both along the world's gravity:
//   F_Bo_B = [ R_WB^T (f_W + f_B) ;  p_BoBcm x R_WB^T f_W  +  p_BoBcb x R_WB^T f_B ]
// with f_W = m g_W and f_B = -rho V g_W, g_W the world gravity vector [m/s^2].
// At the surface, as UUV Simulator does, the buoyancy shrinks with the share of a vertical extent
// h, centred on the origin Bo, that lies below the free surface at height eta:
//   f_B -> s f_B,   s = clamp((eta - (z_Bo - h/2)) / h, 0, 1)
// so a positively buoyant vehicle surfaces and floats where s = m / (rho V) instead of rising out
// of the water. The centre of buoyancy stays put: a coarse model of a surfaced vehicle, for
// vehicles built to work submerged (a vessel's hull has hull hydrostatics). With h = 0 the fluid
// fills the world, as gz-sim's buoyancy system assumes.
//
// Surface body, linear theory (Fossen 2021, section 4.2): the weight is balanced by the water it
// displaces at its equilibrium draft, and what remains is a spring about the centre of flotation F:
//   F_F = -G eta_F,   eta_F = [x_F, y_F, z_F - z_s, roll - roll_s, pitch - pitch_s, yaw]
// where (x_F, y_F, z_F) is F's position in W, roll, pitch, yaw are the ZYX Euler angles of B, and
// z_s, roll_s, pitch_s the height and slope of the free surface above F (the calm level and zero
// in still water; in waves, a small body thus heaves and tilts with the surface). F_F is a
// wrench about F in B axes, moved to Bo. G (6x6, about F, FLU/ENU signs) usually holds
// only G33 = rho g A_wp, G44 = rho g V GM_T, G55 = rho g V GM_L and the heave-pitch coupling
// G35 = G53; it is the small-motion linearisation and should be used for small motions only.
#pragma once

#include "leeway/core/spatial.h"

namespace leeway {

struct SubmergedRestoring {
  Vec3 f_weight_W = Vec3::Zero();    ///< m g_W [N], in W
  Vec3 f_buoyancy_W = Vec3::Zero();  ///< -rho V g_W [N], in W
  Vec3 p_BoBcm = Vec3::Zero();       ///< centre of mass [m], in B
  Vec3 p_BoBcb = Vec3::Zero();       ///< centre of buoyancy [m], in B
  double height = 0.0;  ///< h: vertical extent about Bo for the surface [m]; 0: always immersed
};

/// s above: the immersed share of a height `height` centred at z_Bo under a surface at eta [m].
double immersed_share(double height, double z_Bo, double eta);

/// A weight carried apart from the restoring model: m g at P, along the world's gravity. Fossen's
/// Otter applies its payload so while its linear restoring balances the hull alone
/// (reference/fossen-vehicles); at the payload's trim the tilted weight then has a forward
/// component nothing balances, and the reference Otter creeps ahead at about 0.08 m/s.
struct PointWeight {
  double mass = 0.0;          ///< m [kg]
  Vec3 p_BoP = Vec3::Zero();  ///< where it acts [m], in B
};

struct LinearRestoring {
  Mat6 G = Mat6::Zero();      ///< restoring matrix about F [N/m, N, N m/rad]
  Vec3 p_BoF = Vec3::Zero();  ///< centre of flotation [m], in B
};

/// The wrench about Bo in B, with the buoyancy scaled by `immersed` (s above, 1 when submerged).
Vec6 submerged_restoring_wrench(const SubmergedRestoring& model, const Mat3& R_WB,
                                double immersed = 1.0);

/// The weight's wrench about Bo in B [N, N m] under gravity g_W [m/s^2].
Vec6 point_weight_wrench(const PointWeight& weight, const Mat3& R_WB, const Vec3& g_W);

/// Potential energy of weight and buoyancy [J] (zero with both centres at the world origin).
double submerged_potential_energy(const SubmergedRestoring& model, const Vec3& p_WB,
                                  const Mat3& R_WB);

/// `surface_z`, `surface_roll`, `surface_pitch`: the free surface above F (environment.h).
Vec6 linear_restoring_wrench(const LinearRestoring& model, const Vec3& p_WB, const Quat& q_WB,
                             double surface_z, double surface_roll, double surface_pitch);
/// The same with q_WB's ZYX Euler angles already known (rotation.h euler_zyx(q_WB)).
Vec6 linear_restoring_wrench(const LinearRestoring& model, const Vec3& p_WB, const Quat& q_WB,
                             const Vec3& rpy_WB, double surface_z, double surface_roll,
                             double surface_pitch);

}  // namespace leeway
