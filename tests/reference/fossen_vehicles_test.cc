// Fossen's Otter USV and REMUS 100 AUV: models/otter and models/remus100, loaded from the project's
// worlds and run by Leeway's general machinery, against a line-by-line transcription of the
// reference's equations of motion (Fossen's Python Vehicle Simulator, as
// tests/data/fossen-vehicles describes it) in the reference's own NED/FRD frames.
//
// The transcription integrates like the reference (semi-implicit Euler, actuators clamped before
// use) but at a step of 0.5 ms, where it has converged; Leeway runs its worlds as shipped (RK4,
// 10 ms). So the comparison tests the model, every term and sign of it, not the integrator. The
// reference's own 20 ms Euler step is also run, to state how far it is from converged.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numbers>

#include "leeway/core/spatial.h"
#include "leeway/output/output_frame.h"
#include "leeway/sdf/load_world.h"
#include "leeway/world/step.h"

namespace leeway {
namespace {

using Json = nlohmann::json;
using Vec = Eigen::Matrix<double, 6, 1>;

Json read_json(const std::string& name) {
  std::ifstream in(std::string(LEEWAY_SOURCE_DIR) + "/tests/data/fossen-vehicles/" + name);
  EXPECT_TRUE(in.good()) << name;
  return Json::parse(in);
}

Mat6 mat6(const Json& j) {
  Mat6 M;
  for (int i = 0; i < 6; ++i)
    for (int k = 0; k < 6; ++k)
      M(i, k) = j[i][k].get<double>();
  return M;
}

Vec3 vec3(const Json& j) {
  return {j[0].get<double>(), j[1].get<double>(), j[2].get<double>()};
}

// ---- The reference's functions, in its frames (NED world, FRD body) ----

Mat3 S(const Vec3& a) {
  return skew(a);
}

Mat6 m2c(Mat6 M, const Vec& nu) {
  M = 0.5 * (M + M.transpose());
  const Vec3 a = M.block<3, 3>(0, 0) * nu.head<3>() + M.block<3, 3>(0, 3) * nu.tail<3>();
  const Vec3 b = M.block<3, 3>(3, 0) * nu.head<3>() + M.block<3, 3>(3, 3) * nu.tail<3>();
  Mat6 C = Mat6::Zero();
  C.block<3, 3>(0, 3) = -S(a);
  C.block<3, 3>(3, 0) = -S(a);
  C.block<3, 3>(3, 3) = -S(b);
  return C;
}

Mat6 Hmtrx(const Vec3& r) {
  Mat6 H = Mat6::Identity();
  H.block<3, 3>(0, 3) = S(r).transpose();
  return H;
}

Mat3 Rzyx(double phi, double theta, double psi) {
  const double cphi = std::cos(phi), sphi = std::sin(phi), cth = std::cos(theta),
               sth = std::sin(theta), cpsi = std::cos(psi), spsi = std::sin(psi);
  Mat3 R;
  R << cpsi * cth, -spsi * cphi + cpsi * sth * sphi, spsi * sphi + cpsi * cphi * sth,  //
      spsi * cth, cpsi * cphi + sphi * sth * spsi, -cpsi * sphi + sth * spsi * cphi,   //
      -sth, cth * sphi, cth * cphi;
  return R;
}

Mat3 Tzyx(double phi, double theta) {
  const double cphi = std::cos(phi), sphi = std::sin(phi), cth = std::cos(theta),
               sth = std::sin(theta);
  Mat3 T;
  T << 1, sphi * sth / cth, cphi * sth / cth,  //
      0, cphi, -sphi,                          //
      0, sphi / cth, cphi / cth;
  return T;
}

Vec cross_flow_drag(double L, double T, double Cd, const Vec& nu_r) {
  const double rho = 1026, dx = L / 20;
  double Yh = 0, Nh = 0, xL = -L / 2;
  for (int i = 0; i <= 20; ++i) {
    const double v_r = nu_r[1], r = nu_r[5];
    const double Ucf = std::abs(v_r + xL * r) * (v_r + xL * r);
    Yh -= 0.5 * rho * T * Cd * Ucf * dx;
    Nh -= 0.5 * rho * T * Cd * xL * Ucf * dx;
    xL += dx;
  }
  Vec tau = Vec::Zero();
  tau[1] = Yh;
  tau[5] = Nh;
  return tau;
}

/// One vehicle's state in the reference: eta, nu and its actuators.
struct RefState {
  Vec eta = Vec::Zero(), nu = Vec::Zero();
  std::vector<double> u_actual;
};

void semi_implicit_euler(RefState& s, const Vec& nu_dot, double h) {
  s.nu += h * nu_dot;
  const Vec3 p_dot = Rzyx(s.eta[3], s.eta[4], s.eta[5]) * s.nu.head<3>();
  const Vec3 a_dot = Tzyx(s.eta[3], s.eta[4]) * s.nu.tail<3>();
  s.eta.head<3>() += h * p_dot;
  s.eta.tail<3>() += h * a_dot;
}

Mat3 mat3(const Json& j) {
  Mat3 M;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k)
      M(i, k) = j[i][k].get<double>();
  return M;
}

struct OtterReference {
  Mat6 M, MA, D, G;
  Mat3 Ig;
  Vec3 r_g, r_p;
  double m_total, m_p, g, k_pos, k_neg, n_min, n_max, T_n, l, Cd, T_draft;

