#include "leeway/geometry/triangle_scene.h"

#include <embree3/rtcore.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace leeway {

RayDevice::RayDevice() {
  RTCDevice device = rtcNewDevice(nullptr);
  if (!device) throw std::runtime_error("Embree: cannot create a device");
  device_ = std::shared_ptr<void>(device, [](void* d) { rtcReleaseDevice(RTCDevice(d)); });
}

namespace {

/// A query for Embree: the ray from `origin` (about the scene's centre) in single precision,
/// searched a little beyond max_distance, so that a hit the single-precision test puts just past
/// it is found and decided in double precision.
RTCRayHit query(const Vec3& origin, const Vec3& direction, double max_distance) {
  RTCRayHit q{};
  q.ray.org_x = float(origin.x());
  q.ray.org_y = float(origin.y());
  q.ray.org_z = float(origin.z());
  q.ray.dir_x = float(direction.x());
  q.ray.dir_y = float(direction.y());
  q.ray.dir_z = float(direction.z());
  q.ray.tnear = 0.0f;
  q.ray.tfar = float(max_distance * (1.0 + 1e-5) + 1e-4);
  q.ray.mask = std::numeric_limits<unsigned>::max();
  q.hit.geomID = RTC_INVALID_GEOMETRY_ID;
  q.hit.instID[0] = RTC_INVALID_GEOMETRY_ID;
  return q;
}

}  // namespace

struct TriangleScene::Impl {
  RayDevice device;  ///< kept alive while the scene is
  RTCScene scene = nullptr;
  std::vector<Mesh> meshes;
  Vec3 centre_W = Vec3::Zero();  ///< Embree's float coordinates are taken about it
  std::size_t triangles = 0;

  Impl() = default;
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;
  ~Impl() {
    if (scene) rtcReleaseScene(scene);
  }
};

