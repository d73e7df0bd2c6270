// Floating bodies against hydrostatics' closed forms: drafts, the box barge's restoring
// coefficients and roll period, a buoy riding a long wave, and a barge's heave response in
// regular waves against linear theory.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>

#include "leeway/body/hull_sample.h"
#include "leeway/core/rotation.h"
#include "leeway/geometry/mesh_shapes.h"
#include "leeway/world/step.h"
#include "test_util.h"

namespace leeway {
namespace {

constexpr double kRho = 1025.0, kG = 9.81;

Environment sea_water() {
  Environment env;
  env.fluid_density = kRho;
  return env;
}

/// A body of `mass` whose restoring is its weight alone (the hull models add the buoyancy).
BodyModel floating_body(double mass, const Vec3& inertia) {
  BodyModel b = testing::make_body(mass, inertia);
  SubmergedRestoring weight;
  weight.f_weight_W = Vec3(0, 0, -mass * kG);
  b.restoring = weight;
  b.gravity = kG;
  return b;
}

/// A sphere float of radius r [m] in sea water, on a body of `mass` held up by it alone.
BodyModel floating_sphere(double r, double mass, const Vec3& inertia) {
  BodyModel b = floating_body(mass, inertia);
  ShapeFloat f;
  f.fluid_density = kRho;
  f.shape = {ShapeKind::kSphere, Vec3::Zero(), r, 0.0};
  b.shape_floats = {f};
  return b;
}

Model world_of(BodyModel body, double dt = 0.01) {
  Model m = testing::make_model({std::move(body)}, dt);
  m.environment.fluid_density = kRho;
  return m;
}

/// Runs for `seconds` and returns the final state.
State settle(const Model& m, double seconds) {
  State s = make_initial_state(m);
  while (s.t < seconds - 1e-9)
    EXPECT_TRUE(step(m, s).ok);
  return s;
}

/// Root of an increasing function on [lo, hi] by bisection.
double solve(const std::function<double(double)>& f, double lo, double hi) {
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (f(mid) > 0 ? hi : lo) = mid;
  }
  return 0.5 * (lo + hi);
}

void damp(BodyModel& b, double heave, double roll, double pitch) {
  b.damping.linear.diagonal() << 50, 50, heave, roll, pitch, 50;
}

TEST(HullHydrostatics, FloatingBoxMeshSettlesAtItsDraft) {
  // 4 x 2 x 1 m, 2 t: draft m / (rho L B) = 0.2439 m. Started 0.15 m high and heeled 5 deg.
  BodyModel b = floating_body(2000.0, Vec3(800, 2800, 3300));
  b.mesh_hydrostatics = MeshHydrostatics{box_mesh(Vec3(4, 2, 1), 2)};
  damp(b, 4000, 3000, 8000);
  b.p_WB0 = Vec3(0, 0, 0.5 - 0.2439 + 0.15);
  b.q_WB0 = Quat(Eigen::AngleAxisd(5 * kPi / 180, Vec3::UnitX()));
  const State s = settle(world_of(b), 60.0);
  const double draft = -(s.bodies[0].p_WB.z() - 0.5);
  EXPECT_NEAR(draft / (2000.0 / (kRho * 8.0)), 1.0, 0.005);
  EXPECT_LT(std::abs(euler_zyx(s.bodies[0].q_WB).x()), 1e-3);
}

TEST(HullHydrostatics, FloatingSphereAndHorizontalCylinderSettleAtTheirDrafts) {
  const double r = 0.5;
  {
    // Sphere at 40% of its volume: cap height t with pi t^2 (3 r - t) / 3 = 0.4 V.
    const double V = 4.0 / 3.0 * kPi * r * r * r;
    BodyModel b = floating_sphere(r, 0.4 * V * kRho, Vec3(20, 20, 20));
    damp(b, 2000, 50, 50);
    b.p_WB0 = Vec3(0, 0, 0.3);
    const State s = settle(world_of(b), 40.0);
    const double t_expected =
        solve([&](double t) { return kPi * t * t * (3 * r - t) / 3 - 0.4 * V; }, 0.0, 2 * r);
    EXPECT_NEAR((r - s.bodies[0].p_WB.z()) / t_expected, 1.0, 0.005);
  }
  {
    // Cylinder r 0.5, L 3, axis horizontal (the shape's z along the body's x), at 30% volume.
    const double L = 3.0, V = kPi * r * r * L;
    BodyModel b = floating_body(0.3 * V * kRho, Vec3(50, 400, 400));
    ShapeFloat f;
    f.fluid_density = kRho;
    f.shape = {ShapeKind::kCylinder, Vec3::Zero(), r, L};
    f.X_BS.linear() = Eigen::AngleAxisd(kPi / 2, Vec3::UnitY()).toRotationMatrix();
    b.shape_floats = {f};
    damp(b, 4000, 800, 3000);
    b.p_WB0 = Vec3(0, 0, 0.2);
    const State s = settle(world_of(b), 40.0);
    auto segment = [&](double t) {
      const double theta = 2 * std::acos((r - t) / r);
      return 0.5 * r * r * (theta - std::sin(theta));
    };
    const double t_expected = solve([&](double t) { return segment(t) * L - 0.3 * V; }, 0, 2 * r);
    EXPECT_NEAR((r - s.bodies[0].p_WB.z()) / t_expected, 1.0, 0.005);
  }
}

/// The box barge of the stiffness and roll tests: 20 x 8 x 4 m at 2 m draft, centre of mass 1 m
/// above the keel... placed at Bo.
struct BoxBarge {
  double L = 20, B = 8, D = 4, T = 2, KG = 2.5;
  double mass() const { return kRho * L * B * T; }
  double volume() const { return L * B * T; }
  double GM_T() const { return T / 2 + B * B / (12 * T) - KG; }
  double GM_L() const { return T / 2 + L * L / (12 * T) - KG; }
  /// Bo at the centre of mass, the box's centre D/2 - KG below... above it: the mesh in B.
  HullMesh mesh(const Eigen::Array3i& divisions = {4, 4, 4}) const {
    return transformed(box_mesh(Vec3(L, B, D), divisions),
                       Eigen::Isometry3d(Eigen::Translation3d(0, 0, D / 2 - KG)));
  }
  Vec3 p_WB_at_rest() const { return Vec3(0, 0, KG - T); }
};

/// The total hydrostatic wrench (mesh pressure plus weight) about Bo, in W, at a pose.
Vec6 hydrostatic_wrench(const BoxBarge& barge, const MeshHydrostatics& hull, const Vec3& p_WB,
                        const Mat3& R_WB) {
  const HullSample s = sample_hull(hull, sea_water(), 0.0, p_WB, R_WB, kG);
  const Vec3 weight(0, 0, -barge.mass() * kG);
  return stack(s.f_W + weight, s.m_Bo_W);
}

TEST(HullHydrostatics, BoxBargeRestoringCoefficientsFromTheMesh) {
  // Finite displacements of 1 mm and 1 mrad of the integrated pressure plus weight:
  // C33 = rho g A_wp, C44 = rho g V GM_T, C55 = rho g V GM_L, within 0.5% (they agree to 1e-6).
  const BoxBarge barge;
  const MeshHydrostatics hull{barge.mesh()};
  const Vec3 p0 = barge.p_WB_at_rest();
  const double h = 1e-3;
  auto rotated = [](int axis, double angle) {
    return Eigen::AngleAxisd(angle, Vec3::Unit(axis)).toRotationMatrix();
  };
  const Vec6 at_rest = hydrostatic_wrench(barge, hull, p0, Mat3::Identity());
  EXPECT_LT(at_rest.norm(), 1e-6 * barge.mass() * kG);
  const double C33 = -(hydrostatic_wrench(barge, hull, p0 + Vec3(0, 0, h), Mat3::Identity())[2] -
                       hydrostatic_wrench(barge, hull, p0 - Vec3(0, 0, h), Mat3::Identity())[2]) /
                     (2 * h);
  const double C44 = -(hydrostatic_wrench(barge, hull, p0, rotated(0, h))[3] -
                       hydrostatic_wrench(barge, hull, p0, rotated(0, -h))[3]) /
                     (2 * h);
  const double C55 = -(hydrostatic_wrench(barge, hull, p0, rotated(1, h))[4] -
                       hydrostatic_wrench(barge, hull, p0, rotated(1, -h))[4]) /
                     (2 * h);
  EXPECT_NEAR(C33 / (kRho * kG * barge.L * barge.B), 1.0, 0.005);
  EXPECT_NEAR(C44 / (kRho * kG * barge.volume() * barge.GM_T()), 1.0, 0.005);
  EXPECT_NEAR(C55 / (kRho * kG * barge.volume() * barge.GM_L()), 1.0, 0.005);
  // The update's own restoring matrix says the same (the weight adds -m g z_G = 0 about G), to
  // the finite differences' O(h^2).
  const HullSample s = sample_hull(hull, sea_water(), 0.0, p0, Mat3::Identity(), kG);
  EXPECT_NEAR(s.C(2, 2) / C33, 1.0, 1e-9);
  EXPECT_NEAR(s.C(3, 3) / C44, 1.0, 1e-5);
  EXPECT_NEAR(s.C(4, 4) / C55, 1.0, 1e-5);
}

struct RollDecay {
  double period;  ///< [s]
  double growth;  ///< largest roll in the last 10 s over the largest in the first 10 s
};

RollDecay free_roll(MeshHydrostatics::Between between, double update_period, double dt) {
  const BoxBarge barge;
  const double I_xx = barge.mass() * (barge.B * barge.B + barge.D * barge.D) / 12;
  BodyModel b = floating_body(barge.mass(), Vec3(I_xx, 5e6, 5e6));
  b.mesh_hydrostatics = MeshHydrostatics{barge.mesh(), false, update_period, between};
  b.p_WB0 = barge.p_WB_at_rest();
  b.q_WB0 = Quat(Eigen::AngleAxisd(2 * kPi / 180, Vec3::UnitX()));
  const Model m = world_of(b, dt);
  State s = make_initial_state(m);
  std::vector<double> t, roll;
  while (s.t < 60.0 - 1e-9) {
    EXPECT_TRUE(step(m, s).ok);
    t.push_back(s.t);
    roll.push_back(euler_zyx(s.bodies[0].q_WB).x());
  }
  double first = 0.0, last = 0.0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] <= 10.0) first = std::max(first, std::abs(roll[i]));
    if (t[i] >= 50.0) last = std::max(last, std::abs(roll[i]));
  }
  return {testing::mean_period(t, roll), last / first};
}

