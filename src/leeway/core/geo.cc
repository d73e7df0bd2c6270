#include "leeway/core/geo.h"

#include <GeographicLib/LocalCartesian.hpp>
#include <GeographicLib/UTMUPS.hpp>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace leeway {

Vec3 geodetic_to_W(const Geodetic& origin, const Geodetic& point) {
  const GeographicLib::LocalCartesian enu(origin.latitude_deg, origin.longitude_deg,
                                          origin.altitude_m);
  Vec3 p;
  enu.Forward(point.latitude_deg, point.longitude_deg, point.altitude_m, p.x(), p.y(), p.z());
  return p;
}

Geodetic W_to_geodetic(const Geodetic& origin, const Vec3& p_W) {
  const GeographicLib::LocalCartesian enu(origin.latitude_deg, origin.longitude_deg,
                                          origin.altitude_m);
  Geodetic g;
  enu.Reverse(p_W.x(), p_W.y(), p_W.z(), g.latitude_deg, g.longitude_deg, g.altitude_m);
  return g;
}

namespace {

/// The east-north-up axes at geodetic (latitude, longitude) as columns in Earth-centred,
/// Earth-fixed axes.
Mat3 R_ecef_enu(double latitude_deg, double longitude_deg) {
  constexpr double kDeg = 3.14159265358979323846 / 180.0;
  const double sp = std::sin(latitude_deg * kDeg), cp = std::cos(latitude_deg * kDeg);
  const double sl = std::sin(longitude_deg * kDeg), cl = std::cos(longitude_deg * kDeg);
  Mat3 R;
  R << -sl, -sp * cl, cp * cl,  //
      cl, -sp * sl, cp * sl,    //
      0.0, cp, sp;
  return R;
}

}  // namespace

Geodetic W_to_geodetic(const Geodetic& origin, const Vec3& p_W, Mat3& R_WE) {
  const Geodetic g = W_to_geodetic(origin, p_W);
  // W is the ENU frame at the origin: both frames through the Earth-fixed axes. (Computed here
  // rather than by LocalCartesian's matrix output, which takes a heap-allocated vector.)
  R_WE = R_ecef_enu(origin.latitude_deg, origin.longitude_deg).transpose() *
         R_ecef_enu(g.latitude_deg, g.longitude_deg);
  return g;
}

Geodetic utm_to_geodetic(const UtmZone& zone, double easting, double northing) {
  if (zone.zone < 1 || zone.zone > 60) {
    throw std::invalid_argument(fmt::format("UTM zone {} is not 1 to 60", zone.zone));
  }
  Geodetic g;
  try {
    GeographicLib::UTMUPS::Reverse(zone.zone, zone.north, easting, northing, g.latitude_deg,
                                   g.longitude_deg);
  } catch (const GeographicLib::GeographicErr& e) {
    throw std::invalid_argument(fmt::format("UTM ({} m E, {} m N) in zone {}{}: {}", easting,
                                            northing, zone.zone, zone.north ? "N" : "S", e.what()));
  }
  return g;
}

Eigen::Vector2d geodetic_to_utm(const UtmZone& zone, const Geodetic& point) {
  int zone_out = 0;
  bool north_out = true;
  Eigen::Vector2d en;
  GeographicLib::UTMUPS::Forward(point.latitude_deg, point.longitude_deg, zone_out, north_out,
                                 en.x(), en.y(), zone.zone);
  if (north_out != zone.north) {
    // Forward picks the hemisphere from the latitude; express the northing in the requested one.
    en.y() += zone.north ? -10'000'000.0 : 10'000'000.0;
  }
  return en;
}

}  // namespace leeway
