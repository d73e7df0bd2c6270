// Where a ray first meets a surface: the convex primitives of geometry/convex_shape.h, a plane
// and a triangle, each in closed form and in double precision (the rays of the acoustic and
// range sensors, sensors/dvl.h).
//
// A ray is the half-line x(t) = origin + t d, t >= 0, with d a unit vector, so t is a distance
// [m]. A hit is the smallest t in [0, max_distance] at which the ray enters the surface, with the
// surface's outward unit normal there. A ray that starts inside a solid primitive hits nothing:
// sensors see out of the hull they are mounted in. A plane and a triangle are one-sided: their
// back faces (normal along d) are not hit, as a seabed is not seen from below.
//
//   sphere r       |x|^2 = r^2: t^2 + 2 (o.d) t + |o|^2 - r^2 = 0, the smaller root
//   ellipsoid a    the sphere's equation in the coordinates x_i / a_i
//   box h          slabs: the largest entering t over the three axes, before the smallest
//                  leaving t (Kay and Kajiya, SIGGRAPH 1986)
//   cylinder r, L  the lateral surface x^2 + y^2 = r^2 with |z| <= L/2, and the two end discs
//   capsule r, L   the lateral surface and the spheres r at z = +-L/2
//   cone r, L      (x^2 + y^2) = (r (L/2 - z) / L)^2 with |z| <= L/2, and the base disc
//   plane n, c     n.x = c: t = (c - n.o) / (n.d) where n.d < 0
//   triangle       Moller and Trumbore, J. Graphics Tools 2(1), 1997
#pragma once

#include <optional>

#include "leeway/geometry/convex_shape.h"

namespace leeway {

struct Ray {
  Vec3 origin = Vec3::Zero();
  Vec3 direction = Vec3::UnitX();  ///< unit
};

struct RayHit {
  double distance = 0.0;       ///< t [m]
  Vec3 normal = Vec3::Zero();  ///< outward, unit, in the ray's frame
};

/// The ray (in the shape's frame S) against a convex primitive.
std::optional<RayHit> ray_cast(const ConvexShape& shape, const Ray& ray_S, double max_distance);

/// The ray against the front of the plane {x : n.x = c} (n unit).
std::optional<RayHit> ray_cast_plane(const Vec3& n, double c, const Ray& ray, double max_distance);

/// The ray against the front of triangle (a, b, c), counter-clockwise seen from its front.
std::optional<RayHit> ray_cast_triangle(const Vec3& a, const Vec3& b, const Vec3& c, const Ray& ray,
                                        double max_distance);

}  // namespace leeway
