// Where a ray first meets the sea surface: the surface the physics floats hulls on
// (env/wave_field.h, or the calm level without waves), intersected exactly rather than through a
// mesh, for the sensors that see the water (a lidar's specular returns, a camera's horizon, an
// echo sounder's surface bounce) and for hiding what a crest stands in front of.
//
// Along the ray x(s) = o + s d the surface is crossed where f(s) = x_z(s) - eta(x_x(s), x_y(s), t)
// changes sign (eta: wave_field.h's elevation, the exact height above a fixed point). The
// search is bounded and certain:
//   - the surface lies in the slab |z - z_level| <= r sum_i A_i, so only the part of the ray in
//     it is searched;
//   - the slope of the surface is at most L = r sum_i k_i A_i / (1 - r sum_i q_i k_i A_i) (the
//     height's gradient through the inverse of the Gerstner map), so f changes at most
//     (|d_z| + L |d_h|) per metre along the ray; a step of |f| / (|d_z| + L |d_h|) cannot step
//     over a crossing (sphere tracing with the Lipschitz bound, Hart 1996);
//   - near the surface that step shrinks; the surface's curvature bounds how far f can dip
//     between two samples on the same side: |f''| <= M |d_h|^2 with
//     M = r sum_i k_i^2 A_i (1 + q_i k_i A_i) / (1 - r sum_i q_i k_i A_i)^3 (one Gerstner
//     component's greatest curvature, summed), so steps of sqrt(8 g / (M |d_h|^2)) pass only a
//     crest the ray dips into by less than g = kSeaRayGraze (1 mm), and no step is shorter;
//   - the crossing found is bracketed and narrowed to kSeaRayTolerance along the ray (regula
//     falsi, Illinois variant).
// A linear sea (no Gerstner steepness) of up to 64 components is searched in closed form along
// the ray: each component's phase is linear in s, so f(s) needs no point turned into heights, the
// ray's own slope and curvature bounds replace the field's (a ray along the crests sees a flat
// sea), and the crossing is narrowed by Newton's method in the bracket, f' being at hand.
// A Gerstner sea that cannot fold is searched along the ray as well: each height's Newton
// inversion (wave_field.h surface_above) starts from the particle under the point before, and
// the crossing is narrowed by Newton's method with f' = d_z - grad eta . d_h.
// Cost (bench/ray_bench.cc, SeaRay/*): a VLP-16's 30,000 rays over the default world's linear
// 64-component sea at 0.77 M rays/s on one core (0.27 M before the closed form), over the same
// sea made Gerstner (q = 0.5) at 0.12 M rays/s (0.021 M with each height inverted from its own
// point, its sums not vectorised, and the crossing narrowed by regula falsi); a camera's 640 x
// 480 pixels over VRX's 3-component sea need some 4.7 heights a ray that meets the water. Without
// waves the surface is the plane z = surface_level, in closed form.
#pragma once

#include <optional>

#include "leeway/env/environment.h"
#include "leeway/geometry/ray.h"

namespace leeway {

struct SeaHit {
  double distance = 0.0;     ///< s [m] along the ray, within kTolerance
  Vec3 p_W = Vec3::Zero();   ///< the point hit
  Vec3 n_W = Vec3::UnitZ();  ///< the surface's unit upward normal there
  bool from_below = false;   ///< the ray came up out of the water
};

inline constexpr double kSeaRayTolerance = 1e-4;  ///< [m] along the ray
inline constexpr double kSeaRayMinStep = 1e-3;    ///< [m] along the ray
/// The deepest a ray may dip into a crest between two samples and pass it [m].
inline constexpr double kSeaRayGraze = 1e-3;

/// The steepest tilt of the sea surface from the horizontal at time t [rad]: atan L (the
/// header), 0 for a calm sea.
double sea_max_tilt(const Environment& env, double t);

/// Whether p_W is under the sea surface at time t (below the surface's height above it).
bool below_sea_surface(const Environment& env, const Vec3& p_W, double t);

/// The heights the sea surface keeps within at time t: [low, high] in W [m] (the calm plane's
/// height twice for a calm sea).
struct SeaSlab {
  double low = 0.0, high = 0.0;
};
SeaSlab sea_slab(const Environment& env, double t);

/// How far along `ray_W` (unit direction), starting on the side of the surface `from_below`
/// says, the ray is surely on the other side: where it leaves the slab through its far face;
/// +inf if it never does. Beyond it a sensor that cannot see through the surface sees nothing,
/// so its search for solids may stop there.
double surely_past_sea(const SeaSlab& slab, const Ray& ray_W, bool from_below);

/// The first crossing of the sea surface by `ray_W` (unit direction) within max_distance, at
/// time t [s], from above or below.
std::optional<SeaHit> ray_cast_sea(const Environment& env, const Ray& ray_W, double t,
                                   double max_distance);

}  // namespace leeway
