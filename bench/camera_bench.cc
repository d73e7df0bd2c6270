// What forward scattering (sensors/forward_scatter.h) costs an underwater camera: a 640 x 480
// frame of a flat seabed seen from 5 m above it, 30 degrees down, so that the paths run from
// 10 m to the far clip (100 m) and every blur width from 1 to some 40 pixels is needed, with the
// fog on (Leeway's default water) and off (seed 003's equation 1 alone: the baseline).
//
//   Camera/underwater/W/H/fog   items are pixels; real_time frames per second over 10 Hz
#include <benchmark/benchmark.h>

#include <cmath>

#include "leeway/core/random.h"
#include "leeway/sensors/camera.h"
#include "leeway/sensors/forward_scatter.h"

namespace leeway {
namespace {

/// The seabed z = -60 m, sand coloured.
struct Seabed final : SurfaceSource {
  std::optional<SurfaceHit> first_surface(const Ray& ray, double max_distance) const override {
    if (ray.direction.z() >= 0.0) return std::nullopt;
    const double s = (-60.0 - ray.origin.z()) / ray.direction.z();
    if (s > max_distance) return std::nullopt;
    return SurfaceHit{s, Vec3::UnitZ(), {0.76, 0.70, 0.50}};
  }
};

void Camera_underwater(benchmark::State& bs) {
  CameraModel c;
  c.width = static_cast<int>(bs.range(0));
  c.height = static_cast<int>(bs.range(1));
  c.forward_scattering = bs.range(2) != 0 ? CameraModel{}.forward_scattering : 0.0;
  const Mat3 R_WS = Eigen::AngleAxisd(0.5236, Vec3::UnitY()).toRotationMatrix();  // 30 deg down
  const Seabed seabed;
  RandomStream rng(1, "camera");
  for (auto _ : bs) {
    const CameraImage image =
        render_camera(c, Vec3(0, 0, -55), R_WS, seabed, Environment{}, 0.0, rng);
    benchmark::DoNotOptimize(image.rgb.data());
  }
  bs.SetItemsProcessed(bs.iterations() * c.width * c.height);
  bs.counters["real_time"] =
      benchmark::Counter(double(bs.iterations()) / 10.0, benchmark::Counter::kIsRate);
}
BENCHMARK(Camera_underwater)
    ->Name("Camera/underwater")
    ->Args({640, 480, 1})
    ->Args({640, 480, 0})
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace leeway

namespace leeway {
namespace {

/// blur_per_pixel alone on a 640 x 480 rgb frame whose sigmas grow from 0 at the bottom row to
/// 40 pixels at the top, as over a seabed seen obliquely.
void ForwardScatter_blur(benchmark::State& bs) {
  const int w = 640, h = 480;
  std::vector<float> image(std::size_t(w * h) * 3), sigma(std::size_t(w * h));
  for (std::size_t k = 0; k < image.size(); ++k)
    image[k] = static_cast<float>((k * 2654435761u) % 1000) / 1000.0f;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      sigma[std::size_t(y * w + x)] = 40.0f * float(h - 1 - y) / float(h - 1);
  for (auto _ : bs)
    benchmark::DoNotOptimize(blur_per_pixel(image, w, h, 3, sigma).data());
  bs.SetItemsProcessed(bs.iterations() * w * h);
}
BENCHMARK(ForwardScatter_blur)->Name("ForwardScatter/blur/640/480")->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace leeway
