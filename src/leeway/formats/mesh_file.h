// Triangle meshes from files: STL (binary or ASCII), OBJ, DAE (Collada) and the other formats
// assimp reads. Every mesh in the file is taken, with its node's transform, scaled by `scale`,
// triangulated, and its vertices welded (an STL repeats each vertex for every face) so that the
// result can be checked as a closed surface (geometry/hull_mesh.h).
//
// A Collada file is read as Gazebo reads it: its <unit meter> scales it, its <up_axis> does not
// turn it. Gazebo takes every file as z-up (gazebo-classic#1305), and so are the marine models'
// files whatever they declare (58 of the 64 in VRX, UUV Simulator and gz-sim say Z_UP; the six
// that say Y_UP are drawn by Gazebo as written). Assimp would otherwise turn a Z_UP file onto
// its side.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "leeway/core/spatial.h"
#include "leeway/geometry/texture.h"
#include "leeway/geometry/visual.h"

namespace leeway {

struct MeshFile {
  std::vector<Vec3> vertices;                       ///< [m], in the file's frame times scale
  std::vector<std::array<std::uint32_t, 3>> faces;  ///< as wound in the file
  int skipped_primitives = 0;                       ///< points and lines, which carry no area
};

/// Reads `path`; throws std::runtime_error with the reader's explanation when it cannot.
MeshFile read_mesh_file(const std::string& path, const Vec3& scale = Vec3::Ones());

/// One material's triangles of a mesh file, for drawing.
struct MeshPart {
  Rgba color;  ///< the material's diffuse colour (its alpha: the material's opacity)
  std::vector<Vec3> vertices;                       ///< [m], in the file's frame times scale
  std::vector<std::array<std::uint32_t, 3>> faces;  ///< as wound in the file
  /// The material's diffuse (else base colour) texture, the file's path to it resolved against
  /// the mesh file's folder; empty: none.
  std::string texture;
  /// Each vertex's texture coordinates (geometry/texture.h's convention, v downwards): the
  /// file's first set, (0, 0) for a mesh that has none.
  std::vector<TexCoord> uv;
};

/// The triangles of `mesh`'s file, one part per material, unwelded (a shared vertex keeps its
/// own normal, so edges stay sharp). Throws std::runtime_error as read_mesh_file does, and when
/// the file has no mesh called `mesh.submesh`. A texture embedded in the file (glTF's binary
/// form, FBX) is not read: its part keeps its colour.
std::vector<MeshPart> read_mesh_parts(const VisualMesh& mesh);

}  // namespace leeway
