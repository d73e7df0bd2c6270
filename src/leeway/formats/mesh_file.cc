#include "leeway/formats/mesh_file.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <assimp/material.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>
#include <filesystem>
#include <map>
#include <stdexcept>

#include "leeway/formats/ply_header.h"
#include "leeway/geometry/hull_mesh.h"

namespace leeway {
namespace {

/// The file's scene, triangulated, a Collada file taken z-up as Gazebo takes it (the header).
const aiScene& import(Assimp::Importer& importer, const std::string& path, unsigned flags) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw std::runtime_error("cannot read the mesh: it is a folder, expected a mesh file");
  if (const std::string problem = ply_size_problem(path); !problem.empty())
    throw std::runtime_error("cannot read the mesh: " + problem);
  importer.SetPropertyBool(AI_CONFIG_IMPORT_COLLADA_IGNORE_UP_DIRECTION, true);
  const aiScene* scene =
      importer.ReadFile(path, flags | aiProcess_Triangulate | aiProcess_SortByPType);
  if (!scene || !scene->mRootNode) {
    throw std::runtime_error(fmt::format("cannot read the mesh: {}", importer.GetErrorString()));
  }
  return *scene;
}

/// Calls visit(mesh, transform) for every mesh under `node`, with its node's transform.
template <typename Visit>
void for_each_mesh(const aiScene& scene, const aiNode& node, const aiMatrix4x4& parent,
                   const Visit& visit) {
  const aiMatrix4x4 transform = parent * node.mTransformation;
  for (unsigned m = 0; m < node.mNumMeshes; ++m)
    visit(*scene.mMeshes[node.mMeshes[m]], transform);
  for (unsigned c = 0; c < node.mNumChildren; ++c)
    for_each_mesh(scene, *node.mChildren[c], transform, visit);
}

/// Appends `mesh`'s vertices (transformed, scaled) and triangles to `vertices` and `faces`;
/// returns how many faces were not triangles.
int append(const aiMesh& mesh, const aiMatrix4x4& transform, const Vec3& scale,
           std::vector<Vec3>& vertices, std::vector<std::array<std::uint32_t, 3>>& faces) {
  const auto base = static_cast<std::uint32_t>(vertices.size());
  for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
    const aiVector3D p = transform * mesh.mVertices[v];
    vertices.push_back(Vec3(p.x, p.y, p.z).cwiseProduct(scale));
  }
  int skipped = 0;
  for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
    const aiFace& face = mesh.mFaces[f];
    if (face.mNumIndices != 3) {
      ++skipped;
      continue;
    }
    faces.push_back({base + face.mIndices[0], base + face.mIndices[1], base + face.mIndices[2]});
  }
  return skipped;
}

Rgba diffuse_of(const aiMaterial& material) {
  aiColor4D c(0.7f, 0.7f, 0.7f, 1.0f);
  material.Get(AI_MATKEY_COLOR_DIFFUSE, c);
  float opacity = 1.0f;
  material.Get(AI_MATKEY_OPACITY, opacity);
  return {c.r, c.g, c.b, c.a * opacity};
}

/// The path of `material`'s diffuse (else base colour) texture, resolved against the folder of
/// the mesh file `mesh_path`; empty if it has none, or only an embedded one ("*0").
std::string texture_of(const aiMaterial& material, const std::string& mesh_path) {
  aiString name;
  if (material.GetTexture(aiTextureType_DIFFUSE, 0, &name) != AI_SUCCESS &&
      material.GetTexture(aiTextureType_BASE_COLOR, 0, &name) != AI_SUCCESS)
    return "";
  std::string file = name.C_Str();
  if (file.empty() || file[0] == '*') return "";
  if (file.starts_with("file://")) file.erase(0, 7);
  const std::filesystem::path path(file);
  if (path.is_absolute()) return path.lexically_normal().string();
  return (std::filesystem::path(mesh_path).parent_path() / path).lexically_normal().string();
}

/// Appends `mesh`'s first texture coordinates, one per vertex ((0, 0) if it has none).
void append_uv(const aiMesh& mesh, std::vector<TexCoord>& uv) {
  const aiVector3D* coordinates = mesh.mTextureCoords[0];
  for (unsigned v = 0; v < mesh.mNumVertices; ++v)
    uv.push_back(coordinates ? TexCoord{coordinates[v].x, coordinates[v].y} : TexCoord{0, 0});
}

}  // namespace

MeshFile read_mesh_file(const std::string& path, const Vec3& scale) {
  Assimp::Importer importer;
  const aiScene& scene = import(importer, path, aiProcess_JoinIdenticalVertices);
  MeshFile out;
  for_each_mesh(scene, *scene.mRootNode, aiMatrix4x4(),
                [&](const aiMesh& mesh, const aiMatrix4x4& transform) {
                  out.skipped_primitives += append(mesh, transform, scale, out.vertices, out.faces);
                });
  if (out.faces.empty()) throw std::runtime_error("the file holds no triangles");
  // Separate meshes (and STL's float rounding) leave coincident vertices unshared.
  Eigen::AlignedBox3d box;
  for (const Vec3& p : out.vertices)
    box.extend(p);
  weld_vertices(out.vertices, out.faces, 1e-7 * box.diagonal().norm());
  return out;
}

std::vector<MeshPart> read_mesh_parts(const VisualMesh& mesh) {
  Assimp::Importer importer;
  // v downwards, as gz-common's loaders turn it (geometry/texture.h).
  const aiScene& scene =
      import(importer, mesh.path, aiProcess_JoinIdenticalVertices | aiProcess_FlipUVs);
  std::map<unsigned, MeshPart> by_material;
  bool found = mesh.submesh.empty();
  for_each_mesh(scene, *scene.mRootNode, aiMatrix4x4(),
                [&](const aiMesh& m, const aiMatrix4x4& transform) {
                  if (!mesh.submesh.empty() && mesh.submesh != m.mName.C_Str()) return;
                  found = true;
                  MeshPart& part = by_material[m.mMaterialIndex];
                  if (part.vertices.empty() && m.mMaterialIndex < scene.mNumMaterials) {
                    const aiMaterial& material = *scene.mMaterials[m.mMaterialIndex];
                    part.color = diffuse_of(material);
                    part.texture = texture_of(material, mesh.path);
                  }
                  append(m, transform, mesh.scale, part.vertices, part.faces);
                  append_uv(m, part.uv);
                });
  if (!found) {
    std::vector<std::string> names;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m)
      names.emplace_back(scene.mMeshes[m]->mName.C_Str());
    throw std::runtime_error(fmt::format("the file has no mesh called '{}'; it has: {}",
                                         mesh.submesh, fmt::join(names, ", ")));
  }
  std::vector<MeshPart> parts;
  Eigen::AlignedBox3d box;
  for (auto& [material, part] : by_material) {
    if (part.faces.empty()) continue;
    for (const Vec3& p : part.vertices)
      box.extend(p);
    parts.push_back(std::move(part));
  }
  if (parts.empty()) throw std::runtime_error("the file holds no triangles");
  // gz-common's SubMesh::Center: the submesh's bounding box centred on its frame's origin.
  if (mesh.center_submesh && !mesh.submesh.empty()) {
    const Vec3 centre = box.center();
    for (MeshPart& part : parts)
      for (Vec3& p : part.vertices)
        p -= centre;
  }
  return parts;
}

}  // namespace leeway
