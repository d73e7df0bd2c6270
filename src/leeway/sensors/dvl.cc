#include "leeway/sensors/dvl.h"

#include <cmath>
#include <numbers>
#include <string>

#include <Eigen/LU>

#include "leeway/sensors/sensor_sampling.h"

namespace leeway {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// A beam's echo: the mean over its rays that were answered, if at least half of them were.
struct BeamEcho {
  double range = 0.0;
  Vec3 v_W = Vec3::Zero();
  double cos_incidence = 0.0;  ///< of the axis' ray (or the rays' mean cosine)
};

std::optional<BeamEcho> beam_echo(const DvlModel& dvl, const Vec3& origin, const Vec3& b_W,
                                  const EchoSource& echoes) {
  const int n = std::max(dvl.rays_per_beam, 1);
  // Two axes across the beam, for the ring (if there is one).
  Vec3 across = Vec3::Zero(), across2 = Vec3::Zero();
  if (n > 1) across = b_W.unitOrthogonal(), across2 = b_W.cross(across);
  const double ring = 0.25 * dvl.aperture;
  BeamEcho sum;
  int answered = 0;
  for (int k = 0; k < n; ++k) {
    Vec3 d = b_W;
    if (k > 0) {
      const double phi = 2.0 * std::numbers::pi * (k - 1) / (n - 1);
      d = std::cos(ring) * b_W +
          std::sin(ring) * (std::cos(phi) * across + std::sin(phi) * across2);
    }
    const auto echo = echoes.first_echo(Ray{origin, d}, dvl.max_range);
    if (!echo) continue;
    ++answered;
    sum.range += echo->distance;
    sum.v_W += echo->v_W;
    sum.cos_incidence += std::min(1.0, std::abs(echo->n_W.dot(d)));
  }
  if (2 * answered < n) return std::nullopt;
  const double w = 1.0 / answered;
  return BeamEcho{sum.range * w, sum.v_W * w, sum.cos_incidence * w};
}

/// Height of the sensor above the plane through `points` along the vertical; NaN if the points
/// do not span a plane that the vertical crosses. The plane z = z0 + a (x - x0) + b (y - y0) is
/// fitted by least squares in z, the altitude's own direction (exact for coplanar points).
double plane_fit_altitude(const Vec3& p_W, const std::array<Vec3, kMaxDvlBeams>& points,
                          int count) {
  Vec3 centroid = Vec3::Zero();
  for (int i = 0; i < count; ++i)
    centroid += points[static_cast<std::size_t>(i)];
  centroid /= count;
  double sxx = 0.0, sxy = 0.0, syy = 0.0, sxz = 0.0, syz = 0.0;
  for (int i = 0; i < count; ++i) {
    const Vec3 d = points[static_cast<std::size_t>(i)] - centroid;
    sxx += d.x() * d.x(), sxy += d.x() * d.y(), syy += d.y() * d.y();
    sxz += d.x() * d.z(), syz += d.y() * d.z();
  }
  // Collinear footprints, or a wall the vertical runs along, leave the 2x2 system singular.
  const double det = sxx * syy - sxy * sxy;
  if (!(det > 1e-12 * (sxx + syy) * (sxx + syy))) return kNaN;
  const double a = (syy * sxz - sxy * syz) / det, b = (sxx * syz - sxy * sxz) / det;
  const Vec3 d = p_W - centroid;
  return d.z() - a * d.x() - b * d.y();
}

}  // namespace

std::optional<DvlSolution> solve_beam_velocities(const DvlModel& dvl,
                                                 const std::array<bool, kMaxDvlBeams>& use,
                                                 const std::array<double, kMaxDvlBeams>& u,
                                                 const std::array<double, kMaxDvlBeams>& sigma) {
  Mat3 BtB = Mat3::Zero();
  Vec3 Btu = Vec3::Zero();
  int n = 0;
  for (std::size_t i = 0; i < dvl.beams_S.size(); ++i) {
    if (!use[i]) continue;
    const Vec3& b = dvl.beams_S[i];
    BtB += b * b.transpose();
    Btu += b * u[i];
    ++n;
  }
  if (n < 3) return std::nullopt;
  // B^T B is symmetric and, with three independent beams, positive definite; coplanar beams make
  // it singular. Its determinant, the product of its eigenvalues, is compared with the cube of
  // their mean (a pivot below 1e-6 of the others), and the inverse taken in closed form.
  const double mean = BtB.trace() / 3.0, det = BtB.determinant();
  if (!(det > 1e-12 * mean * mean * mean)) return std::nullopt;
  const Mat3 inv = BtB.inverse();
  Mat3 middle = Mat3::Zero();  // B^T diag(sigma^2) B
  for (std::size_t i = 0; i < dvl.beams_S.size(); ++i) {
    if (use[i]) middle += sigma[i] * sigma[i] * dvl.beams_S[i] * dvl.beams_S[i].transpose();
  }
  return DvlSolution{inv * Btu, inv * middle * inv};
}

