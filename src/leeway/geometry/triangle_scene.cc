#include "leeway/geometry/triangle_scene.h"

#include <embree3/rtcore.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace leeway {

struct TriangleScene::Impl {
  RTCDevice device = nullptr;
  RTCScene scene = nullptr;
  std::vector<Mesh> meshes;
  Vec3 centre_W = Vec3::Zero();  ///< Embree's float coordinates are taken about it
  std::size_t triangles = 0;

  Impl() = default;
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;
  ~Impl() {
    if (scene) rtcReleaseScene(scene);
    if (device) rtcReleaseDevice(device);
  }
};

TriangleScene::TriangleScene(std::vector<Mesh> meshes) {
  auto impl = std::make_shared<Impl>();
  Eigen::AlignedBox3d box;
  for (std::size_t m = 0; m < meshes.size(); ++m) {
    const Mesh& mesh = meshes[m];
    for (const Vec3& v : mesh.vertices_W) {
      if (!v.allFinite())
        throw std::invalid_argument("mesh " + std::to_string(m) + ": a vertex is not finite");
      box.extend(v);
    }
    for (std::size_t f = 0; f < mesh.faces.size(); ++f) {
      for (std::uint32_t i : mesh.faces[f]) {
        if (i >= mesh.vertices_W.size())
          throw std::invalid_argument("mesh " + std::to_string(m) + ", face " + std::to_string(f) +
                                      ": vertex index " + std::to_string(i) + " beyond its " +
                                      std::to_string(mesh.vertices_W.size()) + " vertices");
      }
    }
    impl->triangles += mesh.faces.size();
  }
  if (impl->triangles == 0) return;
  impl->centre_W = box.center();

  impl->device = rtcNewDevice(nullptr);
  if (!impl->device) throw std::runtime_error("Embree: cannot create a device");
  impl->scene = rtcNewScene(impl->device);
  rtcSetSceneBuildQuality(impl->scene, RTC_BUILD_QUALITY_HIGH);
  for (std::size_t m = 0; m < meshes.size(); ++m) {
    const Mesh& mesh = meshes[m];
    if (mesh.faces.empty()) continue;
    RTCGeometry geometry = rtcNewGeometry(impl->device, RTC_GEOMETRY_TYPE_TRIANGLE);
    auto* vertices = static_cast<float*>(
        rtcSetNewGeometryBuffer(geometry, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3,
                                3 * sizeof(float), mesh.vertices_W.size()));
    for (std::size_t i = 0; i < mesh.vertices_W.size(); ++i) {
      const Vec3 v = mesh.vertices_W[i] - impl->centre_W;
      for (int k = 0; k < 3; ++k)
        vertices[3 * i + static_cast<std::size_t>(k)] = float(v[k]);
    }
    auto* indices = static_cast<std::uint32_t*>(
        rtcSetNewGeometryBuffer(geometry, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3,
                                3 * sizeof(std::uint32_t), mesh.faces.size()));
    for (std::size_t f = 0; f < mesh.faces.size(); ++f) {
      for (std::size_t k = 0; k < 3; ++k)
        indices[3 * f + k] = mesh.faces[f][k];
    }
    rtcCommitGeometry(geometry);
    rtcAttachGeometryByID(impl->scene, geometry, static_cast<unsigned>(m));
    rtcReleaseGeometry(geometry);
  }
  rtcCommitScene(impl->scene);
  impl->meshes = std::move(meshes);
  impl_ = std::move(impl);
}

std::size_t TriangleScene::triangle_count() const {
  return impl_ ? impl_->triangles : 0;
}

std::optional<TriangleScene::Hit> TriangleScene::cast(const Ray& ray_W, double max_distance) const {
  if (!impl_) return std::nullopt;
  const Vec3 o = ray_W.origin - impl_->centre_W;
  RTCRayHit query{};
  query.ray.org_x = float(o.x());
  query.ray.org_y = float(o.y());
  query.ray.org_z = float(o.z());
  query.ray.dir_x = float(ray_W.direction.x());
  query.ray.dir_y = float(ray_W.direction.y());
  query.ray.dir_z = float(ray_W.direction.z());
  query.ray.tnear = 0.0f;
  // A little beyond the range, so that a hit the single-precision test puts just past it is
  // found and decided in double precision.
  query.ray.tfar = float(max_distance * (1.0 + 1e-5) + 1e-4);
  query.ray.mask = std::numeric_limits<unsigned>::max();
  query.hit.geomID = RTC_INVALID_GEOMETRY_ID;
  RTCIntersectContext context;
  rtcInitIntersectContext(&context);
  rtcIntersect1(impl_->scene, &context, &query);
  if (query.hit.geomID == RTC_INVALID_GEOMETRY_ID) return std::nullopt;

  const Mesh& mesh = impl_->meshes[query.hit.geomID];
  const auto& face = mesh.faces[query.hit.primID];
  const Vec3 &a = mesh.vertices_W[face[0]], &b = mesh.vertices_W[face[1]],
             &c = mesh.vertices_W[face[2]];
  // Again in double precision, from whichever side the ray comes.
  std::optional<RayHit> exact = ray_cast_triangle(a, b, c, ray_W, max_distance);
  if (!exact) exact = ray_cast_triangle(a, c, b, ray_W, max_distance);
  Hit hit;
  hit.mesh = static_cast<int>(query.hit.geomID);
  if (exact) {
    hit.distance = exact->distance;
    hit.normal_W = exact->normal;
  } else {
    // Single precision put the ray inside the triangle and double precision just outside it
    // (an edge), or just beyond the range.
    if (double(query.ray.tfar) > max_distance) return std::nullopt;
    hit.distance = query.ray.tfar;
    hit.normal_W = (b - a).cross(c - a).normalized();
    if (hit.normal_W.dot(ray_W.direction) > 0.0) hit.normal_W = -hit.normal_W;
  }
  return hit;
}

}  // namespace leeway
