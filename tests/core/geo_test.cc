#include "leeway/core/geo.h"

#include <gtest/gtest.h>
#include <GeographicLib/LocalCartesian.hpp>

#include <cmath>
#include <numbers>
#include <vector>

namespace leeway {
namespace {

// WGS-84 and closed forms to check GeographicLib's maps against.
constexpr double kA = 6378137.0;
constexpr double kF = 1.0 / 298.257223563;
const double kE2 = kF * (2.0 - kF);

double deg(double d) {
  return d * std::numbers::pi / 180.0;
}

/// Meridian arc length from the equator to latitude phi (Helmert's series, error below 0.1 mm).
double meridian_arc(double phi) {
  const double e2 = kE2, e4 = e2 * e2, e6 = e4 * e2;
  return kA * ((1 - e2 / 4 - 3 * e4 / 64 - 5 * e6 / 256) * phi -
               (3 * e2 / 8 + 3 * e4 / 32 + 45 * e6 / 1024) * std::sin(2 * phi) +
               (15 * e4 / 256 + 45 * e6 / 1024) * std::sin(4 * phi) -
               (35 * e6 / 3072) * std::sin(6 * phi));
}

TEST(Geo, EnuEastAlongTheParallelIsTheChordOfItsCircle) {
  // A point on the origin's parallel, dlon east: its east coordinate is exactly r sin(dlon), with
  // r = N(phi) cos(phi) the parallel's radius (the ECEF difference projected on the origin's east).
  const Geodetic origin{52.0, 4.0, 0.0};
  const double dlon = 0.02;
  const Vec3 p = geodetic_to_W(origin, {52.0, 4.0 + dlon, 0.0});
  const double phi = deg(52.0);
  const double n = kA / std::sqrt(1.0 - kE2 * std::sin(phi) * std::sin(phi));
  EXPECT_NEAR(p.x(), n * std::cos(phi) * std::sin(deg(dlon)), 1e-6);
}

TEST(Geo, EnuNorthFollowsTheMeridianArc) {
  // 0.01 degree north (1.1 km): the tangent-plane north coordinate and the meridian arc differ
  // by the chord's shortening, L^3 / (6 R^2), about 6 micrometres.
  const Geodetic origin{-33.0, 151.0, 0.0};
  const Vec3 p = geodetic_to_W(origin, {-32.99, 151.0, 0.0});
  EXPECT_NEAR(p.y(), meridian_arc(deg(-32.99)) - meridian_arc(deg(-33.0)), 1e-4);
  EXPECT_NEAR(p.x(), 0.0, 1e-9);
  EXPECT_LT(p.z(), 0.0);  // the Earth curves away below the tangent plane
}

TEST(Geo, RoundTripsAreExact) {
  const Geodetic origin{43.7, -79.4, 75.0};
  for (const Vec3& p_W : {Vec3(0, 0, 0), Vec3(1234.5, -678.9, -3.0), Vec3(-9000, 12000, 40)}) {
    const Vec3 back = geodetic_to_W(origin, W_to_geodetic(origin, p_W));
    EXPECT_LT((back - p_W).norm(), 1e-8) << p_W.transpose();
  }
  const UtmZone zone{17, true};
  const Geodetic g{43.65, -79.38, 0.0};
  const Eigen::Vector2d en = geodetic_to_utm(zone, g);
  const Geodetic back = utm_to_geodetic(zone, en.x(), en.y());
  EXPECT_NEAR(back.latitude_deg, g.latitude_deg, 1e-11);
  EXPECT_NEAR(back.longitude_deg, g.longitude_deg, 1e-11);
}

TEST(Geo, TheEastNorthUpAxesAtAPointAreGeographicLibsRotation) {
  // R_WE against LocalCartesian's own matrix (an independent computation), and the closed form
  // of a point due east on the equator: its up axis is turned by its longitude about north.
  const Geodetic origin{-33.7, 150.7, 12.0};
  const GeographicLib::LocalCartesian enu(origin.latitude_deg, origin.longitude_deg,
                                          origin.altitude_m);
  for (const Vec3& p : {Vec3(5000, -3000, 20), Vec3(-40000, 70000, -100), Vec3(1, 2, 3)}) {
    Mat3 R_WE;
    const Geodetic g = W_to_geodetic(origin, p, R_WE);
    double lat, lon, h;
    std::vector<double> M(9);
    enu.Reverse(p.x(), p.y(), p.z(), lat, lon, h, M);
    EXPECT_EQ(g.latitude_deg, lat);
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c)
        EXPECT_NEAR(R_WE(r, c), M[static_cast<std::size_t>(3 * r + c)], 1e-14);
  }
  Mat3 R_WE;
  const Geodetic equator{0.0, 0.0, 0.0};
  const Geodetic g = W_to_geodetic(equator, Vec3(100000, 0, 0), R_WE);
  const double lambda = g.longitude_deg * std::numbers::pi / 180.0;
  EXPECT_LT((R_WE.col(2) - Vec3(std::sin(lambda), 0, std::cos(lambda))).norm(), 1e-14);
}

TEST(Geo, UtmOnTheCentralMeridianIsTheScaledMeridianArc) {
  // On a zone's central meridian the easting is the false easting and the northing is
  // k0 times the meridian arc (plus the false northing in the south).
  const double k0 = 0.9996;
  const Eigen::Vector2d north = geodetic_to_utm({31, true}, {45.0, 3.0, 0.0});
  EXPECT_NEAR(north.x(), 500000.0, 1e-6);
  EXPECT_NEAR(north.y(), k0 * meridian_arc(deg(45.0)), 1e-3);
  const Eigen::Vector2d south = geodetic_to_utm({31, false}, {-20.0, 3.0, 0.0});
  EXPECT_NEAR(south.y(), 10'000'000.0 - k0 * meridian_arc(deg(20.0)), 1e-3);
  // The hemisphere asked for wins over the latitude's.
  const Eigen::Vector2d forced = geodetic_to_utm({31, false}, {1.0, 3.0, 0.0});
  EXPECT_NEAR(forced.y(), 10'000'000.0 + k0 * meridian_arc(deg(1.0)), 1e-3);
}

TEST(Geo, BadUtmZonesAreRejected) {
  EXPECT_THROW(utm_to_geodetic({0, true}, 500000, 0), std::invalid_argument);
  EXPECT_THROW(utm_to_geodetic({61, true}, 500000, 0), std::invalid_argument);
  EXPECT_THROW(utm_to_geodetic({31, true}, 500000, 1e9), std::invalid_argument);
}

}  // namespace
}  // namespace leeway
