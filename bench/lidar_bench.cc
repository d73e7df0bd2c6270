// The lidar (sensors/lidar.h) and a camera (sensors/camera.h) in VRX's course: VRX's own WAM-V
// (wamv_H, as VRX's launch spawns it, then turned to face the navigation course's first gate)
// with its VLP-16 (16 x 1875 rays at 10 Hz), in VRX's gymkhana world (its navigation and
// obstacle courses' 23 buoys, its waves: VRX's wavefield, gain 0.3, period 5 s), read from the
// foreign corpus (../shared/foreign, or LEEWAY_FOREIGN); skipped without it.
//
//   Lidar/vlp16_vrx    one scan as a sample takes it: the bodies placed in the scene (a top-level
//                      hierarchy built), every ray cast, the sea searched where it matters;
//                      items are rays; real_time is scans per second over 10 Hz
//   Lidar/embree_bare  the same rays against the same triangles (every mesh visual posed in W
//                      at the scan's time, one flat hierarchy) by Embree's bare rtcIntersect1,
//                      single precision, nothing else: the baseline
//   Lidar/embree_bare16  the same by rtcIntersect16, sixteen rays a packet, as Leeway casts a
//                      scan: the baseline for packets
//   Camera/vrx/W/H     one frame of a W x H camera where VRX's WAM-V carries its front left
//                      camera (0.75 m ahead, 0.1 m left, 1.5 m up, 15 degrees down; 80 degrees
//                      wide): the course, the sky, the sea with its waves and Fresnel; items
//                      are pixels, real_time frames per second over 10 Hz (640 x 480; the
//                      bar is 1) or 30 Hz (VRX's 1280 x 720). With
//                      LEEWAY_CAMERA_PNG set, the last frame is written there.
#include <benchmark/benchmark.h>
#include <embree3/rtcore.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "leeway/formats/mesh_file.h"
#include "leeway/formats/png_file.h"
#include "leeway/sdf/load_world.h"
#include "leeway/sensors/lidar.h"
#include "leeway/world/ray_cast.h"
#include "leeway/world/state.h"

