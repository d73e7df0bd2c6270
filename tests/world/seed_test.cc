// One owner for the seed: a world's seed (Model::seed) draws its waves and Harris gust at load and
// starts the State's random streams; reseeding (reseed(), Simulation::reset(seed)) redraws all of
// them, so a world plus a seed is one run whichever way the seed was given.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "leeway/sdf/default_world.h"
#include "leeway/sdf/load_world.h"
#include "leeway/sim/simulation.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

/// A sea, a Harris-gusted wind and a Gauss-Markov current: everything a seed draws, but the
/// first-order gust (which the default world has).
std::string random_world(const std::string& waves_extra = "") {
  return testing::world_sdf("",
                            R"(
    <plugin filename="leeway-environment" name="leeway::Environment">
      <wind><speed>8</speed><gust><type>harris</type><components>64</components></gust></wind>
      <current_process>
        <speed><mean>0.3</mean><sigma>0.1</sigma><tau>20</tau><min>0</min><max>0.6</max></speed>
      </current_process>
      <waves><significant_height>1</significant_height><peak_period>6</peak_period>
        <components>32</components>)" +
                                waves_extra + R"(</waves>
    </plugin>)",
                            "0 0 -9.81");
}

Model load_random_world(std::uint64_t seed, const std::string& waves_extra = "") {
  Diagnostics d;
  return load_world_string(random_world(waves_extra), "random.sdf", d, seed);
}

Scenario load_default_world(std::uint64_t seed) {
  Diagnostics d;
  return load_scenario_string(std::string(default_world_sdf()), "default.sdf", d, seed);
}

bool same_waves(const Environment& a, const Environment& b) {
  const WaveField &x = *a.waves, &y = *b.waves;
  return x.amplitude == y.amplitude && x.omega == y.omega && x.k == y.k && x.kx == y.kx &&
         x.ky == y.ky && x.phase == y.phase && x.qa_dx == y.qa_dx && x.qa_dy == y.qa_dy;
}

bool same_gust(const Environment& a, const Environment& b) {
  return a.wind.harris_amplitude == b.wind.harris_amplitude &&
         a.wind.harris_omega == b.wind.harris_omega && a.wind.harris_phase == b.wind.harris_phase;
}

/// The state after `steps` steps of `sim` (no inputs).
State run_steps(Simulation& sim, std::uint64_t steps) {
  for (std::uint64_t i = 0; i < steps; ++i) {
    const StepResult r = sim.step();
    EXPECT_TRUE(r.ok) << r.error;
  }
  return sim.state();
}

TEST(Seed, TwoSeedsDrawOtherWavesGustsAndCurrents) {
  const Model a = load_random_world(1), b = load_random_world(2);
  EXPECT_EQ(a.seed, 1u);
  EXPECT_EQ(b.seed, 2u);
  ASSERT_TRUE(a.environment.waves && b.environment.waves);
  EXPECT_FALSE(same_waves(a.environment, b.environment));
  EXPECT_FALSE(same_gust(a.environment, b.environment));
  // Both seeds draw the same sea state: the amplitudes are sqrt(2 m0 / N) whatever the seed
  // (sea_state.h), so Hs = 4 sqrt(sum A_i^2 / 2) is 1 m in both; what differs is where the waves
  // are at a given place and time.
  for (const Model* m : {&a, &b}) {
    double sum = 0.0;
    for (std::size_t i = 0; i < m->environment.waves->count; ++i)
      sum += std::pow(m->environment.waves->amplitude[i], 2) / 2.0;
    EXPECT_NEAR(4.0 * std::sqrt(sum), 1.0, 1e-12);
  }
  EXPECT_GT(std::abs(elevation(*a.environment.waves, 10, 20, 30) -
                     elevation(*b.environment.waves, 10, 20, 30)),
            1e-3);
  EXPECT_GT(std::abs(harris_gust(a.environment.wind, 30) - harris_gust(b.environment.wind, 30)),
            1e-3);
  Simulation sa(a), sb(b);
  const State after_a = run_steps(sa, 500), after_b = run_steps(sb, 500);
  EXPECT_NE(after_a.environment.current_speed, after_b.environment.current_speed);

  // The first-order gust and, through the waves and the wind, the WAM-V of the default world
  // (released from its platform at 5 s).
  Simulation da(load_default_world(1)), db(load_default_world(2));
  const State wamv_a = run_steps(da, 1500), wamv_b = run_steps(db, 1500);
  ASSERT_GT(wamv_a.t, 5.0);
  EXPECT_NE(wamv_a.environment.gust_speed, wamv_b.environment.gust_speed);
  EXPECT_NE(wamv_a.bodies[0].p_WB, wamv_b.bodies[0].p_WB);
}

TEST(Seed, OneSeedGivesTheSameBitsAtLoadOrAtReset) {
  for (const auto load : {&load_default_world, +[](std::uint64_t s) {
                            return Scenario{load_random_world(s), {}, {}, {}};
                          }}) {
    Simulation at_load(load(5));
    const State expected = run_steps(at_load, 1500);

    Simulation at_reset(load(9));
    run_steps(at_reset, 100);  // a run with the other seed first
    at_reset.reset(5);
    EXPECT_EQ(at_reset.model().seed, 5u);
    EXPECT_TRUE(same_waves(at_reset.model().environment, at_load.model().environment));
    EXPECT_TRUE(same_gust(at_reset.model().environment, at_load.model().environment));
    EXPECT_EQ(run_steps(at_reset, 1500), expected);

    Model reseeded = load(9).model;
    reseed(reseeded, 5);
    EXPECT_EQ(make_initial_state(reseeded), make_initial_state(at_load.model()));
    EXPECT_TRUE(same_waves(reseeded.environment, at_load.model().environment));
  }
}

TEST(Seed, ASeaWithItsOwnSeedKeepsItsWavesWhateverTheWorldsSeed) {
  const Model a = load_random_world(1, "<seed>42</seed>");
  Model b = load_random_world(2, "<seed>42</seed>");
  EXPECT_TRUE(same_waves(a.environment, b.environment));
  EXPECT_FALSE(same_gust(a.environment, b.environment));  // the gust still follows the world
  reseed(b, 3);
  EXPECT_TRUE(same_waves(a.environment, b.environment));
  EXPECT_TRUE(same_waves(a.environment, load_random_world(0, "<seed>42</seed>").environment));
}

TEST(Seed, ASnapshotOfAnotherSeedIsRefusedAndTheStateKept) {
  Simulation sim(load_random_world(1));
  run_steps(sim, 10);
  const Snapshot snapshot = sim.snapshot();
  sim.reset(2);
  const State before = run_steps(sim, 20);
  try {
    sim.restore(snapshot);
    ADD_FAILURE() << "restored a snapshot of seed 1 into a world drawn with seed 2";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("seed 1"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("seed 2"), std::string::npos) << e.what();
  }
  EXPECT_EQ(sim.state(), before);
  sim.reset(1);
  sim.restore(snapshot);  // the same seed again: accepted
  EXPECT_EQ(sim.state(), snapshot.state);
}

}  // namespace
}  // namespace leeway
