// A float whose hull is a simple shape (box, sphere, cylinder, ellipsoid, capsule): buoys, fenders,
// quick models. The buoyancy comes from the exact immersed volume and centroid of the shape below
// the local water plane (shape_immersion.h); VRX's PolyhedraBuoyancyDrag drag terms ride along
// (research/vrx.md 2.4):
//   f = rho g V up  +  c_lin m_p v_rel,   its upward component kept >= 0 (as VRX) when rho > 0,
//                                          at the centroid
//   tau = -c_ang m_p Lbar^2 w_B
// with m_p = m_link V / V_shape the link mass in proportion to the immersed share, v_rel the
// water's velocity relative to the body at the centroid, w_B the body's angular velocity and Lbar
// the shape's average length (box: (x + y + z) / 3, sphere 2 r, cylinder, capsule, cone (2 r + L) /
// 2, ellipsoid 2 (a + b + c) / 3: Leeway's reading, as VRX's definition was not available). VRX
// takes the water plane horizontal at the height above the shape's origin; Leeway tilts it with the
// local wave slope (the tangent plane), which matters once the wave is not much longer than the
// shape.
#pragma once

#include "leeway/core/spatial.h"
#include "leeway/hydro/shape_immersion.h"

namespace leeway {

enum class ShapeKind { kBox, kSphere, kCylinder, kEllipsoid, kCapsule, kCone };

struct FloatShape {
  ShapeKind kind = ShapeKind::kSphere;
  Vec3 size = Vec3::Zero();  ///< box: edge lengths; ellipsoid: semi-axes [m]
  double radius = 0.0;       ///< sphere, cylinder, capsule [m]
  double length = 0.0;       ///< cylinder, capsule, cone: along the shape's z axis [m]
};

double shape_volume(const FloatShape& shape);
double average_length(const FloatShape& shape);
Immersion immersed(const FloatShape& shape, const WaterPlane& plane);

struct ShapeFloat {
  FloatShape shape;
  Eigen::Isometry3d X_BS = Eigen::Isometry3d::Identity();  ///< the shape's pose in B
  double linear_drag = 0.0;                                ///< c_lin [1/s]
  double angular_drag = 0.0;                               ///< c_ang [1/s]
  double link_mass = 0.0;        ///< m_link [kg], for the drag's mass share
  double fluid_density = 997.0;  ///< [kg/m^3] (VRX's default)
  double fluid_level = 0.0;      ///< the float's calm water height in W [m], moved by the waves
  /// false: the water plane stays horizontal at fluid_level whatever the waves do (a density
  /// layer of gz-sim's graded buoyancy, deep or not, is not a free surface).
  bool follows_waves = true;
};

/// An upper bound on the fastest rate [1/s] at which the float's drag relaxes the motion of a
/// body whose inverse mass matrix (about Bo, in B) is `M_inv`: the largest eigenvalue of
/// M^-1 D, D the drag's damping matrix with the float fully wet and its centroid at the worst
/// corner of the shape's bounding box (the eigenvalue is convex in the centroid, so a corner
/// bounds it). A float far from a body of small inertia is stiff: VRX's marker buoy (20 kg,
/// I = 1 kg m^2 about a centre of mass 1.7 m from its float, linear_drag 25) relaxes at
/// ~1500 1/s, where RK4 at VRX's 4 ms step needs rate * dt < 2.78 to stay stable.
double shape_float_drag_rate(const ShapeFloat& f, const Mat6& M_inv);

/// The float's wrench about Bo in B [N, N m]. `volume` and `p_BoC` (B) from immersed(); `up_B`
/// the world's up direction in B; `v_rel_B` the water's velocity relative to the body at the
/// centroid, `w_B` the body's angular velocity, both in B.
Vec6 shape_float_wrench(const ShapeFloat& f, double volume, const Vec3& p_BoC, const Vec3& up_B,
                        const Vec3& v_rel_B, const Vec3& w_B, double fluid_density, double gravity);

}  // namespace leeway
