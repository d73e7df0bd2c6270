// Contact queries: GJK between two shapes, and the per-step query of VRX's collision count.
//
//   GjkBoxes              two boxes 0.5 m apart, turned (a polytope pair: exact in a few
//                         iterations)
//   GjkCylinderSphere     a sphere off a cylinder's rim (curved: converges asymptotically)
//   GjkOverlap            two capsules crossing (the simplex encloses the origin)
//   EpaOverlap            the same pair's depth, normal and witnesses, after GjkOverlap's query
//                         (curved: EPA converges asymptotically)
//   EpaBoxes              two turned boxes into each other (a polytope pair)
//   WamvQueryFar          the default world's WAM-V (its 7 counted shapes) and a post 30 m away:
//                         the model spheres are apart, what almost every step pays
//   WamvQueryNear         the post 0.1 m off the left pontoon's side: inside both model spheres,
//                         every counted shape tested, none touching (the worst case)
//   WamvQueryTouching     the post through the left pontoon
// Compare with WamvStepWaves (hull_bench.cc), one step of the same WAM-V, in the same run.
#include <benchmark/benchmark.h>

#include "leeway/geometry/epa.h"
#include "leeway/geometry/gjk.h"
#include "leeway/sdf/default_world.h"
#include "leeway/sdf/load_world.h"

namespace leeway {
namespace {

Eigen::Isometry3d pose(const Vec3& p, double angle, const Vec3& axis) {
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.translation() = p;
  X.linear() = Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
  return X;
}

void gjk(benchmark::State& bs, const ConvexShape& a, const Eigen::Isometry3d& X_WA,
         const ConvexShape& b, const Eigen::Isometry3d& X_WB) {
  for (auto _ : bs)
    benchmark::DoNotOptimize(shape_distance(a, X_WA, b, X_WB));
  bs.SetItemsProcessed(bs.iterations());
  bs.counters["support_queries"] = shape_distance(a, X_WA, b, X_WB).iterations;
}

void GjkBoxes(benchmark::State& bs) {
  gjk(bs, Box{Vec3(1.0, 0.5, 0.25)}, pose(Vec3::Zero(), 0.3, Vec3(1, 2, 3)),
      Box{Vec3(0.4, 0.4, 0.4)}, pose(Vec3(2.5, 0.3, 0.1), 0.7, Vec3(3, -1, 2)));
}
BENCHMARK(GjkBoxes);

void GjkCylinderSphere(benchmark::State& bs) {
  gjk(bs, Cylinder{0.5, 1.0}, pose(Vec3::Zero(), 0.2, Vec3(1, 0, 0)), Sphere{0.25},
      pose(Vec3(1.5, 0.2, 2.0), 0.0, Vec3(0, 0, 1)));
}
BENCHMARK(GjkCylinderSphere);

void GjkOverlap(benchmark::State& bs) {
  gjk(bs, Capsule{0.3, 1.0}, pose(Vec3::Zero(), 1.2, Vec3(1, 0, 0)), Capsule{0.3, 1.0},
      pose(Vec3(0.2, 0.1, 0.4), 1.5707, Vec3(0, 1, 0)));
}
BENCHMARK(GjkOverlap);

/// GJK's query and then EPA's, on a pair that overlaps.
void epa(benchmark::State& bs, const ConvexShape& a, const Eigen::Isometry3d& X_WA,
         const ConvexShape& b, const Eigen::Isometry3d& X_WB) {
  const ShapeDistance d = shape_distance(a, X_WA, b, X_WB);
  if (!d.overlap) {
    bs.SkipWithError("the pair does not overlap");
    return;
  }
  for (auto _ : bs)
    benchmark::DoNotOptimize(shape_penetration(a, X_WA, b, X_WB, shape_distance(a, X_WA, b, X_WB)));
  bs.SetItemsProcessed(bs.iterations());
  const ShapePenetration p = shape_penetration(a, X_WA, b, X_WB, d);
  bs.counters["support_queries"] = d.iterations + p.iterations;
  bs.counters["depth_mm"] = 1e3 * p.depth;
}

void EpaOverlap(benchmark::State& bs) {
  epa(bs, Capsule{0.3, 1.0}, pose(Vec3::Zero(), 1.2, Vec3(1, 0, 0)), Capsule{0.3, 1.0},
      pose(Vec3(0.2, 0.1, 0.4), 1.5707, Vec3(0, 1, 0)));
}
BENCHMARK(EpaOverlap);

void EpaBoxes(benchmark::State& bs) {
  epa(bs, Box{Vec3(1.0, 0.5, 0.25)}, pose(Vec3::Zero(), 0.3, Vec3(1, 2, 3)),
      Box{Vec3(0.4, 0.4, 0.4)}, pose(Vec3(1.2, 0.2, 0.1), 0.7, Vec3(3, -1, 2)));
}
BENCHMARK(EpaBoxes);

/// The default world's WAM-V at rest at the origin and a static post of radius 0.3 m at `p_W`.
void wamv_query(benchmark::State& bs, const Vec3& p_W, bool touching) {
  Diagnostics d;
  const Scenario w = load_scenario_string(std::string(default_world_sdf()), "default world", d, 1);
  const Model& m = w.model;
  std::vector<Collider> colliders = m.colliders;
  Collider post;
  post.model_name = "post";
  post.X_WB = pose(p_W, 0.0, Vec3::UnitZ());
  post.shapes = {{"link::collision", Cylinder{0.3, 2.0}, Eigen::Isometry3d::Identity()}};
  post.radius = bounding_radius(post.shapes[0].shape);
  colliders.push_back(post);
  const int self = m.collider_index("wamv");
  const std::vector<int>& counted = w.tasks.at(0).counted_shapes;
  std::vector<BodyState> bodies(m.bodies.size());
  if (first_contact(colliders, self, counted, bodies).has_value() != touching) {
    bs.SkipWithError("the post is not where the benchmark says");
    return;
  }
  for (auto _ : bs)
    benchmark::DoNotOptimize(first_contact(colliders, self, counted, bodies));
  bs.SetItemsProcessed(bs.iterations());
}

void WamvQueryFar(benchmark::State& bs) {
  wamv_query(bs, Vec3(30.0, 0.0, 0.0), false);
}
BENCHMARK(WamvQueryFar);

void WamvQueryNear(benchmark::State& bs) {
  wamv_query(bs, Vec3(-0.4, 1.03 + 0.2 + 0.3 + 0.1, 0.0), false);
}
BENCHMARK(WamvQueryNear);

void WamvQueryTouching(benchmark::State& bs) {
  wamv_query(bs, Vec3(-0.4, 1.03 + 0.2 + 0.2, 0.0), true);
}
BENCHMARK(WamvQueryTouching);

}  // namespace
}  // namespace leeway