namespace leeway {
namespace {

struct VrxCourse {
  Model model;
  State state;
  int lidar = -1;  ///< its index in model.sensors
};

/// VRX's gymkhana world with the WAM-V; null without the corpus.
const VrxCourse* vrx_course() {
  static const std::unique_ptr<VrxCourse> course = []() -> std::unique_ptr<VrxCourse> {
    const char* given = std::getenv("LEEWAY_FOREIGN");
    const std::string corpus =
        given ? given : std::string(LEEWAY_SOURCE_DIR) + "/../shared/foreign";
    const std::string v = corpus + "/vrx";
    if (!std::filesystem::exists(v + "/vrx_gz/worlds/gymkhana_task.sdf")) return nullptr;
    const std::string paths = v + "/vrx_gz/models:" + v + "/vrx_urdf:" + v +
                              "/vrx_urdf/vrx_gazebo/models:" + v +
                              "/vrx_urdf/wamv_description/models:" + v + "/generated";
    setenv("GZ_SIM_RESOURCE_PATH", paths.c_str(), 1);
    setenv("GZ_FUEL_CACHE_PATH", (corpus + "/fuel-cache").c_str(), 1);
    Diagnostics diagnostics;
    auto c = std::make_unique<VrxCourse>();
    c->model = load_world_file(v + "/vrx_gz/worlds/gymkhana_task.sdf", diagnostics, 1,
                               {{"model://wamv_H", "wamv", {-532, 162, 0, 0, 0, 1}}});
    c->state = make_initial_state(c->model);
    for (std::size_t i = 0; i < c->model.sensors.size(); ++i) {
      if (std::holds_alternative<LidarModel>(c->model.sensors[i].kind))
        c->lidar = static_cast<int>(i);
    }
    if (c->lidar < 0) return nullptr;
    // VRX spawns the WAM-V 35 m south of the navigation course's first gate (red buoy at
    // (-524, 198), green at (-543.8, 195.4)), yawed 1 rad; turned to face the gate.
    BodyState& wamv = c->state.bodies[std::size_t(c->model.sensors[std::size_t(c->lidar)].body)];
    wamv.q_WB = Quat(Eigen::AngleAxisd(std::atan2(196.7 - 162.0, -533.9 + 532.0), Vec3::UnitZ()));
    return c;
  }();
  return course.get();
}

const SensorModel& lidar_of(const VrxCourse& c) {
  return c.model.sensors[static_cast<std::size_t>(c.lidar)];
}

/// The lidar's pose in W.
std::pair<Vec3, Mat3> lidar_pose(const VrxCourse& c) {
  const SensorModel& s = lidar_of(c);
  const BodyState& b = c.state.bodies[static_cast<std::size_t>(s.body)];
  return {b.p_WB + b.q_WB * s.X_BS.translation(), b.q_WB.toRotationMatrix() * s.X_BS.linear()};
}

void Lidar_vlp16_vrx(benchmark::State& bs) {
  const VrxCourse* c = vrx_course();
  if (!c) return bs.SkipWithError("no VRX corpus (LEEWAY_FOREIGN)");
  const SensorModel& sensor = lidar_of(*c);
  const auto& lidar = std::get<LidarModel>(sensor.kind);
  const auto [p_WS, R_WS] = lidar_pose(*c);
  RandomStream rng(1, "lidar");
  double t = 100.0;
  std::int64_t returns = 0, water = 0;
  for (auto _ : bs) {
    // As a sample takes it: the scene's bodies placed for the scan, then the rays.
    const WorldEchoes echoes(c->model, c->state.bodies, -1, p_WS, lidar.range_max);
    const LidarReading r = scan_lidar(lidar, p_WS, R_WS, echoes, c->model.environment, t,
                                      NoiseState{}, rng, static_cast<int>(bs.range(0)));
    for (const float range : r.ranges)
      returns += std::isfinite(range);
    water += r.water_returns;
    t += 0.1;
  }
  bs.SetItemsProcessed(bs.iterations() * static_cast<std::int64_t>(lidar.ray_count()));
  bs.counters["returns"] = static_cast<double>(returns) / static_cast<double>(bs.iterations());
  bs.counters["water_returns"] = static_cast<double>(water) / static_cast<double>(bs.iterations());
  bs.counters["waves"] =
      c->model.environment.waves ? static_cast<double>(c->model.environment.waves->count) : 0.0;
  bs.counters["real_time"] =
      benchmark::Counter(1.0 / sensor.rate_hz, benchmark::Counter::kIsIterationInvariantRate);
}
// Its rows on 1 and 2 threads (the same scan): wall time.
BENCHMARK(Lidar_vlp16_vrx)
    ->Name("Lidar/vlp16_vrx")
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

/// The baselines' scene: every mesh visual's triangles posed in W at the scan's time, about the
/// lidar, in one flat Embree hierarchy; and the scan's directions.
struct BareScene {
  RTCDevice device = rtcNewDevice(nullptr);
  RTCScene scene = rtcNewScene(device);
  std::size_t triangles = 0;
  std::vector<Vec3> directions;
  BareScene(const BareScene&) = delete;
  BareScene& operator=(const BareScene&) = delete;
  ~BareScene() {
    rtcReleaseScene(scene);
    rtcReleaseDevice(device);
  }

