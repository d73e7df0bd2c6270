// The reference navigation filter: a strapdown inertial navigator corrected by an error-state
// (indirect) extended Kalman filter, the loosely coupled aided INS of marine navigation systems
// (Farrell, "Aided Navigation", 2008; Groves, "Principles of GNSS, Inertial and Multisensor
// Integrated Navigation Systems", 2nd ed., 2013; Sola, "Quaternion kinematics for the error-state
// Kalman filter", 2017). Pure: it knows measurements, not sensors (gnc/navigator.h feeds it).
//
// Nominal state, what the navigator integrates: the IMU point I's position p_WI and velocity v_WI
// in W, the body's attitude q_WB, and the IMU's gyro and accelerometer biases b_g, b_a on its axes.
// Error state, what the filter estimates (15 numbers, covariance P):
//   dx = [dp, dv, dtheta, db_g, db_a],  p = p^ + dp,  v = v^ + dv,  b = b^ + db,
//   R_WB = exp([dtheta]x) R^_WB                   (the attitude error about W's axes)
//
// Propagation by the IMU's readings (omega_I, f_I: angular rate [rad/s], specific force [m/s^2] in
// I), the mean of two successive ones over the dt [s] between them:
//   omega_B = R_BI (omega_I - b_g),  f_B = R_BI (f_I - b_a)
//   q_WB <- q_WB exp(omega_B dt)
//   v    <- v + (R_mid f_B + g_W) dt,  R_mid = R_WB exp(omega_B dt / 2)    (second order in a turn)
//   p    <- p + (v_before + v_after) dt / 2
// The error's transition is Phi = I + F dt, with
//   d(dp)/dt = dv,  d(dv)/dt = -[R f_B]x dtheta - R R_BI (db_a + n_a),
//   d(dtheta)/dt = -R R_BI (db_g + n_g),  d(db)/dt = w_b,
// and the noise of one interval Q = diag(0, C S_a C^T dt^2 + q^2 dt I, C S_g C^T dt^2, W_g dt, W_a
// dt), C = R R_BI: S is the variance of one reading's white noise on each axis (each reading weighs
// half in two intervals, so over many its noise enters once), W the biases' drift [unit^2/s], q the
// density of the acceleration the samples miss (NavigationFilterModel::unsampled_acceleration).
//
// Updates, each a set of measurements of a point P fixed in B at r_BP (P - K S K^T, symmetrised;
// then the error is put into the nominal state and zeroed):
//   position  p_WP = p_WI + R_WB (r_BP - r_BI)                               GNSS, USBL
//   velocity  v_WP = v_WI + R_WB (omega_B x (r_BP - r_BI))                    GNSS
//   velocity  v_M = R_MB (R_WB^T v_WI + omega_B x (r_BP - r_BI)), M on B      DVL
//   height    z of p_WP                                                       pressure
//   bearing   of B's axis a_B, clockwise from W's y: atan2(x, y) of R_WB a_B  compass
// omega_B is the latest reading's, less the estimated bias.
//
// What it does not model: the Earth's rotation (15 deg/h, below the gyros it is meant for) and
// the curvature of W (the world's tangent frame is taken as flat); errors of the aiding sensors
// other than white noise (a biased compass biases the heading).
#pragma once

#include <Eigen/Core>

#include "leeway/body/body_state.h"
#include "leeway/core/spatial.h"