  OtterReference() {
    const Json j = read_json("otter.json");
    const Json& in = j["inputs_primary"];
    const Json& d = j["derived"];
    M = mat6(d["M"]);
    MA = mat6(d["MA"]);
    D = mat6(d["D_linear"]);
    G = mat6(d["G_CO"]);
    Ig = mat3(d["Ig"]);
    r_g = vec3(d["r_g_total"]);
    r_p = vec3(in["r_payload"]);
    m_total = d["m_total"];
    m_p = in["m_payload"];
    g = in["g"];
    const Json& prop = in["propellers"];
    k_pos = prop["k_pos"];
    k_neg = prop["k_neg"];
    n_min = prop["n_min"];
    n_max = prop["n_max"];
    T_n = prop["time_constant_T_n"];
    l = prop["y_right_l2"];
    Cd = in["crossflow"]["Cd_2D_hoerner"];
    T_draft = in["crossflow"]["T"];
  }

  /// One reference step with shaft-speed commands n1 (port), n2 (starboard) [rad/s].
  void step(RefState& s, double n1_cmd, double n2_cmd, double h) const {
    const Vec& nu = s.nu;  // no current: nu_r = nu
    double n[2], thrust[2];
    for (int i = 0; i < 2; ++i) {
      n[i] = std::clamp(s.u_actual[i], n_min, n_max);
      thrust[i] = (n[i] > 0 ? k_pos : k_neg) * n[i] * std::abs(n[i]);
    }
    Vec tau = Vec::Zero();
    tau[0] = thrust[0] + thrust[1];
    tau[5] = l * thrust[0] - l * thrust[1];  // -l1 T1 - l2 T2 with l1 = -l, l2 = l

    Mat6 CRB_CG = Mat6::Zero();
    CRB_CG.block<3, 3>(0, 0) = m_total * S(nu.tail<3>());
    CRB_CG.block<3, 3>(3, 3) = -S(Ig * nu.tail<3>());
    const Mat6 CRB = Hmtrx(r_g).transpose() * CRB_CG * Hmtrx(r_g);
    const Mat6 C = CRB + m2c(MA, nu);

    Vec tau_damp = -D * nu;
    tau_damp[5] -= 10 * D(5, 5) * std::abs(nu[5]) * nu[5];
    const Vec tau_cf = cross_flow_drag(2.0, T_draft, Cd, nu);
    const Vec3 f = Rzyx(s.eta[3], s.eta[4], s.eta[5]).transpose() * Vec3(0, 0, m_p * g);
    Vec g0;
    g0 << f, S(r_p) * f;

    const Vec nu_dot = M.ldlt().solve(tau + tau_damp + tau_cf - C * nu - G * s.eta + g0);
    for (int i = 0; i < 2; ++i)
      s.u_actual[i] = n[i] + h * ((i == 0 ? n1_cmd : n2_cmd) - n[i]) / T_n;
    semi_implicit_euler(s, nu_dot, h);
  }
};

struct RemusReference {
  Mat6 M, MRB, MA;
  Vec D0;  // linear damping before the speed fade
  double W, B, rho, delta_max, n_max, T_delta, T_n;
  Vec3 r_bg, r_bb;
  double D_prop, t_prop, wake, Ja_max, KT_0, KQ_0, KT_max, KQ_max;
  double S_fin, CL_r, CL_s, x_r, x_s;
  double S_body, b_span, CD_0, e_oswald;
  double Cd_cf, L, diam;

