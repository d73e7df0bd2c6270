// The DVL (sensors/dvl.h) against the closed forms of research/sensors_interfaces.md 4.4 (D1 to
// D10), with noise off where the test is exact (1e-9), and the Janus array's velocity covariance
// from 10,000 noisy pings.
#include <gtest/gtest.h>

#include <cmath>

#include "leeway/core/rotation.h"
#include "leeway/sensors/dvl.h"

namespace leeway {
namespace {

/// A seabed plane n . x = c that moves at v_W.
struct PlaneBottom final : EchoSource {
  Vec3 n = Vec3::UnitZ();
  double c = -50.0;
  Vec3 v_W = Vec3::Zero();
  std::optional<Echo> first_echo(const Ray& r, double max) const override {
    const auto hit = ray_cast_plane(n, c, r, max);
    if (!hit) return std::nullopt;
    return Echo{hit->distance, hit->normal, v_W};
  }
};

/// Four beams tilted theta from S's -z, at azimuths 45 + k 90 degrees.
DvlModel janus(double theta) {
  DvlModel d;
  for (int k = 0; k < 4; ++k) {
    const double phi = kPi / 4 + k * kPi / 2;
    d.beams_S.emplace_back(std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi),
                           -std::cos(theta));
  }
  d.velocity_noise = d.velocity_noise_fraction = d.water_velocity_noise = 0.0;
  d.range_noise = d.range_noise_fraction = 0.0;
  d.max_range = 200.0;
  return d;
}

DvlReading ping(const DvlModel& d, const DvlPose& at, const EchoSource& bottom,
                const Environment& env = {}, double sound_speed = 1500.0, std::uint64_t seed = 1) {
  RandomStream rng(seed, "dvl");
  return sample_dvl(d, at, bottom, env, EnvironmentState{}, 0.0, sound_speed, rng);
}

TEST(Dvl, D1StaticOverAFlatBottom) {
  const double theta = 30.0 * kPi / 180.0, h = 42.0;
  const DvlModel d = janus(theta);
  PlaneBottom bottom;
  bottom.c = -h;
  const DvlReading r = ping(d, {}, bottom);
  EXPECT_EQ(r.target, DvlReading::Target::kBottom);
  EXPECT_EQ(r.good_beams, 4);
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(r.beams[i].range, h / std::cos(theta), 1e-9);
    EXPECT_NEAR(r.beams[i].velocity, 0.0, 1e-12);
  }
  EXPECT_NEAR(r.altitude, h, 1e-9);
  EXPECT_NEAR(r.v_R.norm(), 0.0, 1e-12);
}

TEST(Dvl, D2TranslationInAnyAttitudeIsTheVelocityInS) {
  const DvlModel d = janus(25.0 * kPi / 180.0);
  const PlaneBottom bottom;
  const Vec3 v(1.0, 0.5, -0.1);
  for (const Vec3& rpy : {Vec3(0, 0, 0), Vec3(0.2, -0.15, 1.1), Vec3(-0.3, 0.1, -2.5)}) {
    DvlPose at;
    at.R_WS = quat_from_euler_zyx(rpy.x(), rpy.y(), rpy.z()).toRotationMatrix();
    at.v_W = v;
    const DvlReading r = ping(d, at, bottom);
    ASSERT_EQ(r.target, DvlReading::Target::kBottom);
    EXPECT_NEAR((r.v_R - at.R_WS.transpose() * v).norm(), 0.0, 1e-9);
    for (int i = 0; i < 4; ++i)
      EXPECT_NEAR(r.beams[i].velocity, (at.R_WS * d.beams_S[i]).dot(v), 1e-12);
    // Level or tilted, the plane fit gives the height along the vertical.
    EXPECT_NEAR(r.altitude, 50.0, 1e-9);
  }
}

