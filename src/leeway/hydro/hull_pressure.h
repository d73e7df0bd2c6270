// Pressure on a hull mesh cut by the free surface: the force and moment the water exerts, and the
// displaced volume, centre of buoyancy, waterplane and wetted area that go with them.
//
// Input: the mesh in B, its attitude R_WB, and per vertex V its depth below the free surface
// d_V = eta(x_V, y_V, t) - z_V [m] (the exact elevation above the vertex, env/wave_field.h) and
// the water pressure there p_V [Pa] (gauge: zero at the surface). The caller chooses the
// pressure: hydrostatic below the local surface, p = rho g d, or Froude-Krylov,
// p = rho g (z_calm - z) + p_wave (the incident wave's pressure, env/wave_field.h).
//
// Each triangle is clipped where d changes sign (the crossing found by linear interpolation of d
// along the edge, where p = 0); the wet part is one triangle or a quadrilateral split in two.
// Over each wet triangle with corners r_i (relative to Bo), pressures p_i and area vector
// N = 1/2 (r_2 - r_1) x (r_3 - r_1) (outward, |N| the area) the pressure is taken linear, which
// integrates exactly:
//   f = - N (p_1 + p_2 + p_3) / 3
//   m = - (1/12) (sum_i p_i r_i + (sum_i p_i)(sum_i r_i)) x N          (about Bo)
// In still water (p = rho g d, d linear in z) this is exact for any closed polyhedron: a fully
// submerged mesh gets f = rho g V upwards through its centroid, to rounding, at any attitude.
// The sums run in B over the mesh's precomputed face geometry, so only the vertices' heights
// (and, in waves, their horizontal positions) are transformed each update.
//
// The displaced volume is the water column between the hull and the surface, from the same wet
// triangles with a_z = -N_z (their horizontal projection in W, positive under the hull); it is
// exact for any closed mesh because the projections cancel:
//   V = sum a_z mean(d),  V p_BoCb = sum a_z [ mean(x d), mean(y d), mean(z d + d^2 / 2) ]
// (means over the triangle: mean(f g) = (sum f_i g_i + sum f_i sum g_i) / 12, exact for linear f
// and g). The waterplane (the region the surface cuts out of the hull, projected on the
// horizontal) is bounded by the clipped edges' waterline segments, so its area and moments about
// the vertical through Bo come from Green's theorem over them (W axes, each segment
// (x1, y1) -> (x2, y2) oriented counter-clockwise seen from above, c = x1 y2 - x2 y1):
//   A += c / 2,  S_x += c (x1 + x2) / 6,  I_xx += c (x1^2 + x1 x2 + x2^2) / 12,
//   I_xy += c (x1 y2 + 2 x1 y1 + 2 x2 y2 + x2 y1) / 24,  and S_y, I_yy alike.
// wetted_area = sum |N|.
#pragma once

#include <span>

#include "leeway/core/spatial.h"
#include "leeway/geometry/hull_mesh.h"

namespace leeway {

/// Area integrals of the waterplane about the vertical through Bo, W axes [m^2, m^3, m^4].
struct Waterplane {
  double area = 0.0;
  double S_x = 0.0, S_y = 0.0;                ///< first moments: integral of x, y
  double I_xx = 0.0, I_yy = 0.0, I_xy = 0.0;  ///< integrals of x^2, y^2, x y
};

struct HullPressure {
  Vec3 f_W = Vec3::Zero();       ///< pressure force [N], in W
  Vec3 m_Bo_W = Vec3::Zero();    ///< its moment about Bo [N m], in W axes
  double volume = 0.0;           ///< displaced volume [m^3]
  Vec3 p_BoCb_W = Vec3::Zero();  ///< centre of buoyancy relative to Bo [m], W axes
  double wetted_area = 0.0;      ///< [m^2]
  Waterplane waterplane;
};

/// Integrates the pressure over the wet part of `mesh` at attitude R_WB (the position enters
/// through the depths). `depth` and `pressure` are indexed like mesh.p_BoV.
HullPressure integrate_hull_pressure(const HullMesh& mesh, const Mat3& R_WB,
                                     std::span<const double> depth,
                                     std::span<const double> pressure);

/// Linear hydrostatic restoring matrix C about the current pose: for a small rigid displacement
/// delta = [dp_W; da_W] (translation of Bo and a small rotation vector, both in W) the buoyancy
/// wrench about Bo (W axes) changes by -C delta. The immersed volume moves with the body and the
/// waterplane gains or loses a slice of thickness dp_z + da_x y - da_y x (flat-water theory):
///   df_z = -rho g (A dp_z + S_y da_x - S_x da_y)
///   dm_x =  rho g (V (c_x da_z - c_z da_x) - S_y dp_z - I_yy da_x + I_xy da_y)
///   dm_y = -rho g (V (c_z da_y - c_y da_z) - S_x dp_z - I_xy da_x + I_xx da_y)
/// with c = p_BoCb_W. For a body floating upright with Bo on the waterplane:
/// C33 = rho g A_wp, C44 = rho g (I_yy + V z_Cb), C55 = rho g (I_xx + V z_Cb), the buoyancy's
/// share of rho g V GM_T and rho g V GM_L (the weight adds -m g z_G).
Mat6 hydrostatic_restoring_matrix(const HullPressure& loads, double fluid_density, double gravity);

}  // namespace leeway
