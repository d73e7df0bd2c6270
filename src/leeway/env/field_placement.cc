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

Vec3 field_to_W(const FieldPlacement& p, const Vec3& p_F) {
  Eigen::Vector2d d = p.J_WF * (p_F.head<2>() - p.centre_F);
  if (p.curved) {
    // Newton on W_to_field(d) = p_F; the quadratic term is a 1e-4 correction, so three
    // iterations reach rounding.
    for (int it = 0; it < 3; ++it) {
      const Eigen::Vector2d residual =
          W_to_field(p, Vec3(d.x() + p.centre_W.x(), d.y() + p.centre_W.y(), 0.0)).head<2>() -
          p_F.head<2>();
      Eigen::Matrix2d jacobian = p.J_FW;
      jacobian.row(0) += (p.H_FW[0] * d).transpose();
      jacobian.row(1) += (p.H_FW[1] * d).transpose();
      d -= jacobian.inverse() * residual;
    }
  }
  const Eigen::Vector2d xy = d + p.centre_W;
  return {xy.x(), xy.y(), p_F.z() + p.z_offset_W};
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
  auto to_F = [&](const Eigen::Vector2d& w) {
    Eigen::Vector2d f = exact.to_F(w);
    // Longitudes in the file's own range (0..360 and -180..180 grids both exist).
    if (crs.kind == FieldCrs::Kind::kLonLat)
      f.x() += 360.0 * std::round((centre_F.x() - f.x()) / 360.0);
    return f;
  };
  // Derivatives by central differences: over 1 m for the Jacobian and 100 m for the Hessians.
  // The maps' higher derivatives scale with 1/R^n, so truncation is far below a millimetre;
  // the steps keep rounding (eps |p_F| / h^2) negligible too.
  const Eigen::Vector2d e[2] = {Eigen::Vector2d::UnitX(), Eigen::Vector2d::UnitY()};
  const double h = 1.0;
  for (int k = 0; k < 2; ++k)
    p.J_FW.col(k) = (to_F(p.centre_W + h * e[k]) - to_F(p.centre_W - h * e[k])) / (2.0 * h);
  const double g = 100.0;
  const Eigen::Vector2d f0 = to_F(p.centre_W);
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 2; ++j) {
      Eigen::Vector2d second;
      if (i == j) {
        second = (to_F(p.centre_W + g * e[i]) - 2.0 * f0 + to_F(p.centre_W - g * e[i])) / (g * g);
      } else {
        const Eigen::Vector2d plus = e[i] + e[j], minus = e[i] - e[j];
        second = (to_F(p.centre_W + g * plus) - to_F(p.centre_W + g * minus) -
                  to_F(p.centre_W - g * minus) + to_F(p.centre_W - g * plus)) /
                 (4.0 * g * g);
      }
      p.H_FW[0](i, j) = second.x();
      p.H_FW[1](i, j) = second.y();
    }
  }
  p.curved = true;
  p.J_WF = p.J_FW.inverse();
  // The expansion is about the exact image of centre_F, so the centre maps back onto itself.
  p.centre_F = f0;
  // The file's +x axis (grid east, or local east) seen in W, at the centre.
  const Eigen::Vector2d east_W = p.J_WF.col(0).normalized();
  p.R_WF << east_W.x(), -east_W.y(), east_W.y(), east_W.x();
  p.z_offset_W = 0.0;

  for (const auto& c : corners_F) {
    const Eigen::Vector2d mapped_W = field_to_W(p, Vec3(c.x(), c.y(), 0.0)).head<2>();
    out.max_error_m = std::max(out.max_error_m, (mapped_W - exact.to_W(c)).norm());
  }
  return out;
}

}  // namespace leeway
