#include "leeway/sensors/sensor.h"

#include <cmath>

#include "leeway/core/frames.h"
#include "leeway/core/overloaded.h"
#include "leeway/core/rotation.h"
#include "leeway/sensors/magnetic_model.h"
#include "leeway/sensors/pressure.h"

namespace leeway {
namespace {

// How far [m] a magnetometer moves before the Earth's field is evaluated again (sensor.h).
constexpr double kFieldReuse = 10.0;

/// A world with nothing in it, for rays cast without one.
const struct : EchoSource {
  std::optional<Echo> first_echo(const Ray&, double) const override { return {}; }
} kNothing;

/// The noise models of a sensor's axes, in the order SensorState::axes keeps them.
template <typename Visit>
void for_each_axis(const SensorModel& sensor, Visit&& visit) {
  std::visit(Overloaded{[&](const ImuModel& imu) {
                          for (const NoiseModel& n : imu.angular_velocity)
                            visit(n);
                          for (const NoiseModel& n : imu.linear_acceleration)
                            visit(n);
                        },
                        [&](const PressureModel& pressure) { visit(pressure.noise); },
                        [&](const GnssModel& gnss) {
                          for (const NoiseModel& n : gnss.position)
                            visit(n);
                          for (const NoiseModel& n : gnss.velocity)
                            visit(n);
                        },
                        [&](const AltimeterModel& altimeter) {
                          visit(altimeter.position);
                          visit(altimeter.velocity);
                        },
                        [&](const MagnetometerModel& magnetometer) {
                          for (const NoiseModel& n : magnetometer.noise)
                            visit(n);
                        },
                        [](const DvlModel&) {},  // its noise is drawn per beam (dvl.h)
                        [&](const RangeBearingModel& rb) {
                          visit(rb.range);
                          visit(rb.bearing);
                          visit(rb.elevation);
                        },
                        [&](const AcousticPositionModel& fix) {
                          for (const NoiseModel& n : fix.noise)
                            visit(n);
                        },
                        [&](const GroundTruthModel& truth) {
                          for (const NoiseModel& n : truth.position)
                            visit(n);
                          for (const NoiseModel& n : truth.velocity)
                            visit(n);
                        },
                        [&](const EnvironmentProbeModel& probe) {
                          for (const NoiseModel& n : probe.noise)
                            visit(n);
                        },
                        [&](const LidarModel& lidar) { visit(lidar.range_noise); },
                        [](const CameraModel&) {},  // white per pixel, from a frame's stream
                        [](const SonarModel&) {}},  // its physics, from a ping's stream
             sensor.kind);
}

/// The sensor's origin in W.
Vec3 sensor_position(const SensorModel& sensor, const BodyState& body) {
  return body.p_WB + body.q_WB * sensor.X_BS.p;
}

/// The sensor's origin in W and its velocity there (with the lever arm, omega x r), in W.
struct SensorPoint {
  Vec3 p_W, v_W;
};
SensorPoint sensor_point(const SensorModel& sensor, const BodyState& body) {
  const Vec3& r = sensor.X_BS.p;
  return {sensor_position(sensor, body),
          body.q_WB * (linear(body.V_WB_B) + angular(body.V_WB_B).cross(r))};
}

/// S's axes in W.
Mat3 R_WS(const SensorModel& sensor, const BodyState& body) {
  return (body.q_WB * sensor.X_BS.q).toRotationMatrix();
}

/// A wave gauge's, current meter's or anemometer's reading; `noisy(model, x)` adds noise.
template <typename Noisy>
EnvironmentProbeReading probe_sample(const EnvironmentProbeModel& probe, const SensorModel& sensor,
                                     const SampleContext& at, Noisy&& noisy) {
  using Q = EnvironmentProbeModel::Quantity;
  const Environment& env = at.environment;
  const auto [p_W, v_W] = sensor_point(sensor, at.body);
  EnvironmentProbeReading r;
  if (probe.quantity == Q::kWaveElevation) {
    r.elevation =
        noisy(probe.noise[0], surface_height(env, p_W.x(), p_W.y(), at.t) - env.surface_level);
    return r;
  }
  Vec3 fluid = Vec3::Zero();
  if (probe.quantity == Q::kWaterVelocity) {
    fluid = current_velocity(env, at.environment_state, p_W, at.t);
    if (env.waves && p_W.z() < surface_height(env, p_W.x(), p_W.y(), at.t))
      fluid += particle_velocity(*env.waves, p_W, at.t);
  } else {
    fluid = wind_velocity(env, at.environment_state, p_W, at.t);
  }
  for (int i = 0; i < 3; ++i)
    r.v_W[i] = noisy(probe.noise[static_cast<std::size_t>(i)], fluid[i]);
  r.relative_S = R_WS(sensor, at.body).transpose() * (r.v_W - v_W);
  return r;
}

/// The GNSS receiver's reading (gnss.h); `noisy(model, x)` adds an axis' noise.
template <typename Noisy>
GnssReading gnss_sample(const GnssModel& gnss, const SensorModel& sensor, SensorState& state,
                        const SampleContext& at, Noisy&& noisy) {
  const auto [p_WS, v_WS] = sensor_point(sensor, at.body);
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (p_WS.z() < surface_height(at.environment, p_WS.x(), p_WS.y(), at.t)) {
    state.surfaced_at = kInf;
  } else if (state.surfaced_at == kInf) {
    state.surfaced_at = at.t;
  }
  // The errors are drawn whether or not there is a fix: their processes run on.
  Vec3 e_W, e_v;
  for (int i = 0; i < 3; ++i)
    e_W[i] = noisy(gnss.position[static_cast<std::size_t>(i)], 0.0);
  for (int i = 0; i < 3; ++i)
    e_v[i] = noisy(gnss.velocity[static_cast<std::size_t>(i)], 0.0);
  GnssReading out;
  if (!gnss_has_fix(gnss, state.surfaced_at, at.t)) return out;
  Mat3 R_WE;
  const Geodetic g = W_to_geodetic(at.origin, p_WS + e_W, R_WE);
  out.fix = true;
  out.latitude_deg = g.latitude_deg;
  out.longitude_deg = g.longitude_deg;
  out.altitude = g.altitude_m;
  out.v_ENU = R_WE.transpose() * v_WS + e_v;
  return out;
}

/// The magnetometer's reading; `noisy(model, x)` adds an axis' noise.
template <typename Noisy>
MagnetometerReading magnetometer_sample(const MagnetometerModel& magnetometer,
                                        const SensorModel& sensor, SensorState& state,
                                        const SampleContext& at, Noisy&& noisy) {
  const Vec3 p_WS = sensor_position(sensor, at.body);
  Vec3 B_W = magnetometer.B_W_fixed;
  if (!magnetometer.fixed) {
    // The model's degree-12 expansion costs microseconds; the main field changes by less than
    // 0.03 nT/m, so it is taken again only where the sensor has moved kFieldReuse away.
    if (!state.field_taken || (p_WS - state.field_at_W).squaredNorm() > kFieldReuse * kFieldReuse) {
      Mat3 R_WE;
      const Geodetic where = W_to_geodetic(at.origin, p_WS, R_WE);
      const Vec3 ned = magnetic_field_ned(wmm2025(), where, magnetometer.decimal_year);
      state.field_W = R_WE * ned_to_enu(ned) * 1e-9;  // nT -> T
      state.field_at_W = p_WS;
      state.field_taken = true;
    }
    B_W = state.field_W;
  }
  const Mat3 R = R_WS(sensor, at.body);
  const Vec3 exact = magnetometer.soft_iron * (R.transpose() * B_W) + magnetometer.hard_iron_S;
  MagnetometerReading out;
  for (int i = 0; i < 3; ++i)
    out.B_S[i] = noisy(magnetometer.noise[static_cast<std::size_t>(i)], exact[i]);
  // Tilt-compensated: the measured field and S's x axis, both levelled with the true attitude.
  // The heading is x's bearing less the field's (bearings clockwise from W's y): the clockwise
  // angle from the field's horizontal direction b to x's, atan2(b_y x_x - b_x x_y, b . x).
  const Vec3 b = R * out.B_S, x = R.col(0);
  out.heading_cos = b.x() * x.x() + b.y() * x.y();
  out.heading_sin = b.y() * x.x() - b.x() * x.y();
  return out;
}

/// Moves the schedule past the sample at t; returns the interval since the one before [s] (the
/// nominal interval for the first).
double advance_schedule(const SensorModel& sensor, SensorState& state, double t, double dt_step) {
  const double nominal = sensor.rate_hz > 0.0 ? 1.0 / sensor.rate_hz : dt_step;
  const double dt = state.last_time < 0.0 ? nominal : t - state.last_time;
  state.last_time = t;
  if (sensor.rate_hz > 0.0) {
    // t >= 0: truncation is the floor.
    state.next_sample = static_cast<std::uint64_t>(t * sensor.rate_hz + kScheduleSlack) + 1;
  }
  return dt;
}

}  // namespace

bool next_sample_opens_period(const SensorModel& sensor, const SensorState& state, double t,
                              double dt, double period) {
  if (state.next_sample == 0) return true;
  const double interval = sensor.rate_hz > 0.0 ? 1.0 / sensor.rate_hz : dt;
  const double t_next =
      sensor.rate_hz > 0.0 ? static_cast<double>(state.next_sample) * interval : t;
  // kScheduleSlack: a sample at k period up to the rounding opens period k, not k - 1.
  const auto period_of = [&](double t_sample) {
    return std::floor(t_sample / period + kScheduleSlack);
  };
  return period_of(t_next) > period_of(t_next - interval);
}

const char* sensor_type_name(const SensorModel& sensor) {
  return std::visit(Overloaded{[](const ImuModel&) { return "imu"; },
                               [](const PressureModel&) { return "air_pressure"; },
                               [](const GnssModel&) { return "navsat"; },
                               [](const AltimeterModel&) { return "altimeter"; },
                               [](const MagnetometerModel&) { return "magnetometer"; },
                               [](const DvlModel&) { return "dvl"; },
                               [](const RangeBearingModel&) { return "range_bearing"; },
                               [](const AcousticPositionModel&) { return "acoustic_position"; },
                               [](const GroundTruthModel&) { return "ground_truth"; },
                               [](const EnvironmentProbeModel& probe) {
                                 using Q = EnvironmentProbeModel::Quantity;
                                 return probe.quantity == Q::kWaveElevation   ? "wave_gauge"
                                        : probe.quantity == Q::kWaterVelocity ? "current_meter"
                                                                              : "anemometer";
                               },
                               [](const LidarModel&) { return "lidar"; },
                               [](const CameraModel&) { return "camera"; },
                               [](const SonarModel&) { return "sonar"; }},
                    sensor.kind);
}

SensorState initial_sensor_state(const SensorModel& sensor, std::uint64_t world_seed) {
  SensorState s{RandomStream(world_seed, "sensor " + sensor.full_name()), 0, -1.0, {}};
  for_each_axis(sensor,
                [&](const NoiseModel& n) { s.axes.push_back(initial_noise_state(n, s.rng)); });
  if (const auto* rb = std::get_if<RangeBearingModel>(&sensor.kind)) s.pinger_W = rb->pinger_W;
  return s;
}

void skip_image(const SensorModel& sensor, SensorState& state, double t, SensorSample* out) {
  advance_schedule(sensor, state, t, 0.0);
  // A frame's seed is drawn whether the frame is or not: a frame's pixels are the same
  // whichever frames before it somebody looked at.
  state.rng.next_u64();
  if (!out) return;
  out->sampled = true;
  out->t = t;
  std::visit(Overloaded{[&](const LidarModel&) { out->reading.emplace<LidarReading>(); },
                        [&](const CameraModel&) { out->reading.emplace<CameraImage>(); },
                        [&](const SonarModel&) { out->reading.emplace<SonarImage>(); },
                        [](const auto&) {}},
             sensor.kind);
}

void take_sample(const SensorModel& sensor, SensorState& state, const SampleContext& at,
                 SensorSample& out) {
  if (draws_images(sensor) && !at.draw_images) return skip_image(sensor, state, at.t, &out);
  const double t = at.t;
  const double dt = advance_schedule(sensor, state, t, at.dt_step);
  out.sampled = true;
  out.t = t;
  std::size_t axis = 0;
  const auto noisy = [&](const NoiseModel& n, double x) {
    return apply_noise(n, state.axes[axis++], x, dt, state.rng);
  };
  std::visit(
      Overloaded{
          [&](const ImuModel& imu) {
            const ImuTruth truth = imu_truth(sensor.X_BS, at.body, at.nu_dot, at.g_W);
            ImuReading r;
            for (int i = 0; i < 3; ++i)
              r.omega_S[i] = noisy(imu.angular_velocity[i], truth.omega_S[i]);
            for (int i = 0; i < 3; ++i)
              r.f_S[i] = noisy(imu.linear_acceleration[i], truth.f_S[i]);
            r.q_RS = imu.q_RW * truth.q_WS;
            out.reading = r;
          },
          [&](const PressureModel& pressure) {
            const Environment& env = at.environment;
            const double g = at.g_W.norm();
            const Vec3 p_WS = sensor_position(sensor, at.body);
            PressureReading r;
            r.pressure = noisy(pressure.noise,
                               absolute_pressure(env, p_WS, t, g, pressure.reference_altitude));
            const double p_air =
                standard_atmosphere_pressure(pressure.reference_altitude + env.surface_level);
            r.depth = g > 0.0 ? (r.pressure - p_air) / (env.fluid_density * g) : 0.0;
            out.reading = r;
          },
          [&](const GnssModel& gnss) { out.reading = gnss_sample(gnss, sensor, state, at, noisy); },
          [&](const AltimeterModel& altimeter) {
            const SensorPoint point = sensor_point(sensor, at.body);
            AltimeterReading a;
            a.vertical_position =
                noisy(altimeter.position, point.p_W.z() - altimeter.vertical_reference);
            a.vertical_velocity = noisy(altimeter.velocity, point.v_W.z());
            out.reading = a;
          },
          [&](const MagnetometerModel& magnetometer) {
            out.reading = magnetometer_sample(magnetometer, sensor, state, at, noisy);
          },
          [&](const DvlModel& dvl) {
            const SensorPoint point = sensor_point(sensor, at.body);
            const DvlPose pose{point.p_W, point.v_W, R_WS(sensor, at.body)};
            out.reading =
                sample_dvl(dvl, pose, at.echoes ? *at.echoes : kNothing, at.environment,
                           at.environment_state, t, at.environment.sound_speed, state.rng);
          },
          [&](const RangeBearingModel& rb) {
            const Vec3 d_S = R_WS(sensor, at.body).transpose() *
                             (state.pinger_W - sensor_position(sensor, at.body));
            RangeBearingReading r;
            r.range = noisy(rb.range, d_S.norm());
            r.bearing = noisy(rb.bearing, std::atan2(d_S.y(), d_S.x()));
            r.elevation = noisy(rb.elevation, std::atan2(d_S.z(), d_S.head<2>().norm()));
            out.reading = r;
          },
          [&](const AcousticPositionModel& fix) {
            const Vec3 p_W = sensor_position(sensor, at.body);
            AcousticPositionReading r;
            for (int i = 0; i < 3; ++i)
              r.p_W[i] = noisy(fix.noise[static_cast<std::size_t>(i)], p_W[i]);
            out.reading = r;
          },
          [&](const GroundTruthModel& truth) {
            const SensorPoint point = sensor_point(sensor, at.body);
            const ImuTruth imu = imu_truth(sensor.X_BS, at.body, at.nu_dot, at.g_W);
            const Mat3 R = imu.q_WS.toRotationMatrix();
            GroundTruthReading r;
            const Vec3 v_S = R.transpose() * point.v_W;
            for (int i = 0; i < 3; ++i)
              r.p_W[i] = noisy(truth.position[static_cast<std::size_t>(i)], point.p_W[i]);
            for (int i = 0; i < 3; ++i)
              r.v_S[i] = noisy(truth.velocity[static_cast<std::size_t>(i)], v_S[i]);
            r.q_WS = imu.q_WS;
            r.omega_S = imu.omega_S;
            r.a_S = imu.f_S + R.transpose() * at.g_W;  // the specific force plus gravity
            out.reading = r;
          },
          [&](const EnvironmentProbeModel& probe) {
            out.reading = probe_sample(probe, sensor, at, noisy);
          },
          [&](const LidarModel& lidar) {
            // As a camera's frames (skip_image): each scan's deviates from a stream of its own.
            RandomStream scan_rng(state.rng.next_u64(), "scan");
            out.reading = scan_lidar(lidar, sensor_position(sensor, at.body), R_WS(sensor, at.body),
                                     at.echoes ? *at.echoes : kNothing, at.environment, t,
                                     state.axes[0], scan_rng, at.draw_threads);
          },
          [&](const CameraModel& camera) {
            // One draw a frame seeds the frame's noise (skip_image).
            const std::uint64_t seed = state.rng.next_u64();
            CameraImage image;
            if (at.surfaces) {
              RandomStream frame_rng(seed, "frame");
              image = render_camera(camera, sensor_position(sensor, at.body), R_WS(sensor, at.body),
                                    *at.surfaces, at.environment, t, frame_rng, at.draw_threads);
              image.linear = {};  // the unrounded image is for the kernel's tests
            }
            out.reading = std::move(image);
          },
          [&](const SonarModel& sonar) {
            // As a camera's frames (skip_image): each ping's deviates from a stream of its own.
            RandomStream ping_rng(state.rng.next_u64(), "ping");
            // Out of the water (above the calm surface) a transducer hears only its noise.
            const Vec3 p_WS = sensor_position(sensor, at.body);
            const double depth = at.environment.surface_level - p_WS.z();
            const EchoSource& world = depth > 0.0 && at.echoes ? *at.echoes : kNothing;
            out.reading = ping_sonar(sonar, p_WS, R_WS(sensor, at.body), world,
                                     at.environment.sound_speed, std::max(0.0, depth), ping_rng);
          }},
      sensor.kind);
}

std::string check_sensor(const SensorModel& sensor) {
  if (!std::isfinite(sensor.rate_hz) || sensor.rate_hz < 0.0) {
    return "the update rate is negative or not finite; expected >= 0 Hz (0: every step)";
  }
  if (const auto* dvl = std::get_if<DvlModel>(&sensor.kind)) return check_dvl(*dvl);
  if (const auto* lidar = std::get_if<LidarModel>(&sensor.kind)) return check_lidar(*lidar);
  if (const auto* camera = std::get_if<CameraModel>(&sensor.kind)) return check_camera(*camera);
  if (const auto* sonar = std::get_if<SonarModel>(&sensor.kind)) return check_sonar(*sonar);
  std::string problem;
  for_each_axis(sensor, [&](const NoiseModel& n) {
    if (problem.empty()) problem = check_noise(n);
  });
  return problem;
}

}  // namespace leeway
