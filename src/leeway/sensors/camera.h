// A camera's image, ray traced on the CPU: one ray through each pixel's centre, the surfaces'
// colours lit by the sun, the sky, the sea surface with its Fresnel reflection, and under water
// the attenuation of seed 003 (UUV Simulator's underwater camera), equation 1:
//     i_m = i e^(-r a_c) + (1 - e^(-r a_c)) b_c        for each channel c,
// i the colour the surface sends, r the path's length in water, a_c the attenuation [1/m] and
// b_c the water's own colour (the light it scatters back); plus the light that particles scatter
// forward, which reaches the pixel from around the surface's image as a fog of its own light
// (sensors/forward_scatter.h).
//
// Pinhole. The optical frame O has z along the view, x right and y down (REP 103's camera
// optical frame); S (the sensor frame, gz-sim's) has x along the view, y left and z up. Pixel
// (u, v), column u and row v from the top left, has its centre at image point (u, v), and
//     K = [f 0 c_x; 0 f c_y; 0 0 1],  f = (width / 2) / tan(hfov / 2),
//     c_x = (width - 1) / 2,  c_y = (height - 1) / 2
// (square pixels; OpenCV's convention, ROS's CameraInfo K): a point (X, Y, Z) in O projects to
// (f X / Z + c_x, f Y / Z + c_y).
//
// Light. A surface of colour rho seen by a ray d with normal n is rho (ambient + sun max(0,
// n . s)) with s the unit direction towards the sun, the sun's term only where the surface sees
// the sun (with `shadows`: a ray from the point towards s meets no solid); above water the ray that
// meets nothing sees the sky: a gradient from the horizon's colour to the zenith's. A ray that
// meets the sea surface from above sees R the sky in the mirror direction plus (1 - R) the water's
// colour, R the Fresnel reflectance (sensors/fresnel.h) at its incidence; one from below sees the
// water's colour (R) and the sky through the surface (1 - R, 0 beyond the critical angle). The
// part of a ray's path under the calm level is attenuated as above.
//
// Depth. A depth camera's pixel is the depth of the first surface its ray meets, the scene's or
// the sea's from either side, as z in O [m] (REP 118's depth image, gz-sim's depth camera):
// distance along the ray times the ray's cosine to the optical axis. Where the ray meets
// nothing before `far` the depth is +inf; a surface nearer than the depth clip's `depth_near`
// (behind the colour clip's `near`) is -inf and one beyond `depth_far` +inf.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "leeway/core/random.h"
#include "leeway/core/spatial.h"
#include "leeway/env/environment.h"
#include "leeway/geometry/ray.h"
#include "leeway/sensors/sensor_descriptor.h"

namespace leeway {

/// A colour's three channels, linear, each in [0, 1].
using Rgb = std::array<double, 3>;

/// What a camera's ray meets: its distance [m], the surface's unit normal and colour.
struct SurfaceHit {
  double distance = 0.0;
  Vec3 n_W = Vec3::UnitZ();
  Rgb color{0.7, 0.7, 0.7};
};

/// The world a camera looks at (world/visual_scene.h gives the visuals).
class SurfaceSource {
 public:
  virtual std::optional<SurfaceHit> first_surface(const Ray& ray_W, double max_distance) const = 0;
  /// first_surface() for many rays: out[i] for rays_W[i] within max_distance[i]. A source may
  /// trace them together, faster; the answers are the same.
  virtual void first_surfaces(std::span<const Ray> rays_W, std::span<const double> max_distance,
                              std::span<std::optional<SurfaceHit>> out) const {
    for (std::size_t i = 0; i < rays_W.size(); ++i)
      out[i] = first_surface(rays_W[i], max_distance[i]);
  }
  /// Whether each ray meets a surface within max_distance (out[i] 1 or 0), from anywhere in the
  /// source's reach, not only from the camera (a shadow's question).
  virtual void blocked(std::span<const Ray> rays_W, std::span<const double> max_distance,
                       std::span<std::uint8_t> out) const {
    for (std::size_t i = 0; i < rays_W.size(); ++i)
      out[i] = first_surface(rays_W[i], max_distance[i]).has_value();
  }

