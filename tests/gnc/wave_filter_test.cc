// The DP's wave filter (gnc/wave_filter.h) against its transfer function's closed forms: the
// gain of a sine through it, the delay of a ramp, a start at rest, headings through +-pi and the
// twist from the filtered rates.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "leeway/core/rotation.h"
#include "leeway/gnc/wave_filter.h"

namespace leeway {
namespace {

/// A 5 s sea's filter: the notch at 1.257 rad/s, 90% deep, the low pass at 1.5 times it.
WaveFilterModel five_second_sea() {
  WaveFilterModel f;
  f.peak_frequency = 2.0 * kPi / 5.0;
  f.notch_damping = 0.1;
  f.cutoff_frequency = 1.5 * f.peak_frequency;
  return f;
}

BodyState at(const Vec3& p_W, double roll, double pitch, double yaw) {
  BodyState b;
  b.p_WB = p_W;
  b.q_WB = quat_from_euler_zyx(roll, pitch, yaw);
  return b;
}

TEST(WaveFilter, GainIsTheClosedForm) {
  // |h(j w0)| = zeta wc^2 / (wc^2 + w0^2): the notch's depth times the low pass there; h(0) = 1.
  const WaveFilterModel f = five_second_sea();
  const double w0 = f.peak_frequency, wc = f.cutoff_frequency;
  EXPECT_NEAR(wave_filter_gain(f, w0), 0.1 * wc * wc / (wc * wc + w0 * w0), 1e-15);
  EXPECT_NEAR(wave_filter_gain(f, 0.0), 1.0, 1e-15);
  EXPECT_NEAR(wave_filter_ramp_delay(f), 2.0 / wc + 2.0 * 0.9 / w0, 1e-15);
}

TEST(WaveFilter, SinesComeOutScaledByTheGainAndTheirRatesWithThem) {
  // x = sin(w t) in W: after the start's transient (60 s), the filtered x and its rate (the
  // twist's u, heading 0) are sines of amplitude |h(jw)| and w |h(jw)|, measured by projection on
  // sin and cos over 20 periods, to 0.5% (Tustin at 100 Hz shifts frequencies by 1e-5).
  const WaveFilterModel f = five_second_sea();
  const double dt = 0.01;
  for (double w : {0.1, 0.5, f.peak_frequency, 2.0 * f.peak_frequency, 5.0 * f.peak_frequency}) {
    SCOPED_TRACE(w);
    WaveFilterState state;
    const double settle = 60.0, window = 20.0 * 2.0 * kPi / w;
    double ys = 0, yc = 0, vs = 0, vc = 0;
    const auto steps = static_cast<long>(std::llround((settle + window) / dt));
    for (long k = 0; k <= steps; ++k) {
      const double t = static_cast<double>(k) * dt;
      const BodyState low = wave_filtered(f, state, at(Vec3(std::sin(w * t), 0, 0), 0, 0, 0), dt);
      if (t <= settle) continue;
      ys += low.p_WB.x() * std::sin(w * t) * dt;
      yc += low.p_WB.x() * std::cos(w * t) * dt;
      vs += low.V_WB_B[0] * std::sin(w * t) * dt;
      vc += low.V_WB_B[0] * std::cos(w * t) * dt;
    }
    const double gain = wave_filter_gain(f, w);
    EXPECT_NEAR(2.0 / window * std::hypot(ys, yc), gain, 5e-3 * gain);
    EXPECT_NEAR(2.0 / window * std::hypot(vs, vc), w * gain, 5e-3 * w * gain);
  }
}

TEST(WaveFilter, ARampComesOutDelayedByTau) {
  // Bo moving at 0.3 m/s along W's x, heading 90 deg: once settled the filtered x is
  // 0.3 (t - tau) and the twist's sway is -0.3 m/s (W's x is B's -y).
  const WaveFilterModel f = five_second_sea();
  const double dt = 0.05, tau = wave_filter_ramp_delay(f);
  WaveFilterState state;
  BodyState low;
  double t = 0.0;
  for (; t < 80.0; t += dt)
    low = wave_filtered(f, state, at(Vec3(0.3 * t, 2, 0), 0, 0, kPi / 2), dt);
  t -= dt;
  EXPECT_NEAR(low.p_WB.x(), 0.3 * (t - tau), 1e-9);
  EXPECT_NEAR(low.p_WB.y(), 2.0, 1e-12);
  EXPECT_NEAR(low.V_WB_B[0], 0.0, 1e-9);
  EXPECT_NEAR(low.V_WB_B[1], -0.3, 1e-9);
}

TEST(WaveFilter, StartsAtRestOnTheFirstPoseAndHoldsAStillOne) {
  const WaveFilterModel f = five_second_sea();
  WaveFilterState state;
  BodyState body = at(Vec3(3, -4, -1.5), 0.05, -0.1, 3.0);
  body.V_WB_B << 1, 2, 3, 0.1, 0.2, 0.3;  // the measured twist is not the filter's
  for (int k = 0; k < 1000; ++k) {
    const BodyState low = wave_filtered(f, state, body, 0.1);
    EXPECT_LT((low.p_WB - body.p_WB).norm(), 1e-12);
    EXPECT_LT(low.q_WB.angularDistance(body.q_WB), 1e-12);
    EXPECT_LT(low.V_WB_B.norm(), 1e-12);
  }
}

TEST(WaveFilter, FollowsAHeadingThroughWholeTurnsAndGivesTheBodyRates) {
  // Heading turning at 0.1 rad/s from 3 rad, through +pi and on for a whole turn, heeled 0.2 rad:
  // the filtered heading is the true one tau earlier, with no jump at +-pi, and the body rates are
  // the Euler rates' closed form at pitch 0: q = r_yaw sin(roll), r = r_yaw cos(roll).
  const WaveFilterModel f = five_second_sea();
  const double dt = 0.05, rate = 0.1, roll = 0.2, tau = wave_filter_ramp_delay(f);
  WaveFilterState state;
  for (double t = 0.0; t < 100.0; t += dt) {
    const BodyState low = wave_filtered(f, state, at(Vec3::Zero(), roll, 0, 3.0 + rate * t), dt);
    if (t < 60.0) continue;  // settled
    const Vec3 rpy = euler_zyx(low.q_WB);
    EXPECT_NEAR(wrap_angle(rpy.z() - (3.0 + rate * (t - tau))), 0.0, 1e-9);
    EXPECT_NEAR(rpy.x(), roll, 1e-12);
    EXPECT_NEAR(low.V_WB_B[3], 0.0, 1e-12);
    EXPECT_NEAR(low.V_WB_B[4], rate * std::sin(roll), 1e-9);
    EXPECT_NEAR(low.V_WB_B[5], rate * std::cos(roll), 1e-9);
  }
}

}  // namespace
}  // namespace leeway
