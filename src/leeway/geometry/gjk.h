// The distance between two convex shapes, by the Gilbert-Johnson-Keerthi algorithm (Gilbert,
// Johnson and Keerthi, IEEE J. Robotics and Automation 4(2), 1988; the termination test of
// van den Bergen, J. Graphics Tools 4(2), 1999).
//
// Two convex shapes A and B are apart by the distance of the origin from their Minkowski
// difference D = A - B = {a - b}, and D's support function is s_D(d) = s_A(d) - s_B(-d). GJK
// keeps a simplex of at most four points of D and the point v of the simplex closest to the
// origin (found by Voronoi regions, Ericson, Real-Time Collision Detection, 5.1.5 and 5.1.6).
// Each iteration adds w = s_D(-v), the point of D farthest towards the origin, and keeps the
// smallest face of the simplex that still holds the new closest point. |v| only falls, and
//   v . w / |v| <= distance <= |v|,
// so the loop stops when the two bounds meet within a relative 1e-8 (shapes with curved faces
// converge only asymptotically), or when the simplex encloses the origin: the shapes then
// overlap and the distance is 0. GJK gives no penetration depth; it hands the simplex it ended
// on to EPA (epa.h), which finds it.
//
// Both bounds come with their proof: the witness points p_A and p_B, |p_B - p_A| = distance
// apart, and the direction n along which B lies at least lower_bound beyond A. Where the shapes
// are curved, the distance is stationary in the direction of the witnesses, so they are only
// as accurate as the square root of the distance's error (within 1e-4 m on metre-sized shapes).
//
// A sliver of a simplex (points a few micrometres apart, which curved faces produce as GJK
// closes in) can stall the descent through rounding; GJK then starts again from its newest
// support point, up to four times.
#pragma once

#include <array>

#include <Eigen/Geometry>

#include "leeway/geometry/convex_shape.h"

namespace leeway {

/// A point w = a - b of the Minkowski difference A - B, with the points of A and B it came from,
/// all in W.
struct SupportPoint {
  Vec3 w = Vec3::Zero(), a = Vec3::Zero(), b = Vec3::Zero();
};

/// The point of A - B farthest along d_W: s_A(d) - s_B(-d), for shape `a` at X_WA and `b` at X_WB.
SupportPoint minkowski_support(const ConvexShape& a, const Eigen::Isometry3d& X_WA,
                               const ConvexShape& b, const Eigen::Isometry3d& X_WB,
                               const Vec3& d_W);

struct ShapeDistance {
  double distance = 0.0;     ///< [m]; 0 when the shapes touch or overlap
  double lower_bound = 0.0;  ///< [m]; distance - lower_bound <= 1e-8 distance
  Vec3 n_W = Vec3::Zero();   ///< unit, from A towards B: they are lower_bound apart along it
  bool overlap = false;      ///< the shapes touch or overlap (within 1e-9 m)
  Vec3 p_WA = Vec3::Zero();  ///< the point of A nearest B, in W (undefined on overlap)
  Vec3 p_WB = Vec3::Zero();  ///< the point of B nearest A, in W (undefined on overlap)
  int iterations = 0;        ///< support queries made
  /// On overlap, the simplex GJK ended on (simplex_size points of A - B): the origin lies in it
  /// or within 1e-9 m of it. EPA starts from it.
  std::array<SupportPoint, 4> simplex;
  int simplex_size = 0;
};

/// The distance between shape `a` with its frame at X_WA and shape `b` at X_WB.
ShapeDistance shape_distance(const ConvexShape& a, const Eigen::Isometry3d& X_WA,
                             const ConvexShape& b, const Eigen::Isometry3d& X_WB);

}  // namespace leeway
