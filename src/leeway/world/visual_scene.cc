#include "leeway/world/visual_scene.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

#include "leeway/formats/image_file.h"
#include "leeway/formats/mesh_file.h"
#include "leeway/geometry/ray.h"
#include "leeway/world/model.h"

namespace leeway {
namespace {

/// A group being gathered: its meshes before the hierarchy is built.
struct GroupBuilder {
  std::vector<TriangleScene::Mesh> meshes;
  std::vector<VisualScene::MeshLook> looks;
  VisualScene::Group group;

  void add_mesh(std::vector<Vec3> vertices, std::vector<std::array<std::uint32_t, 3>> faces,
                VisualScene::MeshLook look) {
    for (const Vec3& v : vertices)
      group.radius = std::max(group.radius, v.norm());
    if (!look.texture) look.uv.clear();
    meshes.push_back({std::move(vertices), std::move(faces)});
    looks.push_back(std::move(look));
  }
  void add_primitive(const ConvexShape& shape, const Eigen::Isometry3d& X_GP, const Rgba& color,
                     std::shared_ptr<const Texture> texture = nullptr,
                     SurfaceResponse response = {}) {
    const double radius = bounding_radius(shape);
    group.radius = std::max(group.radius, X_GP.translation().norm() + radius);
    group.primitives.push_back(
        {shape, X_GP, X_GP.inverse(), radius, color, std::move(texture), response});
  }
  VisualScene::Group build(const RayDevice& device) {
    group.meshes = TriangleScene(std::move(meshes), device);
    group.mesh_looks = std::move(looks);
    return std::move(group);
  }
};

const Rgba kGrey{};
const Rgba kWhite{1.0f, 1.0f, 1.0f, 1.0f};

/// A <plane> visual: its rectangle as two triangles, facing its z, with gz-common's plane's
/// texture coordinates (the image upright seen from its front with y up).
void add_plane(GroupBuilder& g, const VisualPlane& plane, const Eigen::Isometry3d& X_GV,
               VisualScene::MeshLook look) {
  const double x = 0.5 * plane.size_x, y = 0.5 * plane.size_y;
  look.uv = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
  g.add_mesh(
      {X_GV * Vec3(-x, -y, 0), X_GV * Vec3(x, -y, 0), X_GV * Vec3(x, y, 0), X_GV * Vec3(-x, y, 0)},
      {{{0, 1, 2}}, {{0, 2, 3}}}, std::move(look));
}

Rgba times(const Rgba& a, const Rgba& b) {
  return {a.r * b.r, a.g * b.g, a.b * b.b, a.a * b.a};
}

/// A primitive's colour where a ray in P meets it `distance` along with outward normal n_P.
Rgba primitive_color(const VisualScene::Primitive& p, const Ray& ray_P, const RayHit& hit) {
  if (!p.texture) return p.color;
  const Vec3 p_P = ray_P.origin + hit.distance * ray_P.direction;
  return times(p.color, sample_texture(*p.texture, texture_uv(p.shape, p_P, hit.normal)));
}

/// A mesh's colour at a hit on face `face` with barycentric weights `w`.
Rgba mesh_color(const VisualScene::Group& g, int mesh, int face, const std::array<float, 2>& w) {
  const VisualScene::MeshLook& look = g.mesh_looks[std::size_t(mesh)];
  if (!look.texture) return look.color;
  const auto& f = g.meshes.mesh(std::size_t(mesh)).faces[std::size_t(face)];
  const TexCoord &a = look.uv[f[0]], &b = look.uv[f[1]], &c = look.uv[f[2]];
  const float w0 = 1.0f - w[0] - w[1];
  const TexCoord uv{w0 * a[0] + w[0] * b[0] + w[1] * c[0], w0 * a[1] + w[0] * b[1] + w[1] * c[1]};
  return times(look.color, sample_texture(*look.texture, uv));
}

/// Whether the ray passes within `radius` of `centre` before max_distance.
bool passes_near(const Ray& ray, const Vec3& centre, double radius, double max_distance) {
  const Vec3 to_centre = centre - ray.origin;
  const double along = std::clamp(to_centre.dot(ray.direction), 0.0, max_distance);
  return (to_centre - along * ray.direction).squaredNorm() <= radius * radius;
}

/// The ray (in the group's frame G) against its primitives: true if it meets one within
/// max_distance, which becomes the best hit (its normal in G) and the new max_distance.
bool cast_primitives(const VisualScene::Group& g, const Ray& ray_G, int body,
                     std::optional<VisualHit>& best, double& max_distance) {
  bool found = false;
  for (const VisualScene::Primitive& p : g.primitives) {
    if (!passes_near(ray_G, p.X_GP.translation(), p.radius, max_distance)) continue;
    const Ray ray_P{p.X_PG * ray_G.origin, p.X_PG.linear() * ray_G.direction};
    if (const auto hit = ray_cast(p.shape, ray_P, max_distance)) {
      best = {hit->distance, p.X_GP.linear() * hit->normal, body, primitive_color(p, ray_P, *hit),
              p.response};
      max_distance = hit->distance;
      found = true;
    }
  }
  return found;
}

/// The ray (in the group's frame G) against its meshes, then its primitives, as
/// cast_primitives().
bool cast_group(const VisualScene::Group& g, const Ray& ray_G, int body,
                std::optional<VisualHit>& best, double& max_distance) {
  bool found = false;
  if (const auto hit = g.meshes.cast(ray_G, max_distance)) {
    best = {hit->distance, hit->normal_W, body,
            mesh_color(g, hit->mesh, hit->face, hit->barycentric),
            g.mesh_looks[std::size_t(hit->mesh)].response};
    max_distance = hit->distance;
    found = true;
  }
  return cast_primitives(g, ray_G, body, best, max_distance) || found;
}

/// "model" of "model::link::collision" (a nested model's name keeps its own "::").
std::string model_of(const std::string& scoped) {
  const std::size_t collision = scoped.rfind("::");
  const std::size_t link = collision == std::string::npos || collision == 0
                               ? std::string::npos
                               : scoped.rfind("::", collision - 1);
  return link == std::string::npos ? scoped : scoped.substr(0, link);
}

}  // namespace

VisualScene build_visual_scene(const Model& model, const RayScene& collisions,
                               Diagnostics& diagnostics) {
  GroupBuilder fixed;
  std::vector<GroupBuilder> bodies(model.bodies.size());
  const auto group_of = [&](int body) -> GroupBuilder& {
    return body >= 0 ? bodies[static_cast<std::size_t>(body)] : fixed;
  };
  // Files are read once however many visuals use them (a course's buoys share a few).
  std::map<std::string, std::vector<MeshPart>> files;
  std::map<std::string, std::shared_ptr<const Texture>> images;
  const auto texture = [&](const std::string& path,
                           const SourceLocation& where) -> std::shared_ptr<const Texture> {
    if (path.empty()) return nullptr;
    auto it = images.find(path);
    if (it != images.end()) return it->second;
    std::shared_ptr<const Texture> image;
    try {
      image = std::make_shared<const Texture>(read_image_file(path));
    } catch (const std::exception& e) {
      diagnostics.warn_once("texture " + path, where,
                            fmt::format("the texture is not drawn, its surfaces keep their "
                                        "colour: {} (said once for the file)",
                                        e.what()));
    }
    return images.emplace(path, image).first->second;
  };
  std::set<std::string> with_visuals;
  for (const Visual& v : model.visuals) {
    with_visuals.insert(v.model_name);
    GroupBuilder& g = group_of(v.body);
    const std::shared_ptr<const Texture> image = texture(v.texture, v.texture_where);
    // A texture's texel times the SDF's colour, if it gives one (geometry/texture.h).
    const Rgba color = v.color.value_or(image ? kWhite : kGrey);
    if (const auto* shape = std::get_if<ConvexShape>(&v.geometry)) {
      g.add_primitive(*shape, v.X_BV, color, image, v.response);
    } else if (const auto* plane = std::get_if<VisualPlane>(&v.geometry)) {
      add_plane(g, *plane, v.X_BV, {color, image, {}, v.response});
    } else {
      const auto& mesh = std::get<VisualMesh>(v.geometry);
      const std::string key =
          fmt::format("{}|{}|{}|{}|{}|{}", mesh.path, mesh.scale.x(), mesh.scale.y(),
                      mesh.scale.z(), mesh.submesh, mesh.center_submesh);
      auto it = files.find(key);
      if (it == files.end()) {
        try {
          it = files.emplace(key, read_mesh_parts(mesh)).first;
        } catch (const std::exception& e) {
          diagnostics.warn_once("visual mesh " + mesh.path, mesh.where,
                                fmt::format("visual '{}' of model '{}' is not seen by rays: {}",
                                            v.name, v.model_name, e.what()));
          files.emplace(key, std::vector<MeshPart>{});
          continue;
        }
      }
      for (const MeshPart& part : it->second) {
        std::vector<Vec3> vertices(part.vertices.size());
        for (std::size_t i = 0; i < vertices.size(); ++i)
          vertices[i] = v.X_BV * part.vertices[i];
        // The SDF's texture before the file's own.
        VisualScene::MeshLook look{v.color.value_or(part.color), image, part.uv, v.response};
        if (!image) look.texture = texture(part.texture, mesh.where);
        if (look.texture && !v.color) look.color = kWhite;
        g.add_mesh(std::move(vertices), part.faces, std::move(look));
      }
    }
  }
  // A model written for physics alone is seen by its collision shapes.
  for (const Collider& c : model.colliders) {
    if (with_visuals.contains(c.model_name)) continue;
    for (const CollisionShape& s : c.shapes)
      group_of(c.body).add_primitive(s.shape, c.body >= 0 ? s.X_BS : c.X_WB * s.X_BS, kGrey);
  }
  VisualScene scene;
  for (std::size_t i = 0; i < collisions.meshes.size(); ++i) {
    if (with_visuals.contains(model_of(collisions.mesh_names[i]))) continue;
    fixed.meshes.push_back(collisions.meshes[i]);
    fixed.looks.push_back({kGrey, nullptr, {}});
  }
  for (const StaticPlane& plane : collisions.planes) {
    if (!with_visuals.contains(model_of(plane.name))) scene.planes.push_back(plane);
  }
  scene.fixed = fixed.build(scene.device);
  scene.bodies.reserve(bodies.size());
  for (GroupBuilder& b : bodies)
    scene.bodies.push_back(b.build(scene.device));
  return scene;
}

BodiesInView::BodiesInView(const VisualScene& scene, const std::vector<BodyState>& bodies,
                           const Vec3& origin_W, double max_distance, int ignore_body)
    : meshes_(scene.device, origin_W) {
  const auto add_primitives = [&](const VisualScene::Group& g, const Eigen::Isometry3d& X_WG,
                                  int body) {
    for (const VisualScene::Primitive& p : g.primitives) {
      const Eigen::Isometry3d X_WP = X_WG * p.X_GP;
      const Vec3 to_centre = X_WP.translation() - origin_W;
      const double d = to_centre.norm();
      if (d - p.radius > max_distance) continue;
      // Seen from outside, the sphere fills the cone of half-angle asin(r / d) about its
      // centre's direction; from inside, every direction.
      const bool inside = d <= p.radius;
      const Vec3 axis = inside ? Vec3::UnitZ() : Vec3(to_centre / d);
      axis_x_.push_back(static_cast<float>(axis.x()));
      axis_y_.push_back(static_cast<float>(axis.y()));
      axis_z_.push_back(static_cast<float>(axis.z()));
      min_cos_.push_back(
          inside ? -2.0f
                 : static_cast<float>(std::sqrt(1.0 - (p.radius / d) * (p.radius / d)) - 1e-5));
      primitives_.push_back({&p, X_WP, X_WP.inverse(), body});
    }
  };
  meshes_.add(scene.fixed.meshes, Eigen::Isometry3d::Identity(), -1);
  add_primitives(scene.fixed, Eigen::Isometry3d::Identity(), -1);
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    const VisualScene::Group& g = scene.bodies[b];
    if (g.radius == 0.0 || static_cast<int>(b) == ignore_body) continue;
    if ((bodies[b].p_WB - origin_W).norm() - g.radius > max_distance) continue;
    Eigen::Isometry3d X_WB = Eigen::Isometry3d::Identity();
    X_WB.linear() = bodies[b].q_WB.toRotationMatrix();
    X_WB.translation() = bodies[b].p_WB;
    meshes_.add(g.meshes, X_WB, static_cast<int>(b));
    add_primitives(g, X_WB, static_cast<int>(b));
  }
  meshes_.commit();
}