namespace leeway {

using Mat15 = Eigen::Matrix<double, 15, 15>;
using Vec15 = Eigen::Matrix<double, 15, 1>;

/// Where each error sits in dx.
inline constexpr int kPositionError = 0;
inline constexpr int kVelocityError = 3;
inline constexpr int kAttitudeError = 6;
inline constexpr int kGyroBiasError = 9;
inline constexpr int kAccelBiasError = 12;

/// The IMU as the filter sees it: where it is on B, and its errors, per axis of I.
struct InertialModel {
  Vec3 p_BI = Vec3::Zero();                ///< its origin in B [m]
  Mat3 R_BI = Mat3::Identity();            ///< its axes in B
  Vec3 gyro_white = Vec3::Zero();          ///< variance of one reading [(rad/s)^2]
  Vec3 accel_white = Vec3::Zero();         ///< variance of one reading [(m/s^2)^2]
  Vec3 gyro_bias_drift = Vec3::Zero();     ///< [(rad/s)^2 / s]
  Vec3 accel_bias_drift = Vec3::Zero();    ///< [(m/s^2)^2 / s]
  Vec3 gyro_bias_initial = Vec3::Zero();   ///< variance at the start [(rad/s)^2]
  Vec3 accel_bias_initial = Vec3::Zero();  ///< variance at the start [(m/s^2)^2]
};

struct NavigationFilterModel {
  InertialModel imu;
  Vec3 g_W{0.0, 0.0, -9.80665};  ///< gravity [m/s^2], in W
  /// The density of the acceleration the IMU's point samples miss between them [m/s^2/sqrt(Hz)]
  /// (a velocity random walk on each axis of W): a hull's motion in waves is not band-limited,
  /// and the trapezoid of instantaneous samples drifts from it by about 0.02 m/s in a second
  /// (measured on the WAM-V in the default world; a real IMU's anti-aliasing filter integrates it).
  double unsampled_acceleration = 0.02;
  /// The standard deviations of the initial estimate, along W's axes.
  Vec3 position_sigma{1.0, 1.0, 1.0};      ///< [m]
  Vec3 velocity_sigma{0.1, 0.1, 0.1};      ///< [m/s]
  Vec3 attitude_sigma{0.01, 0.01, 0.035};  ///< about W's x, y, z [rad]
};

struct NavigationFilterState {
  double t = 0.0;  ///< the time the estimate is of [s]
  Vec3 p_WI = Vec3::Zero();
  Vec3 v_WI = Vec3::Zero();
  Quat q_WB = Quat::Identity();
  Vec3 b_g = Vec3::Zero();  ///< gyro bias estimate, in I [rad/s]
  Vec3 b_a = Vec3::Zero();  ///< accelerometer bias estimate, in I [m/s^2]
  Mat15 P = Mat15::Zero();
  /// The latest IMU reading, held until the next (none before the first).
  bool has_reading = false;
  Vec3 omega_I = Vec3::Zero();
  Vec3 f_I = Vec3::Zero();

  bool operator==(const NavigationFilterState& o) const {
    return t == o.t && p_WI == o.p_WI && v_WI == o.v_WI && q_WB.coeffs() == o.q_WB.coeffs() &&
           b_g == o.b_g && b_a == o.b_a && P == o.P && has_reading == o.has_reading &&
           omega_I == o.omega_I && f_I == o.f_I;
  }
};

/// The filter at time t with the body at `body` (the estimate the navigator starts from) and the
/// model's initial covariance; biases estimated zero.
NavigationFilterState initial_filter_state(const NavigationFilterModel& model,
                                           const BodyState& body, double t);

/// The nominal state and the covariance brought to time t >= state.t with the held reading
/// (nothing moves before the first reading).
void propagate(const NavigationFilterModel& model, NavigationFilterState& state, double t);

/// The same to the time t of a new reading (omega_I, f_I), with the mean of the held reading and
/// the new one (the trapezoidal rule: second order in a changing motion); the new one is then held.
void propagate_to_reading(const NavigationFilterModel& model, NavigationFilterState& state,
                          double t, const Vec3& omega_I, const Vec3& f_I);

/// The body's angular velocity in B from the held reading, less the bias [rad/s].
Vec3 estimated_omega_B(const NavigationFilterModel& model, const NavigationFilterState& state);

/// The body's state the estimate gives at time t >= state.t (the nominal state carried on by the
/// held reading, the covariance left): Bo's pose and its twist in B.
BodyState estimated_body(const NavigationFilterModel& model, const NavigationFilterState& state,
                         double t);

/// Measurement updates (above); r_BP is the measured point in B, R the measurement's covariance.
/// Each returns the innovation's squared Mahalanobis distance (NIS).
double update_position(const NavigationFilterModel& model, NavigationFilterState& state,
                       const Vec3& r_BP, const Vec3& p_WP, const Mat3& R);
double update_velocity_W(const NavigationFilterModel& model, NavigationFilterState& state,
                         const Vec3& r_BP, const Vec3& v_WP, const Mat3& R);
double update_velocity_in(const NavigationFilterModel& model, NavigationFilterState& state,
                          const Vec3& r_BP, const Mat3& R_BM, const Vec3& v_M, const Mat3& R);
double update_height(const NavigationFilterModel& model, NavigationFilterState& state,
                     const Vec3& r_BP, double z_WP, double variance);
double update_bearing(const NavigationFilterModel& model, NavigationFilterState& state,
                      const Vec3& a_B, double bearing, double variance);

/// The error of the estimate against the truth, as the filter defines it (dp, dv of the IMU
/// point, dtheta; the biases' entries zero): for consistency tests (NEES).
Vec15 estimate_error(const NavigationFilterModel& model, const NavigationFilterState& state,
                     const BodyState& truth);

}  // namespace leeway
