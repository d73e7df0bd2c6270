// How deep two overlapping convex shapes are, by the Expanding Polytope Algorithm (van den Bergen,
// "Proximity queries and penetration depth computation on 3D game objects", GDC 2001; Ericson,
// Real-Time Collision Detection, 9.5).
//
// When A and B overlap, the origin lies inside their Minkowski difference D = A - B (gjk.h), and
// the penetration depth is the distance from the origin to D's boundary:
//   depth = min over unit n of h_D(n),   h_D(n) = max over w in D of n . w,
// the shortest translation of B (by depth along the minimising n) that leaves the two touching.
// EPA grows a polytope inside D from GJK's last simplex: it takes the polytope's face nearest the
// origin, asks D's support function for the farthest point along that face's normal and, when
// that point lies beyond the face, replaces every face that sees it by a fan of faces to it. The
// face's distance only grows and the support value along its normal bounds the depth from above,
// so the loop stops when the two meet within 1e-9 m + 1e-6 of the depth (shapes with curved faces
// converge only asymptotically), or after 128 support points.
//
// The witnesses are the points of A and B that the nearest face's point (the origin's projection
// on it) comes from, by its barycentric weights: p_WA is A's point deepest inside B, p_WB B's
// deepest inside A, and p_WA - p_WB = depth n_W.
#pragma once

#include <Eigen/Geometry>

#include "leeway/geometry/convex_shape.h"
#include "leeway/geometry/gjk.h"

namespace leeway {

struct ShapePenetration {
  double depth = 0.0;        ///< [m] >= 0
  Vec3 n_W = Vec3::UnitZ();  ///< unit, from A towards B: moving B by depth n_W separates them
  Vec3 p_WA = Vec3::Zero();  ///< the point of A deepest inside B, in W
  Vec3 p_WB = Vec3::Zero();  ///< the point of B deepest inside A, in W
  int iterations = 0;        ///< support queries made
  bool converged = false;    ///< false: the bounds had not met after the last query
};

/// The penetration of shape `a` at X_WA and `b` at X_WB, which `overlap` (shape_distance of the
/// same two) says overlap. Shapes that only touch have depth 0.
ShapePenetration shape_penetration(const ConvexShape& a, const Eigen::Isometry3d& X_WA,
                                   const ConvexShape& b, const Eigen::Isometry3d& X_WB,
                                   const ShapeDistance& overlap);

}  // namespace leeway