  RemusReference() {
    const Json j = read_json("remus100.json");
    const Json& in = j["inputs_primary"];
    const Json& d = j["derived"];
    M = mat6(d["M"]);
    MRB = mat6(d["MRB_CO"]);
    MA = mat6(d["MA"]);
    for (int i = 0; i < 6; ++i)
      D0[i] = d["D_linear_diag_before_speed_fade"][i];
    W = d["W"];
    B = d["B"];
    rho = in["rho"];
    r_bg = vec3(in["r_bg"]);
    r_bb = vec3(in["r_bb"]);
    const Json& fins = in["fins"];
    delta_max = fins["delta_max_rad"];
    T_delta = fins["T_delta"];
    S_fin = fins["rudder"]["area"];
    CL_r = fins["rudder"]["CL_delta"];
    CL_s = fins["stern_plane"]["CL_delta"];
    x_r = fins["rudder"]["x"];
    x_s = fins["stern_plane"]["x"];
    const Json& prop = in["propeller"];
    D_prop = prop["D_prop"];
    t_prop = prop["t_prop"];
    wake = prop["wake_factor_Va_over_U"];
    Ja_max = prop["Ja_max"];
    KT_0 = prop["KT_0"];
    KQ_0 = prop["KQ_0"];
    KT_max = prop["KT_max"];
    KQ_max = prop["KQ_max"];
    n_max = prop["n_max_rpm"];
    T_n = prop["T_n"];
    const Json& lift = in["lift_drag_body"];
    S_body = lift["S"];
    b_span = lift["b_span"];
    CD_0 = lift["CD_0"];
    e_oswald = lift["oswald_e"];
    Cd_cf = in["crossflow"]["Cd_2D_hoerner"];
    L = in["L"];
    diam = in["diam"];
  }

  Vec lift_drag(const Vec& nu_r) const {
    const double U_r = nu_r.head<3>().norm();
    const double alpha = std::atan2(nu_r[2], nu_r[0]);
    const double AR = b_span * b_span / S_body;
    const double CL_alpha = std::numbers::pi * AR / (1 + std::sqrt(1 + (AR / 2) * (AR / 2)));
    const double CL = CL_alpha * alpha;
    const double CD = CD_0 + CL * CL / (std::numbers::pi * e_oswald * AR);
    const double F_drag = 0.5 * rho * U_r * U_r * S_body * CD;
    const double F_lift = 0.5 * rho * U_r * U_r * S_body * CL;
    Vec tau = Vec::Zero();
    tau[0] = -std::cos(alpha) * F_drag + std::sin(alpha) * F_lift;
    tau[2] = -std::sin(alpha) * F_drag - std::cos(alpha) * F_lift;
    return tau;
  }

  Vec gvect(double theta, double phi) const {
    const double sth = std::sin(theta), cth = std::cos(theta), sphi = std::sin(phi),
                 cphi = std::cos(phi);
    Vec g;
    g << (W - B) * sth, -(W - B) * cth * sphi, -(W - B) * cth * cphi,
        -(r_bg.y() * W - r_bb.y() * B) * cth * cphi + (r_bg.z() * W - r_bb.z() * B) * cth * sphi,
        (r_bg.z() * W - r_bb.z() * B) * sth + (r_bg.x() * W - r_bb.x() * B) * cth * cphi,
        -(r_bg.x() * W - r_bb.x() * B) * cth * sphi - (r_bg.y() * W - r_bb.y() * B) * sth;
    return g;
  }

