// Closed meshes generated from dimensions: test bodies, quick models, and hulls built from a
// vessel's published measurements (a WAM-V demi-hull) rather than copied from another project.
// Every mesh is welded, counter-clockwise from outside, and centred as stated.
#pragma once

#include "leeway/geometry/hull_mesh.h"

namespace leeway {

/// A box of `size` (x, y, z) [m] centred on the origin, its edges along each axis split into
/// `divisions` (x, y, z) cells, each face's cells cut into two triangles. The pressure of a wave
/// is interpolated linearly over a cell, so a cell of length h along a wave of wavenumber k
/// integrates it with the trapezoidal rule's relative error (k h)^2 / 12: h <= wavelength / 20
/// for 1%.
HullMesh box_mesh(const Vec3& size, const Eigen::Array3i& divisions);
inline HullMesh box_mesh(const Vec3& size, int divisions = 1) {
  return box_mesh(size, Eigen::Array3i::Constant(divisions));
}

/// A sphere of `radius` [m] at the origin: `rings` latitude bands by `segments` meridians.
HullMesh sphere_mesh(double radius, int rings, int segments);

/// A cylinder of `radius` and `length` [m] along the z axis, centred on the origin, `segments`
/// around (its cross-section is the inscribed polygon).
HullMesh cylinder_mesh(double radius, double length, int segments);

/// A slender hull along x built from sections: superellipses |y/b|^n + |z/d|^n = 1, scaled along
/// the length by a profile that is 1 amidships and closes towards the ends with an elliptic
/// taper over `bow_fraction` and `stern_fraction` of the length, down to `end_scale`. Over the
/// bow taper the sections' centres rise along the same ellipse to `bow_rise` at the stem (an
/// upswept pontoon bow, as the WAM-V's). The ends are closed by fans. The midship section is
/// centred on the origin, bow towards +x. Triangles: 2 section_points stations.
struct SectionedHullShape {
  double length = 4.0;       ///< [m]
  double half_beam = 0.2;    ///< b [m]
  double half_depth = 0.25;  ///< d [m]
  double exponent = 2.0;     ///< n: 2 is an ellipse, larger is boxier
  int stations = 16;         ///< sections along the length (>= 2)
  int section_points = 16;   ///< points around each section (>= 3)
  double bow_fraction = 0.25;
  double stern_fraction = 0.1;
  double end_scale = 0.2;  ///< section scale at the bow and stern
  double bow_rise = 0.0;   ///< [m] height of the stem's section centre above the midship one
};
HullMesh sectioned_hull_mesh(const SectionedHullShape& shape);

}  // namespace leeway
