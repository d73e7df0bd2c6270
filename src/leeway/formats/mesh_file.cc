#include "leeway/formats/mesh_file.h"

#include <fmt/format.h>

#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>
#include <stdexcept>

#include "leeway/geometry/hull_mesh.h"

namespace leeway {
namespace {

void collect(const aiScene& scene, const aiNode& node, const aiMatrix4x4& parent, const Vec3& scale,
             MeshFile& out) {
  const aiMatrix4x4 transform = parent * node.mTransformation;
  for (unsigned m = 0; m < node.mNumMeshes; ++m) {
    const aiMesh& mesh = *scene.mMeshes[node.mMeshes[m]];
    const auto base = static_cast<std::uint32_t>(out.vertices.size());
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
      const aiVector3D p = transform * mesh.mVertices[v];
      out.vertices.push_back(Vec3(p.x, p.y, p.z).cwiseProduct(scale));
    }
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
      const aiFace& face = mesh.mFaces[f];
      if (face.mNumIndices != 3) {
        ++out.skipped_primitives;
        continue;
      }
      out.faces.push_back(
          {base + face.mIndices[0], base + face.mIndices[1], base + face.mIndices[2]});
    }
  }
  for (unsigned c = 0; c < node.mNumChildren; ++c)
    collect(scene, *node.mChildren[c], transform, scale, out);
}

}  // namespace

MeshFile read_mesh_file(const std::string& path, const Vec3& scale) {
  Assimp::Importer importer;
  const aiScene* scene = importer.ReadFile(
      path, aiProcess_Triangulate | aiProcess_JoinIdenticalVertices | aiProcess_SortByPType);
  if (!scene || !scene->mRootNode) {
    throw std::runtime_error(fmt::format("cannot read the mesh: {}", importer.GetErrorString()));
  }
  MeshFile out;
  collect(*scene, *scene->mRootNode, aiMatrix4x4(), scale, out);
  if (out.faces.empty()) throw std::runtime_error("the file holds no triangles");
  // Separate meshes (and STL's float rounding) leave coincident vertices unshared.
  Eigen::AlignedBox3d box;
  for (const Vec3& p : out.vertices)
    box.extend(p);
  weld_vertices(out.vertices, out.faces, 1e-7 * box.diagonal().norm());
  return out;
}

}  // namespace leeway
