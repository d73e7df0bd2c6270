// The World Magnetic Model 2025 (sensors/magnetic_model.h) against the model's published test
// values (NOAA's WMM2025 report: north, east and down components at epoch 2025.0, at sea level
// on the ellipsoid, to its 0.1 nT).
#include <gtest/gtest.h>

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

TEST(MagneticModel, BadCoefficientFilesAreRefused) {
  EXPECT_THROW(parse_wmm_cof(""), std::invalid_argument);
  EXPECT_THROW(parse_wmm_cof("2025.0 WMM\n 13 0 1 2 3 4\n"), std::invalid_argument);
  EXPECT_THROW(parse_wmm_cof("2025.0 WMM\n 1 0 x\n"), std::invalid_argument);
  const MagneticModel m = parse_wmm_cof("2025.0 WMM\n  1  0 -29351.8 0 12.0 0\n9999\n");
  EXPECT_EQ(m.epoch, 2025.0);
  EXPECT_EQ(m.g[1], -29351.8);
}

}  // namespace
}  // namespace leeway
