// The reference navigator (gnc/navigator.h) through whole worlds: the WAM-V's estimate from its
// IMU, GNSS and compass is consistent (its NEES over seeds lies in the chi-square band), the
// RexROV's from IMU, DVL, compass, pressure and USBL dead-reckons within its covariance, the VRX
// scores on the estimate beside the truth's, and the SDF's <navigation> with its errors.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "leeway/core/rotation.h"
#include "leeway/gnc/navigator.h"
#include "leeway/sdf/default_world.h"
#include "leeway/sdf/load_world.h"
#include "leeway/sim/simulation.h"

namespace leeway {
namespace {

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  const std::size_t at = s.find(from);
  if (at == std::string::npos) {
    ADD_FAILURE() << "no '" << from << "'";
    return s;
  }
  return s.replace(at, from.size(), to);
}

Scenario load_shipped(const std::string& name, std::uint64_t seed = 0) {
  Diagnostics d;
  return load_scenario_file(std::string(LEEWAY_SOURCE_DIR) + "/worlds/" + name, d, seed);
}

/// The default world with its autopilot on the estimate, and the WAM-V's GNSS given the noise of
/// a single-band receiver (VRX's has none): 0.5 m horizontal, 1 m vertical, 5 cm/s.
std::string wamv_on_estimate() {
  std::string sdf(default_world_sdf());
  sdf = replaced(sdf, "<task>wayfinding</task>",
                 "<task>wayfinding</task><navigation>estimated</navigation>");
  return replaced(sdf, "<update_rate>20</update_rate>\n        </sensor>",
                  "<update_rate>20</update_rate><navsat><position_sensing>"
                  "<horizontal><noise type=\"gaussian\"><stddev>0.5</stddev></noise></horizontal>"
                  "<vertical><noise type=\"gaussian\"><stddev>1</stddev></noise></vertical>"
                  "</position_sensing><velocity_sensing>"
                  "<horizontal><noise type=\"gaussian\"><stddev>0.05</stddev></noise></horizontal>"
                  "<vertical><noise type=\"gaussian\"><stddev>0.05</stddev></noise></vertical>"
                  "</velocity_sensing></navsat>\n        </sensor>");
}

/// The p quantile of chi-square with k degrees of freedom (Wilson and Hilferty, within 0.5 % for
/// k > 30), z the standard normal's quantile.
double chi2_quantile(double k, double z) {
  const double c = 2.0 / (9.0 * k);
  return k * std::pow(1.0 - c + z * std::sqrt(c), 3);
}

struct NeesRecord {
  std::vector<std::vector<double>> runs;  ///< NEES of (p, v, theta) at each IMU sample, per seed
  double position_rms = 0.0;              ///< horizontal error [m], over all
  double heading_rms = 0.0;               ///< [rad]
};

/// Runs the world make(seed) gives for seeds 1..n to t_end and records the estimate's error from
/// t_from on.
NeesRecord record_nees(const std::function<Scenario(std::uint64_t)>& make, int n, double t_from,
                       double t_end) {
  NeesRecord rec;
  double p2 = 0.0, h2 = 0.0;
  std::size_t count = 0;
  for (int seed = 1; seed <= n; ++seed) {
    Simulation sim(make(static_cast<std::uint64_t>(seed)));
    const ControllerModel& c = sim.scenario().controllers.at(0);
    EXPECT_TRUE(c.navigator.has_value());
    std::vector<double> nees;
    while (sim.state().t < t_end) {
      const BodyState truth = sim.state().bodies[static_cast<std::size_t>(c.body)];
      const double t = sim.state().t;
      EXPECT_TRUE(sim.step().ok);
      const NavigationFilterState& f = sim.navigation_states()[0];
      if (f.t != t || t < t_from) continue;  // the navigator's estimate is of the step's start
      const Vec15 e = estimate_error(c.navigator->filter, f, truth);
      const Eigen::Matrix<double, 9, 1> e9 = e.head<9>();
      const Eigen::Matrix<double, 9, 9> P9 = f.P.topLeftCorner<9, 9>();
      nees.push_back(e9.dot(P9.ldlt().solve(e9)));
      p2 += e.head<2>().squaredNorm();
      h2 += e[kAttitudeError + 2] * e[kAttitudeError + 2];
      ++count;
    }
    rec.runs.push_back(nees);
  }
  rec.position_rms = std::sqrt(p2 / static_cast<double>(count));
  rec.heading_rms = std::sqrt(h2 / static_cast<double>(count));
  return rec;
}

/// Expects the mean NEES over the runs to lie in its two-sided 99 % chi-square band (9 n degrees
/// of freedom over n runs) at 90 % of the sample times at least, and its mean over them within
/// [0.75, 1.33] x 9; prints both, and the errors, under `name`.
void expect_consistent(const NeesRecord& rec, const char* name) {
  const auto n = static_cast<double>(rec.runs.size());
  const double lo = chi2_quantile(9.0 * n, -2.5758) / n, hi = chi2_quantile(9.0 * n, 2.5758) / n;
  std::size_t inside = 0, times = rec.runs[0].size();
  double sum = 0.0;
  for (std::size_t k = 0; k < times; ++k) {
    double at = 0.0;
    for (const auto& run : rec.runs)
      at += run.at(k) / n;
    inside += at >= lo && at <= hi;
    sum += at;
  }
  const double in_band = static_cast<double>(inside) / static_cast<double>(times);
  const double mean = sum / static_cast<double>(times);
  std::printf(
      "%s: NEES mean %.2f (9 expected), %.1f %% of %zu times in [%.2f, %.2f]; horizontal "
      "position error %.3f m rms, heading %.3f deg rms\n",
      name, mean, 100.0 * in_band, times, lo, hi, rec.position_rms, rec.heading_rms * 180.0 / M_PI);
  EXPECT_GT(in_band, 0.9) << name;
  EXPECT_GT(mean, 0.75 * 9.0) << name;
  EXPECT_LT(mean, 1.33 * 9.0) << name;
}

TEST(Navigator, TheWamvEstimateFromImuGnssAndCompassIsConsistent) {
  // Six seeds through the wayfinding course's hold, ready phase and first legs in its waves: at
  // each IMU sample, the mean over the seeds of the NEES of position, velocity and attitude is
  // chi-square with 54 degrees of freedom over 6 if the filter's covariance is right. A filter
  // twice too confident averages 18, twice too cautious 4.5.
  const std::string sdf = wamv_on_estimate();
  const NeesRecord rec = record_nees(
      [&](std::uint64_t seed) {
        Diagnostics d;
        return load_scenario_string(sdf, "default world", d, seed);
      },
      6, 2.0, 40.0);
  expect_consistent(rec, "WAM-V");
  EXPECT_LT(rec.position_rms, 0.2);  // GNSS at 0.5 m, smoothed by the IMU and GNSS velocity
}

TEST(Navigator, TheRexRovDeadReckonsOnItsDvlBetweenUsblFixesWithinItsCovariance) {
  // The inspection's four legs at 50 m on the estimate from the IMU (UUV Simulator's ADIS16448
  // figures), the DVL's bottom track at 7 Hz, the compass, the pressure sensor and the USBL's fix
  // every 2 s, here 0.3 m a axis (UUV's RPT has none) and the compass calibrated (UUV's 2 uT
  // turn-on bias would bias the heading by 7 degrees, which no filter of the compass alone sees).
  const auto make = [](std::uint64_t seed) {
    Scenario w = load_shipped("rexrov_inspection.sdf", seed);
    for (SensorModel& sensor : w.model.sensors) {
      if (auto* compass = std::get_if<MagnetometerModel>(&sensor.kind)) {
        for (NoiseModel& n : compass->noise)
          n.turn_on_mean = n.turn_on_sigma = 0.0;
      }
      if (auto* usbl = std::get_if<AcousticPositionModel>(&sensor.kind)) {
        for (NoiseModel& n : usbl->noise)
          n.white_stddev = 0.3;
      }
    }
    ControllerModel& pilot = w.controllers.at(0);
    pilot.navigator = make_navigator(w.model, pilot.body, pilot.model_name);
    // An ROV's smooth motion in calm water: half the default, the WAM-V's in waves.
    pilot.navigator->filter.unsampled_acceleration = 0.01;
    return w;
  };
  const NeesRecord rec = record_nees(make, 6, 2.0, 200.0);
  expect_consistent(rec, "RexROV");
  EXPECT_LT(rec.position_rms, 0.3);
}

std::string load_error(const std::string& sdf) {
  try {
    Diagnostics d;
    load_scenario_string(sdf, "test.sdf", d);
  } catch (const LoadError& e) {
    return e.what();
  }
  return "";
}

TEST(Navigator, TheSdfChoosesTheEstimateAndRefusesWhatCannotGiveOne) {
  const std::string wayfinding(default_world_sdf());
  const std::string autopilot = "<task>wayfinding</task>";
  Diagnostics d;
  EXPECT_FALSE(load_scenario_string(wayfinding, "w", d).controllers.at(0).navigator);
  const Scenario estimated = load_scenario_string(
      replaced(wayfinding, autopilot,
               autopilot + "<navigation>estimated</navigation>"
                           "<navigation_acceleration_noise>0.03</navigation_acceleration_noise>"),
      "w", d);
  const std::optional<NavigatorModel>& nav = estimated.controllers.at(0).navigator;
  ASSERT_TRUE(nav);
  EXPECT_EQ(nav->filter.unsampled_acceleration, 0.03);
  EXPECT_EQ(nav->aids.size(), 2u);  // the GNSS and the compass (the pinger is not an aid)

  const std::string bad =
      load_error(replaced(wayfinding, autopilot, autopilot + "<navigation>kalman</navigation>"));
  EXPECT_NE(bad.find("test.sdf:"), std::string::npos) << bad;
  EXPECT_NE(bad.find("'kalman'"), std::string::npos) << bad;
  EXPECT_NE(bad.find("truth"), std::string::npos) << bad;
  const std::string negative = load_error(
      replaced(wayfinding, autopilot,
               autopilot + "<navigation>estimated</navigation>"
                           "<navigation_acceleration_noise>-1</navigation_acceleration_noise>"));
  EXPECT_NE(negative.find("navigation_acceleration_noise"), std::string::npos) << negative;

  // USVSim's rudder boat has an IMU and a GNSS receiver but no compass.
  const Scenario boat = load_shipped("usvsim_rudder_boat_waypoints.sdf");
  const ControllerModel& pilot = boat.controllers.at(0);
  try {
    make_navigator(boat.model, pilot.body, pilot.model_name);
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("needs a magnetometer"), std::string::npos) << e.what();
  }
}