DvlReading sample_dvl(const DvlModel& dvl, const DvlPose& at, const EchoSource& echoes,
                      const Environment& env, const EnvironmentState& env_state, double t,
                      double sound_speed, RandomStream& rng) {
  const double k = dvl.phased_array ? 1.0 : dvl.sound_speed_assumed / sound_speed;
  const std::size_t n = dvl.beams_S.size();
  DvlReading out;
  out.beam_count = static_cast<int>(n);

  std::array<bool, kMaxDvlBeams> bottom_ok{}, water_ok{};
  std::array<double, kMaxDvlBeams> u_bottom{}, s_bottom{}, u_water{}, s_water{};
  std::array<Vec3, kMaxDvlBeams> echo_points;
  const double cos_max_incidence = std::cos(dvl.max_incidence);
  int echo_count = 0;
  double projected_sum = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const Vec3 b_W = at.R_WS * dvl.beams_S[i];
    // The draws come first and all of them, so the stream is the same whatever the beams meet.
    const bool lost = rng.uniform() < dvl.dropout;
    const double n_bottom = rng.fast_normal(), n_range = rng.fast_normal(),
                 n_water = rng.fast_normal();

    const auto echo = beam_echo(dvl, at.p_W, b_W, echoes);
    const bool in_range = echo && echo->range >= dvl.min_range;
    if (in_range && !lost && echo->cos_incidence >= cos_max_incidence) {
      const double range =
          echo->range + (dvl.range_noise + dvl.range_noise_fraction * echo->range) * n_range;
      out.beams[i].range = range;
      echo_points[static_cast<std::size_t>(echo_count++)] = at.p_W + range * b_W;
      projected_sum += range * -b_W.z();
      const double u = k * b_W.dot(at.v_W - echo->v_W);
      s_bottom[i] = dvl.velocity_noise + dvl.velocity_noise_fraction * std::abs(u);
      u_bottom[i] = u + s_bottom[i] * n_bottom;
      bottom_ok[i] = true;
    }
    // Water track: the mean current over the bins, if the bottom is not nearer than the layer.
    if (dvl.water != DvlTracking::kNever && !lost && !(echo && echo->range < dvl.water_far)) {
      Vec3 current = Vec3::Zero();
      const int bins = std::max(dvl.water_bins, 1);
      for (int j = 0; j < bins; ++j) {
        const double along = dvl.water_near + (j + 0.5) * (dvl.water_far - dvl.water_near) / bins;
        current += current_velocity(env, env_state, at.p_W + along * b_W, t);
      }
      const double u = k * b_W.dot(at.v_W - current / bins);
      s_water[i] = dvl.water_velocity_noise + dvl.velocity_noise_fraction * std::abs(u);
      u_water[i] = u + s_water[i] * n_water;
      water_ok[i] = true;
    }
  }

  if (echo_count > 0) {
    out.altitude = dvl.plane_fit && echo_count >= 3
                       ? plane_fit_altitude(at.p_W, echo_points, echo_count)
                       : kNaN;
    if (std::isnan(out.altitude)) out.altitude = projected_sum / echo_count;
  }

  const auto count = [&](const std::array<bool, kMaxDvlBeams>& ok) {
    int c = 0;
    for (std::size_t i = 0; i < n; ++i)
      c += ok[i] ? 1 : 0;
    return c;
  };
  const auto solve = [&](const std::array<bool, kMaxDvlBeams>& ok,
                         const std::array<double, kMaxDvlBeams>& u,
                         const std::array<double, kMaxDvlBeams>& s) -> std::optional<DvlSolution> {
    if (count(ok) < dvl.min_beams) return std::nullopt;
    auto solution = solve_beam_velocities(dvl, ok, u, s);
    if (solution && !(solution->v_S.norm() <= dvl.max_velocity)) return std::nullopt;
    return solution;
  };

  std::optional<DvlSolution> solution;
  const std::array<bool, kMaxDvlBeams>* used = nullptr;
  const std::array<double, kMaxDvlBeams>* u_used = nullptr;
  if (dvl.bottom != DvlTracking::kNever) {
    solution = solve(bottom_ok, u_bottom, s_bottom);
    if (solution) {
      out.target = DvlReading::Target::kBottom;
      used = &bottom_ok, u_used = &u_bottom;
    }
  }
  if (!solution && dvl.bottom != DvlTracking::kAlways && dvl.water != DvlTracking::kNever) {
    solution = solve(water_ok, u_water, s_water);
    if (solution) {
      out.target = DvlReading::Target::kWaterMass;
      used = &water_ok, u_used = &u_water;
    }
  }
  if (solution) {
    out.v_R = dvl.R_SR.transpose() * solution->v_S;
    out.covariance = dvl.R_SR.transpose() * solution->covariance * dvl.R_SR;
    for (std::size_t i = 0; i < n; ++i) {
      out.beams[i].locked = (*used)[i];
      if ((*used)[i]) out.beams[i].velocity = (*u_used)[i];
    }
    out.good_beams = count(*used);
  }
  return out;
}

