#include "leeway/sensors/sonar.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "leeway/sensors/sensor_sampling.h"

namespace leeway {
namespace {

/// sin(pi x) / (pi x).
double sinc(double x) {
  const double px = kPi * x;
  return std::abs(px) < 1e-8 ? 1.0 : std::sin(px) / px;
}

/// A uniform aperture's amplitude pattern at angle x off its axis, for its -3 dB (intensity)
/// beamwidth: sinc(L / lambda sin x), L / lambda = 0.886 / beamwidth.
double aperture(double x, double beamwidth) {
  return sinc(0.886 / beamwidth * std::sin(x));
}

/// The bottom in each beam of `ping` from its levels before the gain, `raw` (cell order), as
/// sonar.h says.
void detect_bottom(const SonarModel& sonar, const std::vector<float>& raw, SonarImage& ping) {
  const auto nb = static_cast<std::size_t>(ping.beams), nm = static_cast<std::size_t>(ping.bins);
  ping.bottom_range.assign(nb, std::numeric_limits<double>::quiet_NaN());
  ping.bottom_level.assign(nb, -std::numeric_limits<float>::infinity());
  const auto level = [&](std::size_t m, std::size_t b) { return raw[m * nb + b]; };
  for (std::size_t b = 0; b < nb; ++b) {
    std::size_t peak = 0;
    for (std::size_t m = 1; m < nm; ++m) {
      if (level(m, b) > level(peak, b)) peak = m;
    }
    const double top = level(peak, b);
    ping.bottom_level[b] = static_cast<float>(top);
    if (!(top >= sonar.noise_level + sonar.detection_threshold)) continue;
    const double cut = top - sonar.detection_window;
    std::size_t first = peak, last = peak;
    while (first > 0 && level(first - 1, b) >= cut)
      --first;
    while (last + 1 < nm && level(last + 1, b) >= cut)
      ++last;
    double weight = 0.0, moment = 0.0;
    for (std::size_t m = first; m <= last; ++m) {
      const double intensity = std::pow(10.0, (level(m, b) - top) / 10.0);
      weight += intensity;
      moment += intensity * ping.range[m];
    }
    ping.bottom_range[b] = moment / weight;
  }
}

}  // namespace

double seawater_absorption(double frequency, double temperature, double salinity, double depth,
                           double ph) {
  const double f = frequency / 1e3, f2 = f * f;                       // [kHz]
  const double T = temperature, S = salinity, z = depth / 1e3;        // z [km]
  const double f1 = 0.78 * std::sqrt(S / 35.0) * std::exp(T / 26.0);  // boric acid [kHz]
  const double fm = 42.0 * std::exp(T / 17.0);                        // MgSO4 [kHz]
  const double boric = 0.106 * f1 * f2 / (f1 * f1 + f2) * std::exp((ph - 8.0) / 0.56);
  const double magnesium =
      0.52 * (1.0 + T / 43.0) * (S / 35.0) * fm * f2 / (fm * fm + f2) * std::exp(-z / 6.0);
  const double water = 0.00049 * f2 * std::exp(-(T / 27.0 + z / 17.0));
  return (boric + magnesium + water) / 1e3;  // [dB/km] to [dB/m]
}

SonarModel side_scan_sonar() {
  SonarModel s;
  s.mode = SonarMode::kSideScan;
  s.beams = 2;
  s.beamwidth_h = 0.28 * kPi / 180.0;
  s.vertical_fov = 50.0 * kPi / 180.0;
  s.tilt = 20.0 * kPi / 180.0;
  s.range_min = 0.5;
  s.range_max = 75.0;
  s.bins = 4096;
  s.frequency = 900e3;
  s.bandwidth = 50e3;
  s.rays_per_beam_v = 512;
  return s;
}

Vec3 sonar_beam_S(const SonarModel& sonar, const SonarImage& ping, int b) {
  const double theta = ping.azimuth[std::size_t(b)];
  if (sonar.mode == SonarMode::kSideScan) {
    return {0.0, std::copysign(std::cos(sonar.tilt), theta), -std::sin(sonar.tilt)};
  }
  return {std::cos(theta), std::sin(theta), 0.0};
}

namespace {

/// A side-scan's ping: each side a one-beam imaging sonar along its axis (sonar.h), port first.
SonarImage ping_side_scan(const SonarModel& sonar, const Vec3& p_WS, const Mat3& R_WS,
                          const EchoSource& world, double sound_speed, double depth,
                          RandomStream& rng) {
  SonarModel side = sonar;
  side.mode = SonarMode::kImaging;
  side.beams = 1;
  side.horizontal_fov = sonar.beamwidth_h;
  SonarImage out;
  out.beams = 2;
  out.bins = sonar.bins;
  out.azimuth = {kPi / 2, -kPi / 2};
  out.level.resize(2 * std::size_t(sonar.bins));
  for (int b = 0; b < 2; ++b) {
    // S's x turned to the side (about z by +-pi/2), then down by the tilt (about the new y).
    const Mat3 R_SB = (Eigen::AngleAxisd(out.azimuth[std::size_t(b)], Vec3::UnitZ()) *
                       Eigen::AngleAxisd(sonar.tilt, Vec3::UnitY()))
                          .toRotationMatrix();
    const SonarImage one = ping_sonar(side, p_WS, R_WS * R_SB, world, sound_speed, depth, rng);
    for (std::size_t m = 0; m < std::size_t(sonar.bins); ++m)
      out.level[2 * m + std::size_t(b)] = one.level[m];
    out.range = one.range;
    out.hits += one.hits;
  }
  return out;
}

}  // namespace

SonarImage ping_sonar(const SonarModel& sonar, const Vec3& p_WS, const Mat3& R_WS,
                      const EchoSource& world, double sound_speed, double depth,
                      RandomStream& rng) {
  if (sonar.mode == SonarMode::kSideScan)
    return ping_side_scan(sonar, p_WS, R_WS, world, sound_speed, depth, rng);
  const int nb = sonar.beams, nm = sonar.bins;
  const double bin = (sonar.range_max - sonar.range_min) / nm;
  const double alpha = sonar.absorption >= 0.0
                           ? sonar.absorption
                           : seawater_absorption(sonar.frequency, sonar.temperature, sonar.salinity,
                                                 depth, sonar.ph);
  const double resolution = std::max(sound_speed / (2.0 * sonar.bandwidth), bin);
  const double spacing = sonar.horizontal_fov / nb;

  SonarImage out;
  out.beams = nb;
  out.bins = nm;
  out.azimuth.resize(static_cast<std::size_t>(nb));
  for (int b = 0; b < nb; ++b)
    out.azimuth[std::size_t(b)] = -0.5 * sonar.horizontal_fov + (b + 0.5) * spacing;
  out.range.resize(static_cast<std::size_t>(nm));
  for (int m = 0; m < nm; ++m)
    out.range[std::size_t(m)] = sonar.range_min + (m + 0.5) * bin;

  // The rays: finer than the beams in azimuth, over the fan and three beamwidths past its
  // edges; over 1.5 times the vertical aperture in elevation.
  const double d_theta = spacing / sonar.rays_per_beam_h;
  const double reach_h = 0.5 * sonar.horizontal_fov + 3.0 * sonar.beamwidth_h;
  const int n_theta = static_cast<int>(std::ceil(2.0 * reach_h / d_theta));
  const double reach_v = 0.75 * sonar.vertical_fov;
  const int n_phi = sonar.rays_per_beam_v;
  const double d_phi = 2.0 * reach_v / n_phi;

  std::vector<std::complex<double>> P(static_cast<std::size_t>(nb) * std::size_t(nm));
  std::vector<double> E(sonar.coherent ? 0 : P.size());
  const double source = std::pow(10.0, sonar.source_level / 20.0);
  // Three beamwidths and three resolution cells, in whole beams and bins (not one more where
  // the ratio is whole but rounds above it).
  const int beam_reach = static_cast<int>(std::ceil(3.0 * sonar.beamwidth_h / spacing - 1e-9));
  const int bin_reach = static_cast<int>(std::ceil(3.0 * resolution / bin - 1e-9));
  // Each column's first beam and its pattern in the beams it reaches, taken once a ping.
  const int width = 2 * beam_reach + 1;
  std::vector<int> first_beam(static_cast<std::size_t>(n_theta));
  std::vector<double> pattern(static_cast<std::size_t>(n_theta * width), 0.0);
  for (int j = 0; j < n_theta; ++j) {
    const double theta = -reach_h + (j + 0.5) * d_theta;
    const int b0 = static_cast<int>(std::floor((theta + 0.5 * sonar.horizontal_fov) / spacing));
    first_beam[std::size_t(j)] = b0 - beam_reach;
    for (int b = b0 - beam_reach; b <= b0 + beam_reach; ++b) {
      if (b < 0 || b >= nb) continue;
      pattern[std::size_t(j * width + b - b0 + beam_reach)] =
          aperture(theta - out.azimuth[std::size_t(b)], sonar.beamwidth_h);
    }
  }
  // The range kernel's samples are a bin apart: sin(pi x) along them turns by a fixed angle.
  const double turn = kPi * bin / resolution;
  const double cos_turn = std::cos(turn), sin_turn = std::sin(turn);
  std::vector<double> kernel(static_cast<std::size_t>(2 * bin_reach + 1));
  const double absorption_per_m = alpha * std::numbers::ln10 / 10.0;  // 10^(-alpha r / 10)
  // A patch wider in range than the resolution is many scatterers: one a bin, each with its
  // own deviate from a stream apart, so that the ping's other deviates do not depend on the scene.
  RandomStream patch_rng(rng.next_u64(), "patches");
  const bool bins_resolve = resolution == bin;  // a scatterer at a bin's centre is in it alone
  // Adds a scatterer of complex amplitude `a` at range r to the beams column j reaches: with the
  // range kernel sinc((r_m - r) / delta) over the bins within reach, or into its bin alone when
  // it sits at the centre of a bin as wide as the resolution.
  const auto scatter = [&](std::complex<double> a, double r, int j, bool centred) {
    const int m0 = static_cast<int>(std::floor((r - sonar.range_min) / bin));
    int m_lo = m0, m_hi = m0;
    if (centred && bins_resolve) {
      kernel[0] = 1.0;
    } else {
      // The kernel over the bins within reach, by rotation.
      m_lo = std::max(0, m0 - bin_reach);
      m_hi = std::min(nm - 1, m0 + bin_reach);
      const double x0 = (out.range[std::size_t(m_lo)] - r) / resolution;
      double s = std::sin(kPi * x0), c = std::cos(kPi * x0);
      for (int m = m_lo; m <= m_hi; ++m) {
        const double x = x0 + (m - m_lo) * bin / resolution;
        kernel[std::size_t(m - m_lo)] = std::abs(x) < 1e-8 ? 1.0 : s / (kPi * x);
        const double s_next = s * cos_turn + c * sin_turn;
        c = c * cos_turn - s * sin_turn;
        s = s_next;
      }
    }
    const int b_lo = first_beam[std::size_t(j)];
    const double* D_h = &pattern[std::size_t(j * width)];
    const int i_lo = std::max(0, -b_lo), i_hi = std::min(width, nb - b_lo);
    for (int m = m_lo; m <= m_hi; ++m) {
      const double k_m = kernel[std::size_t(m - m_lo)];
      const std::size_t row = std::size_t(m) * std::size_t(nb) + std::size_t(b_lo);
      if (sonar.coherent) {
        for (int i = i_lo; i < i_hi; ++i)
          P[row + std::size_t(i)] += (k_m * D_h[i]) * a;
      } else {
        const double a2 = std::norm(a);
        for (int i = i_lo; i < i_hi; ++i) {
          const double w = k_m * D_h[i];
          E[row + std::size_t(i)] += w * w * a2;
        }
      }
    }
  };
  // The rays of a row of the fan (one elevation) are traced together (EchoSource::first_echoes);
  // each column's azimuth is the same in every row.
  std::vector<double> cos_theta(static_cast<std::size_t>(n_theta)),
      sin_theta(static_cast<std::size_t>(n_theta));
  for (int j = 0; j < n_theta; ++j) {
    const double theta = -reach_h + (j + 0.5) * d_theta;
    cos_theta[std::size_t(j)] = std::cos(theta);
    sin_theta[std::size_t(j)] = std::sin(theta);
  }
  std::vector<Ray> row_rays(static_cast<std::size_t>(n_theta));
  const std::vector<double> row_reach(static_cast<std::size_t>(n_theta), sonar.range_max);
  std::vector<std::optional<Echo>> row_echoes(static_cast<std::size_t>(n_theta));
  for (int k = 0; k < n_phi; ++k) {
    const double phi = -reach_v + (k + 0.5) * d_phi;
    const double D_v = aperture(phi, sonar.vertical_fov);
    const double cp = std::cos(phi), sp = std::sin(phi);
    const double d_omega = cp * d_theta * d_phi;
    for (std::size_t j = 0; j < row_rays.size(); ++j)
      row_rays[j] = Ray{p_WS, R_WS * Vec3(cp * cos_theta[j], cp * sin_theta[j], sp)};
    world.first_echoes(row_rays, row_reach, row_echoes);
    for (int j = 0; j < n_theta; ++j) {
      const double ct = cos_theta[std::size_t(j)], st = sin_theta[std::size_t(j)];
      const Ray& ray = row_rays[std::size_t(j)];
      const std::optional<Echo>& echo = row_echoes[std::size_t(j)];
      // Every ray draws its deviate, hit or not: a ping's noise does not depend on the scene.
      const std::complex<double> xi(rng.fast_normal() * std::numbers::sqrt2 / 2,
                                    rng.fast_normal() * std::numbers::sqrt2 / 2);
      if (!echo || echo->distance < sonar.range_min) continue;
      ++out.hits;
      const double r = echo->distance;
      const double cos_beta = std::max(1e-6, std::abs(echo->n_W.dot(ray.direction)));
      const double mu =
          echo->response.backscatter > 0.0 ? echo->response.backscatter : sonar.backscatter;
      const double amplitude = source * std::exp(-absorption_per_m * r) / r *
                               std::sqrt(mu * cos_beta * d_omega) * D_v * D_v;
      // The ray's patch spans the ranges r +- extent / 2: moving the ray by an angle alpha along
      // u (across it) moves the range by r alpha |n . u| / cos(beta), over the cell's sides
      // cos(phi) d_theta (azimuth, along e_theta) and d_phi (elevation, along e_phi).
      const Vec3 e_theta = R_WS * Vec3(-st, ct, 0.0), e_phi = R_WS * Vec3(-sp * ct, -sp * st, cp);
      const double extent =
          std::min(sonar.range_max, r / cos_beta *
                                        (std::abs(echo->n_W.dot(e_theta)) * cp * d_theta +
                                         std::abs(echo->n_W.dot(e_phi)) * d_phi));
      // The incoherent mode sums intensities: its amplitudes carry no deviate.
      if (extent <= resolution) {
        scatter(sonar.coherent ? amplitude * xi : amplitude, r, j, false);
        continue;
      }
      // Each bin's share of the patch, energy in proportion to its part of the span.
      const double lo = std::max(sonar.range_min, r - 0.5 * extent);
      const double hi = std::min(sonar.range_max, r + 0.5 * extent);
      const int m_first = static_cast<int>(std::floor((lo - sonar.range_min) / bin));
      const int m_last =
          std::min(nm - 1, static_cast<int>(std::floor((hi - sonar.range_min) / bin)));
      for (int m = m_first; m <= m_last; ++m) {
        const double edge = sonar.range_min + m * bin;
        const double share = (std::min(hi, edge + bin) - std::max(lo, edge)) / extent;
        if (share <= 0.0) continue;
        std::complex<double> a = amplitude * std::sqrt(share);
        if (sonar.coherent) {
          a *= std::complex<double>(patch_rng.fast_normal() * std::numbers::sqrt2 / 2,
                                    patch_rng.fast_normal() * std::numbers::sqrt2 / 2);
        }
        scatter(a, out.range[std::size_t(m)], j, true);
      }
    }
  }

  // Ambient noise, the speckle of the incoherent mode, the gain; in cell order.
  const double noise = std::pow(10.0, sonar.noise_level / 20.0) * std::numbers::sqrt2 / 2;
  out.level.resize(P.size());
  const bool profiling = sonar.mode == SonarMode::kProfiling;
  std::vector<float> raw(profiling ? P.size() : 0);  // the levels before the gain
  for (int m = 0; m < nm; ++m) {
    const double r = out.range[std::size_t(m)];
    const double tvg =
        sonar.gain == SonarGain::kNone
            ? 0.0
            : (sonar.gain == SonarGain::k20Log ? 20.0 : 40.0) * std::log10(r) + 2.0 * alpha * r;
    for (int b = 0; b < nb; ++b) {
      const std::size_t cell = std::size_t(m) * std::size_t(nb) + std::size_t(b);
      const std::complex<double> n(noise * rng.fast_normal(), noise * rng.fast_normal());
      double intensity;
      if (sonar.coherent) {
        intensity = std::norm(P[cell] + n);
      } else {
        const double s = sonar.speckle ? -std::log(1.0 - rng.uniform()) : 1.0;
        intensity = E[cell] * s + std::norm(n);
      }
      const double level = 10.0 * std::log10(intensity);
      out.level[cell] = static_cast<float>(level + tvg);
      if (profiling) raw[cell] = static_cast<float>(level);
    }
  }
  if (profiling) detect_bottom(sonar, raw, out);
  return out;
}

std::string check_sonar(const SonarModel& s) {
  if (s.beams < 1 || s.bins < 1 || s.rays_per_beam_h < 1 || s.rays_per_beam_v < 1)
    return "beams, bins and rays per beam must be at least 1";
  const auto positive = [](double x) { return std::isfinite(x) && x > 0.0; };
  if (!positive(s.horizontal_fov) || s.horizontal_fov > 2 * kPi || !positive(s.vertical_fov) ||
      s.vertical_fov > kPi / 2 || !positive(s.beamwidth_h)) {
    return fmt::format(
        "fields of view {} x {} rad, beamwidth {} rad; expected in (0, 2 pi], "
        "(0, pi/2] and > 0",
        s.horizontal_fov, s.vertical_fov, s.beamwidth_h);
  }
  if (!(s.range_min >= 0.0 && s.range_min < s.range_max && std::isfinite(s.range_max)))
    return fmt::format("ranges from {} to {} m; expected 0 <= min < max", s.range_min, s.range_max);
  if (!positive(s.frequency) || !positive(s.bandwidth))
    return fmt::format("frequency {} Hz, bandwidth {} Hz; expected > 0", s.frequency, s.bandwidth);
  if (!std::isfinite(s.source_level) || !std::isfinite(s.noise_level) ||
      !std::isfinite(s.absorption) || !positive(s.backscatter) || s.backscatter > 1.0)
    return "source and noise levels, absorption: finite; backscatter mu in (0, 1]";
  if (!std::isfinite(s.detection_threshold) || !positive(s.detection_window))
    return fmt::format("detection threshold {} dB, window {} dB; expected finite and > 0",
                       s.detection_threshold, s.detection_window);
  if (s.mode == SonarMode::kSideScan && (s.beams != 2 || !(s.tilt >= 0.0 && s.tilt <= kPi / 2)))
    return fmt::format(
        "side-scan: {} beams, tilt {} rad; expected 2 beams (port and "
        "starboard) and a tilt in [0, pi/2]",
        s.beams, s.tilt);
  return "";
}

namespace {

constexpr ReadingField kSonarFields[] = {
    {"beams", FieldType::kInteger, "", "", "beams pinged (0: not drawn)"},
    {"hits", FieldType::kInteger, "", "", "rays that met a surface in range"},
    {"peak_level", FieldType::kReal, "dB re 1 uPa", "", "the loudest cell's level; NaN: none"},
    {"peak_range", FieldType::kReal, "m", "", "its range"},
    {"peak_bearing", FieldType::kReal, "rad", "S", "its beam's azimuth"},
    {"level", FieldType::kArray, "dB re 1 uPa", "", "each cell's level, bins (rows) by beams"},
    {"azimuth", FieldType::kArray, "rad", "S", "each beam's azimuth"},
    {"range", FieldType::kArray, "m", "", "each bin's centre"},
    {"bottom_range", FieldType::kArray, "m", "", "profiling: each beam's bottom; NaN: none"},
    {"bottom_level", FieldType::kArray, "dB re 1 uPa", "", "profiling: its level"},
};
constexpr SensorDescriptor kSonarDescriptor{"sonar", kSonarFields, MessageShape::kPing, true};

}  // namespace

const SensorDescriptor& descriptor_of(const SonarModel&) {
  return kSonarDescriptor;
}

SonarImage sample_reading(const SonarModel& sonar, Sampling& s) {
  // As a camera's frames: each ping's deviates from a stream of its own.
  RandomStream ping_rng(s.state.rng.next_u64(), "ping");
  // Out of the water (above the calm surface) a transducer hears only its noise.
  const Vec3 p_WS = s.p_WS();
  const Environment& env = s.at.environment;
  const double depth = env.surface_level - p_WS.z();
  const EchoSource& world = depth > 0.0 ? s.echoes() : Sampling::nothing();
  return ping_sonar(sonar, p_WS, s.R_WS(), world, env.sound_speed, std::max(0.0, depth), ping_rng);
}

void write_reading(const SonarModel&, const SonarImage& r, FieldWriter& out) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  double level = nan, range = nan, bearing = nan;
  if (!r.level.empty()) {
    const auto peak = static_cast<std::size_t>(std::max_element(r.level.begin(), r.level.end()) -
                                               r.level.begin());
    const auto beams = static_cast<std::size_t>(r.beams);
    level = r.level[peak];
    range = r.range[peak / beams];
    bearing = r.azimuth[peak % beams];
  }
  const std::size_t cells[] = {static_cast<std::size_t>(r.bins), static_cast<std::size_t>(r.beams)};
  const std::size_t beams[] = {r.azimuth.size()}, bins[] = {r.range.size()};
  const std::size_t bottom[] = {r.bottom_range.size()};
  out.integer(r.beams);
  out.integer(r.hits);
  out.real(level);
  out.real(range);
  out.real(bearing);
  out.array(std::span<const float>(r.level), cells);
  out.array(std::span<const double>(r.azimuth), beams);
  out.array(std::span<const double>(r.range), bins);
  out.array(std::span<const double>(r.bottom_range), bottom);
  out.array(std::span<const float>(r.bottom_level), bottom);
}

}  // namespace leeway