TEST(Navigator, TheCompassHeadingTurnedByTheDeclinationIsTheTrueBearing) {
  // The WAM-V's compass at Sydney (12.5 degrees east of north there in 2025): its magnetic
  // heading plus the navigator's declination is its x axis' bearing from W's y, within 4 sigma
  // of its noise.
  Diagnostics d;
  Simulation sim(load_scenario_string(wamv_on_estimate(), "w", d, 3));
  const NavigatorModel& nav = *sim.scenario().controllers.at(0).navigator;
  const NavigationAid& compass = nav.aids.at(1);
  const BodyState body = sim.state().bodies[static_cast<std::size_t>(nav.body)];
  ASSERT_TRUE(sim.step().ok);
  const auto& reading =
      std::get<MagnetometerReading>(sim.data().sensors.at(compass.sensor).reading);
  const Vec3 x_W = body.q_WB * compass.R_BM.col(0);
  EXPECT_NEAR(wrap_angle(reading.heading() + nav.declination - std::atan2(x_W.x(), x_W.y())), 0.0,
              4.0 * std::sqrt(compass.variance));
  EXPECT_GT(nav.declination, 0.2);  // east
}

TEST(Navigator, TheEstimateIsTheSameForTheSameSeedAndItsOwnForAnother) {
  const std::string sdf = wamv_on_estimate();
  const auto run = [&](std::uint64_t seed) {
    Diagnostics d;
    Simulation sim(load_scenario_string(sdf, "w", d, seed));
    for (int k = 0; k < 2000; ++k)
      EXPECT_TRUE(sim.step().ok);
    return sim.navigation_states().at(0);
  };
  const NavigationFilterState a = run(7);
  EXPECT_EQ(a, run(7));
  EXPECT_NE(a.p_WI, run(8).p_WI);
}

