// Where W sits on the Earth, and the conversions between W and the coordinates that field files
// and mission goals use: geodetic latitude/longitude on WGS-84 and UTM.
//
// W is the east-north-up tangent frame (ENU) at a geodetic origin, the world's
// <spherical_coordinates>: x east, y north, z up along the ellipsoid normal, in metres. The
// conversions are exact (GeographicLib's LocalCartesian and UTMUPS), so a point 10 km from the
// origin lies where a GNSS receiver would put it, Earth curvature included.
#pragma once

#include "leeway/core/spatial.h"

namespace leeway {

struct Geodetic {
  double latitude_deg = 0.0;   ///< WGS-84, north positive [deg]
  double longitude_deg = 0.0;  ///< east positive [deg]
  double altitude_m = 0.0;     ///< above the ellipsoid [m]
};

/// A UTM zone: 1 to 60, and the hemisphere (northings in the south carry the 10,000 km offset).
struct UtmZone {
  int zone = 0;
  bool north = true;
};

/// The W position of a geodetic point, W being ENU at `origin` [m].
Vec3 geodetic_to_W(const Geodetic& origin, const Geodetic& point);

/// The geodetic position of p_W.
Geodetic W_to_geodetic(const Geodetic& origin, const Vec3& p_W);

/// The same, with R_WE: the rotation from the east-north-up frame at the point to W (they part by
/// the Earth's curvature, about 1.6e-4 rad a kilometre).
Geodetic W_to_geodetic(const Geodetic& origin, const Vec3& p_W, Mat3& R_WE);

/// The geodetic point at UTM (easting, northing) [m] in `zone` (forced: no zone change at the
/// zone's edge, as a survey in one zone expects). Throws std::invalid_argument when the zone is
/// not 1..60 or the point is not on the Earth.
Geodetic utm_to_geodetic(const UtmZone& zone, double easting, double northing);

/// The UTM (easting, northing) [m] of a geodetic point, in `zone` (forced).
Eigen::Vector2d geodetic_to_utm(const UtmZone& zone, const Geodetic& point);

}  // namespace leeway
