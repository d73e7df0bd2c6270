#include "leeway/app/probe_command.h"

#include <fmt/format.h>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

#include "leeway/app/load_world_or_default.h"

namespace leeway {
namespace {

struct Statistics {
  double mean = 0.0, std = 0.0, min = 0.0, max = 0.0;
  double zero_upcrossing_period = NAN;  ///< NAN with fewer than two upcrossings
};

Statistics statistics(const std::vector<double>& t, const std::vector<double>& x) {
  Statistics s;
  if (x.empty()) return s;
  double sum = 0.0;
  s.min = s.max = x.front();
  for (double v : x) {
    sum += v;
    s.min = std::min(s.min, v);
    s.max = std::max(s.max, v);
  }
  s.mean = sum / static_cast<double>(x.size());
  double var = 0.0;
  for (double v : x)
    var += (v - s.mean) * (v - s.mean);
  s.std = std::sqrt(var / static_cast<double>(x.size()));
  std::vector<double> ups;
  for (std::size_t i = 1; i < x.size(); ++i) {
    const double a = x[i - 1] - s.mean, b = x[i] - s.mean;
    if (a < 0.0 && b >= 0.0) ups.push_back(t[i - 1] + (t[i] - t[i - 1]) * (-a) / (b - a));
  }
  if (ups.size() >= 2) {
    s.zero_upcrossing_period = (ups.back() - ups.front()) / static_cast<double>(ups.size() - 1);
  }
  return s;
}

}  // namespace

int probe_command(const ProbeOptions& o) {
  Diagnostics diagnostics;
  const std::optional<Scenario> loaded =
      load_world_or_default(o.world_path, o.seed, diagnostics, {}, o.verbosity);
  if (!loaded) return 1;
  const Model& model = loaded->model;

  const Environment& env = model.environment;
  const double z = o.z.value_or(env.surface_level);
  struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  std::unique_ptr<std::FILE, Closer> csv;
  if (!o.record_path.empty()) {
    csv.reset(std::fopen(o.record_path.c_str(), "w"));
    if (!csv) {
      fmt::print(stderr, "error: cannot write '{}': {}\n", o.record_path, std::strerror(errno));
      return 1;
    }
    fmt::print(csv.get(), "t,elevation,u,v,w,current_x,current_y,current_z,wind_x,wind_y\n");
  }

  const auto samples = static_cast<std::size_t>(std::floor(o.duration * o.rate + 1e-9)) + 1;
  std::vector<double> t(samples), eta(samples), current_speed(samples), wind_speed(samples);
  // The processes advance exactly (gauss_markov.h), so sampling them at the probe's rate gives the
  // statistics a run at any physics step would see.
  EnvironmentState env_state = initial_environment_state(env, model.seed);
  for (std::size_t i = 0; i < samples; ++i) {
    if (i > 0) advance_environment(env, env_state, 1.0 / o.rate);
    t[i] = static_cast<double>(i) / o.rate;
    const Vec3 p(o.x, o.y, z);
    eta[i] = env.waves ? elevation(*env.waves, o.x, o.y, t[i]) : env.surface_level;
    const Vec3 v = env.waves ? particle_velocity(*env.waves, p, t[i]) : Vec3::Zero();
    const Vec3 current = current_velocity(env, env_state, p, t[i]);
    const Vec3 wind = wind_velocity(env, env_state, p, t[i]);
    current_speed[i] = current.norm();
    wind_speed[i] = wind.norm();
    if (csv) {
      fmt::print(csv.get(), "{},{},{},{},{},{},{},{},{},{}\n", t[i], eta[i], v.x(), v.y(), v.z(),
                 current.x(), current.y(), current.z(), wind.x(), wind.y());
    }
  }

  const Statistics s = statistics(t, eta);
  fmt::print("world      {} ({})\n", model.world_name, model.source);
  fmt::print("point      x = {} m, y = {} m; velocities at z = {} m\n", o.x, o.y, z);
  fmt::print("samples    {} over {} s at {} Hz\n", samples, t.back(), o.rate);
  if (!env.waves) {
    fmt::print("waves      none: calm surface at z = {} m\n", env.surface_level);
  } else {
    fmt::print("elevation  mean {:.4f} m, Hs = 4 std {:.4f} m, min {:.4f} m, max {:.4f} m\n",
               s.mean, 4.0 * s.std, s.min, s.max);
    fmt::print("period     zero-upcrossing Tz = {:.3f} s\n", s.zero_upcrossing_period);
  }
  const Statistics c = statistics(t, current_speed), w = statistics(t, wind_speed);
  if (env.bathymetry) {
    fmt::print("seabed     water depth {:.3f} m\n",
               water_depth(*env.bathymetry, env.surface_level, o.x, o.y));
  }
  fmt::print("current    speed mean {:.4f} m/s, std {:.4f} m/s, min {:.4f}, max {:.4f}\n", c.mean,
             c.std, c.min, c.max);
  fmt::print("wind       speed mean {:.4f} m/s, std {:.4f} m/s, min {:.4f}, max {:.4f}\n", w.mean,
             w.std, w.min, w.max);
  if (csv) fmt::print("recording  {} ({} rows)\n", o.record_path, samples);
  return 0;
}

}  // namespace leeway