/// The score of the task of `w` at `seconds` with its controller on the truth and on the estimate.
void compare_scores(Scenario w, const std::string& name, double seconds) {
  double scores[2];
  for (int estimated = 0; estimated < 2; ++estimated) {
    ControllerModel& c = w.controllers.at(0);
    if (estimated) c.navigator = make_navigator(w.model, c.body, c.model_name);
    Simulation sim(w);
    while (sim.state().t < seconds)
      ASSERT_TRUE(sim.step().ok);
    ASSERT_GT(sim.task_states().at(0).running_steps, 0u);
    scores[estimated] = sim.task_states().at(0).score;
  }
  std::printf("%s: score on the truth %.4f, on the estimate %.4f\n", name.c_str(), scores[0],
              scores[1]);
  // The WAM-V's estimate is within centimetres (above): the score moves by as little.
  EXPECT_NEAR(scores[1], scores[0], 0.1);
}

TEST(NavigatorScores, VrxStationKeepingAndWayfindingOnTheEstimateBesideTheTruth) {
  compare_scores(load_shipped("vrx_station_keeping.sdf"), "vrx_station_keeping", 320.0);
  Diagnostics d;
  compare_scores(load_scenario_string(std::string(default_world_sdf()), "default", d), "default",
                 140.0);
}

}  // namespace
}  // namespace leeway