  /// One reference step with commands rudder, stern plane [rad] and propeller [rpm].
  void step(RefState& s, double dr_cmd, double ds_cmd, double n_cmd, double h) const {
    const Vec& nu = s.nu;
    const Vec nu_r = nu;  // no current
    const double U = nu.head<3>().norm(), U_r = nu_r.head<3>().norm();
    const double dr = std::clamp(s.u_actual[0], -delta_max, delta_max);
    const double ds = std::clamp(s.u_actual[1], -delta_max, delta_max);
    const double n = std::clamp(s.u_actual[2], -n_max, n_max);

    const double n_rps = n / 60, Va = wake * U;
    double X_prop, K_prop;
    if (n_rps > 0) {
      X_prop = rho * std::pow(D_prop, 4) *
               (KT_0 * std::abs(n_rps) * n_rps +
                (KT_max - KT_0) / Ja_max * (Va / D_prop) * std::abs(n_rps));
      K_prop = rho * std::pow(D_prop, 5) *
               (KQ_0 * std::abs(n_rps) * n_rps +
                (KQ_max - KQ_0) / Ja_max * (Va / D_prop) * std::abs(n_rps));
    } else {
      X_prop = rho * std::pow(D_prop, 4) * KT_0 * std::abs(n_rps) * n_rps;
      K_prop = rho * std::pow(D_prop, 5) * KQ_0 * std::abs(n_rps) * n_rps;
    }

    Mat6 CA = m2c(MA, nu_r);
    for (const auto& [i, k] : {std::pair{4, 0}, std::pair{0, 4}, std::pair{4, 2}, std::pair{2, 4},
                               std::pair{5, 0}, std::pair{0, 5}, std::pair{5, 1}, std::pair{1, 5}})
      CA(i, k) = 0;
    const Mat6 C = m2c(MRB, nu_r) + CA;

    Vec Dd = D0;
    Dd[0] *= std::exp(-3 * U_r);
    Dd[1] *= std::exp(-3 * U_r);
    const Mat6 D = Dd.asDiagonal();

    const double U_rh = std::sqrt(nu_r[0] * nu_r[0] + nu_r[1] * nu_r[1]);
    const double U_rv = std::sqrt(nu_r[0] * nu_r[0] + nu_r[2] * nu_r[2]);
    const double X_r = -0.5 * rho * U_rh * U_rh * S_fin * CL_r * dr * dr;
    const double X_s = -0.5 * rho * U_rv * U_rv * S_fin * CL_s * ds * ds;
    const double Y_r = -0.5 * rho * U_rh * U_rh * S_fin * CL_r * dr;
    const double Z_s = -0.5 * rho * U_rv * U_rv * S_fin * CL_s * ds;
    Vec tau;
    tau << (1 - t_prop) * X_prop + X_r + X_s, Y_r, Z_s, K_prop / 10, -x_s * Z_s, x_r * Y_r;

    const Vec nu_dot =
        M.ldlt().solve(tau + lift_drag(nu_r) + cross_flow_drag(L, diam, Cd_cf, nu_r) -
                       (C + D) * nu_r - gvect(s.eta[4], s.eta[3]));
    s.u_actual[0] = dr + h * (dr_cmd - dr) / T_delta;
    s.u_actual[1] = ds + h * (ds_cmd - ds) / T_delta;
    s.u_actual[2] = n + h * (n_cmd - n) / T_n;
    semi_implicit_euler(s, nu_dot, h);
  }
};

// ---- Leeway's side ----

/// A shipped world with constant commands, as `leeway run --command` holds them.
struct LeewayRun {
  Model model;
  State state;
  Inputs inputs;

  LeewayRun(const std::string& world, const std::vector<std::pair<std::string, double>>& commands) {
    Diagnostics diagnostics;
    model = load_world_file(std::string(LEEWAY_SOURCE_DIR) + "/worlds/" + world, diagnostics);
    EXPECT_TRUE(diagnostics.warnings().empty());
    state = make_initial_state(model);
    inputs.commands.resize(model.actuators.size());
    for (const auto& [name, value] : commands) {
      const int i = model.actuator_index(model.bodies[0].model_name, name);
      EXPECT_GE(i, 0) << name;
      inputs.commands[static_cast<std::size_t>(i)] = value;
    }
  }

  void run_until(double t) {
    while (state.t < t - 1e-9) {
      const StepResult r = step(model, state, inputs);
      ASSERT_TRUE(r.ok) << r.error;
    }
  }

