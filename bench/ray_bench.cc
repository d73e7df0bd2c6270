// Rays against the sea (env/sea_ray.h), the perception issue's first piece: what a lidar's beams
// cost where they meet the water.
//
//   SeaRay/vlp16       VRX's VLP-16 (16 beams from -15 to +15 degrees, 1875 azimuths: 30,000 rays)
//                      from 2.5 m above the default world's sea (Pierson-Moskowitz, Hs 0.5 m,
//                      64 short-crested linear components: searched along each ray in closed
//                      form, env/sea_ray.cc), 100 m range; the upward half leaves the surface's
//                      slab at once
//   SeaRay/vlp16_gerstner  the same rays over the same spectrum made Gerstner (q = 0.5): heights
//                      found by inverting the Gerstner map at each point, from the particle
//                      under the point before
//   SeaRay/elevation   the surface's height at 30,000 points: the unit a ray's search pays per
//                      step, the baseline
//
// Throughput: rays (or heights) per second; the ratio says how many heights a ray costs.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "leeway/env/sea_ray.h"
#include "leeway/env/wave_field.h"
#include "leeway/sdf/default_world.h"
#include "leeway/sdf/load_world.h"

namespace leeway {
namespace {

Environment default_sea() {
  Diagnostics d;
  return load_world_string(std::string(default_world_sdf()), "default world", d, 1).environment;
}

std::vector<Ray> vlp16(const Vec3& origin) {
  std::vector<Ray> rays;
  for (int beam = 0; beam < 16; ++beam) {
    const double elevation = (-15.0 + 2.0 * beam) * std::numbers::pi / 180.0;
    for (int a = 0; a < 1875; ++a) {
      const double azimuth = 2 * std::numbers::pi * a / 1875.0;
      rays.push_back({origin, Vec3(std::cos(elevation) * std::cos(azimuth),
                                   std::cos(elevation) * std::sin(azimuth), std::sin(elevation))});
    }
  }
  return rays;
}

/// The default sea with Gerstner steepness q = 0.5 (at most 1 / (k A) per component).
Environment default_gerstner_sea() {
  Environment env = default_sea();
  WaveField& w = *env.waves;
  w.fold_margin = 0.0;
  for (std::size_t i = 0; i < w.count; ++i) {
    const double q = std::min(0.5, 1.0 / (w.k[i] * w.amplitude[i]));
    w.qa_dx[i] = q * w.amplitude[i] * w.kx[i] / w.k[i];
    w.qa_dy[i] = q * w.amplitude[i] * w.ky[i] / w.k[i];
    w.fold_margin += q * w.k[i] * w.amplitude[i];
  }
  w.gerstner = true;
  return env;
}

void SeaRay_vlp16(benchmark::State& state, const Environment& env) {
  const std::vector<Ray> rays = vlp16(Vec3(0, 0, 2.5));
  double t = 100.0;
  std::size_t hits = 0;
  for (auto _ : state) {
    for (const Ray& r : rays)
      hits += ray_cast_sea(env, r, t, 100.0).has_value();
    t += 0.1;
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(rays.size()));
  state.counters["hit_fraction"] =
      static_cast<double>(hits) / static_cast<double>(state.iterations() * rays.size());
}
BENCHMARK_CAPTURE(SeaRay_vlp16, linear, default_sea())
    ->Name("SeaRay/vlp16")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(SeaRay_vlp16, gerstner, default_gerstner_sea())
    ->Name("SeaRay/vlp16_gerstner")
    ->Unit(benchmark::kMillisecond);

void SeaRay_elevation(benchmark::State& state) {
  const Environment env = default_sea();
  const std::vector<Ray> rays = vlp16(Vec3(0, 0, 2.5));
  double t = 100.0, sum = 0.0;
  for (auto _ : state) {
    for (const Ray& r : rays) {
      const Vec3 p = r.origin + 20.0 * r.direction;
      sum += elevation(*env.waves, p.x(), p.y(), t);
    }
    t += 0.1;
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(rays.size()));
}
BENCHMARK(SeaRay_elevation)->Name("SeaRay/elevation")->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace leeway