TEST(Dvl, D3ATiltedBottomChangesTheRangesNotTheVelocity) {
  const DvlModel d = janus(30.0 * kPi / 180.0);
  PlaneBottom bottom;
  const double slope = 10.0 * kPi / 180.0;
  bottom.n = Vec3(-std::sin(slope), 0.0, std::cos(slope));  // rising towards +x
  bottom.c = -30.0 * std::cos(slope);                       // 30 m under the sensor
  DvlPose at;
  at.v_W = Vec3(0.8, -0.3, 0.0);
  const DvlReading r = ping(d, at, bottom);
  ASSERT_EQ(r.target, DvlReading::Target::kBottom);
  for (int i = 0; i < 4; ++i) {
    const Vec3& b = d.beams_S[i];
    EXPECT_NEAR(r.beams[i].range, bottom.c / bottom.n.dot(b), 1e-9);  // ray-plane, p = 0
  }
  EXPECT_NEAR((r.v_R - at.v_W).norm(), 0.0, 1e-9);
  EXPECT_NEAR(r.altitude, 30.0, 1e-9);
  // Teledyne's mean of the projected ranges is biased over a slope.
  DvlModel projected = d;
  projected.plane_fit = false;
  const DvlReading m = ping(projected, at, bottom);
  double mean = 0.0;
  for (int i = 0; i < 4; ++i)
    mean += m.beams[i].range * std::cos(30.0 * kPi / 180.0) / 4.0;
  EXPECT_NEAR(m.altitude, mean, 1e-12);
  EXPECT_GT(std::abs(m.altitude - 30.0), 0.1);
}

TEST(Dvl, D5AMovingBottomIsSubtracted) {
  const DvlModel d = janus(30.0 * kPi / 180.0);
  PlaneBottom barge;
  barge.v_W = Vec3(0.4, 0.2, 0.0);
  DvlPose at;
  at.R_WS = quat_from_euler_zyx(0.0, 0.0, 0.7).toRotationMatrix();
  at.v_W = Vec3(1.5, 0.0, 0.05);
  const DvlReading r = ping(d, at, barge);
  EXPECT_NEAR((r.v_R - at.R_WS.transpose() * (at.v_W - barge.v_W)).norm(), 0.0, 1e-9);
}

TEST(Dvl, D6TheJanusCovarianceIsTheClosedForm) {
  const double theta = 30.0 * kPi / 180.0, sigma = 0.01;
  DvlModel d = janus(theta);
  d.velocity_noise = sigma;
  const PlaneBottom bottom;
  // The covariance the sensor reports...
  const DvlReading one = ping(d, {}, bottom);
  const Vec3 expected(sigma * sigma / (2 * std::pow(std::sin(theta), 2)),
                      sigma * sigma / (2 * std::pow(std::sin(theta), 2)),
                      sigma * sigma / (4 * std::pow(std::cos(theta), 2)));
  EXPECT_NEAR((one.covariance.diagonal() - expected).norm(), 0.0, 1e-15);
  EXPECT_NEAR(expected.x(), 2 * sigma * sigma, 1e-15);  // at 30 degrees: 2 sigma^2, sigma^2 / 3
  EXPECT_NEAR(expected.z(), sigma * sigma / 3, 1e-15);
  // ...is what 10,000 pings scatter by, within 5 sqrt(2 / N) = 7 %.
  RandomStream rng(7, "dvl");
  constexpr int N = 10000;
  Vec3 sum = Vec3::Zero(), sum2 = Vec3::Zero();
  for (int k = 0; k < N; ++k) {
    const DvlReading r =
        sample_dvl(d, {}, bottom, Environment{}, EnvironmentState{}, 0.0, 1500.0, rng);
    sum += r.v_R;
    sum2 += r.v_R.cwiseProduct(r.v_R);
  }
  const Vec3 variance = sum2 / N - (sum / N).cwiseProduct(sum / N);
  for (int i = 0; i < 3; ++i)
    EXPECT_NEAR(variance[i] / expected[i], 1.0, 5 * std::sqrt(2.0 / N));
}

