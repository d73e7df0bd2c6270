// A Doppler velocity log: the sensor's velocity over the seabed (bottom track) or over the water
// some metres below it (water track), from the Doppler shifts of three or more acoustic beams,
// and its altitude above the bottom.
//
// Beams. Beam i points along the unit vector b_i (in the sensor frame S, away from the
// transducer). Its echo is found by casting rays into the world (EchoSource, world/ray_cast.h):
// the beam's axis, or the axis and a ring of rays at a quarter of the aperture around it, whose
// mean range and target velocity are the beam's. A beam echoes from the bottom when its range is
// within [min_range, max_range], its incidence on the surface hit is at most max_incidence (with
// a ring, the angle whose cosine is the rays' mean), and it is not lost (probability `dropout` per
// beam and ping).
//
// Beam velocity (positive when closing on the target, gz-sensors' convention). With v_d the
// velocity of the sensor's origin in W and v_e that of the point hit (zero on the fixed seabed,
// v + w x r on a moving hull),
//     u_i = k b_i^T R_WS^T (v_d - v_e) + sigma_i n_i,   sigma_i = a + b |u_i|,
// where k = c_assumed / c_true for a piston transducer (the Doppler shift scales with the
// speed of sound the unit assumes; a phased array's beam angles compensate it, k = 1), and n_i
// is a standard normal deviate.
//
// Bottom track. With the locked beams' axes as the rows of B (n x 3) and their velocities u,
//     v_S = (B^T B)^-1 B^T u,    Sigma = (B^T B)^-1 B^T diag(sigma_i^2) B (B^T B)^-1,
// the least-squares velocity of S's origin over the bottom, in S; at least min_beams beams
// (3), and |v_S| <= max_velocity (the ambiguity velocity), else no solution. For a Janus array
// of four beams tilted theta from the axis, Sigma = sigma^2 diag(1/(2 sin^2 theta),
// 1/(2 sin^2 theta), 1/(4 cos^2 theta)).
//
// Altitude: the distance along W's vertical from the sensor to the plane fitted through the
// bottom echoes by least squares in z (exact over any plane but a vertical one, whatever the
// attitude), or with fewer than three echoes, collinear ones,
// or `plane_fit` off, the mean of r_i (b_i . down) (Teledyne's, biased over a slope).
//
// Water track. Each beam samples the current at `water_bins` points spread evenly between
// water_near and water_far along it (bin centres), and u_i is measured against their mean; a
// beam whose bottom echo is nearer than water_far takes no part.
//
// Modes (gz's <when>): bottom `always` reports the bottom solution or none, `best` the bottom
// solution when there is one and otherwise the water-track one (when water is not `never`),
// `never` only the water track. Velocities are reported in the frame R (gz's
// <reference_frame>), v_R = R_SR^T v_S.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "leeway/core/random.h"
#include "leeway/core/spatial.h"
#include "leeway/env/environment.h"
#include "leeway/geometry/ray.h"
#include "leeway/geometry/visual.h"
#include "leeway/sensors/sensor_descriptor.h"

namespace leeway {

inline constexpr int kMaxDvlBeams = 8;

enum class DvlTracking : std::uint8_t { kAlways, kNever, kBest };

struct DvlReading;

struct DvlModel {
  using Reading = DvlReading;
  std::vector<Vec3> beams_S;    ///< each beam's axis, unit, in S (3 to kMaxDvlBeams)
  double aperture = 0.0698132;  ///< the beam's full cone angle [rad] (4 degrees)
  int rays_per_beam = 1;        ///< 1: the axis alone; n: the axis and a ring of n - 1
  double min_range = 0.1;       ///< [m]
  double max_range = 100.0;     ///< [m]
  DvlTracking bottom = DvlTracking::kBest;
  DvlTracking water = DvlTracking::kNever;
  double water_near = 20.0;  ///< [m] along each beam
  double water_far = 60.0;   ///< [m]
  int water_bins = 5;
  double velocity_noise = 0.002;           ///< a: the beam velocity's noise floor [m/s]
  double velocity_noise_fraction = 0.004;  ///< b: its part proportional to |u| [-]
  double water_velocity_noise = 0.005;     ///< a, in water track [m/s]
  double range_noise = 0.01;               ///< a beam range's noise floor [m]
  double range_noise_fraction = 0.001;     ///< its part proportional to the range [-]
  bool phased_array = false;               ///< else piston
  double sound_speed_assumed = 1500.0;     ///< [m/s]
  int min_beams = 3;
  double max_velocity = 10.0;     ///< [m/s]
  double dropout = 0.0;           ///< probability that a beam is lost in a ping [-]
  double max_incidence = 1.3963;  ///< [rad] (80 degrees)
  bool plane_fit = true;          ///< altitude from the plane through the echoes
  Mat3 R_SR = Mat3::Identity();   ///< the reporting frame R, in S
};

struct DvlBeamReading {
  /// To the bottom along the beam [m]; NaN without an echo within range.
  double range = std::numeric_limits<double>::quiet_NaN();
  /// Along the beam, positive closing [m/s], in the mode reported; NaN if the beam is not locked.
  double velocity = std::numeric_limits<double>::quiet_NaN();
  bool locked = false;  ///< used in the reported solution