TEST(HullHydrostatics, BoxBargeRollPeriodMatchesLinearTheory) {
  // T = 2 pi sqrt(I_xx / (rho g V GM_T)) = 12.5 s; within 2% with the mesh updated every step.
  const BoxBarge barge;
  const double I_xx = barge.mass() * (barge.B * barge.B + barge.D * barge.D) / 12;
  const double expected = 2 * kPi * std::sqrt(I_xx / (kRho * kG * barge.volume() * barge.GM_T()));
  const RollDecay roll = free_roll(MeshHydrostatics::Between::kExtrapolate, 0.0, 0.01);
  EXPECT_NEAR(roll.period / expected, 1.0, 0.02);
  EXPECT_NEAR(roll.growth, 1.0, 1e-3);  // no damping: the amplitude stays
  std::printf("roll period %.4f s, linear theory %.4f s\n", roll.period, expected);
}

TEST(HullHydrostatics, SlowerUpdatesExtrapolateWithTheMotion) {
  // The mesh integrated at 20 Hz in a 100 Hz step, undamped: extrapolating with the restoring
  // matrix keeps the period and the amplitude; holding the wrench (Stonefish's prescaler) lets
  // the restoring force lag the motion, and the roll grows.
  const RollDecay every_step = free_roll(MeshHydrostatics::Between::kExtrapolate, 0.0, 0.01);
  const RollDecay extrapolated = free_roll(MeshHydrostatics::Between::kExtrapolate, 0.05, 0.01);
  const RollDecay held = free_roll(MeshHydrostatics::Between::kHold, 0.05, 0.01);
  std::printf(
      "roll over 60 s (period, amplitude growth): every step %.4f s %.4f, 20 Hz "
      "extrapolated %.4f s %.4f, 20 Hz held %.4f s %.4f\n",
      every_step.period, every_step.growth, extrapolated.period, extrapolated.growth, held.period,
      held.growth);
  EXPECT_NEAR(extrapolated.period / every_step.period, 1.0, 1e-3);
  EXPECT_NEAR(extrapolated.growth, 1.0, 1e-3);
  EXPECT_GT(held.growth, 1.05);
}

