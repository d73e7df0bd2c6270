// A foil: a lifting surface (rudder, keel, fin, hydrofoil, sail) in water or air. One model
// serves them all; only the coefficients and the fluid differ.
//
// Frames. The foil's chord axis c (its forward direction, from trailing to leading edge) and span
// axis s (the axis it turns about) are unit vectors in B at zero deflection; a deflection delta
// turns the chord about s: c' = R(s, delta) c, and n = s x c' is the foil's normal. The centre of
// pressure P does not move with the deflection.
//
// Flow. The apparent flow at P is the fluid's velocity minus the point's:
//   v = v_fluid - (v_Bo + w x p_BoP)                 (body velocity and fluid in B)
// projected into the foil's plane of motion (normal to the span): v_p = v - (v . s) s, speed
// U = |v_p|, direction d = v_p / U. The angle of attack is the turn about s from the head-on flow
// -c' to d:
//   alpha = atan2(-d . n, -d . c')        in (-pi, pi]
// so alpha > 0 when the flow comes onto the foil from the +n side.
//
// Forces, with q = rho U^2 / 2 and area A:
//   drag  D = q A C_D(alpha) d                       along the flow
//   lift  L = q A C_L(alpha) (s x d)                 across it: C_L > 0 pushes towards -n
//   moment about P: q A chord C_M(alpha) s
// The span component of the flow (v . s) makes no force (no cross-flow drag on the foil).
//
// Coefficient laws:
//   flat plate   C_L = k_L sin 2 alpha,  C_D = k_D (1 - cos 2 alpha), C_M = 0: USVSim's law
//                (seed 002; its plugin read mult_drag into mult_lift, research/
//                usvsim_stonefish_waves.md A.3; here each knob sets its own coefficient)
//   table        C_L, C_D, C_M over the full circle, interpolated linearly and periodically
//                (stall is whatever the table says)
//   two lines    gz-sim's LiftDrag and UUV Simulator's TwoLines with alpha' = alpha + a0:
//                C_L = cla alpha' below the stall angle, cla alpha_s + cla_stall (|alpha'| -
//                alpha_s) past it (with alpha's sign), C_D = |cda alpha'| and
//                cda alpha_s + cda_stall (|alpha'| - alpha_s) likewise, fitted on
//                |alpha'| <= pi/2 and mirrored beyond (UUV's sign bugs, research/uuv.md 1.4,
//                corrected: the drag never turns into thrust)
//   wing         a finite wing of aspect ratio AR (a sail, a keel, a hydrofoil) with a = alpha
//                brought into (-pi, pi]: attached flow, with Prandtl's lifting-line slope and
//                induced drag (Anderson, Fundamentals of Aerodynamics 5.3),
//                  C_L,att = 2 pi AR / (AR + 2) a,  C_D,att = C_D0 + C_L,att^2 / (pi e AR),
//                and separated flow, the plate's normal force resolved (Hoerner, Fluid-Dynamic
//                Drag 3-16; C_N90 about 1.2 for AR near 2),
//                  C_L,sep = C_N90 sin a cos a,   C_D,sep = C_D0 + C_N90 sin^2 a,
//                blended across the stall angle alpha_s by Beard and McLain's sigmoid (Small
//                Unmanned Aircraft, 2012, eq. 4.10), here as the attached share
//                  w = 1 / ((1 + e^{M (a - alpha_s)}) (1 + e^{-M (a + alpha_s)})),
//                  C = w C_att + (1 - w) C_sep,
//                so the lift falls over about 4/M rad round the stall (to about a third for AR 2,
//                alpha_s 0.35 rad) and the foil is a plate broadside at 90 degrees; C_M = 0
//   quadratic    UUV Simulator's Quadratic (after Engelhardtsen 2007): lift L a U^2 and drag
//                D a^2 U^2 [N], a brought into [-pi/2, pi/2] as for two lines; its constants
//                carry rho A / 2, so neither the area nor the density enters (foil_load uses
//                U^2 for q A, and C_L = L a, C_D = D a^2)
#pragma once

#include <variant>
#include <vector>

#include "leeway/core/spatial.h"

namespace leeway {

struct FlatPlateFoil {
  double lift = 1.5;  ///< k_L
  double drag = 1.0;  ///< k_D
};
struct TableFoil {
  std::vector<double> alpha;  ///< [rad], strictly increasing, spanning less than 2 pi
  std::vector<double> C_L, C_D, C_M;
};
struct TwoLinesFoil {
  double a0 = 0.0;           ///< zero-lift angle offset [rad]
  double cla = 0.0;          ///< lift slope [1/rad]
  double cda = 0.0;          ///< drag slope [1/rad]
  double alpha_stall = 0.0;  ///< [rad]
  double cla_stall = 0.0;    ///< lift slope past the stall [1/rad]
  double cda_stall = 0.0;    ///< drag slope past the stall [1/rad]
};
struct WingFoil {
  double aspect_ratio = 2.0;       ///< AR = span^2 / area
  double stall_angle = 0.3;        ///< alpha_s [rad]
  double zero_lift_drag = 0.05;    ///< C_D0
  double oswald_efficiency = 0.9;  ///< e
  double normal_force_90 = 1.2;    ///< C_N90, broadside
  double stall_sharpness = 50.0;   ///< M [1/rad]
};
struct QuadraticFoil {
  double lift_constant = 0.0;  ///< L [N s^2 / (m^2 rad)]
  double drag_constant = 0.0;  ///< D [N s^2 / (m^2 rad^2)]
};
using FoilCoefficients =
    std::variant<FlatPlateFoil, TableFoil, TwoLinesFoil, WingFoil, QuadraticFoil>;

struct Foil {
  Vec3 p_BoP_B = Vec3::Zero();   ///< centre of pressure [m], in B
  Vec3 chord_B = Vec3::UnitX();  ///< forward along the chord at zero deflection (unit)
  Vec3 span_B = Vec3::UnitZ();   ///< the axis it turns about (unit, normal to the chord)
  double area = 0.0;             ///< A [m^2]
  double chord = 0.0;            ///< chord length for the moment [m]
  FoilCoefficients coefficients;
};

struct FoilCoefficientValues {
  double C_L = 0.0, C_D = 0.0, C_M = 0.0;
};
FoilCoefficientValues foil_coefficients(const FoilCoefficients& law, double alpha);

struct FoilLoad {
  Vec3 f_B = Vec3::Zero();    ///< lift + drag [N], in B
  Vec3 m_P_B = Vec3::Zero();  ///< pitching moment about P [N m], in B
  double alpha = 0.0;         ///< angle of attack [rad]
  double speed = 0.0;         ///< U [m/s] in the foil's plane
};

/// The angle of attack [rad] at deflection `delta` [rad] of the apparent flow `v_B` (0 if the flow
/// has no component in the foil's plane).
double angle_of_attack(const Foil& foil, double delta, const Vec3& v_B);

/// The foil's load at deflection `delta` [rad] with the apparent flow `v_B` at P (fluid minus
/// point velocity, in B) in a fluid of density `rho` [kg/m^3].
FoilLoad foil_load(const Foil& foil, double delta, const Vec3& v_B, double rho);

/// The same load as a wrench about Bo in B.
Vec6 foil_wrench(const Foil& foil, const FoilLoad& load);

}  // namespace leeway