  explicit BareScene(const VrxCourse& c) {
    const auto& lidar = std::get<LidarModel>(lidar_of(c).kind);
    const auto [p_WS, R_WS] = lidar_pose(c);
    for (const Visual& v : c.model.visuals) {
      const auto* mesh = std::get_if<VisualMesh>(&v.geometry);
      if (!mesh) continue;
      Eigen::Isometry3d X_WV = v.X_BV;
      if (v.body >= 0) {
        const BodyState& b = c.state.bodies[static_cast<std::size_t>(v.body)];
        X_WV = Eigen::Translation3d(b.p_WB) * b.q_WB * v.X_BV;
      }
      std::vector<MeshPart> parts;
      try {
        parts = read_mesh_parts(*mesh);
      } catch (const std::exception&) {
        continue;
      }
      for (const MeshPart& part : parts) {
        RTCGeometry g = rtcNewGeometry(device, RTC_GEOMETRY_TYPE_TRIANGLE);
        auto* xyz = static_cast<float*>(
            rtcSetNewGeometryBuffer(g, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3,
                                    3 * sizeof(float), part.vertices.size()));
        for (std::size_t i = 0; i < part.vertices.size(); ++i) {
          const Vec3 p = X_WV * part.vertices[i] - p_WS;  // about the lidar, as Leeway's centre
          for (int k = 0; k < 3; ++k)
            xyz[3 * i + static_cast<std::size_t>(k)] = static_cast<float>(p[k]);
        }
        auto* index = static_cast<unsigned*>(
            rtcSetNewGeometryBuffer(g, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3,
                                    3 * sizeof(unsigned), part.faces.size()));
        for (std::size_t f = 0; f < part.faces.size(); ++f)
          for (std::size_t k = 0; k < 3; ++k)
            index[3 * f + k] = part.faces[f][k];
        rtcCommitGeometry(g);
        rtcAttachGeometry(scene, g);
        rtcReleaseGeometry(g);
        triangles += part.faces.size();
      }
    }
    rtcCommitScene(scene);
    for (int j = 0; j < lidar.vertical_samples; ++j)
      for (int i = 0; i < lidar.horizontal_samples; ++i)
        directions.push_back(R_WS * lidar_direction_S(lidar, i, j));
  }
};

void Lidar_embree_bare(benchmark::State& bs) {
  const VrxCourse* c = vrx_course();
  if (!c) return bs.SkipWithError("no VRX corpus (LEEWAY_FOREIGN)");
  const auto& lidar = std::get<LidarModel>(lidar_of(*c).kind);
  const BareScene bare(*c);
  const auto far = static_cast<float>(lidar.range_max), near = static_cast<float>(lidar.range_min);
  std::int64_t hits = 0;
  for (auto _ : bs) {
    for (const Vec3& d : bare.directions) {
      RTCRayHit q{};
      q.ray.dir_x = static_cast<float>(d.x());
      q.ray.dir_y = static_cast<float>(d.y());
      q.ray.dir_z = static_cast<float>(d.z());
      q.ray.tnear = near;
      q.ray.tfar = far;
      q.ray.mask = std::numeric_limits<unsigned>::max();
      q.hit.geomID = RTC_INVALID_GEOMETRY_ID;
      RTCIntersectContext context;
      rtcInitIntersectContext(&context);
      rtcIntersect1(bare.scene, &context, &q);
      hits += q.hit.geomID != RTC_INVALID_GEOMETRY_ID;
    }
  }
  bs.SetItemsProcessed(bs.iterations() * static_cast<std::int64_t>(bare.directions.size()));
  bs.counters["returns"] = static_cast<double>(hits) / static_cast<double>(bs.iterations());
  bs.counters["triangles"] = static_cast<double>(bare.triangles);
}
BENCHMARK(Lidar_embree_bare)->Name("Lidar/embree_bare")->Unit(benchmark::kMillisecond);

void Lidar_embree_bare16(benchmark::State& bs) {
  const VrxCourse* c = vrx_course();
  if (!c) return bs.SkipWithError("no VRX corpus (LEEWAY_FOREIGN)");
  const auto& lidar = std::get<LidarModel>(lidar_of(*c).kind);
  const BareScene bare(*c);
  const auto far = static_cast<float>(lidar.range_max), near = static_cast<float>(lidar.range_min);
  const std::size_t n = bare.directions.size();
  std::int64_t hits = 0;
  for (auto _ : bs) {
    for (std::size_t first = 0; first < n; first += 16) {
      alignas(64) int valid[16];
      alignas(64) RTCRayHit16 q{};
      for (std::size_t k = 0; k < 16; ++k) {
        const Vec3& d = bare.directions[std::min(first + k, n - 1)];
        valid[k] = first + k < n ? -1 : 0;
        q.ray.dir_x[k] = static_cast<float>(d.x());
        q.ray.dir_y[k] = static_cast<float>(d.y());
        q.ray.dir_z[k] = static_cast<float>(d.z());
        q.ray.tnear[k] = near;
        q.ray.tfar[k] = far;
        q.ray.mask[k] = std::numeric_limits<unsigned>::max();
        q.hit.geomID[k] = RTC_INVALID_GEOMETRY_ID;
      }
      RTCIntersectContext context;
      rtcInitIntersectContext(&context);
      context.flags = RTC_INTERSECT_CONTEXT_FLAG_COHERENT;
      rtcIntersect16(valid, bare.scene, &context, &q);
      for (std::size_t k = 0; k < 16; ++k)
        hits += valid[k] && q.hit.geomID[k] != RTC_INVALID_GEOMETRY_ID;
    }
  }
  bs.SetItemsProcessed(bs.iterations() * static_cast<std::int64_t>(n));
  bs.counters["returns"] = static_cast<double>(hits) / static_cast<double>(bs.iterations());
}
BENCHMARK(Lidar_embree_bare16)->Name("Lidar/embree_bare16")->Unit(benchmark::kMillisecond);

void Camera_vrx(benchmark::State& bs) {
  const VrxCourse* c = vrx_course();
  if (!c) return bs.SkipWithError("no VRX corpus (LEEWAY_FOREIGN)");
  CameraModel camera;
  camera.width = static_cast<int>(bs.range(0));
  camera.height = static_cast<int>(bs.range(1));
  camera.horizontal_fov = 1.3962634;  // VRX's 80 degrees
  camera.far = 300.0;
  camera.shadows = bs.range(3) != 0;
  const SensorModel& lidar = lidar_of(*c);
  const BodyState& b = c->state.bodies[static_cast<std::size_t>(lidar.body)];
  const Vec3 p_WS = b.p_WB + b.q_WB * Vec3(0.75, 0.1, 1.5);
  const Mat3 R_WS =
      b.q_WB.toRotationMatrix() * Eigen::AngleAxisd(0.2617994, Vec3::UnitY()).toRotationMatrix();
  RandomStream rng(1, "camera");
  double t = 100.0;
  CameraImage image;
  for (auto _ : bs) {
    const WorldSurfaces world(c->model, c->state.bodies, p_WS, camera.far);
    image = render_camera(camera, p_WS, R_WS, world, c->model.environment, t, rng,
                          static_cast<int>(bs.range(2)));
    t += 0.1;
  }
  const double rate = camera.width >= 1280 ? 30.0 : 10.0;
  bs.SetItemsProcessed(bs.iterations() * camera.width * camera.height);
  bs.counters["real_time"] =
      benchmark::Counter(1.0 / rate, benchmark::Counter::kIsIterationInvariantRate);
  if (const char* png = std::getenv("LEEWAY_CAMERA_PNG"))
    write_png(png, image.width, image.height, image.rgb);
}
// Width, height, threads (the same image on any number), shadows (1: on, the default; 0: off,
// the baseline of their cost): wall time.
BENCHMARK(Camera_vrx)
    ->Name("Camera/vrx")
    ->Args({640, 480, 1, 1})
    ->Args({640, 480, 1, 0})
    ->Args({640, 480, 2, 1})
    ->Args({1280, 720, 1, 1})
    ->Args({1280, 720, 2, 1})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace leeway