  bool operator==(const DvlBeamReading&) const = default;
};

struct DvlReading {
  enum class Target : std::uint8_t { kNone, kBottom, kWaterMass };
  Target target = Target::kNone;
  /// The sensor's velocity over the target, in R [m/s]; NaN without a solution.
  Vec3 v_R = Vec3::Constant(std::numeric_limits<double>::quiet_NaN());
  /// Its covariance, in R [m^2/s^2]; NaN without a solution.
  Mat3 covariance = Mat3::Constant(std::numeric_limits<double>::quiet_NaN());
  /// Above the bottom along W's vertical [m]; NaN without a bottom echo.
  double altitude = std::numeric_limits<double>::quiet_NaN();
  int beam_count = 0;
  int good_beams = 0;  ///< locked in the reported solution
  std::array<DvlBeamReading, kMaxDvlBeams> beams{};

  bool operator==(const DvlReading&) const = default;
};

/// What a ray meets: its distance [m], the surface's unit normal and the velocity of the point
/// hit, in W, and how the surface returns a lidar's and a sonar's pulses.
struct Echo {
  double distance = 0.0;
  Vec3 n_W = Vec3::UnitZ();
  Vec3 v_W = Vec3::Zero();
  SurfaceResponse response{};
};

/// The world a sensor's rays are cast into (world/ray_cast.h).
class EchoSource {
 public:
  virtual std::optional<Echo> first_echo(const Ray& ray_W, double max_distance) const = 0;
  /// first_echo() for many rays: out[i] for rays_W[i] within max_distance[i]. A source may trace
  /// them together, faster; the answers are the same.
  virtual void first_echoes(std::span<const Ray> rays_W, std::span<const double> max_distance,
                            std::span<std::optional<Echo>> out) const {
    for (std::size_t i = 0; i < rays_W.size(); ++i)
      out[i] = first_echo(rays_W[i], max_distance[i]);
  }

 protected:
  ~EchoSource() = default;
};

/// The sensor at its sample: the origin of S in W and its velocity there, and S's axes in W.
struct DvlPose {
  Vec3 p_W = Vec3::Zero();
  Vec3 v_W = Vec3::Zero();
  Mat3 R_WS = Mat3::Identity();
};

/// One ping: `echoes` answers the rays, the water's current comes from `env` at time t, the
/// true speed of sound is `sound_speed` [m/s]. Draws, for each beam in order, a uniform (the
/// dropout) and three normals (bottom velocity, range, water velocity; fast_normal), whatever
/// happens.
DvlReading sample_dvl(const DvlModel& dvl, const DvlPose& at, const EchoSource& echoes,
                      const Environment& env, const EnvironmentState& env_state, double t,
                      double sound_speed, RandomStream& rng);

/// The least-squares velocity of the beams `rows` of B (axes in S) with velocities u and
/// standard deviations sigma, and its covariance; nullopt when B^T B is singular.
struct DvlSolution {
  Vec3 v_S = Vec3::Zero();
  Mat3 covariance = Mat3::Zero();
};
std::optional<DvlSolution> solve_beam_velocities(const DvlModel& dvl,
                                                 const std::array<bool, kMaxDvlBeams>& use,
                                                 const std::array<double, kMaxDvlBeams>& u,
                                                 const std::array<double, kMaxDvlBeams>& sigma);

/// A problem with the model ("" if none): fewer than 3 or more than kMaxDvlBeams beams, a beam
/// that is not a unit vector, ranges or bins out of order, negative noise.
std::string check_dvl(const DvlModel& dvl);

/// The sensor type "dvl" (gz-sim's <sensor type="custom" gz:type="dvl">).
struct Sampling;
const SensorDescriptor& descriptor_of(const DvlModel&);
DvlReading sample_reading(const DvlModel& dvl, Sampling& s);
void write_reading(const DvlModel& dvl, const DvlReading& r, FieldWriter& out);
inline std::string check_kind(const DvlModel& dvl) {
  return check_dvl(dvl);
}

}  // namespace leeway
