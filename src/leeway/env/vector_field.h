// A vector field given by a file (a current or wind from an ocean or river model, a CFD export),
// interpolated linearly in space and time.
//
// Two layouts: a regular grid in x, y, z and t (axes strictly increasing, not necessarily evenly
// spaced; an axis with one value makes the field constant along it), interpolated
// quadrilinearly; or an unstructured triangle mesh in the horizontal plane with values per node
// and time (env/triangle_mesh.h), constant over depth, interpolated barycentrically.
//
// The file's coordinates are placed in W by `placement` (env/field_placement.h: a local offset,
// UTM or lon/lat), and its vectors turned into W. Field time is simulation time plus
// `start_time` (the file's time at t = 0). Outside the file in space the policy decides: hold
// (the value at the nearest point of the grid or mesh), fade (that value scaled by
// 1 - distance outside / fade distance, down to 0) or zero. Outside in time the first or last
// time is held.
#pragma once

#include <optional>
#include <variant>
#include <vector>

#include "leeway/core/spatial.h"
#include "leeway/env/field_placement.h"
#include "leeway/env/triangle_mesh.h"

namespace leeway {

enum class OutsidePolicy { kHold, kFade, kZero };

struct RegularGrid {
  std::vector<double> x, y, z, t;  ///< axes [file units, s]
  std::vector<Vec3> values;        ///< index ((it * nz + iz) * ny + iy) * nx + ix [unit of field]

  std::size_t index(std::size_t ix, std::size_t iy, std::size_t iz, std::size_t it) const {
    return ((it * z.size() + iz) * y.size() + iy) * x.size() + ix;
  }
};

struct MeshSeries {
  TriangleMesh mesh;
  std::vector<double> t;     ///< output times, strictly increasing [s]
  std::vector<Vec3> values;  ///< index it * nodes + node [unit of field]
};

struct VectorField {
  std::variant<RegularGrid, MeshSeries> data;
  FieldPlacement placement;
  double start_time = 0.0;  ///< the file's time at simulation time 0 [s]
  OutsidePolicy outside = OutsidePolicy::kHold;
  double fade_distance = 100.0;  ///< [m], for kFade
};

/// The field at p_W and simulation time t, in W.
Vec3 sample_field(const VectorField& field, const Vec3& p_W, double t);

/// The field at p_W and time t, in W, where the file covers p_W in space (times outside it hold
/// its ends); nothing elsewhere, whatever the outside policy (gz-sim's lookups fall back so).
std::optional<Vec3> sample_field_inside(const VectorField& field, const Vec3& p_W, double t);

/// The corners of the file's horizontal extent in file coordinates (4 for a grid, the bounding
/// box for a mesh): what geo_placement() and the world's coverage check use.
std::vector<Eigen::Vector2d> horizontal_corners(const VectorField& field);

}  // namespace leeway
