// Wave-field queries: elevation at a point for 3, 64 and 256 components.
//
//   WaveElevation/N        leeway::elevation(): structure-of-arrays, 8 fixed accumulators, the
//                          vectorisable fast_sincos
//   NaiveElevation/N       the baseline: a loop over WaveComponent structs calling std::cos
//   GerstnerElevation/N    the exact elevation of a steep (q = 0.5) sea: Newton inversion
//   BatchElevation/64      1024 points per call (items = points)
#include <benchmark/benchmark.h>

#include <cmath>
#include <limits>

#include "leeway/env/wave_field.h"

namespace leeway {
namespace {

std::vector<WaveComponent> components(int n, double steepness) {
  SeaState s;
  s.spectrum = make_pierson_moskowitz(2.0, 8.0);
  s.components = n;
  s.steepness = steepness;
  return sample_components(s, 1);
}

double naive_elevation(const std::vector<WaveComponent>& cs, double x, double y, double t) {
  double z = 0.0;
  for (const WaveComponent& c : cs) {
    z += c.amplitude * std::cos(c.k * (std::cos(c.direction) * x + std::sin(c.direction) * y) -
                                c.omega * t + c.phase);
  }
  return z;
}

/// Times `elevation_at(x)` at points walking along a line, one item per call.
template <typename F>
void along_a_line(benchmark::State& bs, F elevation_at) {
  double x = 0.0;
  for (auto _ : bs) {
    benchmark::DoNotOptimize(elevation_at(x));
    x = x < 1000.0 ? x + 0.37 : 0.0;  // stay within fast_sincos's range
  }
  bs.SetItemsProcessed(bs.iterations());
}

void WaveElevation(benchmark::State& bs) {
  const WaveField f = make_wave_field(components(static_cast<int>(bs.range(0)), 0.0),
                                      std::numeric_limits<double>::infinity(), 0.0, 0.0);
  along_a_line(bs, [&](double x) { return elevation(f, x, 0.5 * x, 10.0); });
}
BENCHMARK(WaveElevation)->Arg(3)->Arg(64)->Arg(256);

void NaiveElevation(benchmark::State& bs) {
  const std::vector<WaveComponent> cs = components(static_cast<int>(bs.range(0)), 0.0);
  along_a_line(bs, [&](double x) { return naive_elevation(cs, x, 0.5 * x, 10.0); });
}
BENCHMARK(NaiveElevation)->Arg(3)->Arg(64)->Arg(256);

void GerstnerElevation(benchmark::State& bs) {
  const WaveField f = make_wave_field(components(static_cast<int>(bs.range(0)), 0.5),
                                      std::numeric_limits<double>::infinity(), 0.0, 0.0);
  along_a_line(bs, [&](double x) { return elevation(f, x, 0.5 * x, 10.0); });
}
BENCHMARK(GerstnerElevation)->Arg(3)->Arg(64);

void BatchElevation(benchmark::State& bs) {
  const WaveField f =
      make_wave_field(components(64, 0.0), std::numeric_limits<double>::infinity(), 0.0, 0.0);
  std::vector<double> x(1024), y(1024), z(1024);
  for (std::size_t i = 0; i < x.size(); ++i) {
    x[i] = 0.5 * static_cast<double>(i % 32);
    y[i] = 0.5 * static_cast<double>(i / 32);
  }
  for (auto _ : bs) {
    elevations(f, x, y, 10.0, z);
    benchmark::DoNotOptimize(z.data());
  }
  bs.SetItemsProcessed(bs.iterations() * static_cast<std::int64_t>(x.size()));
}
BENCHMARK(BatchElevation);

}  // namespace
}  // namespace leeway