namespace {

/// The static planes' nearest hit within max_distance, if nearer than `best`.
void hit_planes(const VisualScene& scene, const Ray& ray_W, std::optional<VisualHit>& best,
                double& max_distance) {
  for (const StaticPlane& plane : scene.planes) {
    if (const auto hit = ray_cast_plane(plane.n_W, plane.c, ray_W, max_distance)) {
      best = {hit->distance, hit->normal, -1, kGrey};
      max_distance = hit->distance;
    }
  }
}

/// A placed mesh's hit, with its mesh's colour.
VisualHit visual_hit(const VisualScene& scene, const PlacedScenes::Hit& hit) {
  const VisualScene::Group& g =
      hit.id < 0 ? scene.fixed : scene.bodies[static_cast<std::size_t>(hit.id)];
  return {hit.distance, hit.normal_W, hit.id, mesh_color(g, hit.mesh, hit.face, hit.barycentric),
          g.mesh_looks[std::size_t(hit.mesh)].response};
}

}  // namespace

void BodiesInView::hit_primitives(const Ray& ray_W, std::optional<VisualHit>& best,
                                  double& max_distance, bool anywhere) const {
  const auto hit_one = [&](const PosedPrimitive& p) {
    if (!passes_near(ray_W, p.X_WP.translation(), p.primitive->radius, max_distance)) return;
    const Ray ray_P{p.X_PW * ray_W.origin, p.X_PW.linear() * ray_W.direction};
    if (const auto hit = ray_cast(p.primitive->shape, ray_P, max_distance)) {
      best = {hit->distance, p.X_WP.linear() * hit->normal, p.body,
              primitive_color(*p.primitive, ray_P, *hit), p.primitive->response};
      max_distance = hit->distance;
    }
  };
  if (anywhere) {
    std::for_each(primitives_.begin(), primitives_.end(), hit_one);
  } else {
    for_each_candidate(ray_W.direction, hit_one);
  }
}