 protected:
  ~SurfaceSource() = default;
};

struct CameraImage;

struct CameraModel {
  using Reading = CameraImage;
  bool color = true;   ///< draws the colour image (gz-sim's camera, rgbd_camera)
  bool depth = false;  ///< draws the depth image (gz-sim's depth_camera, rgbd_camera)
  int width = 640;
  int height = 480;
  double horizontal_fov = 1.047;  ///< [rad] (gz-sim's default)
  double near = 0.1;              ///< clip [m]
  double far = 100.0;             ///< clip [m]
  double depth_near = 0.1;        ///< the depth image's clip [m]: nearer is -inf
  double depth_far = 100.0;       ///< the depth image's clip [m]: farther is +inf
  /// Gaussian noise (gz-sim's): on each colour channel [0-1 units]; a depth camera's (without
  /// colour) on each depth [m].
  double noise_stddev = 0.0;
  double noise_mean = 0.0;
  // The light.
  Vec3 sun_W = Vec3(0.3, 0.2, 0.93).normalized();  ///< towards the sun, unit
  double ambient = 0.35;
  double sun = 0.65;
  bool shadows = true;  ///< solids shade from the sun what lies behind them
  Rgb sky_horizon{0.80, 0.86, 0.92};
  Rgb sky_zenith{0.32, 0.52, 0.82};
  // The water (UUV Simulator's underwater camera reads these as <attenuationR|G|B> and
  // <backgroundR|G|B>, the latter 0..255; its RexROV sets them all 0). Leeway's defaults: about
  // the diffuse attenuation of clear oceanic water (Jerlov type II) at 600, 525 and 475 nm,
  // and a blue-green water.
  Rgb attenuation{0.25, 0.06, 0.04};  ///< a_c [1/m]
  Rgb water{0.02, 0.20, 0.28};        ///< b_c
  /// Forward scattering (sensors/forward_scatter.h): b_f, the part of each channel's
  /// attenuation that turns light through small angles (at most a_c) [1/m], and theta_0, the
  /// spread of one turn [rad]; 0: no fog. Leeway's defaults: a third of the particles'
  /// scattering in clear ocean water (Jerlov type II, some 0.03 1/m), the part within about 6
  /// degrees.
  double forward_scattering = 0.01;
  double scattering_angle = 0.1;
};

/// The pinhole's K (row-major 3 x 3), for CameraInfo.
std::array<double, 9> camera_k(const CameraModel& camera);

/// Pixel (u, v)'s ray direction in S, unit.
Vec3 camera_ray_S(const CameraModel& camera, double u, double v);

struct CameraImage {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;  ///< row after row from the top, 3 bytes a pixel (rgb8)
  std::vector<float> linear;      ///< the same before rounding, in [0, 1] (not published)
  std::vector<float> depth;       ///< a depth camera's, row after row from the top [m]

  bool operator==(const CameraImage&) const = default;
};

/// The image from S at (p_WS, R_WS) at time t [s]: `world`'s surfaces and the sea of
/// `environment`, in colour, depth or both as `camera` says; noise from `rng`, one deviate per
/// colour channel (a depth camera's: per depth) in pixel order. The rows are split
/// between `threads` threads (`world` must answer from several at once); the image is the same
/// for any number.
CameraImage render_camera(const CameraModel& camera, const Vec3& p_WS, const Mat3& R_WS,
                          const SurfaceSource& world, const Environment& environment, double t,
                          RandomStream& rng, int threads = 1);

/// A problem with `camera` ("" if none).
std::string check_camera(const CameraModel& camera);

/// The sensor type "camera" (gz-sim's camera, depth_camera, rgbd_camera; UUV Simulator's
/// underwater camera); it draws. Its noise comes from a stream of each frame's own.
struct Sampling;
const SensorDescriptor& descriptor_of(const CameraModel&);
CameraImage sample_reading(const CameraModel& camera, Sampling& s);
void write_reading(const CameraModel&, const CameraImage& r, FieldWriter& out);
inline std::string check_kind(const CameraModel& camera) {
  return check_camera(camera);
}

}  // namespace leeway
