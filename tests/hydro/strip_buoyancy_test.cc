// VRX's demi-hull strip buoyancy (Surface plugin), reproduced from its law written out here
// independently, with the segment area as r^2 (theta - sin theta) / 2 and VRX's wave height
// (ComputeDepthSimply: (1 - e^{-t/tau}) sum A_i cos(k_i d_i . x - w_i t)).
#include <gtest/gtest.h>

#include <cmath>

#include "leeway/body/dynamics.h"
#include "leeway/env/vrx_wavefield.h"
#include "leeway/hydro/strip_buoyancy.h"
#include "test_util.h"

namespace leeway {
namespace {

constexpr double kG = 9.8;

/// The WAM-V's two Surface plugin instances, as VRX's dynamics xacro writes them.
std::vector<StripHull> wamv_surface(bool full_circle, int strips) {
  std::vector<StripHull> hulls;
  for (double y : {1.03, -1.03}) {
    StripHull h;
    h.hull_length = 4.9;
    h.hull_radius = 0.213;
    h.fluid_density = 997.7735;
    h.full_circle = full_circle;
    const std::vector<Vec3> points{{0.6, y, 0.0}, {-1.4, y, 0.0}};
    h.strip_length = h.hull_length / 2.0 / strips;
    h.p_BoP = split_into_strips(points, h.hull_length / 2.0, strips);
    hulls.push_back(h);
  }
  return hulls;
}

double vrx_wave_height(const std::vector<WaveComponent>& waves, double tau, double x, double y,
                       double t) {
  double h = 0.0;
  for (const WaveComponent& c : waves) {
    h += c.amplitude *
         std::cos(c.k * (std::cos(c.direction) * x + std::sin(c.direction) * y) - c.omega * t);
  }
  return (1.0 - std::exp(-t / tau)) * h;
}

/// VRX's force on the link, summed over the points: world +z forces at R p_b; returned about Bo
/// in B for comparison.
Vec6 vrx_surface_force(const std::vector<StripHull>& hulls, const std::vector<WaveComponent>& waves,
                       double tau, double t, const Vec3& p, const Mat3& R) {
  Vec3 f = Vec3::Zero(), m = Vec3::Zero();
  for (const StripHull& h : hulls) {
    for (const Vec3& p_b : h.p_BoP) {
      const Vec3 p_w = R * p_b;
      const double eta = vrx_wave_height(waves, tau, p.x() + p_w.x(), p.y() + p_w.y(), t);
      const double r = h.hull_radius;
      const double dz =
          std::clamp(h.fluid_level + eta - (p.z() + p_w.z()), 0.0, h.full_circle ? 2 * r : r);
      const double theta = 2 * std::acos((r - dz) / r);
      const double area = 0.5 * r * r * (theta - std::sin(theta));
      const Vec3 force(0, 0, area * h.strip_length * kG * h.fluid_density);
      f += force;
      m += p_w.cross(force);
    }
  }
  return stack(R.transpose() * f, R.transpose() * m);
}

TEST(StripBuoyancy, ReproducesVrxSurfaceForPosesAndWaveStates) {
  VrxWavefield sea;  // VRX's PMS defaults with a phase-2 gain and direction
  sea.gain = 0.6;
  sea.period = 5.0;
  sea.direction = 0.7;
  const std::vector<WaveComponent> waves = vrx_components(sea);
  Environment env;
  env.waves = make_wave_field(waves, std::numeric_limits<double>::infinity(), sea.tau, 0.0);
  BodyModel b = testing::make_body(283.0, Vec3(120, 393, 446));
  b.gravity = kG;
  struct Pose {
    Vec3 p;
    Vec3 rpy;
    double t;
  };
  const std::vector<Pose> poses{{{0, 0, -0.1}, {0, 0, 0}, 0.0},
                                {{10, -3, -0.05}, {0.05, -0.03, 1.0}, 3.3},
                                {{-40, 12, 0.1}, {-0.1, 0.08, -2.0}, 17.9},
                                {{5, 5, -0.3}, {0.0, 0.0, 0.4}, 60.0}};
  for (bool full_circle : {false, true}) {
    for (int strips : {1, 4}) {
      b.strip_hulls = wamv_surface(full_circle, strips);
      for (const Pose& pose : poses) {
        BodyState s;
        s.p_WB = pose.p;
        s.q_WB = Eigen::AngleAxisd(pose.rpy.z(), Vec3::UnitZ()) *
                 Eigen::AngleAxisd(pose.rpy.y(), Vec3::UnitY()) *
                 Eigen::AngleAxisd(pose.rpy.x(), Vec3::UnitX());
        const Vec6 F = compute_body_wrenches(b, env, EnvironmentState{}, pose.t, s, HeldLoads{})
                           .terms[BodyWrenches::kStripBuoyancy];
        const Vec6 expected = vrx_surface_force(b.strip_hulls, waves, sea.tau, pose.t, s.p_WB,
                                                s.q_WB.toRotationMatrix());
        ASSERT_GT(expected.norm(), 10.0);
        EXPECT_LT((F - expected).norm(), 1e-9 * expected.norm())
            << "full circle " << full_circle << ", strips " << strips << ", t " << pose.t;
      }
    }
  }
}

TEST(StripBuoyancy, HalfCircleCapLimitsTheForce) {
  // VRX's cap: a hull pushed 1 m under still water gives half the cylinder's displacement;
  // full_circle gives all of it.
  StripHull h = wamv_surface(false, 1)[0];
  const double expected_half = 0.5 * M_PI * 0.213 * 0.213 * 4.9 * 997.7735 * kG;
  const std::vector<double> surface{0.0, 0.0};
  EXPECT_NEAR(strip_buoyancy_wrench(h, Vec3(0, 0, -1), Mat3::Identity(), surface, kG)[2],
              expected_half, 1e-9 * expected_half);
  h.full_circle = true;
  EXPECT_NEAR(strip_buoyancy_wrench(h, Vec3(0, 0, -1), Mat3::Identity(), surface, kG)[2],
              2 * expected_half, 1e-9 * expected_half);
}

}  // namespace
}  // namespace leeway
