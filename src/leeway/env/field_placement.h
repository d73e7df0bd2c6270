// Where a field file's coordinates sit in W, and how its vectors turn into W.
//
// A file uses its own horizontal coordinates F: local metres (a CSV export, a HEC-RAS model in a
// local datum), UTM easting/northing, or longitude/latitude in degrees (a CF NetCDF ocean model).
// Leeway maps W to F by a quadratic map, with d = p_W.xy - centre_W,
//     p_F.xy = centre_F + J d + 1/2 (d' H_x d, d' H_y d),      p_F.z = p_W.z - z_offset_W,
// exact for local coordinates (J = I, H = 0) and, for geo-referenced files, the second-order
// Taylor expansion of the exact map (core/geo.h) at the file's centre: per query it costs a few
// multiplications instead of a geodetic conversion. Its error grows as the cube of the distance
// from the centre; geo_placement() measures it at the file's corners so the loader can report it
// (millimetres for a 10 km file). Horizontal vectors in the file are along its own axes (grid
// east and north for UTM; local east and north for lon/lat); R_WF turns them into W, the rotation
// between the two at the centre (the meridian convergence; it changes by about 1e-4 rad across
// 10 km, which turns a vector by as little).
#pragma once

#include <array>
#include <span>

#include "leeway/core/geo.h"
#include "leeway/core/spatial.h"

namespace leeway {

struct FieldPlacement {
  Eigen::Matrix2d J_FW = Eigen::Matrix2d::Identity();  ///< d p_F / d p_W [F unit per m]
  Eigen::Matrix2d J_WF = Eigen::Matrix2d::Identity();  ///< its inverse [m per F unit]
  std::array<Eigen::Matrix2d, 2> H_FW{Eigen::Matrix2d::Zero(), Eigen::Matrix2d::Zero()};
  bool curved = false;                                 ///< H_FW is not zero
  Eigen::Vector2d centre_W = Eigen::Vector2d::Zero();  ///< [m]
  Eigen::Vector2d centre_F = Eigen::Vector2d::Zero();  ///< [F unit]
  double z_offset_W = 0.0;                             ///< W height of the file's z = 0 [m]
  Eigen::Matrix2d R_WF = Eigen::Matrix2d::Identity();  ///< file vector axes -> W
};

/// A file in local metres whose origin is at offset_W in W.
FieldPlacement local_placement(const Vec3& offset_W);

/// The file's coordinate system when it is geo-referenced.
struct FieldCrs {
  enum class Kind { kLonLat, kUtm } kind = Kind::kLonLat;
  UtmZone utm;  ///< for kUtm
};

struct GeoPlacement {
  FieldPlacement placement;
  double max_error_m = 0.0;  ///< largest distance between this and the exact map at the corners
};

/// The placement of a geo-referenced file whose horizontal extent spans `corners_F` (file
/// coordinates) in a world whose W origin is `origin`. Throws std::invalid_argument when a
/// corner is not a valid position in `crs` (a latitude beyond 90 degrees, a bad zone).
GeoPlacement geo_placement(const Geodetic& origin, const FieldCrs& crs,
                           std::span<const Eigen::Vector2d> corners_F);

inline Vec3 W_to_field(const FieldPlacement& p, const Vec3& p_W) {
  const Eigen::Vector2d d = p_W.head<2>() - p.centre_W;
  Eigen::Vector2d xy = p.J_FW * d + p.centre_F;
  if (p.curved) xy += 0.5 * Eigen::Vector2d(d.dot(p.H_FW[0] * d), d.dot(p.H_FW[1] * d));
  return {xy.x(), xy.y(), p_W.z() - p.z_offset_W};
}

inline Vec3 field_vector_to_W(const FieldPlacement& p, const Vec3& v_F) {
  const Eigen::Vector2d xy = p.R_WF * v_F.head<2>();
  return {xy.x(), xy.y(), v_F.z()};
}

/// The W position of file coordinates p_F: W_to_field inverted (by Newton's method when curved).
Vec3 field_to_W(const FieldPlacement& p, const Vec3& p_F);

}  // namespace leeway
