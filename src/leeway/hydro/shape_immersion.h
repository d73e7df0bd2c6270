// The part of a simple shape below a plane: its volume and centroid, for buoys, floats and quick
// models whose hull is a box, cylinder, sphere, ellipsoid or capsule (SDF's primitives, and VRX's
// PolyhedraBuoyancyDrag shapes).
//
// The shape sits at its own origin with SDF's conventions (box centred; cylinder and capsule along
// z, `length` the cylindrical part; ellipsoid semi-axes along x, y, z). The water is the half-space
// n . x <= h, with n a unit vector (the surface's upward normal) and h the signed distance of the
// surface above the shape's origin, all in the shape's frame.
//
//   sphere      cap of height t = clamp(h + r, 0, 2r):  V = pi t^2 (3 r - t) / 3, centroid on -n
//               at 3 (2 r - t)^2 / (4 (3 r - t)) from the centre (exact)
//   ellipsoid   the unit sphere under x = diag(a, b, c) y: the plane becomes m . y <= h / |D n|,
//               m = D n / |D n|; V = a b c V_sphere, centroid D c_sphere (exact)
//   box         the exact clip of the polyhedron (hydro/hull_pressure.h's integrals)
//   cylinder,   slices across the axis are discs (radius r, sqrt(r^2 - s^2) in the end caps, or
//   capsule,    falling linearly to the cone's apex) cut
//   cone        by a chord, of area r^2 (pi/2 + asin x + x sqrt(1 - x^2)), x the chord's offset
//               over r; the slices are integrated along the axis between the points where the
//               chord leaves the disc, each piece by 20-point Gauss-Legendre after the change of
//               variable s = s0 + (s1 - s0)(3 t^2 - 2 t^3), which makes the square-root ends
//               smooth: 1e-13 relative or better (tests compare with the closed forms)
#pragma once

#include "leeway/core/spatial.h"

namespace leeway {

struct Immersion {
  double volume = 0.0;           ///< [m^3]
  Vec3 centroid = Vec3::Zero();  ///< [m], in the shape's frame (the origin when nothing is wet)
};

/// The water's half-space n . x <= h in the shape's frame (n unit).
struct WaterPlane {
  Vec3 n = Vec3::UnitZ();
  double h = 0.0;
};

Immersion immersed_sphere(double radius, const WaterPlane& plane);
Immersion immersed_ellipsoid(const Vec3& semi_axes, const WaterPlane& plane);
Immersion immersed_box(const Vec3& size, const WaterPlane& plane);
Immersion immersed_cylinder(double radius, double length, const WaterPlane& plane);
Immersion immersed_capsule(double radius, double length, const WaterPlane& plane);
/// A cone of base radius `radius` at z = -length/2 and apex at +length/2 (gz-math's).
Immersion immersed_cone(double radius, double length, const WaterPlane& plane);

}  // namespace leeway
