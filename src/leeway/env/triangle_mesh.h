// Values on the nodes of an unstructured triangle mesh in the horizontal plane (a HEC-RAS 2-D
// result, io/hecras_hdf5.h), interpolated linearly inside each triangle (barycentric weights):
// continuous across shared edges, exact on fields that are linear in x and y.
//
// A point is found through a uniform bucket grid over the mesh's bounding box, each bucket
// listing the triangles that overlap it, so a query costs a few point-in-triangle tests whatever
// the mesh size. A point outside every triangle takes the closest point on the mesh boundary
// (the edges used by one triangle only), interpolated along that edge; the caller applies the
// field's outside policy with the distance.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "leeway/core/spatial.h"

namespace leeway {

struct TriangleMesh {
  std::vector<Eigen::Vector2d> nodes;         ///< file coordinates
  std::vector<std::array<int, 3>> triangles;  ///< node indices, counter-clockwise

  // Built by make_triangle_mesh().
  std::vector<std::array<int, 2>> boundary_edges;
  Eigen::Vector2d bucket_min = Eigen::Vector2d::Zero();
  double bucket_size = 1.0;
  int buckets_x = 1, buckets_y = 1;
  std::vector<std::uint32_t> bucket_start;  ///< CSR offsets into bucket_triangles
  std::vector<std::uint32_t> bucket_triangles;
};

/// Orients the triangles counter-clockwise, drops degenerate ones (zero area) and builds the
/// boundary and the bucket grid. Throws std::invalid_argument for a node index out of range, a
/// non-finite coordinate or a mesh with no triangle left.
TriangleMesh make_triangle_mesh(std::vector<Eigen::Vector2d> nodes,
                                std::vector<std::array<int, 3>> triangles);

/// Where a point falls: three nodes and their weights (summing to 1), and how far outside the
/// mesh the point is (0 inside) along `outside_F`, the vector from the closest mesh point to it.
struct MeshLocation {
  std::array<int, 3> node{0, 0, 0};
  std::array<double, 3> weight{1.0, 0.0, 0.0};
  Eigen::Vector2d outside_F = Eigen::Vector2d::Zero();
};

MeshLocation locate(const TriangleMesh& mesh, const Eigen::Vector2d& p_F);

}  // namespace leeway