/// Heave of a body in a regular wave (towards +x) after the transient: amplitude ratio to the
/// wave and phase lag behind it at Bo's horizontal position [rad].
std::pair<double, double> heave_response(const Model& m, double period, double start, double end) {
  State s = make_initial_state(m);
  std::vector<double> t, z, eta;
  while (s.t < end - 1e-9) {
    EXPECT_TRUE(step(m, s).ok);
    if (s.t < start) continue;
    t.push_back(s.t);
    z.push_back(s.bodies[0].p_WB.z());
    eta.push_back(elevation(*m.environment.waves, s.bodies[0].p_WB.x(), 0.0, s.t));
  }
  const double w = 2 * kPi / period;
  const auto [z_amp, z_phase] = testing::harmonic_fit(t, z, w);
  const auto [eta_amp, eta_phase] = testing::harmonic_fit(t, eta, w);
  return {z_amp / eta_amp, std::remainder(z_phase - eta_phase, 2 * kPi)};
}

TEST(HullHydrostatics, SmallBuoyFollowsALongWave) {
  // A 1 m sphere (half submerged) in a 0.2 m wave 50 m long: linear theory for its heave gives
  // an amplitude ratio within a few percent of one and a small lag; bars 5% and 5 deg.
  const double r = 0.5, wavelength = 50.0;
  const double period = std::sqrt(2 * kPi * wavelength / kG);
  const double V = 4.0 / 3.0 * kPi * r * r * r;
  BodyModel b = floating_sphere(r, 0.5 * V * kRho, Vec3(10, 10, 10));
  damp(b, 300, 20, 20);
  Model m = world_of(b);
  m.environment.waves = testing::regular_wave(0.2, period, 0.0);
  const auto [ratio, lag] = heave_response(m, period, 60.0, 120.0);
  std::printf("buoy: heave ratio %.4f, lag %.2f deg\n", ratio, lag * 180 / kPi);
  EXPECT_NEAR(ratio, 1.0, 0.05);
  EXPECT_LT(std::abs(lag), 5 * kPi / 180);
}

