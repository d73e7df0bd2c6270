// The imaging sonar (sensors/sonar.h) over a seabed: the bar is a 256-beam imaging sonar
// at 10 Hz at least 5 times real time on one core (a ping in under 20 ms).
//
//   Sonar/ping256   one ping of the Oculus M750d defaults with 256 beams (130 x 20 degrees,
//                   40 m in 512 bins, 3 x 64 rays a beam: 51,000 rays), 10 m over a rough
//                   500,000-triangle seabed, its axis 30 degrees down; coherent
//   Sonar/rays256   the same rays cast and nothing else (a row of the fan at a time, in
//                   Embree's packets, as a world's sensor casts them): the baseline
//   Sonar/side_scan one ping of Leeway's side-scan defaults (EdgeTech 4125 at 900 kHz, 75 m a
//                   side in 4096 bins, 2 x 21 x 512 rays), 15 m over the same seabed, at 10 Hz
//   Sonar/rexrov_jacket   one ping of the shipped RexROV's sonar (UUV Simulator's M450-130
//                   laser read as a sonar: 768 beams over 2.27 rad, 1 to 100 m in 512 bins,
//                   147,000 rays) in worlds/rexrov_sonar.sdf, facing a jacket's legs; 25 Hz
//
// Items: rays per second; real_time: pings per second over 10 Hz.
#include <benchmark/benchmark.h>

#include <cmath>
#include <numbers>

#include "leeway/geometry/triangle_scene.h"
#include "leeway/sdf/load_world.h"
#include "leeway/sensors/sonar.h"
#include "leeway/world/ray_cast.h"

namespace leeway {
namespace {

const RayDevice& device() {
  static const RayDevice d;
  return d;
}

/// A 1 km square of 500,000 triangles at z = 0, rough by a metre (two crossed sines).
const TriangleScene& seabed() {
  static const TriangleScene scene = [] {
    constexpr int n = 500;
    constexpr double size = 1000.0, h = size / n;
    TriangleScene::Mesh m;
    for (int j = 0; j <= n; ++j)
      for (int i = 0; i <= n; ++i) {
        const double x = -size / 2 + i * h, y = -size / 2 + j * h;
        m.vertices_W.emplace_back(x, y, 0.5 * std::sin(0.11 * x) + 0.5 * std::cos(0.07 * y));
      }
    const auto id = [](int i, int j) { return static_cast<std::uint32_t>(j * (n + 1) + i); };
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        m.faces.push_back({id(i, j), id(i + 1, j), id(i + 1, j + 1)});
        m.faces.push_back({id(i, j), id(i + 1, j + 1), id(i, j + 1)});
      }
    return TriangleScene({std::move(m)}, device());
  }();
  return scene;
}

/// The seabed as a world's sensor sees its static meshes (world/ray_cast.h): placed about the
/// sensor in one two-level hierarchy, a row's rays traced in Embree's packets.
class SeabedEchoes final : public EchoSource {
 public:
  explicit SeabedEchoes(const Vec3& sensor_W) : placed_(device(), sensor_W) {
    placed_.add(seabed(), Eigen::Isometry3d::Identity(), 0);
    placed_.commit();
  }
  std::optional<Echo> first_echo(const Ray& ray, double max_distance) const override {
    return echo(placed_.cast(ray, max_distance));
  }
  void first_echoes(std::span<const Ray> rays, std::span<const double> max_distance,
                    std::span<std::optional<Echo>> out) const override {
    std::vector<std::optional<PlacedScenes::Hit>> hits(rays.size());
    placed_.cast(rays, max_distance, hits);
    for (std::size_t i = 0; i < rays.size(); ++i)
      out[i] = echo(hits[i]);
  }

