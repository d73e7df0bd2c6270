// A multibeam imaging sonar (a forward-looking sonar): the echo level in each beam and range bin
// of a ping, formed from rays cast into the world as the echoes of many point scatterers.
//
// Geometry. S's x is the fan's axis, beams turn from x towards y: beam b looks at azimuth
//     theta_b = -fov_h / 2 + (b + 1/2) fov_h / beams,
// range bin m covers [r_min + m dr, r_min + (m + 1) dr], dr = (r_max - r_min) / bins. Rays fill
// the fan finer than the beams: rays_per_beam_h per beam spacing in azimuth, over the fan widened
// by three beamwidths each side (the side lobes of the edge beams), and rays_per_beam_v in
// elevation over 1.5 times the vertical aperture.
//
// Each ray's hit is a scatterer (Lambert's law for a rough surface, backscattering strength
// mu cos^2(beta) per unit area, beta the incidence, mu the surface's own where its visual gives
// one (<leeway:backscatter>: Echo::response), else the sonar's; the ray's patch of the surface
// is r^2 dOmega / cos(beta), dOmega = cos(phi) d_theta d_phi). Its pressure amplitude at the
// receiver [uPa],
//     a_i = xi_i 10^(SL/20) 10^(-alpha r/10) / r^2 sqrt(mu cos(beta) r^2 dOmega) D_v(phi)^2,
// with xi_i a unit complex normal deviate (the random phase and amplitude of the many facets in
// the patch), SL the source level [dB re 1 uPa at 1 m], alpha the absorption [dB/m] (two ways:
// 2 alpha r in intensity), r^-2 the two ways' spherical spreading, and D_v the elevation pattern
// of a uniform aperture, transmit and receive: D(x) = sinc(pi L / lambda sin x) with
// L / lambda = 0.886 / (its -3 dB beamwidth).
//
// Beamforming and range formation, one sparse pass (no FFT): every scatterer adds to the beams
// within three beamwidths and the bins within three resolution cells,
//     P_b(r_m) += a_i D_h(theta_i - theta_b) sinc((r_m - r_i) / delta),
// with D_h the receive array's azimuth pattern, delta = max(c / 2B, dr) the range resolution
// (the pulse's, or the bins' where they are coarser: the unit filters to its sample rate).
// Speckle (Rayleigh amplitude where many scatterers share a cell), side lobes into neighbouring
// beams and the blur of the pulse all come out of this sum. Then the ambient noise
// n ~ CN(0, 10^(NL/10)) is added to each cell, and the level is 20 log10 |P| [dB re 1 uPa], plus
// the time-varied gain (none, 20 log r or 40 log r, each + 2 alpha r).
//
// A patch is not a point: across its cell of rays (cos(phi) d_theta by d_phi) its range changes
// by r alpha |n . u| / cos(beta) for a turn alpha along u, so it spans
//     L = r / cos(beta) (|n . e_theta| cos(phi) d_theta + |n . e_phi| d_phi)
// in range (n its normal; e_theta, e_phi the ray's azimuth and elevation directions). A patch
// no longer than the resolution is the point scatterer above. A longer one (a seabed seen at a
// grazing angle, a wall side-on) is one scatterer at the centre of each bin it covers, with its
// own deviate (from a stream of the ping's own, drawn only for such patches) and the share of
// the patch's intensity its part of the span gives: the echo fills the ranges the surface
// covers, where points would leave a ring per row of rays.
//
// Incoherent mode: E|P|^2 = sum |a_i|^2 D_h^2 sinc^2 instead, times an exponential deviate
// per cell (the speckle's intensity law), or not (`speckle` off: the expectation, for tests).
//
// Modes. An imaging sonar gives the image above. A profiling multibeam (kProfiling) also detects
// the bottom in each beam. A side-scan sonar (kSideScan) is two such sonars of one beam each,
// port and starboard: each beam beamwidth_h wide along the track and vertical_fov high across
// it, its axis `tilt` below S's y (port) or -y (starboard), pinged port first; its image has the
// two as beams 0 and 1 (azimuths +pi/2 and -pi/2), range-major as above, and its beams' axes in
// S are (0, +-cos tilt, -sin tilt).
//
// Bottom detection (kProfiling): in each beam, the loudest cell
// before the gain, if it is detection_threshold above the noise level, and the contiguous run of
// cells around it within detection_window of it; the beam's range is the run's centre of gravity
// in intensity (amplitude detection), its level the loudest cell's. A flat seabed's beam at
// angle theta from the vertical detects h / cos(theta), h the altitude (tested).
//
// Absorption: given, or Ainslie and McColm's (J. Acoust. Soc. Am. 103(3), 1998) for the
// frequency, temperature, salinity, depth and pH.
//
// Defaults: Blueprint Subsea's Oculus M750d in its 750 kHz mode (130 x 20 degrees, 512 beams,
// 1 degree angular resolution, 4 mm range resolution, 120 m); its source level is not published,
// and 210 dB re 1 uPa at 1 m is assumed.
#pragma once