TEST(Dvl, D7ThreeBeamsStillSolveExactly) {
  DvlModel d = janus(30.0 * kPi / 180.0);
  d.max_range = 80.0;
  // Beam 2 turned 73 degrees from the vertical: its echo, 203 m off, is beyond range.
  d.beams_S[2] = Vec3(-0.95, -0.1, -std::sqrt(1 - 0.95 * 0.95 - 0.01));
  PlaneBottom bottom;
  bottom.c = -60.0;
  DvlPose at;
  at.v_W = Vec3(0.3, -0.6, 0.1);
  const DvlReading r = ping(d, at, bottom);
  ASSERT_EQ(r.target, DvlReading::Target::kBottom);
  EXPECT_EQ(r.good_beams, 3);
  EXPECT_FALSE(r.beams[2].locked);
  EXPECT_TRUE(std::isnan(r.beams[2].range));
  EXPECT_NEAR((r.v_R - at.v_W).norm(), 0.0, 1e-9);
  // Its covariance is sigma^2 (B3^T B3)^-1.
  d.velocity_noise = 0.01;
  const DvlReading noisy = ping(d, at, bottom);
  Mat3 BtB = Mat3::Zero();
  for (int i : {0, 1, 3})
    BtB += d.beams_S[i] * d.beams_S[i].transpose();
  EXPECT_NEAR((noisy.covariance - 1e-4 * BtB.inverse()).norm(), 0.0, 1e-15);
}

TEST(Dvl, D8WaterTrackIsAgainstTheCurrentInTheLayer) {
  DvlModel d = janus(30.0 * kPi / 180.0);
  d.water = DvlTracking::kBest;
  d.water_near = 5.0;
  d.water_far = 15.0;
  const PlaneBottom out_of_reach;  // at 50 m, but beyond the 40 m the unit ranges here
  d.max_range = 40.0;
  // A current falling linearly with depth: c(d) = c_s (1 - d / 100).
  Environment env;
  env.current.steady_W = Vec3(0.5, -0.2, 0.0);
  env.current.profile = CurrentProfile::kPowerLaw;
  env.current.power_exponent = 1.0;
  env.current.power_depth = 100.0;
  DvlPose at;
  at.p_W = Vec3(0, 0, -10.0);
  at.v_W = Vec3(1.2, 0.3, 0.0);
  const DvlReading r = ping(d, at, out_of_reach, env);
  ASSERT_EQ(r.target, DvlReading::Target::kWaterMass);
  // Every beam's bins average at 10 m along it: a depth of 10 + 10 cos 30.
  const double depth = 10.0 + 10.0 * std::cos(30.0 * kPi / 180.0);
  const Vec3 c = env.current.steady_W * (1.0 - depth / 100.0);
  EXPECT_NEAR((r.v_R - (at.v_W - c)).norm(), 0.0, 1e-9);
  EXPECT_TRUE(std::isnan(r.altitude));
  // With the bottom within reach, `best` tracks the bottom.
  d.max_range = 200.0;
  const DvlReading b = ping(d, at, out_of_reach, env);
  EXPECT_EQ(b.target, DvlReading::Target::kBottom);
  EXPECT_NEAR((b.v_R - at.v_W).norm(), 0.0, 1e-9);
}

TEST(Dvl, D9APistonScalesWithTheSoundSpeedItAssumes) {
  DvlModel d = janus(30.0 * kPi / 180.0);
  const PlaneBottom bottom;
  DvlPose at;
  at.v_W = Vec3(2.0, -1.0, 0.2);
  const DvlReading piston = ping(d, at, bottom, {}, 1540.0);
  EXPECT_NEAR((piston.v_R - (1500.0 / 1540.0) * at.v_W).norm(), 0.0, 1e-9);
  d.phased_array = true;
  const DvlReading phased = ping(d, at, bottom, {}, 1540.0);
  EXPECT_NEAR((phased.v_R - at.v_W).norm(), 0.0, 1e-9);
}