 private:
  static std::optional<Echo> echo(const std::optional<PlacedScenes::Hit>& hit) {
    if (!hit) return {};
    return Echo{hit->distance, hit->normal_W, Vec3::Zero()};
  }
  PlacedScenes placed_;
};

SonarModel sonar256() {
  SonarModel s;
  s.beams = 256;
  return s;
}

const Vec3 kAt(0, 0, 10);
const Mat3 kDown = Eigen::AngleAxisd(std::numbers::pi / 6, Vec3::UnitY()).toRotationMatrix();

void Sonar_ping256(benchmark::State& bs) {
  const SonarModel s = sonar256();
  const SeabedEchoes echoes(kAt);
  RandomStream rng(1, "sonar");
  int hits = 0;
  for (auto _ : bs) {
    const SonarImage image = ping_sonar(s, kAt, kDown, echoes, 1500.0, 50.0, rng);
    hits = image.hits;
  }
  bs.counters["hits"] = hits;
  bs.counters["real_time"] = benchmark::Counter(0.1, benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(Sonar_ping256)->Name("Sonar/ping256")->Unit(benchmark::kMillisecond);

void Sonar_side_scan(benchmark::State& bs) {
  // Leeway's side-scan defaults (75 m a side in 4096 bins, 2 x 21 x 512 rays) 15 m over the
  // seabed, level: at 10 Hz.
  const SonarModel s = side_scan_sonar();
  const SeabedEchoes echoes(Vec3(0, 0, 15));
  RandomStream rng(1, "sonar");
  int hits = 0;
  for (auto _ : bs) {
    const SonarImage image =
        ping_sonar(s, Vec3(0, 0, 15), Mat3::Identity(), echoes, 1500.0, 50.0, rng);
    hits = image.hits;
  }
  bs.counters["hits"] = hits;
  bs.counters["real_time"] = benchmark::Counter(0.1, benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(Sonar_side_scan)->Name("Sonar/side_scan")->Unit(benchmark::kMillisecond);

void Sonar_rays256(benchmark::State& bs) {
  // The ping's rays, as ping_sonar lays them out.
  const SonarModel s = sonar256();
  const SeabedEchoes echoes(kAt);
  const double spacing = s.horizontal_fov / s.beams, d_theta = spacing / s.rays_per_beam_h;
  const double reach_h = 0.5 * s.horizontal_fov + 3.0 * s.beamwidth_h,
               reach_v = 0.75 * s.vertical_fov;
  const int n_theta = static_cast<int>(std::ceil(2.0 * reach_h / d_theta));
  std::vector<Ray> rays;
  for (int k = 0; k < s.rays_per_beam_v; ++k) {
    const double phi = -reach_v + (k + 0.5) * 2.0 * reach_v / s.rays_per_beam_v;
    for (int j = 0; j < n_theta; ++j) {
      const double theta = -reach_h + (j + 0.5) * d_theta;
      rays.push_back({kAt, kDown * Vec3(std::cos(phi) * std::cos(theta),
                                        std::cos(phi) * std::sin(theta), std::sin(phi))});
    }
  }
  // A row at a time, as the ping casts them.
  const std::size_t row = static_cast<std::size_t>(n_theta);
  const std::vector<double> reach(row, s.range_max);
  std::vector<std::optional<Echo>> row_echoes(row);
  int hits = 0;
  for (auto _ : bs) {
    hits = 0;
    for (std::size_t start = 0; start < rays.size(); start += row) {
      echoes.first_echoes(std::span(rays).subspan(start, row), reach, row_echoes);
      for (const auto& e : row_echoes)
        hits += e.has_value();
    }
  }
  bs.SetItemsProcessed(bs.iterations() * static_cast<std::int64_t>(rays.size()));
  bs.counters["hits"] = hits;
}
BENCHMARK(Sonar_rays256)->Name("Sonar/rays256")->Unit(benchmark::kMillisecond);

void Sonar_rexrov_jacket(benchmark::State& bs) {
  Diagnostics diagnostics;
  const Model m =
      load_world_file(std::string(LEEWAY_SOURCE_DIR) + "/worlds/rexrov_sonar.sdf", diagnostics, 1);
  const State state = make_initial_state(m);
  const auto sonar_at = static_cast<std::size_t>(m.sensor_index("rexrov", "sonar"));
  const SensorModel& sensor = m.sensors[sonar_at];
  const auto& sonar = std::get<SonarModel>(sensor.kind);
  const BodyState& b = state.bodies[static_cast<std::size_t>(sensor.body)];
  const Vec3 p_WS = b.p_WB + b.q_WB * sensor.X_BS.translation();
  const Mat3 R_WS = b.q_WB.toRotationMatrix() * sensor.X_BS.linear();
  RandomStream rng(1, "sonar");
  int hits = 0;
  for (auto _ : bs) {
    // As a sample takes it: the scene's bodies placed for the ping, then the ping.
    const WorldEchoes echoes(m, state.bodies, sensor.body, p_WS, sonar.range_max);
    hits = ping_sonar(sonar, p_WS, R_WS, echoes, m.environment.sound_speed, -p_WS.z(), rng).hits;
  }
  bs.counters["hits"] = hits;
  bs.counters["real_time"] =
      benchmark::Counter(1.0 / sensor.rate_hz, benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(Sonar_rexrov_jacket)->Name("Sonar/rexrov_jacket")->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace leeway