#include <complex>
#include <string>
#include <vector>

#include "leeway/core/random.h"
#include "leeway/core/spatial.h"
#include "leeway/sensors/dvl.h"

namespace leeway {

enum class SonarGain : std::uint8_t { kNone, k20Log, k40Log };
enum class SonarMode : std::uint8_t { kImaging, kProfiling, kSideScan };

struct SonarImage;

struct SonarModel {
  using Reading = SonarImage;
  int beams = 512;
  double horizontal_fov = 2.2689;  ///< [rad] (130 degrees)
  double vertical_fov = 0.3491;    ///< [rad] (20 degrees), the transmit fan's -3 dB height
  double beamwidth_h = 0.01745;    ///< each beam's -3 dB width in azimuth [rad] (1 degree)
  double range_min = 0.1;          ///< [m]
  double range_max = 40.0;         ///< [m]
  int bins = 512;
  double frequency = 750e3;     ///< [Hz]
  double bandwidth = 187.5e3;   ///< [Hz]: c / 2B = 4 mm
  double source_level = 210.0;  ///< [dB re 1 uPa at 1 m]
  double noise_level = 50.0;    ///< ambient noise in a cell [dB re 1 uPa]
  double absorption = -1.0;     ///< [dB/m]; < 0: Ainslie and McColm's
  double temperature = 10.0;    ///< [deg C], for the absorption
  double salinity = 35.0;       ///< [psu]
  double ph = 8.0;
  double backscatter = 1e-3;  ///< Lambert's mu (-30 dB) of a surface that gives none
  int rays_per_beam_h = 3;
  int rays_per_beam_v = 64;
  bool coherent = true;
  bool speckle = true;  ///< incoherent mode only: off gives the expectation
  SonarGain gain = SonarGain::kNone;
  SonarMode mode = SonarMode::kImaging;
  double tilt = 0.349;                ///< side-scan: each beam's axis below the horizontal [rad]
  double detection_threshold = 20.0;  ///< profiling: [dB] above the noise level
  double detection_window = 10.0;     ///< profiling: [dB] below the beam's loudest cell
};

struct SonarImage {
  int beams = 0, bins = 0;
  /// [dB re 1 uPa], bin m after bin (range-major), beams within: index m beams + b.
  std::vector<float> level;
  std::vector<double> azimuth;  ///< each beam's [rad]
  std::vector<double> range;    ///< each bin's centre [m]
  int hits = 0;                 ///< rays that met a surface in range
  /// Profiling: each beam's bottom range [m] (NaN: none) and its level before the gain
  /// [dB re 1 uPa]; empty otherwise.
  std::vector<double> bottom_range;
  std::vector<float> bottom_level;

  bool operator==(const SonarImage&) const = default;
};

/// The defaults of a side-scan sonar: EdgeTech's 4125 at 900 kHz (0.28 degrees along the track,
/// 50 degrees across it, tilted 20 degrees down, 75 m a side, 1.5 cm across-track resolution:
/// c / 2B with B = 50 kHz; 4096 bins), with 512 rays across each beam; the source and noise
/// levels are the imaging sonar's.
SonarModel side_scan_sonar();

/// Beam b's axis in S, unit: (cos theta_b, sin theta_b, 0), or a side-scan's port or starboard
/// axis.
Vec3 sonar_beam_S(const SonarModel& sonar, const SonarImage& ping, int b);

/// Absorption of sound in sea water [dB/m] (Ainslie and McColm 1998): boric acid, magnesium
/// sulphate and pure water relaxations, for frequency f [Hz], temperature [deg C], salinity
/// [psu], depth [m] and pH.
double seawater_absorption(double frequency, double temperature, double salinity, double depth,
                           double ph);

/// One ping from S at (p_WS, R_WS) into `world`, sound speed c [m/s], at depth [m] (for the
/// absorption); deviates drawn from `rng` in ray order, then cell order.
SonarImage ping_sonar(const SonarModel& sonar, const Vec3& p_WS, const Mat3& R_WS,
                      const EchoSource& world, double sound_speed, double depth, RandomStream& rng);

/// A problem with `sonar` ("" if none).
std::string check_sonar(const SonarModel& sonar);

/// The sensor type "sonar" (an imaging, profiling or side-scan sonar); it draws.
struct Sampling;
const SensorDescriptor& descriptor_of(const SonarModel&);
SonarImage sample_reading(const SonarModel& sonar, Sampling& s);
void write_reading(const SonarModel&, const SonarImage& r, FieldWriter& out);
inline std::string check_kind(const SonarModel& sonar) {
  return check_sonar(sonar);
}

}  // namespace leeway