TEST(HullHydrostatics, BargeHeaveResponseFallsOffAsLinearTheorySays) {
  // A 20 x 8 m barge at 2 m draft in head seas, Froude-Krylov pressure. Linear theory: the wave
  // presses on the bottom (depth T) with rho g a e^{-kT} cos(k x - w t), so the heave force is
  // rho g a B L e^{-kT} sin(kL/2) / (kL/2), and the heave response to it
  //   |z / a| = rho g B L e^{-kT} |sinc(kL/2)| / |C33 - (m + A33) w^2 + i B33 w|
  // (A33 and B33: the model's heave added mass and damping, here on the body's own motion).
  // Each period within 1% (the mesh's cells are 0.31 m: trapezoidal error (k h)^2 / 12 < 0.2%).
  const BoxBarge barge;
  const double A33 = 0.5 * barge.mass(), B33 = 4e5;
  BodyModel b = floating_body(barge.mass(), Vec3(1e6, 5e6, 5e6));
  b.M_A(2, 2) = A33;
  testing::recompile(b);
  b.damping.linear.diagonal() << 1e4, 1e4, B33, 5e6, 5e7, 1e6;
  b.mesh_hydrostatics = MeshHydrostatics{barge.mesh({64, 2, 2}), true};  // cells of 0.31 m
  b.wave_kinematics = false;  // A33 and B33 act on the body's motion alone (radiation)
  b.p_WB0 = barge.p_WB_at_rest();
  const double C33 = kRho * kG * barge.L * barge.B;
  for (double period : {12.0, 8.0, 6.0, 5.0, 4.0}) {
    const double w = 2 * kPi / period, k = w * w / kG, u = k * barge.L / 2;
    const double expected =
        kRho * kG * barge.B * barge.L * std::exp(-k * barge.T) * std::abs(std::sin(u) / u) /
        std::abs(std::complex<double>(C33 - (barge.mass() + A33) * w * w, B33 * w));
    Model m = world_of(b);
    m.environment.waves = testing::regular_wave(0.1, period, 0.0);
    const double ratio = heave_response(m, period, 80.0, 160.0).first;
    std::printf("barge heave: T %4.1f s  simulated %.4f  linear theory %.4f\n", period, ratio,
                expected);
    EXPECT_NEAR(ratio / expected, 1.0, 0.01) << period;
    if (period != 6.0) continue;
    // The mesh integrated at 20 Hz only: the error of each way of bridging the updates.
    for (auto between :
         {MeshHydrostatics::Between::kExtrapolate, MeshHydrostatics::Between::kHold}) {
      m.bodies[0].mesh_hydrostatics->update_period = 0.05;
      m.bodies[0].mesh_hydrostatics->between = between;
      const double slow = heave_response(m, period, 80.0, 160.0).first;
      const bool hold = between == MeshHydrostatics::Between::kHold;
      std::printf("barge heave at 20 Hz updates, %s: %.4f (%+.2f%% from linear theory)\n",
                  hold ? "held" : "extrapolated", slow, 100 * (slow / expected - 1));
      if (!hold) {
        EXPECT_NEAR(slow / expected, 1.0, 0.01);
      }
    }
  }
}

}  // namespace
}  // namespace leeway
