// Triangle meshes from files: STL (binary or ASCII), OBJ, DAE (Collada) and the other formats
// assimp reads. Every mesh in the file is taken, with its node's transform, scaled by `scale`,
// triangulated, and its vertices welded (an STL repeats each vertex for every face) so that the
// result can be checked as a closed surface (geometry/hull_mesh.h).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "leeway/core/spatial.h"

namespace leeway {

struct MeshFile {
  std::vector<Vec3> vertices;                       ///< [m], in the file's frame times scale
  std::vector<std::array<std::uint32_t, 3>> faces;  ///< as wound in the file
  int skipped_primitives = 0;                       ///< points and lines, which carry no area
};

/// Reads `path`; throws std::runtime_error with the reader's explanation when it cannot.
MeshFile read_mesh_file(const std::string& path, const Vec3& scale = Vec3::Ones());

}  // namespace leeway
