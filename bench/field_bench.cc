// Field-file queries: what a body pays per force evaluation for a current from a file.
//
//   GridField            quadrilinear sample of a 64 x 64 x 8 x 24 grid, local placement
//   GridFieldGeo         the same grid in lon/lat: the second-order placement (field_placement.h)
//   GridFieldGeoExact    the baseline for it: the exact GeographicLib conversion per query
//   MeshField            barycentric sample of a HEC-RAS-like mesh of 20,000 triangles through
//                        the bucket grid (triangle_mesh.h)
//   MeshFieldBruteForce  the baseline for it: a point-in-triangle test over every triangle
#include <benchmark/benchmark.h>

#include <cmath>

#include "leeway/core/geo.h"
#include "leeway/env/vector_field.h"

namespace leeway {
namespace {

RegularGrid grid(double x0, double dx, double y0, double dy) {
  RegularGrid g;
  for (int i = 0; i < 64; ++i) {
    g.x.push_back(x0 + dx * i);
    g.y.push_back(y0 + dy * i);
  }
  for (int i = 0; i < 8; ++i)
    g.z.push_back(-40.0 + 5.0 * i);
  for (int i = 0; i < 24; ++i)
    g.t.push_back(3600.0 * i);
  g.values.resize(g.x.size() * g.y.size() * g.z.size() * g.t.size());
  for (std::size_t k = 0; k < g.values.size(); ++k)
    g.values[k] = Vec3(std::sin(0.001 * k), std::cos(0.0013 * k), 0.0);
  return g;
}

/// Query points wandering over the middle of a 1 km square about the W origin.
Vec3 wander(int i) {
  return {400.0 * std::sin(0.37 * i), 400.0 * std::cos(0.23 * i), -3.0 - 0.01 * (i % 100)};
}

void GridField(benchmark::State& bs) {
  VectorField f;
  f.data = grid(-1000.0, 32.0, -1000.0, 32.0);
  int i = 0;
  for (auto _ : bs) {
    benchmark::DoNotOptimize(sample_field(f, wander(i), 1000.0 + i));
    ++i;
  }
  bs.SetItemsProcessed(bs.iterations());
}

const Geodetic kOrigin{43.0, 5.0, 0.0};

VectorField lon_lat_field() {
  VectorField f;
  const RegularGrid g = grid(4.987, 0.0004, 42.99, 0.0003);
  f.data = g;
  f.placement = geo_placement(kOrigin, {FieldCrs::Kind::kLonLat, {}},
                              std::vector<Eigen::Vector2d>{{g.x.front(), g.y.front()},
                                                           {g.x.back(), g.y.front()},
                                                           {g.x.back(), g.y.back()},
                                                           {g.x.front(), g.y.back()}})
                    .placement;
  return f;
}

void GridFieldGeo(benchmark::State& bs) {
  const VectorField f = lon_lat_field();
  int i = 0;
  for (auto _ : bs) {
    benchmark::DoNotOptimize(sample_field(f, wander(i), 1000.0 + i));
    ++i;
  }
  bs.SetItemsProcessed(bs.iterations());
}

void GridFieldGeoExact(benchmark::State& bs) {
  VectorField f = lon_lat_field();
  f.placement = FieldPlacement{};  // sample in file coordinates, converted exactly below
  int i = 0;
  for (auto _ : bs) {
    const Vec3 p = wander(i);
    const Geodetic g = W_to_geodetic(kOrigin, p);
    benchmark::DoNotOptimize(
        sample_field(f, Vec3(g.longitude_deg, g.latitude_deg, p.z()), 1000.0 + i));
    ++i;
  }
  bs.SetItemsProcessed(bs.iterations());
}

MeshSeries mesh_series() {
  const int n = 101;  // 100 x 100 cells of 10 m, two triangles each
  std::vector<Eigen::Vector2d> nodes;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      nodes.emplace_back(-500.0 + 10.0 * i + std::sin(i * j), -500.0 + 10.0 * j);
  std::vector<std::array<int, 3>> triangles;
  for (int j = 0; j + 1 < n; ++j)
    for (int i = 0; i + 1 < n; ++i) {
      const int a = j * n + i;
      triangles.push_back({a, a + 1, a + n + 1});
      triangles.push_back({a, a + n + 1, a + n});
    }
  MeshSeries m;
  m.mesh = make_triangle_mesh(nodes, triangles);
  m.t = {0.0, 3600.0};
  for (std::size_t k = 0; k < 2 * nodes.size(); ++k)
    m.values.push_back(Vec3(std::sin(0.01 * k), 0.3, 0.0));
  return m;
}

void MeshField(benchmark::State& bs) {
  VectorField f;
  f.data = mesh_series();
  int i = 0;
  for (auto _ : bs)
    benchmark::DoNotOptimize(sample_field(f, wander(i++), 1000.0));
  bs.SetItemsProcessed(bs.iterations());
}

void MeshFieldBruteForce(benchmark::State& bs) {
  const MeshSeries m = mesh_series();
  const auto& nodes = m.mesh.nodes;
  int i = 0;
  for (auto _ : bs) {
    const Eigen::Vector2d p = wander(i++).head<2>();
    for (const auto& t : m.mesh.triangles) {
      const Eigen::Vector2d a = nodes[t[0]], b = nodes[t[1]], c = nodes[t[2]];
      auto cross = [](const Eigen::Vector2d& u, const Eigen::Vector2d& v) {
        return u.x() * v.y() - u.y() * v.x();
      };
      const double area = cross(b - a, c - a);
      const double wa = cross(b - p, c - p) / area, wb = cross(c - p, a - p) / area;
      if (wa >= 0.0 && wb >= 0.0 && wa + wb <= 1.0) {
        benchmark::DoNotOptimize(wa * m.values[t[0]] + wb * m.values[t[1]] +
                                 (1.0 - wa - wb) * m.values[t[2]]);
        break;
      }
    }
  }
  bs.SetItemsProcessed(bs.iterations());
}

BENCHMARK(GridField);
BENCHMARK(GridFieldGeo);
BENCHMARK(GridFieldGeoExact);
BENCHMARK(MeshField);
BENCHMARK(MeshFieldBruteForce);

}  // namespace
}  // namespace leeway
