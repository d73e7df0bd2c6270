// Wind load on the part of a vessel above water, from the apparent wind a_B: the air's velocity
// relative to the body's origin, in body axes (env/environment.h apparent_wind_B).
//
// VRX's law (USVWind, research/vrx.md 2.5), with coefficients C_x, C_y, C_n [kg/m, kg/m, kg]:
//   X = C_x a_x |a_x|,  Y = C_y a_y |a_y|,  N = -2 C_n a_x a_y
// VRX's gz version evaluates it in world axes (a = wind - v_link in W, force applied in W), so the
// surge/sway split and the yaw moment depend on the compass heading rather than on the hull: a
// boat heading north in an east wind gets the same "X" as one heading east. VRX's classic plugin
// evaluated it in body axes, but on the true wind: the air's velocity alone, the vessel's own not
// subtracted, so a boat driving through still air feels nothing. Leeway evaluates it in body axes
// on the apparent wind; the option `world_axes` reproduces the gz version and `true_wind` the
// classic one.
//
// Coefficient tables (Isherwood 1972 and Blendermann 1994 style; Fossen 2021, section 10.1):
//   X = q A_F C_X(g),  Y = q A_L C_Y(g),  K = q A_L H C_K(g),  N = q A_L L C_N(g),
//   q = rho_air |a_xy|^2 / 2,  g = atan2(-a_y, -a_x)
// g is the direction the wind comes from, in B: 0 from ahead, +90 deg from port (FLU), and the
// coefficients are in FLU signs (a wind from port gives C_Y < 0, pushing the boat to starboard).
// Tables are interpolated linearly and periodically over the full circle, so they are
// continuous through +-180 deg whatever the first and last entries are.
// Blendermann's formulas (per vessel type: CD_t, CD_l,AF(0), CD_l,AF(pi), delta, kappa) build such
// a table; with Fossen's relative-wind angle g_F = g and FRD forces, C_Y = -C_Y,F, C_N = -C_N,F.
#pragma once

#include <vector>

#include "leeway/core/spatial.h"

namespace leeway {

struct VrxWindage {
  double C_x = 0.0, C_y = 0.0, C_n = 0.0;
  bool world_axes = false;  ///< VRX gz: evaluate and apply in W
  bool true_wind = false;   ///< VRX classic: the wind alone, the vessel's velocity not subtracted
};

struct WindageTable {
  std::vector<double> angle;  ///< g [rad], strictly increasing, spanning less than 2 pi
  std::vector<double> C_X, C_Y, C_K, C_N;
  double frontal_area = 0.0;   ///< A_F [m^2]
  double lateral_area = 0.0;   ///< A_L [m^2]
  double length = 0.0;         ///< L, length overall [m]
  double height = 0.0;         ///< H, lever of the lateral force for the heel moment [m]
  double air_density = 1.225;  ///< [kg/m^3]
};

/// Blendermann (1994) parameters of one vessel type (Fossen 2021, table 10.2).
struct Blendermann {
  double CD_t = 0.9, CD_l_bow = 0.55, CD_l_stern = 0.6, delta = 0.6, kappa = 1.1;
  double s_L = 0.0;  ///< horizontal distance from midships to the lateral area's centroid [m]
  double s_H = 0.0;  ///< height of that centroid above the waterline [m]
};

/// VRX's law on the apparent wind `a` (B, or W with world_axes); returns [X Y 0 0 0 N] in the
/// same axes.
Vec6 vrx_windage_wrench(const VrxWindage& model, const Vec3& a);

/// The table law on the apparent wind a_B; a wrench about Bo in B.
Vec6 table_windage_wrench(const WindageTable& table, const Vec3& a_B);

/// The four coefficients at angle g [rad], interpolated periodically.
Eigen::Vector4d windage_coefficients(const WindageTable& table, double g);

/// A table sampled every degree from Blendermann's formulas, with the areas and lengths given.
WindageTable blendermann_table(const Blendermann& b, double frontal_area, double lateral_area,
                               double length);

}  // namespace leeway