void cast_visual_rays(const VisualScene& scene, const std::vector<BodyState>& bodies,
                      std::span<const Ray> rays_W, std::span<const double> max_distance,
                      int ignore_body, const BodiesInView* view,
                      std::span<std::optional<VisualHit>> out, bool anywhere) {
  if (rays_W.size() != max_distance.size() || rays_W.size() != out.size())
    throw std::invalid_argument("cast_visual_rays: rays, distances and hits differ in number");
  if (!view) {
    for (std::size_t i = 0; i < rays_W.size(); ++i)
      out[i] = cast_visual_ray(scene, bodies, rays_W[i], max_distance[i], ignore_body);
    return;
  }
  std::vector<double> reach(max_distance.begin(), max_distance.end());
  for (std::size_t i = 0; i < rays_W.size(); ++i) {
    out[i].reset();
    hit_planes(scene, rays_W[i], out[i], reach[i]);
  }
  std::vector<std::optional<PlacedScenes::Hit>> meshes(rays_W.size());
  view->meshes_.cast(rays_W, reach, meshes);
  for (std::size_t i = 0; i < rays_W.size(); ++i) {
    if (meshes[i]) {
      out[i] = visual_hit(scene, *meshes[i]);
      reach[i] = meshes[i]->distance;
    }
    view->hit_primitives(rays_W[i], out[i], reach[i], anywhere);
  }
}