std::string check_dvl(const DvlModel& dvl) {
  const std::size_t n = dvl.beams_S.size();
  if (n < 3 || n > static_cast<std::size_t>(kMaxDvlBeams))
    return "a DVL needs 3 to " + std::to_string(kMaxDvlBeams) + " beams, not " + std::to_string(n);
  for (const Vec3& b : dvl.beams_S) {
    if (!b.allFinite() || std::abs(b.norm() - 1.0) > 1e-9)
      return "a beam axis is not a unit vector";
  }
  const auto bad = [](double x) { return !std::isfinite(x) || x < 0.0; };
  if (bad(dvl.min_range) || !(dvl.max_range > dvl.min_range) || !std::isfinite(dvl.max_range))
    return "the ranges must satisfy 0 <= minimum < maximum (finite) [m]";
  if (bad(dvl.water_near) || !(dvl.water_far > dvl.water_near) || !std::isfinite(dvl.water_far))
    return "the water-track layer must satisfy 0 <= near < far (finite) [m]";
  if (dvl.water_bins < 1) return "the water track needs at least 1 bin";
  if (bad(dvl.velocity_noise) || bad(dvl.velocity_noise_fraction) ||
      bad(dvl.water_velocity_noise) || bad(dvl.range_noise) || bad(dvl.range_noise_fraction))
    return "a noise level is negative or not finite";
  if (!(dvl.aperture > 0.0 && dvl.aperture < std::numbers::pi))
    return "the aperture must be in (0, pi) rad";
  if (dvl.rays_per_beam < 1) return "a beam needs at least 1 ray";
  if (!(dvl.sound_speed_assumed > 0.0) || !std::isfinite(dvl.sound_speed_assumed))
    return "the assumed speed of sound must be positive [m/s]";
  if (dvl.min_beams < 3) return "a solution needs at least 3 beams";
  if (!(dvl.max_velocity > 0.0)) return "the maximum velocity must be positive [m/s]";
  if (!(dvl.dropout >= 0.0 && dvl.dropout <= 1.0)) return "the dropout must be in [0, 1]";
  if (!(dvl.max_incidence > 0.0 && dvl.max_incidence <= 0.5 * std::numbers::pi))
    return "the maximum incidence must be in (0, pi/2] rad";
  return "";
}

namespace {

constexpr ReadingField kDvlFields[] = {
    {"target", FieldType::kName, "", "", "what the velocity is over: bottom, water_mass or none"},
    {"v", FieldType::kVector, "m/s", "R", "the sensor's velocity over its target; NaN: none"},
    {"covariance", FieldType::kMatrix, "m^2/s^2", "R", "the velocity's covariance"},
    {"altitude", FieldType::kReal, "m", "W", "above the bottom along the vertical; NaN: none"},
    {"good_beams", FieldType::kInteger, "", "", "beams in the reported solution"},
    {"beam_ranges", FieldType::kList, "m", "", "each beam's range to the bottom; NaN: none"},
    {"beam_velocities", FieldType::kList, "m/s", "", "each beam's, positive closing; NaN: none"},
    {"beam_locked", FieldType::kFlags, "", "", "each beam in the reported solution"},
};
constexpr SensorDescriptor kDvlDescriptor{"dvl", kDvlFields, MessageShape::kDvl};

const char* target_name(DvlReading::Target target) {
  switch (target) {
    case DvlReading::Target::kBottom:
      return "bottom";
    case DvlReading::Target::kWaterMass:
      return "water_mass";
    case DvlReading::Target::kNone:
      break;
  }
  return "none";
}

}  // namespace

const SensorDescriptor& descriptor_of(const DvlModel&) {
  return kDvlDescriptor;
}

DvlReading sample_reading(const DvlModel& dvl, Sampling& s) {
  const DvlPose pose{s.p_WS(), s.v_WS(), s.R_WS()};
  const SampleContext& at = s.at;
  return sample_dvl(dvl, pose, s.echoes(), at.environment, at.environment_state, at.t,
                    at.environment.sound_speed, s.state.rng);
}

void write_reading(const DvlModel& dvl, const DvlReading& r, FieldWriter& out) {
  const std::size_t n = dvl.beams_S.size();
  std::array<double, kMaxDvlBeams> ranges{}, velocities{};
  std::array<bool, kMaxDvlBeams> locked{};
  for (std::size_t i = 0; i < n; ++i) {
    ranges[i] = r.beams[i].range;
    velocities[i] = r.beams[i].velocity;
    locked[i] = r.beams[i].locked;
  }
  out.name(target_name(r.target));
  out.vector(r.v_R);
  out.matrix(r.covariance);
  out.real(r.altitude);
  out.integer(r.good_beams);
  out.list({ranges.data(), n});
  out.list({velocities.data(), n});
  out.flags({locked.data(), n});
}

}  // namespace leeway
