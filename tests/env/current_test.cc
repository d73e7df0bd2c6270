#include "leeway/env/current.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "leeway/env/environment.h"

namespace leeway {
namespace {

TEST(Current, Profiles) {
  CurrentModel c;
  c.profile = CurrentProfile::kLayers;
  c.layers = {{5.0, 0.8}, {20.0, 0.3}};
  EXPECT_EQ(current_profile_factor(c, 2.0), 1.0);
  EXPECT_EQ(current_profile_factor(c, 5.0), 0.8);
  EXPECT_EQ(current_profile_factor(c, 19.0), 0.8);
  EXPECT_EQ(current_profile_factor(c, 50.0), 0.3);
  c.profile = CurrentProfile::kPowerLaw;
  c.power_depth = 30.0;
  EXPECT_DOUBLE_EQ(current_profile_factor(c, 0.0), 1.0);
  EXPECT_DOUBLE_EQ(current_profile_factor(c, 15.0), std::pow(0.5, 1.0 / 7.0));
  EXPECT_EQ(current_profile_factor(c, 31.0), 0.0);
  EXPECT_DOUBLE_EQ(current_profile_factor(c, -1.0), 1.0);  // above the calm surface
}

TEST(Current, TidesAlongTheFloodDirection) {
  Environment env;
  env.surface_level = 1.0;
  env.current.steady_W = Vec3(0.1, 0.0, 0.0);
  env.current.flood_direction = std::numbers::pi / 2;  // floods towards North
  env.current.tides = {{"M2", 0.5, kM2Period, 0.0}, {"S2", 0.2, kS2Period, 1.0}};
  const EnvironmentState s = initial_environment_state(env, 0);
  const Vec3 p(0, 0, -4);
  auto expected_north = [](double t) {
    return 0.5 * std::cos(2 * std::numbers::pi / kM2Period * t) +
           0.2 * std::cos(2 * std::numbers::pi / kS2Period * t - 1.0);
  };
  for (double t : {0.0, 3600.0, 20000.0}) {
    const Vec3 v = current_velocity(env, s, p, t);
    EXPECT_NEAR(v.x(), 0.1, 1e-15);
    EXPECT_NEAR(v.y(), expected_north(t), 1e-12);
    // The acceleration is the time derivative.
    const double h = 1.0;
    EXPECT_NEAR(current_acceleration(env, p, t).y(),
                (expected_north(t + h) - expected_north(t - h)) / (2 * h), 1e-9);
  }
}

TEST(Current, GaussMarkovSpeedStatisticsAndLimits) {
  Environment env;
  env.current.gauss_markov = true;
  env.current.speed = {{0.6, 0.1, 5.0}, 0.0, 2.0};
  env.current.horizontal_angle = {{0.3, 0.0, 1.0}, -10.0, 10.0};
  EnvironmentState s = initial_environment_state(env, 7);
  EXPECT_NEAR(current_velocity(env, s, Vec3::Zero(), 0.0).norm(), 0.6, 1e-15);
  // 75000 s at 0.5 s steps: 7500 correlation times.
  double sum = 0.0, sum2 = 0.0;
  const int n = 150000;
  for (int i = 0; i < n; ++i) {
    advance_environment(env, s, 0.5);
    const Vec3 v = current_velocity(env, s, Vec3::Zero(), 0.0);
    ASSERT_NEAR(std::atan2(v.y(), v.x()), 0.3, 1e-12);  // sigma 0: the direction holds
    sum += s.current_speed;
    sum2 += s.current_speed * s.current_speed;
  }
  const double mean = sum / n, std = std::sqrt(sum2 / n - mean * mean);
  EXPECT_NEAR(mean, 0.6, 0.03 * 0.6);
  EXPECT_NEAR(std, 0.1, 0.03 * 0.1);

  env.current.speed = {{0.6, 0.5, 5.0}, 0.2, 1.0};  // limits well inside +-3 sigma: clamped
  for (int i = 0; i < 10000; ++i) {
    advance_environment(env, s, 0.5);
    ASSERT_GE(s.current_speed, 0.2);
    ASSERT_LE(s.current_speed, 1.0);
  }
}

}  // namespace
}  // namespace leeway
