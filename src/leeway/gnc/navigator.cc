#include "leeway/gnc/navigator.h"

#include <fmt/format.h>
#include <cmath>
#include <stdexcept>

#include "leeway/core/frames.h"
#include "leeway/core/overloaded.h"
#include "leeway/core/random.h"
#include "leeway/core/rotation.h"
#include "leeway/sensors/magnetic_model.h"

namespace leeway {
namespace {

// The least deviations an aiding sensor is trusted to (navigator.h).
constexpr double kPositionFloor = 0.01;    // [m]
constexpr double kVelocityFloor = 0.01;    // [m/s]
constexpr double kHeadingFloor = 0.001;    // [rad]
constexpr double kDvlFloor = 0.001;        // [m/s]
constexpr double kPressureMinDepth = 0.2;  // [m] below which a pressure sensor is not used

double bias_drift(const NoiseModel& n) {
  const GaussMarkov& gm = n.instability;
  return n.random_walk * n.random_walk + 2.0 * gm.sigma * gm.sigma / gm.tau;
}

double bias_start(const NoiseModel& n) {
  return n.mean * n.mean + n.turn_on_mean * n.turn_on_mean + n.turn_on_sigma * n.turn_on_sigma +
         n.instability.sigma * n.instability.sigma;
}

/// The covariance of three axes' white noise, at least floor^2 each.
Mat3 axes_covariance(const std::array<NoiseModel, 3>& axes, double period, double floor) {
  Vec3 variance;
  for (int i = 0; i < 3; ++i)
    variance[i] =
        std::max(white_variance(axes[static_cast<std::size_t>(i)], period), floor * floor);
  return variance.asDiagonal();
}

InertialModel inertial_model(const SensorModel& sensor, const ImuModel& imu, double period) {
  InertialModel m;
  m.p_BI = sensor.X_BS.translation();
  m.R_BI = sensor.X_BS.rotation();
  for (int i = 0; i < 3; ++i) {
    const NoiseModel& g = imu.angular_velocity[static_cast<std::size_t>(i)];
    const NoiseModel& a = imu.linear_acceleration[static_cast<std::size_t>(i)];
    m.gyro_white[i] = white_variance(g, period);
    m.accel_white[i] = white_variance(a, period);
    m.gyro_bias_drift[i] = bias_drift(g);
    m.accel_bias_drift[i] = bias_drift(a);
    m.gyro_bias_initial[i] = bias_start(g);
    m.accel_bias_initial[i] = bias_start(a);
  }
  return m;
}

/// The Earth's field [T] at W's origin, in W, as the magnetometer takes it.
Vec3 field_at_origin(const MagnetometerModel& magnetometer, const Geodetic& origin) {
  if (magnetometer.fixed) return magnetometer.B_W_fixed;
  return ned_to_enu(magnetic_field_ned(wmm2025(), origin, magnetometer.decimal_year)) * 1e-9;
}

}  // namespace

NavigatorModel make_navigator(const Model& model, int body, const std::string& model_name) {
  NavigatorModel nav;
  nav.body = body;
  nav.origin = model.origin.value_or(Geodetic{});
  nav.surface_level = model.environment.surface_level;
  nav.stream = "navigator/" + model_name;
  nav.filter.g_W = model.gravity_W;
  bool compass = false, fix = false;
  bool taken[std::variant_size_v<decltype(SensorModel::kind)>] = {};
  for (std::size_t i = 0; i < model.sensors.size(); ++i) {
    const SensorModel& sensor = model.sensors[i];
    if (sensor.body != body || taken[sensor.kind.index()]) continue;
    const double period = std::max(sensor.rate_hz > 0.0 ? 1.0 / sensor.rate_hz : 0.0, model.dt);
    NavigationAid aid;
    aid.sensor = static_cast<int>(i);
    aid.R_BM = sensor.X_BS.rotation();
    aid.p_BS = sensor.X_BS.translation();
    const bool used = std::visit(
        Overloaded{
            [&](const ImuModel& imu) {
              nav.imu = aid.sensor;
              nav.filter.imu = inertial_model(sensor, imu, period);
              return false;  // not an aid
            },
            [&](const GnssModel& gnss) {
              aid.position_covariance = axes_covariance(gnss.position, period, kPositionFloor);
              aid.velocity_covariance = axes_covariance(gnss.velocity, period, kVelocityFloor);
              return fix = true;
            },
            [&](const AcousticPositionModel& usbl) {
              aid.position_covariance = axes_covariance(usbl.noise, period, kPositionFloor);
              return fix = true;
            },
            [&](const DvlModel& dvl) {
              aid.R_BM = aid.R_BM * dvl.R_SR;
              aid.velocity_covariance = Mat3::Identity() * (kDvlFloor * kDvlFloor);
              return fix = true;
            },
            [&](const MagnetometerModel& magnetometer) {
              const Vec3 B_W = field_at_origin(magnetometer, nav.origin);
              const double horizontal = B_W.head<2>().norm();
              if (!(horizontal > 0.0)) return false;  // no heading to be had
              nav.declination = std::atan2(B_W.x(), B_W.y());
              const double axis_variance = 0.5 * (white_variance(magnetometer.noise[0], period) +
                                                  white_variance(magnetometer.noise[1], period));
              aid.variance = std::max(axis_variance / (horizontal * horizontal),
                                      kHeadingFloor * kHeadingFloor);
              return compass = true;
            },
            [&](const PressureModel& pressure) {
              const double rho_g = model.environment.fluid_density * model.gravity_W.norm();
              aid.variance = std::max(white_variance(pressure.noise, period) / (rho_g * rho_g),
                                      kPositionFloor * kPositionFloor);
              return true;
            },
            [](const auto&) { return false; }},
        sensor.kind);
    if (used || nav.imu == aid.sensor) taken[sensor.kind.index()] = true;
    if (used) nav.aids.push_back(aid);
  }
  const char* missing = nav.imu < 0 ? "an IMU"
                        : !compass  ? "a magnetometer (a compass, for the heading)"
                        : !fix      ? "a GNSS receiver, an acoustic position fix or a DVL"
                                    : nullptr;
  if (missing) {
    throw std::invalid_argument(
        fmt::format("estimated navigation needs {} on the controlled link '{}'; expected it there "
                    "(docs/navigation.md), or <navigation>truth</navigation>",
                    missing, model.bodies[static_cast<std::size_t>(body)].link_name));
  }
  return nav;
}

NavigationFilterState initial_navigator_state(const NavigatorModel& nav, const Model& model,
                                              const State& state) {
  const NavigationFilterModel& f = nav.filter;
  NavigationFilterState s =
      initial_filter_state(f, state.bodies[static_cast<std::size_t>(nav.body)], state.t);
  RandomStream rng(model.seed, nav.stream);
  const auto draw = [&](const Vec3& sigma) {
    return Vec3(sigma.x() * rng.normal(), sigma.y() * rng.normal(), sigma.z() * rng.normal());
  };
  s.p_WI += draw(f.position_sigma);
  s.v_WI += draw(f.velocity_sigma);
  s.q_WB = (quat_exp(draw(f.attitude_sigma)) * s.q_WB).normalized();
  return s;
}

void navigator_update(const NavigatorModel& nav, NavigationFilterState& filter,
                      const StepData& data) {
  const NavigationFilterModel& f = nav.filter;
  const SensorSample& imu = data.sensors[static_cast<std::size_t>(nav.imu)];
  if (imu.sampled) {
    const ImuReading& r = std::get<ImuReading>(imu.reading);
    propagate_to_reading(f, filter, imu.t, r.omega_S, r.f_S);
  }
  for (const NavigationAid& aid : nav.aids) {
    const SensorSample& sample = data.sensors[static_cast<std::size_t>(aid.sensor)];
    if (!sample.sampled) continue;
    propagate(f, filter, sample.t);
    std::visit(
        Overloaded{
            [&](const GnssReading& r) {
              if (!r.fix) return;
              const Vec3 p_W =
                  geodetic_to_W(nav.origin, {r.latitude_deg, r.longitude_deg, r.altitude});
              update_position(f, filter, aid.p_BS, p_W, aid.position_covariance);
              if (!r.v_ENU.allFinite()) return;
              Mat3 R_WE;
              W_to_geodetic(nav.origin, p_W, R_WE);
              update_velocity_W(f, filter, aid.p_BS, R_WE * r.v_ENU, aid.velocity_covariance);
            },
            [&](const AcousticPositionReading& r) {
              update_position(f, filter, aid.p_BS, r.p_W, aid.position_covariance);
            },
            [&](const DvlReading& r) {
              if (r.target != DvlReading::Target::kBottom || !r.v_R.allFinite()) return;
              const Mat3 covariance = r.covariance.allFinite()
                                          ? Mat3(r.covariance + aid.velocity_covariance)
                                          : aid.velocity_covariance;
              update_velocity_in(f, filter, aid.p_BS, aid.R_BM, r.v_R, covariance);
            },
            [&](const MagnetometerReading& r) {
              update_bearing(f, filter, aid.R_BM.col(0), wrap_angle(r.heading() + nav.declination),
                             aid.variance);
            },
            [&](const PressureReading& r) {
              if (r.depth > kPressureMinDepth)
                update_height(f, filter, aid.p_BS, nav.surface_level - r.depth, aid.variance);
            },
            [](const auto&) {}},
        sample.reading);
  }
}

NavigationError navigation_error(const NavigatorModel& nav, const NavigationFilterState& filter,
                                 const BodyState& truth, double t) {
  const BodyState estimate = estimated_body(nav.filter, filter, t);
  const Vec3 dp = estimate.p_WB - truth.p_WB;
  NavigationError e;
  e.horizontal = dp.head<2>().norm();
  e.vertical = dp.z();
  e.heading = wrap_angle(euler_zyx(estimate.q_WB).z() - euler_zyx(truth.q_WB).z());
  e.horizontal_sigma = std::sqrt(filter.P(kPositionError, kPositionError) +
                                 filter.P(kPositionError + 1, kPositionError + 1));
  e.heading_sigma = std::sqrt(filter.P(kAttitudeError + 2, kAttitudeError + 2));
  return e;
}

NavigationSolution navigator_solution(const NavigatorModel& nav,
                                      const NavigationFilterState& filter, double t) {
  return {t, estimated_body(nav.filter, filter, t)};
}

}  // namespace leeway