TEST(Dvl, D10TooFewBeamsGiveNoSolution) {
  DvlModel d = janus(30.0 * kPi / 180.0);
  PlaneBottom bottom;
  bottom.c = -150.0;
  d.max_range = 100.0;  // every beam beyond range
  const DvlReading far = ping(d, {}, bottom);
  EXPECT_EQ(far.target, DvlReading::Target::kNone);
  EXPECT_EQ(far.good_beams, 0);
  EXPECT_TRUE(std::isnan(far.v_R.x()));
  // Grazing incidence: a bottom nearly parallel to the beams loses them.
  d.max_range = 1e4;
  d.max_incidence = 10.0 * kPi / 180.0;
  const DvlReading grazing = ping(d, {}, PlaneBottom{});
  EXPECT_EQ(grazing.target, DvlReading::Target::kNone);  // every beam meets it at 30 degrees
  // Certain dropout loses every beam; `always` then reports nothing, even with water track on.
  d = janus(30.0 * kPi / 180.0);
  d.dropout = 1.0;
  d.bottom = DvlTracking::kAlways;
  d.water = DvlTracking::kBest;
  EXPECT_EQ(ping(d, {}, PlaneBottom{}).target, DvlReading::Target::kNone);
  // More than the ambiguity velocity is no solution either.
  d = janus(30.0 * kPi / 180.0);
  d.max_velocity = 2.0;
  DvlPose fast;
  fast.v_W = Vec3(2.5, 0.0, 0.0);
  EXPECT_EQ(ping(d, fast, PlaneBottom{}).target, DvlReading::Target::kNone);
}

TEST(Dvl, NoiseGrowsWithSpeedAndDrawsAreFixedInNumber) {
  DvlModel d = janus(30.0 * kPi / 180.0);
  d.velocity_noise = 0.002;
  d.velocity_noise_fraction = 0.004;
  DvlPose at;
  at.v_W = Vec3(3.0, 0.0, 0.0);
  const DvlReading r = ping(d, at, PlaneBottom{});
  // The reported covariance uses each beam's sigma = a + b |u|.
  std::array<double, kMaxDvlBeams> u{}, s{};
  std::array<bool, kMaxDvlBeams> use{};
  for (int i = 0; i < 4; ++i) {
    u[i] = d.beams_S[i].dot(at.v_W);
    s[i] = 0.002 + 0.004 * std::abs(u[i]);
    use[i] = true;
  }
  const auto expected = solve_beam_velocities(d, use, u, s);
  ASSERT_TRUE(expected);
  EXPECT_NEAR((r.covariance - expected->covariance).norm(), 0.0, 1e-15);
  // Four draws per beam, whatever the beams meet: after a ping over nothing the stream stands
  // where it stands after a ping over the bottom.
  RandomStream a(3, "dvl"), b(3, "dvl");
  PlaneBottom none;
  none.c = -1e6;
  sample_dvl(d, at, PlaneBottom{}, {}, {}, 0.0, 1500.0, a);
  sample_dvl(d, at, none, {}, {}, 0.0, 1500.0, b);
  EXPECT_EQ(a, b);
}

TEST(Dvl, ABadModelIsNamed) {
  DvlModel d = janus(0.5);
  EXPECT_EQ(check_dvl(d), "");
  d.beams_S.pop_back();
  d.beams_S.pop_back();
  EXPECT_EQ(check_dvl(d), "a DVL needs 3 to 8 beams, not 2");
  d = janus(0.5);
  d.water_far = d.water_near;
  EXPECT_EQ(check_dvl(d), "the water-track layer must satisfy 0 <= near < far (finite) [m]");
  d = janus(0.5);
  d.dropout = 1.5;
  EXPECT_EQ(check_dvl(d), "the dropout must be in [0, 1]");
}

}  // namespace
}  // namespace leeway
