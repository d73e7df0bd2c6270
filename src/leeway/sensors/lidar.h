// A scanning lidar: the range along each of a grid of rays, and how strongly the surface hit
// returns the pulse, with gz-sim's conventions (its `lidar` / `gpu_lidar` and legacy `ray` /
// `gpu_ray` sensors: VRX's VLP-16, a 2-D scanner).
//
// Rays. Ray (i, j), column i of the horizontal samples and row j of the vertical, leaves S's
// origin along
//     d_S = (cos e_j cos a_i, cos e_j sin a_i, sin e_j),
//     a_i = a_min + i (a_max - a_min) / (n_a - 1),   e_j = e_min + j (e_max - e_min) / (n_e - 1)
// (a single sample sits at the minimum angle; a 360-degree scan from -pi to pi repeats its first
// ray as its last, as gz-sim's does). Azimuth a turns from S's x towards y, elevation e above
// S's x-y plane.
//
// Range. The first surface a ray meets between range_min and range_max (range_min is gz-sim's
// near clip: nearer surfaces are not seen, as the lidar's own housing is not). No return is
// +inf (REP 117). With noise, r + mean + b + sigma w (b the turn-on bias, drawn once; w a
// standard normal deviate per ray), then clamped to [range_min, range_max] as gz-sim does, and
// rounded to the range resolution when it is set.
//
// Intensity. A solid surface scatters diffusely (Lambert): intensity rho cos(theta_i), rho the
// surface's reflectivity, its visual's <laser_retro> (1 where none is given), theta_i the angle
// between the ray and the surface normal. (gz-sim returns <laser_retro> itself, whatever the
// incidence.)
//
// Water. A lidar's near-infrared pulse is not scattered back by the sea surface: it is reflected
// away from the receiver (specular, Fresnel reflectance about 2 %) or refracted into the water,
// where it is absorbed within metres. So the surface returns nothing, except where its normal is
// within `specular_acceptance` of the reversed ray: the mirror image then falls inside the
// receiver's field of view, and the return's intensity is the Fresnel reflectance R(theta_i)
// (sensors/fresnel.h). The surface hides what lies beyond it: a lidar in air sees nothing under
// the water, one under water nothing above it, and a crest hides the buoy behind it. The surface
// is the physics' own (env/sea_ray.h), crossed at the scan's time.
//
// Cost. A ray is first cast against the solids; the sea is searched only where it matters: on
// the way to a solid hit, or, with no solid hit, where the ray is steep enough for a specular
// return (within specular_acceptance plus the sea's steepest tilt atan(L) of the vertical).
// Elsewhere the answer does not depend on where the ray crosses the surface: it returns nothing.
// Solids are searched for only up to where the ray is surely across the surface (it has left the
// slab the surface keeps within, env/sea_ray.h): nothing beyond returns.
// A VLP-16's shallow beams over open water thus cost no sea search at all.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "leeway/core/random.h"
#include "leeway/core/spatial.h"
#include "leeway/env/environment.h"
#include "leeway/sensors/dvl.h"
#include "leeway/sensors/noise.h"

namespace leeway {

struct LidarReading;

struct LidarModel {
  using Reading = LidarReading;
  int horizontal_samples = 1;   ///< n_a, rays per row
  double horizontal_min = 0.0;  ///< a_min [rad]
  double horizontal_max = 0.0;  ///< a_max [rad]
  int vertical_samples = 1;     ///< n_e, rows
  double vertical_min = 0.0;    ///< e_min [rad]
  double vertical_max = 0.0;    ///< e_max [rad]
  double range_min = 0.1;       ///< [m], the near clip
  double range_max = 10.0;      ///< [m]
  /// mean, white_stddev (per ray), the turn-on bias and quantum (the range resolution) [m]; a
  /// lidar's noise has no bias dynamics.
  NoiseModel range_noise;
  /// The largest angle between the water's normal and the reversed ray for which the surface
  /// returns the pulse [rad]: the receiver's half field of view, about the beam's divergence
  /// (a VLP-16's is 3 mrad).
  double specular_acceptance = 0.003;

  std::size_t ray_count() const {
    return static_cast<std::size_t>(horizontal_samples) *
           static_cast<std::size_t>(vertical_samples);
  }
};

/// Ray (i, j)'s azimuth a_i and elevation e_j [rad].
double lidar_azimuth(const LidarModel& lidar, int i);
double lidar_elevation(const LidarModel& lidar, int j);
/// Ray (i, j)'s unit direction in S.
Vec3 lidar_direction_S(const LidarModel& lidar, int i, int j);

struct LidarReading {
  int horizontal_count = 0;  ///< columns
  int vertical_count = 0;    ///< rows
  /// [m], row j (elevation) after row, column i (azimuth) within: index j n_a + i; +inf: none.
  std::vector<float> ranges;
  std::vector<float> intensities;  ///< [-], 0 where there is no return
  int water_returns = 0;           ///< rays returned by the sea surface

  bool operator==(const LidarReading&) const = default;
};

/// One ray's return, before noise.
struct LidarReturn {
  double range = kInfinity;  ///< [m]; +inf: none
  double intensity = 0.0;    ///< [-]
  bool water = false;        ///< returned by the sea surface

  static constexpr double kInfinity = std::numeric_limits<double>::infinity();
};

/// The return of `ray_W` (from S's origin, unit) at time t [s]: the first of `solids` and the sea
/// surface of `environment` it meets, between range_min and range_max.
LidarReturn lidar_return(const LidarModel& lidar, const Ray& ray_W, const EchoSource& solids,
                         const Environment& environment, double t);

/// A scan from S at pose (p_WS, R_WS) at time t [s]; noise from `noise` (the range axis' turn-on
/// bias) and `rng`, drawn in ray order: the same scan whatever order the rays are cast in. The
/// rows are cast on `threads` threads (`solids` must answer from several at once); the scan is
/// the same for any number.
LidarReading scan_lidar(const LidarModel& lidar, const Vec3& p_WS, const Mat3& R_WS,
                        const EchoSource& solids, const Environment& environment, double t,
                        const NoiseState& noise, RandomStream& rng, int threads = 1);

/// A problem with `lidar` ("" if none): counts below 1, angles not finite or max below min,
/// ranges not 0 < min < max finite, noise a lidar cannot have.
std::string check_lidar(const LidarModel& lidar);

/// The sensor type "lidar" (gz-sim's gpu_lidar, lidar, gpu_ray, ray); it draws.
struct Sampling;
const SensorDescriptor& descriptor_of(const LidarModel&);
LidarReading sample_reading(const LidarModel& lidar, Sampling& s);
void write_reading(const LidarModel&, const LidarReading& r, FieldWriter& out);
inline void noise_axes(const LidarModel& lidar, NoiseAxes& axes) {
  axes.push_back(&lidar.range_noise);
}
inline std::string check_kind(const LidarModel& lidar) {
  return check_lidar(lidar);
}

}  // namespace leeway
