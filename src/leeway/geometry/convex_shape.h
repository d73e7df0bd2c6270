// The convex primitives that SDF's <collision> elements describe, each in its own frame S
// (centred on S's origin, as SDF places them), known to the contact query through its support
// function: the point of the shape farthest along a direction,
//   s(d) = argmax over x in shape of d . x.
// Every convex shape is the intersection of its supporting half-spaces, so s(d) is all that GJK
// (gjk.h) needs to measure the distance between two of them.
//   sphere r           s(d) = r d/|d|
//   box, half size h   s(d) = (sign(d_x) h_x, sign(d_y) h_y, sign(d_z) h_z)
//   cylinder r, L      axis z: s(d) = r (d_x, d_y)/|(d_x, d_y)| + sign(d_z) L/2 z
//   capsule r, L       the segment z in [-L/2, L/2] swept by a sphere r: sign(d_z) L/2 z + r d/|d|
//   ellipsoid a        x^T A^-2 x <= 1, A = diag(a):  s(d) = A^2 d / |A d|
//   cone r, L          base disc r at z = -L/2, apex at +L/2 (gz-math's and SDF 1.11's): s(d) is
//                      the apex or the base's support point, whichever reaches farther along d
// (sign(0) is taken as +1: any point of a face is a support point along its normal.)
#pragma once

#include <variant>

#include "leeway/core/spatial.h"

namespace leeway {

struct Sphere {
  double radius = 0.0;  ///< [m]
};
struct Box {
  Vec3 half_size = Vec3::Zero();  ///< half the edge lengths along S's x, y, z [m]
};
struct Cylinder {
  double radius = 0.0;       ///< [m]
  double half_length = 0.0;  ///< along S's z [m]
};
struct Capsule {
  double radius = 0.0;       ///< [m]
  double half_length = 0.0;  ///< of the axis segment, along S's z, caps excluded [m]
};
struct Ellipsoid {
  Vec3 semi_axes = Vec3::Zero();  ///< along S's x, y, z [m]
};
struct Cone {
  double radius = 0.0;       ///< of the base [m]
  double half_length = 0.0;  ///< the base at z = -half_length, the apex at +half_length [m]
};

using ConvexShape = std::variant<Sphere, Box, Cylinder, Capsule, Ellipsoid, Cone>;

/// s(d) of the header comment, in S; d need not be unit (nor non-zero).
Vec3 support(const ConvexShape& shape, const Vec3& d_S);

/// Radius [m] of the smallest sphere about S's origin that holds the shape.
double bounding_radius(const ConvexShape& shape);

/// Volume [m^3]: box 8 h_x h_y h_z; sphere 4/3 pi r^3; cylinder pi r^2 L;
/// capsule pi r^2 L + 4/3 pi r^3; ellipsoid 4/3 pi a b c; cone pi r^2 L / 3.
double volume(const ConvexShape& shape);

/// Centre of volume [m], in S: the origin, but for a cone, a quarter of its length above the
/// base, (0, 0, -L/4).
Vec3 centroid(const ConvexShape& shape);

}  // namespace leeway
