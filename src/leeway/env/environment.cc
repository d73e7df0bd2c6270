#include "leeway/env/environment.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace leeway {
namespace {

double bounded_step(const BoundedGaussMarkov& p, double x, double dt, RandomStream& rng) {
  return std::clamp(gauss_markov_step(p.process, x, dt, rng.normal()), p.min, p.max);
}

/// The tidal speed along the flood direction and its rate of change.
std::pair<double, double> tide(const CurrentModel& c, double t) {
  double speed = 0.0, rate = 0.0;
  for (const TidalConstituent& k : c.tides) {
    const double w = 2.0 * std::numbers::pi / k.period;
    speed += k.amplitude * std::cos(w * t - k.phase);
    rate -= k.amplitude * w * std::sin(w * t - k.phase);
  }
  return {speed, rate};
}

Vec3 flood(const CurrentModel& c) {
  return {std::cos(c.flood_direction), std::sin(c.flood_direction), 0.0};
}

}  // namespace

void realise_environment(Environment& env, std::uint64_t seed) {
  if (env.random_sea) {
    const RandomSea& r = *env.random_sea;
    env.waves = make_wave_field(sample_components(r.sea, r.fixed_seed.value_or(seed)), r.sea.depth,
                                r.ramp_time, env.surface_level);
  }
  if (env.wind.gust == GustKind::kHarris)
    make_harris_gust(env.wind, env.wind.harris_components, seed);
}

EnvironmentState initial_environment_state(const Environment& env, std::uint64_t seed) {
  EnvironmentState s;
  s.wind_rng = RandomStream(seed, "wind");
  s.current_rng = RandomStream(seed, "current");
  s.gust_speed = 0.0;
  s.current_speed = env.current.speed.process.mean;
  s.current_horizontal_angle = env.current.horizontal_angle.process.mean;
  s.current_vertical_angle = env.current.vertical_angle.process.mean;
  return s;
}

void advance_environment(const Environment& env, EnvironmentState& s, double dt) {
  if (env.wind.gust == GustKind::kFirstOrder) {
    const GaussMarkov gust{0.0, env.wind.gust_sigma, env.wind.gust_tau};
    s.gust_speed = gauss_markov_step(gust, s.gust_speed, dt, s.wind_rng.normal());
  }
  if (env.current.gauss_markov) {
    s.current_speed = bounded_step(env.current.speed, s.current_speed, dt, s.current_rng);
    s.current_horizontal_angle =
        bounded_step(env.current.horizontal_angle, s.current_horizontal_angle, dt, s.current_rng);
    s.current_vertical_angle =
        bounded_step(env.current.vertical_angle, s.current_vertical_angle, dt, s.current_rng);
  }
}

Vec3 current_velocity(const Environment& env, const EnvironmentState& s, const Vec3& p, double t) {
  const CurrentModel& c = env.current;
  Vec3 v = c.gauss_markov ? s.current_speed * current_direction(s.current_horizontal_angle,
                                                                s.current_vertical_angle)
                          : c.steady_W;
  if (!c.tides.empty()) v += tide(c, t).first * flood(c);
  v *= current_profile_factor(c, env.surface_level - p.z());
  if (env.current_field) v += sample_field(*env.current_field, p, t);
  return v;
}

Vec3 current_acceleration(const Environment& env, const Vec3& p, double t) {
  const CurrentModel& c = env.current;
  if (c.tides.empty()) return Vec3::Zero();
  return current_profile_factor(c, env.surface_level - p.z()) * tide(c, t).second * flood(c);
}

Vec3 wind_velocity(const Environment& env, const EnvironmentState& s, const Vec3& p, double t) {
  const WindModel& w = env.wind;
  double speed = w.mean_speed;
  if (w.gust == GustKind::kFirstOrder) speed += s.gust_speed;
  if (w.gust == GustKind::kHarris) speed += harris_gust(w, t);
  const Vec3 v = speed * Vec3(std::cos(w.direction), std::sin(w.direction), 0.0);
  return env.wind_field ? Vec3(v + sample_field(*env.wind_field, p, t)) : v;
}

Vec3 apparent_wind_B(const Environment& env, const EnvironmentState& state, double t,
                     const Vec3& p_WB, const Quat& q_WB, const Vec3& v_WB_W) {
  return q_WB.conjugate() * (wind_velocity(env, state, p_WB, t) - v_WB_W);
}

double surface_height(const Environment& env, double x, double y, double t) {
  return env.waves ? elevation(*env.waves, x, y, t) : env.surface_level;
}

SurfaceSample sample_surface(const Environment& env, double x, double y, double yaw, double t) {
  if (!env.waves) return {env.surface_level, 0.0, 0.0};
  // One sum over the components gives the height and its gradient; the surface's normal is
  // along (-deta/dx, -deta/dy, 1). Turned into the heading frame H (W turned by yaw about z):
  // R_x(roll) z = n gives roll, R_y(pitch) z = n gives pitch, to first order in the slopes.
  const SurfaceAbove s = surface_above(*env.waves, x, y, t, x, y);
  const double c = std::cos(yaw), sn = std::sin(yaw);
  const double nx_H = -(c * s.deta_dx + sn * s.deta_dy), ny_H = -(-sn * s.deta_dx + c * s.deta_dy);
  return {s.eta, std::atan2(-ny_H, 1.0), std::atan2(nx_H, 1.0)};
}

}  // namespace leeway
