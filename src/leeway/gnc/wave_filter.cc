#include "leeway/gnc/wave_filter.h"

#include <cmath>
#include <complex>

#include <Eigen/LU>

#include "leeway/core/rotation.h"

namespace leeway {
namespace {

using Mat4 = Eigen::Matrix4d;
using Vec4 = Eigen::Vector4d;

// One channel's state space, states [n1 n2 y y_dot]: the notch as 1 + 2 (zeta - 1) w0 s/(s + w0)^2
// (n2 = n1_dot), feeding the low pass y_ddot = wc^2 (notch out - y) - 2 wc y_dot.
void channel(const WaveFilterModel& f, Mat4& A, Vec4& B) {
  const double w0 = f.peak_frequency, wc = f.cutoff_frequency;
  const double through = 2.0 * (f.notch_damping - 1.0) * w0;  // notch out = u + through n2
  A << 0.0, 1.0, 0.0, 0.0,                                    //
      -w0 * w0, -2.0 * w0, 0.0, 0.0,                          //
      0.0, 0.0, 0.0, 1.0,                                     //
      0.0, wc * wc * through, -wc * wc, -2.0 * wc;
  B << 0.0, 1.0, 0.0, wc * wc;
}

// The pose as six channels, each angle moved by whole turns to lie within pi of the last input.
Vec6 channels_of(const BodyState& body, const WaveFilterState& state) {
  const Vec3 rpy = euler_zyx(body.q_WB);
  Vec6 u;
  u.head<3>() = body.p_WB;
  for (int i = 0; i < 3; ++i) {
    const double last = state.input(3 + i);
    u(3 + i) = state.started ? last + wrap_angle(rpy(i) - last) : rpy(i);
  }
  return u;
}

}  // namespace

BodyState wave_filtered(const WaveFilterModel& f, WaveFilterState& state, const BodyState& body,
                        double dt) {
  Mat4 A;
  Vec4 B;
  channel(f, A, B);
  const Vec6 u = channels_of(body, state);
  if (!state.started) {  // at rest on u: n1 = u / w0^2, y = u
    state.x.setZero();
    state.x.row(0) = u.transpose() / (f.peak_frequency * f.peak_frequency);
    state.x.row(2) = u.transpose();
    state.started = true;
  } else {
    // x+ = x + dt/2 (A x + A x+ + B (u_last + u)), solved for x+.
    const Eigen::PartialPivLU<Mat4> lhs(Mat4::Identity() - 0.5 * dt * A);
    const Mat4 rhs = Mat4::Identity() + 0.5 * dt * A;
    state.x = lhs.solve(rhs * state.x + 0.5 * dt * B * (state.input + u).transpose());
  }
  state.input = u;

  const Eigen::Matrix<double, 6, 1> y = state.x.row(2).transpose();
  const Eigen::Matrix<double, 6, 1> y_dot = state.x.row(3).transpose();
  BodyState low;
  low.p_WB = y.head<3>();
  low.q_WB = quat_from_euler_zyx(y(3), y(4), y(5));
  low.V_WB_B.head<3>() = low.q_WB.conjugate() * y_dot.head<3>();
  const double sr = std::sin(y(3)), cr = std::cos(y(3)), sp = std::sin(y(4)), cp = std::cos(y(4));
  const double roll_dot = y_dot(3), pitch_dot = y_dot(4), yaw_dot = y_dot(5);
  low.V_WB_B.tail<3>() << roll_dot - yaw_dot * sp, pitch_dot * cr + yaw_dot * cp * sr,
      -pitch_dot * sr + yaw_dot * cp * cr;
  return low;
}

double wave_filter_gain(const WaveFilterModel& f, double omega) {
  const std::complex<double> s(0.0, omega);
  const double w0 = f.peak_frequency, wc = f.cutoff_frequency;
  const std::complex<double> notch =
      (s * s + 2.0 * f.notch_damping * w0 * s + w0 * w0) / ((s + w0) * (s + w0));
  const std::complex<double> low_pass = wc * wc / ((s + wc) * (s + wc));
  return std::abs(notch * low_pass);
}

double wave_filter_ramp_delay(const WaveFilterModel& f) {
  return 2.0 / f.cutoff_frequency + 2.0 * (1.0 - f.notch_damping) / f.peak_frequency;
}

}  // namespace leeway
