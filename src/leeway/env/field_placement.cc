#include "leeway/env/field_placement.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace leeway {
namespace {

/// The exact maps between file coordinates and W, on the world's tangent plane (z = 0).
struct ExactMap {
  const Geodetic& origin;
  const FieldCrs& crs;

  Eigen::Vector2d to_W(const Eigen::Vector2d& p_F) const {
    Geodetic g;
    if (crs.kind == FieldCrs::Kind::kUtm) {
      g = utm_to_geodetic(crs.utm, p_F.x(), p_F.y());
    } else {
      if (!(std::abs(p_F.y()) <= 90.0) || !std::isfinite(p_F.x())) {
        throw std::invalid_argument(
            fmt::format("({}, {}) is not a longitude, latitude in degrees (|latitude| <= 90)",
                        p_F.x(), p_F.y()));
      }
      g.longitude_deg = p_F.x();
      g.latitude_deg = p_F.y();
    }
    return geodetic_to_W(origin, g).head<2>();
  }

  Eigen::Vector2d to_F(const Eigen::Vector2d& p_W) const {
    // W_to_geodetic drops the point onto the ellipsoid below it; the curvature drop (about
    // 8 m at 10 km) changes latitude and longitude by far less than a millimetre of ground.
    Geodetic g = W_to_geodetic(origin, Vec3(p_W.x(), p_W.y(), 0.0));
    if (crs.kind == FieldCrs::Kind::kUtm) return geodetic_to_utm(crs.utm, g);
    return {g.longitude_deg, g.latitude_deg};
  }
};

}  // namespace

FieldPlacement local_placement(const Vec3& offset_W) {
  FieldPlacement p;
  p.centre_W = offset_W.head<2>();
  p.z_offset_W = offset_W.z();
  return p;
}

GeoPlacement geo_placement(const Geodetic& origin, const FieldCrs& crs,
                           std::span<const Eigen::Vector2d> corners_F) {
  if (corners_F.empty()) throw std::invalid_argument("a field with no extent");
  const ExactMap exact{origin, crs};
  Eigen::Vector2d centre_F = Eigen::Vector2d::Zero();
  for (const auto& c : corners_F)
    centre_F += c;
  centre_F /= static_cast<double>(corners_F.size());

  GeoPlacement out;
  FieldPlacement& p = out.placement;
  p.centre_F = centre_F;
  p.centre_W = exact.to_W(centre_F);
  // The tangent map by central differences over 1 m: the maps' second derivatives are of order
  // 1/R, so the truncation error (1e-13 relative) is far below anything that matters.
  const double h = 1.0;
  auto to_F = [&](const Eigen::Vector2d& w) {
    Eigen::Vector2d f = exact.to_F(w);
    // Longitudes in the file's own range (0..360 and -180..180 grids both exist).
    if (crs.kind == FieldCrs::Kind::kLonLat)
      f.x() += 360.0 * std::round((centre_F.x() - f.x()) / 360.0);
    return f;
  };
  for (int k = 0; k < 2; ++k) {
    Eigen::Vector2d d = Eigen::Vector2d::Zero();
    d[k] = h;
    p.J_FW.col(k) = (to_F(p.centre_W + d) - to_F(p.centre_W - d)) / (2.0 * h);
  }
  p.J_WF = p.J_FW.inverse();
  // The file's +x axis (grid east, or local east) seen in W, at the centre.
  const Eigen::Vector2d east_W = p.J_WF.col(0).normalized();
  p.R_WF << east_W.x(), -east_W.y(), east_W.y(), east_W.x();
  p.z_offset_W = 0.0;

  for (const auto& c : corners_F) {
    const Eigen::Vector2d affine_W = p.J_WF * (c - centre_F) + p.centre_W;
    out.max_error_m = std::max(out.max_error_m, (affine_W - exact.to_W(c)).norm());
  }
  return out;
}

}  // namespace leeway
