// A wave field: a finite sum of Gerstner components (seed 000 eq. 1), queried anywhere at any time.
//
// A surface particle that sits at (x0, y0) in calm water moves to
//   x = x0 - r sum_i q_i A_i d_i sin(theta_i),   z = z_level + r sum_i A_i cos(theta_i),
//   theta_i = k_i d_i . (x0, y0) - w_i t + phi_i,  r = 1 - exp(-t / tau) (start-up ramp; r = 1
// without one), d_i the unit direction of travel. With every q_i = 0 this is the linear (Airy) sea.
//
// Queries (all in W, ENU; z up):
//   gerstner_point    where the particle from (x0, y0) is at t (the parametric surface)
//   elevation         the exact height of the surface above the fixed point (x, y): the
//                     Gerstner map is inverted for (x0, y0) by Newton's method (VRX's unused
//                     ComputeDepthDirectly, done right), to 1e-12 m
//   surface_normal    unit upward normal of the surface above (x, y)
//   surface_above     the height above (x, y) and its gradient, inverted from a neighbouring
//                     point's (x0, y0): what a search along a ray asks (env/sea_ray.h)
//   particle_velocity, particle_acceleration, dynamic_pressure
//                     linear-theory kinematics at a point in the water: deep water
//                     A w e^{kz} [cos; sin], finite depth A w [cosh k(z+h); sinh k(z+h)] / sinh kh,
//                     pressure rho g A e^{kz} cos (or cosh k(z+h) / cosh kh). Above the calm level
//                     the values at the calm level are used (constant vertical extrapolation).
// The inversion is unique while r sum_i q_i k_i A_i < 1; make_wave_field reports that sum so a
// loader can warn when a steep sea can fold over.
#pragma once

#include <cstddef>
#include <limits>
#include <span>
#include <vector>

#include "leeway/core/spatial.h"
#include "leeway/env/sea_state.h"

namespace leeway {

struct WaveField {
  // One entry per component, in structure-of-arrays form for vectorised sums, padded with
  // zero-amplitude components to a multiple of kLanes.
  static constexpr std::size_t kLanes = 8;
  std::vector<double> amplitude, kx, ky, omega, phase, k;
  std::vector<double> qa_dx, qa_dy;  ///< q_i A_i d_i, the Gerstner displacement amplitudes
  std::size_t count = 0;             ///< real components (before padding)
  bool gerstner = false;             ///< any q_i > 0

  double depth = std::numeric_limits<double>::infinity();  ///< [m]
  double ramp_time = 0.0;                                  ///< tau [s]; 0: no ramp
  double z_level = 0.0;                                    ///< calm surface height in W [m]
  double fold_margin = 0.0;  ///< sum_i q_i k_i A_i: the surface can fold when >= 1
};

WaveField make_wave_field(const std::vector<WaveComponent>& components, double depth,
                          double ramp_time, double z_level);

/// r(t) = 1 - exp(-t / tau), or 1 without a ramp.
double ramp_factor(const WaveField& field, double t);

Vec3 gerstner_point(const WaveField& field, double x0, double y0, double t);
/// gerstner_point() over a regular grid of calm-water positions (x0 + i h, y0 + j h), i and j
/// from 0 to n, row by row (i fastest), into `out` ((n + 1)^2 points; std::invalid_argument
/// otherwise): the same points to 1e-9 m, with a sine and cosine per component per row rather
/// than per point (each phase is rotated along its row by e^{i k_x h}), for a viewer's surface.
void gerstner_grid(const WaveField& field, double x0, double y0, double h, int n, double t,
                   std::span<Vec3> out);
double elevation(const WaveField& field, double x, double y, double t);
void elevations(const WaveField& field, std::span<const double> x, std::span<const double> y,
                double t, std::span<double> z_out);
Vec3 surface_normal(const WaveField& field, double x, double y, double t);
/// The surface above the fixed point (x, y) at t, for a search that moves along it: the rest
/// position (x0, y0) of the particle there, found by elevation()'s Newton iteration started from
/// (x0_start, y0_start) (a neighbouring point's rest position moved as the point moved, a step
/// or two from the answer, where elevation() starts from (x, y) itself), the height [m] and its
/// gradient. While the sea cannot fold (r fold_margin < 1) every start finds the same particle.
struct SurfaceAbove {
  double x0 = 0.0, y0 = 0.0;            ///< [m]
  double eta = 0.0;                     ///< [m] in W
  double deta_dx = 0.0, deta_dy = 0.0;  ///< [-]
};
SurfaceAbove surface_above(const WaveField& field, double x, double y, double t, double x0_start,
                           double y0_start);
/// Velocity and local acceleration (d/dt at the fixed point) of the water at p_W [m/s, m/s^2].
struct ParticleKinematics {
  Vec3 velocity, acceleration;
};
ParticleKinematics particle_kinematics(const WaveField& field, const Vec3& p_W, double t);
Vec3 particle_velocity(const WaveField& field, const Vec3& p_W, double t);
Vec3 particle_acceleration(const WaveField& field, const Vec3& p_W, double t);
double dynamic_pressure(const WaveField& field, const Vec3& p_W, double t, double fluid_density,
                        double gravity);

}  // namespace leeway
