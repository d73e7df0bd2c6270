// The sail: the sheet's swing limit from the law of cosines, a free sail weathervaning with no
// moment about its mast, a sheeted sail held to leeward with the wind pushing it further out,
// and the centre of pressure carried round the mast.
#include "leeway/hydro/sail.h"

#include <gtest/gtest.h>

#include <cmath>

namespace leeway {
namespace {

Sail test_sail() {
  Sail s;
  s.p_BoM_B = Vec3(0.2, 0, 0);
  s.boom_block = 0.6;
  s.deck_block = 0.4;
  s.foil.p_BoP_B = Vec3(-0.1, 0, 0.8);  // 0.3 m aft of the mast
  s.foil.area = 1.0;
  s.foil.coefficients = WingFoil{};
  return s;
}

/// The moment of the sail's load about the mast's hinge axis.
double hinge_moment(const Sail& s, const SailLoad& load) {
  const Vec3 f = linear(load.F_Bo_B), m_Bo = angular(load.F_Bo_B);
  return (m_Bo - s.p_BoM_B.cross(f)).dot(s.foil.span_B);
}

TEST(Sail, SheetLengthSetsTheSwingByTheLawOfCosines) {
  const Sail s = test_sail();
  const double a = 0.4, b = 0.6;
  for (const double delta : {0.1, 0.5, 1.0, 1.5, 2.5}) {
    const double L = std::sqrt(a * a + b * b - 2 * a * b * std::cos(delta));
    EXPECT_NEAR(sail_swing_limit(s, L), delta, 1e-12) << delta;
  }
  EXPECT_EQ(sail_swing_limit(s, 0.1), 0.0);           // shorter than |a - b|: hard in
  EXPECT_NEAR(sail_swing_limit(s, 1.5), kPi, 1e-15);  // longer than a + b: let fly
}

TEST(Sail, LetFlyItWeathervanesWithNoMomentAboutTheMast) {
  const Sail s = test_sail();
  const Vec6 still = Vec6::Zero();
  for (const double from : {0.4, 1.2, 2.0, -0.8, -2.6}) {
    // Air coming from `from` off the bow (towards -that direction), at 5 m/s.
    const Vec3 wind = -5.0 * Vec3(std::cos(from), std::sin(from), 0);
    const SailLoad load = sail_load(s, 10.0, still, wind, 1.225);
    EXPECT_NEAR(load.foil.alpha, 0.0, 1e-12) << from;
    // The chord points to the luff, into the wind: the swing is the wind's angle off the bow.
    EXPECT_NEAR(load.swing, from, 1e-12) << from;
    // Luffing: only the zero-lift drag, along the wind.
    const double q = 0.5 * 1.225 * 25.0;
    EXPECT_NEAR(linear(load.F_Bo_B).norm(), q * 0.05, 1e-9) << from;
    EXPECT_NEAR(hinge_moment(s, load), 0.0, 1e-9) << from;
  }
}

TEST(Sail, SheetedItHoldsToLeewardAndTheWindPullsOnTheSheet) {
  const Sail s = test_sail();
  const double limit = 0.5;
  const double L = std::sqrt(0.16 + 0.36 - 0.48 * std::cos(limit));
  for (const double from : {1.0, 1.6, 2.4, -1.0, -1.6, -2.4}) {
    const Vec3 wind = -5.0 * Vec3(std::cos(from), std::sin(from), 0);
    const SailLoad load = sail_load(s, L, Vec6::Zero(), wind, 1.225);
    // The luff turns towards the wind and the boom goes out on the side away from it, as far as
    // the sheet lets it.
    EXPECT_NEAR(load.swing, from > 0 ? limit : -limit, 1e-12) << from;
    EXPECT_NEAR(load.foil.alpha, from - load.swing, 1e-12) << from;
    // The wind's moment about the mast would swing the boom further out: the sheet is taut.
    EXPECT_GT(hinge_moment(s, load) * load.swing, 0.0) << from;
    // The centre of pressure went round the mast with the boom.
    const Vec3 p =
        s.p_BoM_B + Eigen::AngleAxisd(load.swing, Vec3::UnitZ()) * (s.foil.p_BoP_B - s.p_BoM_B);
    EXPECT_NEAR((angular(load.F_Bo_B) - p.cross(linear(load.F_Bo_B))).norm(), 0.0, 1e-9);
  }
}

TEST(Sail, TheBoatsOwnMotionMakesTheApparentWind) {
  // Moving ahead at 3 m/s in still air is a 3 m/s wind from ahead: the sail luffs along the
  // centreline whatever the sheet, and only its drag holds the boat back.
  const Sail s = test_sail();
  const Vec6 nu = stack(Vec3(3, 0, 0), Vec3::Zero());
  const SailLoad load = sail_load(s, 0.3, nu, Vec3::Zero(), 1.225);
  EXPECT_NEAR(load.swing, 0.0, 1e-12);
  EXPECT_NEAR(load.F_Bo_B[0], -0.5 * 1.225 * 9.0 * 0.05, 1e-12);
  EXPECT_NEAR(load.F_Bo_B[1], 0.0, 1e-12);
}

}  // namespace
}  // namespace leeway
