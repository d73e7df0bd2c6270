#include "leeway/sdf/ray_scene_loader.h"

#include <fmt/format.h>
#include <sdf/Collision.hh>
#include <sdf/Geometry.hh>
#include <sdf/Link.hh>
#include <sdf/Mesh.hh>
#include <sdf/Plane.hh>

#include "leeway/formats/mesh_file.h"
#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/link_merging.h"

namespace leeway::sdfio {

RayScene load_ray_scene(const std::vector<PlacedModel>& models, const std::vector<int>& body_of,
                        const std::vector<std::set<std::string>>& moving_links,
                        Diagnostics& diagnostics) {
  RayScene scene;
  std::vector<TriangleScene::Mesh> meshes;
  for (std::size_t i = 0; i < models.size(); ++i) {
    if (body_of[i] >= 0) continue;
    for (const BodyLink& body_link : body_links(*models[i].model)) {
      if (moving_links[i].contains(body_link.name)) continue;
      const sdf::Link& link = *body_link.link;
      for (std::uint64_t k = 0; k < link.CollisionCount(); ++k) {
        const sdf::Collision& col = *link.CollisionByIndex(k);
        const std::string name = models[i].name + "::" + body_link.name + "::" + col.Name();
        const Eigen::Isometry3d X_WC = models[i].X_WM * body_link.X_ML *
                                       resolve_pose(col.SemanticPose(), link.Name(), col.Element());
        const sdf::Geometry& geometry = *col.Geom();
        if (const sdf::Plane* plane = geometry.PlaneShape()) {
          const auto& n = plane->Normal();
          const Vec3 n_W = (X_WC.linear() * Vec3(n.X(), n.Y(), n.Z())).normalized();
          scene.planes.push_back({name, n_W, n_W.dot(X_WC.translation())});
        } else if (geometry.MeshShape()) {
          const sdf::ElementPtr mesh = optional_child(geometry.Element(), "mesh");
          const sdf::ElementPtr uri = required_child(mesh, "uri", "the mesh file");
          const sdf::ElementPtr scale_e = optional_child(mesh, "scale");
          const Vec3 scale = scale_e ? read_vec3(scale_e, "three scale factors") : Vec3::Ones();
          MeshFile file;
          try {
            file = read_mesh_file(resolve_file(uri), scale);
          } catch (const LoadError&) {
            throw;  // it names its place already
          } catch (const std::runtime_error& error) {
            throw LoadError(location_of(uri), error.what());
          }
          TriangleScene::Mesh m;
          m.vertices_W.reserve(file.vertices.size());
          for (const Vec3& v : file.vertices)
            m.vertices_W.push_back(X_WC * v);
          m.faces = std::move(file.faces);
          meshes.push_back(std::move(m));
          scene.mesh_names.push_back(name);
        } else if (geometry.Type() == sdf::GeometryType::HEIGHTMAP) {
          diagnostics.warn_once("heightmap rays", location_of(col.Element()),
                                fmt::format("collision '{}' is a heightmap, which sensors' rays do "
                                            "not meet yet (said once)",
                                            name));
        }
      }
    }
  }
  scene.meshes = std::move(meshes);
  return scene;
}

}  // namespace leeway::sdfio