TriangleScene::TriangleScene(std::vector<Mesh> meshes, const RayDevice& device) {
  auto impl = std::make_shared<Impl>();
  impl->device = device;
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

  const auto rtc_device = RTCDevice(device.handle());
  impl->scene = rtcNewScene(rtc_device);
  rtcSetSceneBuildQuality(impl->scene, RTC_BUILD_QUALITY_HIGH);
  for (std::size_t m = 0; m < meshes.size(); ++m) {
    const Mesh& mesh = meshes[m];
    if (mesh.faces.empty()) continue;
    RTCGeometry geometry = rtcNewGeometry(rtc_device, RTC_GEOMETRY_TYPE_TRIANGLE);
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

const TriangleScene::Mesh& TriangleScene::mesh(std::size_t index) const {
  return impl_->meshes.at(index);
}

std::optional<TriangleScene::Hit> TriangleScene::cast(const Ray& ray_W, double max_distance) const {
  if (!impl_) return std::nullopt;
  RTCRayHit q = query(ray_W.origin - impl_->centre_W, ray_W.direction, max_distance);
  RTCIntersectContext context;
  rtcInitIntersectContext(&context);
  rtcIntersect1(impl_->scene, &context, &q);
  if (q.hit.geomID == RTC_INVALID_GEOMETRY_ID) return std::nullopt;
  return refine(q.hit.geomID, q.hit.primID, q.ray.tfar, ray_W, max_distance);
}

std::optional<TriangleScene::Hit> TriangleScene::refine(unsigned mesh_index, unsigned face_index,
                                                        double float_distance, const Ray& ray_W,
                                                        double max_distance) const {
  const Mesh& mesh = impl_->meshes[mesh_index];
  const auto& face = mesh.faces[face_index];
  const Vec3 &a = mesh.vertices_W[face[0]], &b = mesh.vertices_W[face[1]],
             &c = mesh.vertices_W[face[2]];
  // Again in double precision, from whichever side the ray comes.
  std::optional<RayHit> exact = ray_cast_triangle(a, b, c, ray_W, max_distance);
  if (!exact) exact = ray_cast_triangle(a, c, b, ray_W, max_distance);
  Hit hit;
  hit.mesh = static_cast<int>(mesh_index);
  hit.face = static_cast<int>(face_index);
  if (exact) {
    hit.distance = exact->distance;
    hit.normal_W = exact->normal;
  } else {
    // Single precision put the ray inside the triangle and double precision just outside it
    // (across an edge: a box face's diagonal, met head-on), or the hit lies just beyond the
    // range. The triangle's plane gives the distance in double precision either way; Embree's
    // own distance is single precision (1e-6 off at 10 m) and may fall short of the range.
    hit.normal_W = (b - a).cross(c - a).normalized();
    const double along = hit.normal_W.dot(ray_W.direction);
    if (along > 0.0) hit.normal_W = -hit.normal_W;
    hit.distance = std::abs(along) > 1e-12
                       ? hit.normal_W.dot(a - ray_W.origin) / hit.normal_W.dot(ray_W.direction)
                       : float_distance;
    if (!(hit.distance >= 0.0 && hit.distance <= max_distance)) return std::nullopt;
  }
  // The point's barycentric coordinates, by least squares on the triangle's plane (Ericson,
  // Real-Time Collision Detection, 3.4).
  const Vec3 e1 = b - a, e2 = c - a, p = ray_W.origin + hit.distance * ray_W.direction - a;
  const double d11 = e1.dot(e1), d12 = e1.dot(e2), d22 = e2.dot(e2);
  const double p1 = p.dot(e1), p2 = p.dot(e2), det = d11 * d22 - d12 * d12;
  if (det > 0.0) {
    hit.barycentric = {static_cast<float>((d22 * p1 - d12 * p2) / det),
                       static_cast<float>((d11 * p2 - d12 * p1) / det)};
  }
  return hit;
}

struct PlacedScenes::Impl {
  RayDevice device;
  RTCScene scene = nullptr;

  explicit Impl(const RayDevice& d) : device(d), scene(rtcNewScene(RTCDevice(d.handle()))) {}
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;
  ~Impl() { rtcReleaseScene(scene); }
};

PlacedScenes::PlacedScenes(const RayDevice& device, const Vec3& centre_W)
    : centre_W_(centre_W), impl_(std::make_shared<Impl>(device)) {
  // Rebuilt every scan over a few dozen instances: Embree's middle quality, its default (the
  // fast build measured no faster in the lidar's bench, bench/lidar_bench.cc).
  rtcSetSceneBuildQuality(impl_->scene, RTC_BUILD_QUALITY_MEDIUM);
}

void PlacedScenes::add(const TriangleScene& scene, const Eigen::Isometry3d& X_WG, int id) {
  if (!scene.impl_) return;
  const auto index = static_cast<unsigned>(placed_.size());
  placed_.push_back({&scene, X_WG, id});
  // x_top = R_WG (x_local + c_G) + p_WG - c_top: the instance's local coordinates are the
  // scene's, about its centre c_G; the top level's are about centre_W.
  const Mat3 R = X_WG.linear();
  const Vec3 t = R * scene.impl_->centre_W + X_WG.translation() - centre_W_;
  float xfm[12];
  for (int c = 0; c < 3; ++c) {
    for (int r = 0; r < 3; ++r)
      xfm[3 * c + r] = float(R(r, c));
  }
  for (int r = 0; r < 3; ++r)
    xfm[9 + r] = float(t[r]);
  RTCGeometry g = rtcNewGeometry(RTCDevice(impl_->device.handle()), RTC_GEOMETRY_TYPE_INSTANCE);
  rtcSetGeometryInstancedScene(g, scene.impl_->scene);
  rtcSetGeometryTransform(g, 0, RTC_FORMAT_FLOAT3X4_COLUMN_MAJOR, xfm);
  rtcCommitGeometry(g);
  rtcAttachGeometryByID(impl_->scene, g, index);
  rtcReleaseGeometry(g);
}

void PlacedScenes::commit() {
  rtcCommitScene(impl_->scene);
}

std::optional<PlacedScenes::Hit> PlacedScenes::cast(const Ray& ray_W, double max_distance) const {
  if (placed_.empty()) return std::nullopt;
  RTCRayHit q = query(ray_W.origin - centre_W_, ray_W.direction, max_distance);
  RTCIntersectContext context;
  rtcInitIntersectContext(&context);
  rtcIntersect1(impl_->scene, &context, &q);
  if (q.hit.geomID == RTC_INVALID_GEOMETRY_ID) return std::nullopt;
  return refine(q.hit.instID[0], q.hit.geomID, q.hit.primID, q.ray.tfar, ray_W, max_distance);
}

void PlacedScenes::cast(std::span<const Ray> rays_W, std::span<const double> max_distance,
                        std::span<std::optional<Hit>> out) const {
  if (rays_W.size() != max_distance.size() || rays_W.size() != out.size())
    throw std::invalid_argument("PlacedScenes::cast: rays, distances and hits differ in number");
  constexpr std::size_t kPacket = 16;
  for (std::size_t first = 0; first < rays_W.size(); first += kPacket) {
    const std::size_t n = std::min(kPacket, rays_W.size() - first);
    std::fill_n(out.begin() + std::ptrdiff_t(first), n, std::nullopt);
    if (placed_.empty()) continue;
    alignas(64) int valid[kPacket] = {};
    alignas(64) RTCRayHit16 q;
    for (std::size_t k = 0; k < kPacket; ++k) {
      // Lanes past the last ray repeat it, invalid: Embree reads every lane's ray.
      const std::size_t i = first + std::min(k, n - 1);
      const RTCRayHit one =
          query(rays_W[i].origin - centre_W_, rays_W[i].direction, max_distance[i]);
      valid[k] = k < n && max_distance[i] > 0.0 ? -1 : 0;
      q.ray.org_x[k] = one.ray.org_x, q.ray.org_y[k] = one.ray.org_y;
      q.ray.org_z[k] = one.ray.org_z;
      q.ray.dir_x[k] = one.ray.dir_x, q.ray.dir_y[k] = one.ray.dir_y;
      q.ray.dir_z[k] = one.ray.dir_z;
      q.ray.tnear[k] = one.ray.tnear, q.ray.tfar[k] = one.ray.tfar;
      q.ray.time[k] = 0.0f, q.ray.mask[k] = one.ray.mask, q.ray.id[k] = 0, q.ray.flags[k] = 0;
      q.hit.geomID[k] = RTC_INVALID_GEOMETRY_ID;
      q.hit.instID[0][k] = RTC_INVALID_GEOMETRY_ID;
    }
    RTCIntersectContext context;
    rtcInitIntersectContext(&context);
    context.flags = RTC_INTERSECT_CONTEXT_FLAG_COHERENT;
    rtcIntersect16(valid, impl_->scene, &context, &q);
    for (std::size_t k = 0; k < n; ++k) {
      if (!valid[k] || q.hit.geomID[k] == RTC_INVALID_GEOMETRY_ID) continue;
      out[first + k] = refine(q.hit.instID[0][k], q.hit.geomID[k], q.hit.primID[k], q.ray.tfar[k],
                              rays_W[first + k], max_distance[first + k]);
    }
  }
}

std::optional<PlacedScenes::Hit> PlacedScenes::refine(unsigned instance, unsigned mesh,
                                                      unsigned face, double float_distance,
                                                      const Ray& ray_W, double max_distance) const {
  const Placed& p = placed_[instance];
  const Mat3 R_WG = p.X_WG.linear();
  const Ray ray_G{R_WG.transpose() * (ray_W.origin - p.X_WG.translation()),
                  R_WG.transpose() * ray_W.direction};
  const auto hit = p.scene->refine(mesh, face, float_distance, ray_G, max_distance);
  if (!hit) return std::nullopt;
  return Hit{hit->distance, R_WG * hit->normal_W, p.id, hit->mesh, hit->face, hit->barycentric};
}

}  // namespace leeway