  /// eta and nu in the reference's frames.
  RefState ned() const {
    const PoseTwistRow row = to_output_frame(state.bodies[0], OutputFrame::kNedFrd);
    RefState s;
    s.eta << row.position, row.roll_pitch_yaw;
    s.nu = row.twist;
    return s;
  }
};

double wrap(double angle) {
  return std::remainder(angle, 2 * std::numbers::pi);
}

struct Gap {
  double position = 0, angle = 0, velocity = 0, rate = 0;
};

Gap gap(const RefState& a, const RefState& b) {
  Gap g;
  g.position = (a.eta.head<3>() - b.eta.head<3>()).norm();
  for (int i = 3; i < 6; ++i)
    g.angle = std::max(g.angle, std::abs(wrap(a.eta[i] - b.eta[i])));
  g.velocity = (a.nu.head<3>() - b.nu.head<3>()).norm();
  g.rate = (a.nu.tail<3>() - b.nu.tail<3>()).norm();
  return g;
}

constexpr double kFine = 0.0005, kReferenceStep = 0.02;

/// Runs the reference at step h for `duration` and returns its states every `every` seconds.
template <class Step>
std::vector<RefState> reference_run(RefState s, double duration, double h, double every,
                                    const Step& step) {
  std::vector<RefState> out;
  const int per = static_cast<int>(std::lround(every / h));
  const int n = static_cast<int>(std::lround(duration / h));
  for (int k = 1; k <= n; ++k) {
    step(s, h);
    if (k % per == 0) out.push_back(s);
  }
  return out;
}

/// Runs Leeway and the reference side by side (reference at 0.5 ms and at its own 20 ms), printing
/// both every 10 s, and returns the largest gap between Leeway and the converged reference.
template <class Step>
Gap compare(const char* what, LeewayRun& run, const RefState& start, double duration,
            const Step& step_at) {
  const std::vector<RefState> fine = reference_run(start, duration, kFine, 10, step_at);
  const std::vector<RefState> coarse = reference_run(start, duration, kReferenceStep, 10, step_at);
  Gap worst;
  std::printf("%s\n", what);
  for (std::size_t k = 0; k < fine.size(); ++k) {
    const double t = 10.0 * static_cast<double>(k + 1);
    run.run_until(t);
    const RefState ours = run.ned();
    const Gap g = gap(ours, fine[k]), c = gap(coarse[k], fine[k]);
    worst = {std::max(worst.position, g.position), std::max(worst.angle, g.angle),
             std::max(worst.velocity, g.velocity), std::max(worst.rate, g.rate)};
    std::printf(
        "  t %3.0f s  reference N %8.3f E %8.3f D %7.3f psi %7.2f deg u %.4f | Leeway gap "
        "%.1e m %.1e rad %.1e m/s | reference's 20 ms gap %.1e m %.1e rad\n",
        t, fine[k].eta[0], fine[k].eta[1], fine[k].eta[2], fine[k].eta[5] * 180 / std::numbers::pi,
        fine[k].nu[0], g.position, g.angle, g.velocity, c.position, c.angle);
  }
  return worst;
}

// The bars: Leeway within 5 cm, 1 mrad, 1 mm/s and 1 mrad/s of the converged reference over a
// minute; the reference's own 20 ms Euler step is 5 to 50 times further from it (printed).
void expect_close(const Gap& g) {
  EXPECT_LT(g.position, 0.05);
  EXPECT_LT(g.angle, 1e-3);
  EXPECT_LT(g.velocity, 1e-3);
  EXPECT_LT(g.rate, 1e-3);
}

RefState otter_start() {
  RefState s;
  s.u_actual = {0, 0};
  return s;
}

RefState remus_start() {
  RefState s;
  s.eta[2] = 30;  // the world starts it at 30 m depth
  s.u_actual = {0, 0, 0};
  return s;
}

TEST(FossenOtter, TurnsAsTheReference) {
  // Port propeller 100 rad/s, starboard 80: it speeds up and circles to starboard.
  const OtterReference ref;
  LeewayRun run("otter.sdf", {{"left_propeller", 100}, {"right_propeller", 80}});
  expect_close(compare("Otter, n = 100 / 80 rad/s", run, otter_start(), 60,
                       [&](RefState& s, double h) { ref.step(s, 100, 80, h); }));
}

TEST(FossenOtter, ReversesAsTheReference) {
  // Starboard astern at the reverse limit's command (the saturate policy lets -150 through to the
  // lag, whose state stops at -101.7 rad/s), port ahead at 60: a tight turn to port.
  const OtterReference ref;
  LeewayRun run("otter.sdf", {{"left_propeller", 60}, {"right_propeller", -150}});
  expect_close(compare("Otter, n = 60 / -150 rad/s", run, otter_start(), 60,
                       [&](RefState& s, double h) { ref.step(s, 60, -150, h); }));
}

TEST(FossenOtter, CreepsAheadUnderItsPayloadAsTheReference) {
  // Propellers off: the payload's weight, tilted by the trim, pushes it ahead at about 0.08 m/s.
  const OtterReference ref;
  LeewayRun run("otter.sdf", {});
  expect_close(compare("Otter, propellers off", run, otter_start(), 60,
                       [&](RefState& s, double h) { ref.step(s, 0, 0, h); }));
  const RefState ours = run.ned();
  EXPECT_NEAR(ours.nu[0], 0.08, 0.005);
  // otter.json's small-angle equilibrium; the nonlinear one pitches 1 mrad further.
  EXPECT_NEAR(ours.eta[2], 0.0375, 0.001);
  EXPECT_NEAR(ours.eta[4], -0.0251, 0.002);
}

TEST(FossenOtter, StraightRunAtFullSpeedStaysExactlyStraight) {
  // Above 1.5 m/s the hull is directionally unstable; heading North from a level start, the
  // run's lateral states stay exactly zero, as in the reference, instead of growing from rounding.
  const OtterReference ref;
  LeewayRun run("otter.sdf", {{"left_propeller", 103}, {"right_propeller", 103}});
  expect_close(compare("Otter, n = 103 / 103 rad/s", run, otter_start(), 100,
                       [&](RefState& s, double h) { ref.step(s, 103, 103, h); }));
  const RefState ours = run.ned();
  EXPECT_GT(ours.nu[0], 2.9);
  EXPECT_EQ(ours.nu[1], 0.0);
  EXPECT_EQ(ours.nu[5], 0.0);
  EXPECT_LT(std::abs(ours.eta[1]), 1e-9);
}

TEST(FossenRemus100, TurnsAsTheReference) {
  // Full speed ahead, rudder 0.1 rad: a turn to starboard at constant depth.
  const RemusReference ref;
  LeewayRun run("remus100.sdf", {{"propeller", 1525}, {"rudder", 0.1}});
  expect_close(compare("REMUS 100, 1525 rpm, rudder 0.1 rad", run, remus_start(), 60,
                       [&](RefState& s, double h) { ref.step(s, 0.1, 0, 1525, h); }));
  EXPECT_GT(run.ned().nu[5], 0.0);  // yawing to starboard
}

TEST(FossenRemus100, DivesAsTheReference) {
  // 1200 rpm, stern plane 0.05 rad, rudder -0.05 rad: a descending turn to port.
  const RemusReference ref;
  LeewayRun run("remus100.sdf", {{"propeller", 1200}, {"stern_plane", 0.05}, {"rudder", -0.05}});
  expect_close(compare("REMUS 100, 1200 rpm, stern plane 0.05, rudder -0.05 rad", run,
                       remus_start(), 60,
                       [&](RefState& s, double h) { ref.step(s, -0.05, 0.05, 1200, h); }));
  EXPECT_GT(run.ned().eta[2], 35.0);  // deeper than it started
}

TEST(FossenRemus100, BacksAndSaturatesAsTheReference) {
  // Astern past the rpm limit, fins past 15 deg: the states stop at their limits.
  const RemusReference ref;
  LeewayRun run("remus100.sdf", {{"propeller", -2000}, {"rudder", 0.5}, {"stern_plane", -0.4}});
  expect_close(compare("REMUS 100, -2000 rpm, rudder 0.5, stern plane -0.4 rad", run, remus_start(),
                       40, [&](RefState& s, double h) { ref.step(s, 0.5, -0.4, -2000, h); }));
  EXPECT_DOUBLE_EQ(run.state.actuators[0], -1525.0);
}

}  // namespace
}  // namespace leeway
