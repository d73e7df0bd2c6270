#include "leeway/core/geo.h"

#include <GeographicLib/LocalCartesian.hpp>
#include <GeographicLib/UTMUPS.hpp>
#include <stdexcept>
#include <vector>

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

Geodetic W_to_geodetic(const Geodetic& origin, const Vec3& p_W, Mat3& R_WE) {
  const GeographicLib::LocalCartesian enu(origin.latitude_deg, origin.longitude_deg,
                                          origin.altitude_m);
  Geodetic g;
  std::vector<double> M(9);  // row-major, from the point's ENU to the origin's
  enu.Reverse(p_W.x(), p_W.y(), p_W.z(), g.latitude_deg, g.longitude_deg, g.altitude_m, M);
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c)
      R_WE(r, c) = M[static_cast<std::size_t>(3 * r + c)];
  }
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