std::optional<VisualHit> cast_visual_ray(const VisualScene& scene,
                                         const std::vector<BodyState>& bodies, const Ray& ray_W,
                                         double max_distance, int ignore_body,
                                         const BodiesInView* view) {
  std::optional<VisualHit> best;
  hit_planes(scene, ray_W, best, max_distance);
  if (view) {
    // Every mesh in one two-level hierarchy, then the primitives in view.
    if (const auto hit = view->meshes_.cast(ray_W, max_distance)) {
      best = visual_hit(scene, *hit);
      max_distance = hit->distance;
    }
    view->hit_primitives(ray_W, best, max_distance);
    return best;
  }
  cast_group(scene.fixed, ray_W, -1, best, max_distance);
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    const VisualScene::Group& g = scene.bodies[b];
    if (g.radius == 0.0 || static_cast<int>(b) == ignore_body) continue;
    const BodyState& body = bodies[b];
    // The bounding sphere first: most bodies are nowhere near the ray.
    if (!passes_near(ray_W, body.p_WB, g.radius, max_distance)) continue;
    const Mat3 R_WB = body.q_WB.toRotationMatrix();
    const Ray ray_B{R_WB.transpose() * (ray_W.origin - body.p_WB),
                    R_WB.transpose() * ray_W.direction};
    if (cast_group(g, ray_B, static_cast<int>(b), best, max_distance)) best->n_W = R_WB * best->n_W;
  }
  return best;
}

}  // namespace leeway
