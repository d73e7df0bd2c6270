// A closed triangle mesh of a hull (or any body the water presses on), in the body frame B.
//
// Hydrostatics integrate pressure over the mesh, so it must bound a volume: every edge shared by
// exactly two triangles that traverse it in opposite directions (closed and consistently
// oriented), with the triangles counter-clockwise seen from outside (outward normals, positive
// volume). make_hull_mesh() checks this and reports what is wrong instead of computing nonsense:
//   open edges        edges used by one triangle (a hole, or a mesh of several unwelded parts)
//   non-manifold      edges used by more than two triangles
//   misoriented       edges that two triangles traverse in the same direction (flipped faces)
//   inside-out        every face flipped: the enclosed volume comes out negative
// Degenerate triangles (zero area, or a repeated vertex) carry no pressure and are dropped.
//
// Volume and centroid of a closed mesh (divergence theorem, exact for a polyhedron):
//   V = 1/6 sum_t a_t . (b_t x c_t),   p_BoCv = 1/(24 V) sum_t (a_t . (b_t x c_t)) (a_t + b_t +
//   c_t)
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "leeway/core/spatial.h"

namespace leeway {

/// What the pressure integration needs of a face, computed once (precompute_geometry()).
struct FaceGeometry {
  Vec3 N_B = Vec3::Zero();      ///< area vector 1/2 (b - a) x (c - a) [m^2], outward, in B
  Vec3 sum_r_B = Vec3::Zero();  ///< a + b + c [m], in B
  double area = 0.0;            ///< |N_B| [m^2]
};

/// Sums over the faces around a vertex v, so that the integrals over wet faces become sums over
/// wet vertices (hydro/hull_pressure.cc explains how).
struct VertexGeometry {
  Vec3 M = Vec3::Zero();  ///< sum of N_t [m^2]
  Vec3 J = Vec3::Zero();  ///< sum of (r_v + sum_r_t) x N_t [m^3]
  Mat3 G = Mat3::Zero();  ///< sum of (r_v + sum_r_t) N_t^T [m^3]
  double area = 0.0;      ///< sum of |N_t| / 3 [m^2]
};

struct HullMesh {
  std::vector<Vec3> p_BoV;                          ///< vertices [m], in B
  std::vector<std::array<std::uint32_t, 3>> faces;  ///< counter-clockwise seen from outside
  std::vector<FaceGeometry> face_geometry;          ///< one per face
  std::vector<VertexGeometry> vertex_geometry;      ///< one per vertex
  double volume = 0.0;                              ///< enclosed volume [m^3]
  Vec3 p_BoCv = Vec3::Zero();                       ///< its centroid [m], in B
};

/// What make_hull_mesh() found; the mesh is usable when closed() and volume > 0.
struct HullMeshCheck {
  int degenerate_dropped = 0;  ///< zero-area triangles removed
  int open_edges = 0;
  int non_manifold_edges = 0;
  int misoriented_edges = 0;

  bool closed() const { return open_edges == 0 && non_manifold_edges == 0; }
  bool oriented() const { return misoriented_edges == 0; }
};

struct HullMeshBuild {
  HullMesh mesh;
  HullMeshCheck check;
};

/// Drops degenerate faces (area below 1e-12 of the squared bounding-box diagonal), counts edge
/// defects, and computes volume and centroid. Vertices must already be shared between faces
/// (welded): a triangle soup has every edge open.
HullMeshBuild make_hull_mesh(std::vector<Vec3> p_BoV,
                             std::vector<std::array<std::uint32_t, 3>> faces);

/// Merges vertices closer than `tolerance` [m] (STL files repeat every vertex per face).
void weld_vertices(std::vector<Vec3>& p_BoV, std::vector<std::array<std::uint32_t, 3>>& faces,
                   double tolerance);

/// Volume [m^3] and centroid [m] of the closed surface `faces` over `vertices`.
struct VolumeCentroid {
  double volume = 0.0;
  Vec3 centroid = Vec3::Zero();
};
VolumeCentroid enclosed_volume(const std::vector<Vec3>& vertices,
                               const std::vector<std::array<std::uint32_t, 3>>& faces);

/// Fills mesh.face_geometry and mesh.vertex_geometry from its vertices and faces.
void precompute_geometry(HullMesh& mesh);

/// The same mesh seen from frame A: vertices X_AB * p_BoV (several links' meshes merge this way).
HullMesh transformed(const HullMesh& mesh, const Eigen::Isometry3d& X_AB);

/// Appends `b` to `a` (two closed meshes together are a closed mesh).
void append(HullMesh& a, const HullMesh& b);

}  // namespace leeway
