#include "leeway/env/field_placement.h"

#include <gtest/gtest.h>

#include <cmath>

namespace leeway {
namespace {

TEST(FieldPlacement, LocalOffsetIsATranslation) {
  const FieldPlacement p = local_placement(Vec3(100.0, -50.0, -2.0));
  EXPECT_EQ(W_to_field(p, Vec3(103.0, -40.0, -5.0)), Vec3(3.0, 10.0, -3.0));
  EXPECT_EQ(field_to_W(p, Vec3(3.0, 10.0, -3.0)), Vec3(103.0, -40.0, -5.0));
  EXPECT_EQ(field_vector_to_W(p, Vec3(0.1, 0.2, 0.3)), Vec3(0.1, 0.2, 0.3));
}

/// Affine map against the exact one over a grid of interior points of a file's extent.
double worst_interior_error(const Geodetic& origin, const FieldCrs& crs,
                            const std::vector<Eigen::Vector2d>& corners, const GeoPlacement& g) {
  double worst = 0.0;
  for (double s : {0.0, 0.25, 0.5, 0.75, 1.0})
    for (double r : {0.0, 0.3, 0.7, 1.0}) {
      const Eigen::Vector2d f =
          corners[0] + s * (corners[1] - corners[0]) + r * (corners[3] - corners[0]);
      Geodetic geo;
      if (crs.kind == FieldCrs::Kind::kUtm) {
        geo = utm_to_geodetic(crs.utm, f.x(), f.y());
      } else {
        geo = {f.y(), f.x(), 0.0};
      }
      const Vec3 exact = geodetic_to_W(origin, geo);
      const Vec3 affine = field_to_W(g.placement, Vec3(f.x(), f.y(), 0.0));
      worst = std::max(worst, (affine - exact).head<2>().norm());
    }
  return worst;
}

TEST(FieldPlacement, UtmGridOfFiveKilometresIsPlacedToCentimetres) {
  // A 5 km x 4 km grid in UTM 22S (Porto Alegre, USVSim's river), the world origin inside it.
  const Geodetic origin{-30.03, -51.23, 0.0};
  const FieldCrs crs{FieldCrs::Kind::kUtm, {22, false}};
  const Eigen::Vector2d o = geodetic_to_utm(crs.utm, origin);
  const std::vector<Eigen::Vector2d> corners = {
      o + Eigen::Vector2d(-2000, -1500), o + Eigen::Vector2d(3000, -1500),
      o + Eigen::Vector2d(3000, 2500), o + Eigen::Vector2d(-2000, 2500)};
  const GeoPlacement g = geo_placement(origin, crs, corners);
  EXPECT_LT(g.max_error_m, 0.005);
  EXPECT_LE(worst_interior_error(origin, crs, corners, g), g.max_error_m + 1e-9);
  // The world origin maps to its own UTM coordinates.
  EXPECT_LT((W_to_field(g.placement, Vec3::Zero()).head<2>() - o).norm(), 0.005);
  // UTM scale: a metre of W is 0.9996 to 1.0004 m of grid, and the grid is rotated by the
  // meridian convergence, about (lon - lon0) sin(lat) = (-51.23 + 51) sin(-30.03) deg.
  const double scale = std::sqrt(std::abs(g.placement.J_FW.determinant()));
  EXPECT_NEAR(scale, 0.9996, 4e-4);
  const double grid_east_angle = std::atan2(g.placement.R_WF(1, 0), g.placement.R_WF(0, 0));
  // Convergence is the angle from true north to grid north, clockwise: grid east sits that much
  // clockwise of W's east.
  const double convergence = (-51.23 + 51.0) * std::sin(-30.03 * M_PI / 180.0) * M_PI / 180.0;
  EXPECT_NEAR(grid_east_angle, -convergence, 1e-4);
}

TEST(FieldPlacement, LonLatGridAcrossTheDateLine) {
  // A 0..360 longitude grid around 180 E, the world origin at 179.99 W: the map must continue
  // across the seam rather than jump 360 degrees.
  const Geodetic origin{-17.0, -179.99, 0.0};
  const FieldCrs crs{FieldCrs::Kind::kLonLat, {}};
  const std::vector<Eigen::Vector2d> corners = {
      {179.95, -17.05}, {180.05, -17.05}, {180.05, -16.95}, {179.95, -16.95}};
  const GeoPlacement g = geo_placement(origin, crs, corners);
  EXPECT_LT(g.max_error_m, 0.01);  // an 11 km x 11 km cell of an ocean model
  const Vec3 at_origin = W_to_field(g.placement, Vec3::Zero());
  EXPECT_NEAR(at_origin.x(), 180.01, 1e-7);
  EXPECT_NEAR(at_origin.y(), -17.0, 1e-7);
  EXPECT_LE(worst_interior_error(origin, crs, corners, g), g.max_error_m + 1e-9);
}

TEST(FieldPlacement, LargeFilesReportTheirError) {
  // 2 x 2 degrees: too large for one expansion; the error is reported, not hidden.
  const GeoPlacement g =
      geo_placement({45.0, 10.0, 0.0}, {FieldCrs::Kind::kLonLat, {}},
                    std::vector<Eigen::Vector2d>{{9, 44}, {11, 44}, {11, 46}, {9, 46}});
  EXPECT_GT(g.max_error_m, 10.0);
  EXPECT_THROW(geo_placement({45.0, 10.0, 0.0}, {FieldCrs::Kind::kLonLat, {}},
                             std::vector<Eigen::Vector2d>{{9, 44}, {11, 95}}),
               std::invalid_argument);
}

}  // namespace
}  // namespace leeway
