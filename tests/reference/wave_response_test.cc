// Bodies in waves: a small float follows a long wave's surface, and a strongly damped submerged
// body moves with the water particles (the coupling of env/ into the body dynamics).
#include <gtest/gtest.h>

#include <cmath>

#include "leeway/core/rotation.h"
#include "leeway/world/step.h"
#include "test_util.h"

namespace leeway {
namespace {

TEST(WaveResponse, SmallFloatFollowsALongWave) {
  // Heave natural period 0.83 s, damping ratio 0.38, in a 20 s, 0.5 m wave: linear theory gives
  // a heave amplitude ratio of 1.001 and a lag of 1.8 deg; bars 2% and 5 deg. The roll follows
  // the wave slope k A for a wave travelling along the body's y axis.
  BodyModel b =
      testing::make_body(200.0, Vec3(32, 50, 50), (Vec6() << 10, 100, 150, 5, 20, 15).finished());
  LinearRestoring r;
  r.G(dof::w, dof::w) = 2e4;
  r.G(dof::p, dof::p) = 1.5e3;
  r.G(dof::q, dof::q) = 6e3;
  b.restoring = r;
  b.damping.linear.diagonal() << 100, 100, 2000, 150, 300, 100;
  Model m = testing::make_model({b}, 0.01);
  m.environment.waves = testing::regular_wave(0.5, 20.0, kPi / 2);
  State s = make_initial_state(m);
  std::vector<double> t, z, eta, roll;
  while (s.t < 200.0 - 1e-9) {
    ASSERT_TRUE(step(m, s).ok);
    if (s.t < 100.0) continue;
    t.push_back(s.t);
    z.push_back(s.bodies[0].p_WB.z());
    eta.push_back(elevation(*m.environment.waves, 0.0, 0.0, s.t));
    roll.push_back(euler_zyx(s.bodies[0].q_WB).x());
  }
  const double w = 2 * kPi / 20.0;
  const auto [z_amp, z_phase] = testing::harmonic_fit(t, z, w);
  const auto [eta_amp, eta_phase] = testing::harmonic_fit(t, eta, w);
  EXPECT_NEAR(z_amp / eta_amp, 1.0, 0.02);
  EXPECT_LT(std::abs(std::remainder(z_phase - eta_phase, 2 * kPi)), 5.0 * kPi / 180.0);
  const auto [roll_amp, roll_phase] = testing::harmonic_fit(t, roll, w);
  EXPECT_NEAR(roll_amp / (w * w / 9.81 * 0.5), 1.0, 0.03);
}

TEST(WaveResponse, DampedSubmergedBodyMovesWithTheWaterParticles) {
  // Neutrally buoyant, about 5 m deep, damping time constant 0.03 s against an 8 s wave: it rides
  // the particle orbit, so its velocity is the water's at its own position (lag below 1 deg by
  // linear theory; bars 2% and 3 deg), of amplitude A w e^{k z} at its mean depth z.
  BodyModel b =
      testing::make_body(100.0, Vec3(10, 10, 10), (Vec6() << 50, 50, 50, 5, 5, 5).finished());
  b.damping.linear.diagonal() << 5000, 5000, 5000, 500, 500, 500;
  b.p_WB0 = Vec3(0, 0, -5);
  Model m = testing::make_model({b}, 0.01);
  m.gravity_W = Vec3::Zero();
  const double A = 0.8, T = 8.0, w = 2 * kPi / T, k = w * w / 9.81;
  m.environment.waves = testing::regular_wave(A, T, 0.0);
  State s = make_initial_state(m);
  std::vector<double> t, u, wz, u_water, w_water;
  double mean_depth = 0.0;
  while (s.t < 80.0 - 1e-9) {
    ASSERT_TRUE(step(m, s).ok);
    if (s.t < 40.0) continue;
    t.push_back(s.t);
    const Vec3 v_W = s.bodies[0].q_WB * Vec3(s.bodies[0].V_WB_B.head<3>());
    const Vec3 water = particle_velocity(*m.environment.waves, s.bodies[0].p_WB, s.t);
    u.push_back(v_W.x());
    wz.push_back(v_W.z());
    u_water.push_back(water.x());
    w_water.push_back(water.z());
    mean_depth += s.bodies[0].p_WB.z();
  }
  mean_depth /= static_cast<double>(t.size());
  for (const auto& [body, water] : {std::pair{&u, &u_water}, std::pair{&wz, &w_water}}) {
    const auto [amp, phase] = testing::harmonic_fit(t, *body, w);
    const auto [water_amp, water_phase] = testing::harmonic_fit(t, *water, w);
    EXPECT_NEAR(amp / water_amp, 1.0, 0.02);
    EXPECT_LT(std::abs(std::remainder(phase - water_phase, 2 * kPi)), 3.0 * kPi / 180.0);
    EXPECT_NEAR(amp / (A * w * std::exp(k * mean_depth)), 1.0, 0.02);
  }
}

}  // namespace
}  // namespace leeway
