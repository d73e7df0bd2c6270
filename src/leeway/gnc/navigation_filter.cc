#include "leeway/gnc/navigation_filter.h"

#include <Eigen/Cholesky>
#include <array>
#include <cmath>
#include <limits>

#include "leeway/core/rotation.h"

namespace leeway {
namespace {

/// Puts the estimated error dx into the nominal state (the error is then zero).
void inject(NavigationFilterState& s, const Vec15& dx) {
  s.p_WI += dx.segment<3>(kPositionError);
  s.v_WI += dx.segment<3>(kVelocityError);
  s.q_WB = (quat_exp(dx.segment<3>(kAttitudeError)) * s.q_WB).normalized();
  s.b_g += dx.segment<3>(kGyroBiasError);
  s.b_a += dx.segment<3>(kAccelBiasError);
}

/// One Kalman update with innovation y, Jacobian H and noise R; returns y^T S^-1 y, or NaN (and
/// changes nothing) when S is not positive definite.
template <int M>
double kalman_update(NavigationFilterState& s, const Eigen::Matrix<double, M, 1>& y,
                     const Eigen::Matrix<double, M, 15>& H, const Eigen::Matrix<double, M, M>& R) {
  const Eigen::Matrix<double, 15, M> PHt = s.P * H.transpose();
  const Eigen::Matrix<double, M, M> S = H * PHt + R;
  const Eigen::LLT<Eigen::Matrix<double, M, M>> llt(S);
  if (llt.info() != Eigen::Success) return std::numeric_limits<double>::quiet_NaN();
  const Eigen::Matrix<double, 15, M> K = llt.solve(PHt.transpose()).transpose();
  // P - K S K^T = P - K (P H^T)^T, symmetrised: 15 x M x 15 products, not Joseph's three
  // 15 x 15 x 15 ones (in double precision, with measurements no sharper than the floors
  // navigator.h puts on them, P stays positive: the consistency tests watch it).
  s.P.noalias() -= K * PHt.transpose();
  s.P = 0.5 * (s.P + s.P.transpose()).eval();
  inject(s, K * y);
  return y.dot(llt.solve(y));
}

/// The nominal state carried to time t > s.t by the held reading (above).
void advance_nominal(const NavigationFilterModel& model, NavigationFilterState& s, double t) {
  const double dt = t - s.t;
  const Vec3 omega_B = model.imu.R_BI * (s.omega_I - s.b_g);
  const Vec3 f_B = model.imu.R_BI * (s.f_I - s.b_a);
  const Quat q_mid = s.q_WB * quat_exp(0.5 * dt * omega_B);
  const Vec3 v_before = s.v_WI;
  s.v_WI += (q_mid * f_B + model.g_W) * dt;
  s.p_WI += 0.5 * dt * (v_before + s.v_WI);
  s.q_WB = (s.q_WB * quat_exp(dt * omega_B)).normalized();
  s.t = t;
}

}  // namespace

NavigationFilterState initial_filter_state(const NavigationFilterModel& model,
                                           const BodyState& body, double t) {
  const InertialModel& imu = model.imu;
  const Mat3 R = body.q_WB.toRotationMatrix();
  const Vec3 v_B = linear(body.V_WB_B), omega_B = angular(body.V_WB_B);
  NavigationFilterState s;
  s.t = t;
  s.p_WI = body.p_WB + R * imu.p_BI;
  s.v_WI = R * (v_B + omega_B.cross(imu.p_BI));
  s.q_WB = body.q_WB;
  Vec15 variance;
  variance << model.position_sigma.cwiseAbs2(), model.velocity_sigma.cwiseAbs2(),
      model.attitude_sigma.cwiseAbs2(), imu.gyro_bias_initial, imu.accel_bias_initial;
  s.P = variance.asDiagonal();
  return s;
}

Vec3 estimated_omega_B(const NavigationFilterModel& model, const NavigationFilterState& state) {
  return model.imu.R_BI * (state.omega_I - state.b_g);
}

void propagate(const NavigationFilterModel& model, NavigationFilterState& s, double t) {
  const double dt = t - s.t;
  if (!(dt > 0.0)) return;
  if (!s.has_reading) {
    s.t = t;
    return;
  }
  const Mat3 C = s.q_WB.toRotationMatrix() * model.imu.R_BI;  // I's axes in W
  const Vec3 f_W = C * (s.f_I - s.b_a);
  advance_nominal(model, s, t);

  // Phi = I + F dt + (F dt)^2 / 2 (the second-order term carries the attitude's and the biases'
  // errors into the position within the interval) is I + A, A seven 3x3 blocks:
  //   F:        (p, v) = I, (v, theta) = -[f]x, (v, b_a) = -C, (theta, b_g) = -C
  //   F^2 / 2:  (p, theta) = -[f]x / 2, (p, b_a) = -C / 2, (v, b_g) = [f]x C / 2
  // and Phi P Phi^T = P + A P + (A P)^T + (A P) A^T is taken block by block.
  struct Block {
    int row, col;  // of the 3x3 block, 0..4 for p, v, theta, b_g, b_a
    Mat3 m;
  };
  const Mat3 f_cross = skew(f_W);
  const double h = 0.5 * dt * dt;
  const std::array<Block, 7> A{{{0, 1, Mat3::Identity() * dt},
                                {0, 2, -f_cross * h},
                                {0, 4, -C * h},
                                {1, 2, -f_cross * dt},
                                {1, 4, -C * dt},
                                {1, 3, f_cross * C * h},
                                {2, 3, -C * dt}}};
  Mat15 AP = Mat15::Zero();
  for (const Block& b : A)
    AP.middleRows<3>(3 * b.row).noalias() += b.m * s.P.middleRows<3>(3 * b.col);
  Mat15 APAt = Mat15::Zero();
  for (const Block& b : A)
    APAt.middleCols<3>(3 * b.row).noalias() += AP.middleCols<3>(3 * b.col) * b.m.transpose();
  s.P += AP + AP.transpose() + APAt;

  // + Q
  const InertialModel& imu = model.imu;
  s.P.block<3, 3>(kVelocityError, kVelocityError) +=
      C * imu.accel_white.asDiagonal() * C.transpose() * (dt * dt) +
      Mat3::Identity() * (model.unsampled_acceleration * model.unsampled_acceleration * dt);
  s.P.block<3, 3>(kAttitudeError, kAttitudeError) +=
      C * imu.gyro_white.asDiagonal() * C.transpose() * (dt * dt);
  s.P.diagonal().segment<3>(kGyroBiasError) += imu.gyro_bias_drift * dt;
  s.P.diagonal().segment<3>(kAccelBiasError) += imu.accel_bias_drift * dt;
  s.P = 0.5 * (s.P + s.P.transpose()).eval();
}

void propagate_to_reading(const NavigationFilterModel& model, NavigationFilterState& s, double t,
                          const Vec3& omega_I, const Vec3& f_I) {
  if (s.has_reading) {
    s.omega_I = 0.5 * (s.omega_I + omega_I);
    s.f_I = 0.5 * (s.f_I + f_I);
    propagate(model, s, t);
  }
  s.t = std::max(s.t, t);
  s.has_reading = true;
  s.omega_I = omega_I;
  s.f_I = f_I;
}

BodyState estimated_body(const NavigationFilterModel& model, const NavigationFilterState& now,
                         double t) {
  NavigationFilterState s = now;
  if (s.has_reading && t > s.t) advance_nominal(model, s, t);
  const Vec3& p_BI = model.imu.p_BI;
  const Mat3 R = s.q_WB.toRotationMatrix();
  const Vec3 omega_B = s.has_reading ? estimated_omega_B(model, s) : Vec3::Zero();
  BodyState body;
  body.p_WB = s.p_WI - R * p_BI;
  body.q_WB = s.q_WB;
  body.V_WB_B = stack(R.transpose() * s.v_WI - omega_B.cross(p_BI), omega_B);
  return body;
}

double update_position(const NavigationFilterModel& model, NavigationFilterState& s,
                       const Vec3& r_BP, const Vec3& p_WP, const Mat3& R) {
  const Vec3 lever_W = s.q_WB * (r_BP - model.imu.p_BI);
  Eigen::Matrix<double, 3, 15> H = Eigen::Matrix<double, 3, 15>::Zero();
  H.block<3, 3>(0, kPositionError) = Mat3::Identity();
  H.block<3, 3>(0, kAttitudeError) = -skew(lever_W);
  return kalman_update<3>(s, p_WP - (s.p_WI + lever_W), H, R);
}

double update_velocity_W(const NavigationFilterModel& model, NavigationFilterState& s,
                         const Vec3& r_BP, const Vec3& v_WP, const Mat3& R) {
  const Vec3 lever_B = r_BP - model.imu.p_BI;
  const Mat3 R_WB = s.q_WB.toRotationMatrix();
  const Vec3 turn_W = R_WB * estimated_omega_B(model, s).cross(lever_B);
  Eigen::Matrix<double, 3, 15> H = Eigen::Matrix<double, 3, 15>::Zero();
  H.block<3, 3>(0, kVelocityError) = Mat3::Identity();
  H.block<3, 3>(0, kAttitudeError) = -skew(turn_W);
  H.block<3, 3>(0, kGyroBiasError) = R_WB * skew(lever_B) * model.imu.R_BI;
  return kalman_update<3>(s, v_WP - (s.v_WI + turn_W), H, R);
}

double update_velocity_in(const NavigationFilterModel& model, NavigationFilterState& s,
                          const Vec3& r_BP, const Mat3& R_BM, const Vec3& v_M, const Mat3& R) {
  const Vec3 lever_B = r_BP - model.imu.p_BI;
  const Mat3 R_WB = s.q_WB.toRotationMatrix();
  const Mat3 R_MB = R_BM.transpose();
  const Vec3 v_B = R_WB.transpose() * s.v_WI + estimated_omega_B(model, s).cross(lever_B);
  Eigen::Matrix<double, 3, 15> H = Eigen::Matrix<double, 3, 15>::Zero();
  H.block<3, 3>(0, kVelocityError) = R_MB * R_WB.transpose();
  H.block<3, 3>(0, kAttitudeError) = R_MB * R_WB.transpose() * skew(s.v_WI);
  H.block<3, 3>(0, kGyroBiasError) = R_MB * skew(lever_B) * model.imu.R_BI;
  return kalman_update<3>(s, v_M - R_MB * v_B, H, R);
}

double update_height(const NavigationFilterModel& model, NavigationFilterState& s, const Vec3& r_BP,
                     double z_WP, double variance) {
  const Vec3 lever_W = s.q_WB * (r_BP - model.imu.p_BI);
  Eigen::Matrix<double, 1, 15> H = Eigen::Matrix<double, 1, 15>::Zero();
  H(0, kPositionError + 2) = 1.0;
  H.block<1, 3>(0, kAttitudeError) = -skew(lever_W).row(2);
  return kalman_update<1>(s, Eigen::Matrix<double, 1, 1>(z_WP - (s.p_WI.z() + lever_W.z())), H,
                          Eigen::Matrix<double, 1, 1>(variance));
}

double update_bearing(const NavigationFilterModel& /*model*/, NavigationFilterState& s,
                      const Vec3& a_B, double bearing, double variance) {
  const Vec3 a_W = s.q_WB * a_B;
  const double horizontal2 = a_W.x() * a_W.x() + a_W.y() * a_W.y();
  if (horizontal2 < 1e-6) return std::numeric_limits<double>::quiet_NaN();  // axis near vertical
  const Eigen::RowVector3d dbearing_da(a_W.y() / horizontal2, -a_W.x() / horizontal2, 0.0);
  Eigen::Matrix<double, 1, 15> H = Eigen::Matrix<double, 1, 15>::Zero();
  H.block<1, 3>(0, kAttitudeError) = -dbearing_da * skew(a_W);
  const double innovation = wrap_angle(bearing - std::atan2(a_W.x(), a_W.y()));
  return kalman_update<1>(s, Eigen::Matrix<double, 1, 1>(innovation), H,
                          Eigen::Matrix<double, 1, 1>(variance));
}

Vec15 estimate_error(const NavigationFilterModel& model, const NavigationFilterState& s,
                     const BodyState& truth) {
  const Vec3& p_BI = model.imu.p_BI;
  const Mat3 R = truth.q_WB.toRotationMatrix();
  const Vec3 v_B = linear(truth.V_WB_B), omega_B = angular(truth.V_WB_B);
  const Eigen::AngleAxisd rotation(truth.q_WB * s.q_WB.conjugate());
  Vec15 e = Vec15::Zero();
  e.segment<3>(kPositionError) = truth.p_WB + R * p_BI - s.p_WI;
  e.segment<3>(kVelocityError) = R * (v_B + omega_B.cross(p_BI)) - s.v_WI;
  e.segment<3>(kAttitudeError) = rotation.angle() * rotation.axis();
  return e;
}

}  // namespace leeway
