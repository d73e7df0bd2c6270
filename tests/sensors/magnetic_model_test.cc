// The World Magnetic Model 2025 (sensors/magnetic_model.h) against the model's published test
// values (NOAA's WMM2025 report: north, east and down components at epoch 2025.0, at sea level
// on the ellipsoid, to its 0.1 nT).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "leeway/sensors/magnetic_model.h"

namespace leeway {
namespace {

TEST(MagneticModel, Wmm2025ReproducesItsTestValues) {
  struct Case {
    double latitude, longitude;
    Vec3 B_ned;  // [nT]
  };
  for (const Case& c :
       {Case{80, 0, {6521.6, 145.9, 54791.5}}, Case{0, 120, {39677.8, -109.6, -10580.2}},
        Case{-80, 240, {6117.5, 15751.9, -52022.5}}}) {
    const Vec3 B = magnetic_field_ned(wmm2025(), {c.latitude, c.longitude, 0.0}, 2025.0);
    EXPECT_LT((B - c.B_ned).cwiseAbs().maxCoeff(), 0.1)
        << c.latitude << " " << c.longitude << ": " << B.transpose();
  }
}

TEST(MagneticModel, AnIndependentImplementationAgreesWithinTenNanotesla) {
  // MathWorks' wrldmagm (Aerospace Toolbox) with WMM2025, its documented example: 1000 m over
  // Natick, Massachusetts (42.283 N, 71.35 W) on 4 July 2028 (decyear 2028 + 185/366) gives
  // X, Y, Z = 2.0139e4, -0.4905e4, 4.6532e4 nT (to its printed 5 figures, +-5 nT), H 20727 nT,
  // F 50940 nT, declination -13.6891 deg, inclination 65.9899 deg.
  const Vec3 B = magnetic_field_ned(wmm2025(), {42.283, -71.35, 1000.0}, 2028.0 + 185.0 / 366.0);
  EXPECT_NEAR(B.x(), 20139.0, 10.0);
  EXPECT_NEAR(B.y(), -4905.0, 10.0);
  EXPECT_NEAR(B.z(), 46532.0, 10.0);
  EXPECT_NEAR(B.head<2>().norm(), 20727.0, 10.0);
  EXPECT_NEAR(B.norm(), 50940.0, 10.0);
  EXPECT_NEAR(std::atan2(B.y(), B.x()) * 180.0 / std::numbers::pi, -13.6891, 1e-3);
  EXPECT_NEAR(std::atan2(B.z(), B.head<2>().norm()) * 180.0 / std::numbers::pi, 65.9899, 1e-3);
}

TEST(MagneticModel, BadCoefficientFilesAreRefused) {
  EXPECT_THROW(parse_wmm_cof(""), std::invalid_argument);
  EXPECT_THROW(parse_wmm_cof("2025.0 WMM\n 13 0 1 2 3 4\n"), std::invalid_argument);
  EXPECT_THROW(parse_wmm_cof("2025.0 WMM\n 1 0 x\n"), std::invalid_argument);
  const MagneticModel m = parse_wmm_cof("2025.0 WMM\n  1  0 -29351.8 0 12.0 0\n9999\n");
  EXPECT_EQ(m.epoch, 2025.0);
  EXPECT_EQ(m.g[1], -29351.8);
}

TEST(MagneticModel, TheFieldChangesByLessThanAThirdOfANanoteslaOverTenMetres) {
  // Why a magnetometer evaluates the model again only 10 m from where it last did (sensor.h):
  // at the poles, the equator and mid-latitudes, 10 m north, east or up moves the field by less
  // than 0.3 nT (its gradient is about 3 |B| / r, 0.03 nT/m), far within the model's own error.
  for (const Geodetic g : {Geodetic{80.0, 10.0, 0.0}, Geodetic{0.0, -60.0, 0.0},
                           Geodetic{-33.7, 151.2, 0.0}, Geodetic{56.7, 3.5, -100.0}}) {
    const Vec3 B = magnetic_field_ned(wmm2025(), g, 2026.0);
    const double north = 10.0 / 111000.0,
                 east = north / std::cos(g.latitude_deg * std::numbers::pi / 180.0);
    for (const Geodetic moved : {Geodetic{g.latitude_deg + north, g.longitude_deg, g.altitude_m},
                                 Geodetic{g.latitude_deg, g.longitude_deg + east, g.altitude_m},
                                 Geodetic{g.latitude_deg, g.longitude_deg, g.altitude_m + 10.0}})
      EXPECT_LT((magnetic_field_ned(wmm2025(), moved, 2026.0) - B).norm(), 0.3);
  }
}

}  // namespace
}  // namespace leeway
