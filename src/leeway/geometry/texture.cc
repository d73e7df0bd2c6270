#include "leeway/geometry/texture.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace leeway {
namespace {

/// x wrapped into [0, n) (GL_REPEAT), for texel indices.
int wrap(int x, int n) {
  const int r = x % n;
  return r < 0 ? r + n : r;
}

/// A box's face coordinates as gz-common's CreateBox gives them; h: half sizes.
TexCoord box_uv(const Vec3& p, const Vec3& n, const Vec3& h) {
  // The face is the axis along which the outward normal is largest.
  int axis = 0;
  n.cwiseAbs().maxCoeff(&axis);
  const double x = 0.5 * p.x() / h.x(), y = 0.5 * p.y() / h.y(), z = 0.5 * p.z() / h.z();
  const bool positive = n[axis] > 0.0;
  double u = 0.0, v = 0.0;
  switch (axis) {
    case 0:  // +x: right is +y; -x: right is -y
      u = positive ? 0.5 + y : 0.5 - y, v = 0.5 - z;
      break;
    case 1:  // +y: right is -x; -y: right is +x
      u = positive ? 0.5 - x : 0.5 + x, v = 0.5 - z;
      break;
    default:  // +z: +x up, -y right; -z: -x up, -y right
      u = 0.5 - y, v = positive ? 0.5 - x : 0.5 + x;
  }
  return {static_cast<float>(u), static_cast<float>(v)};
}

/// Longitude about z from +x, anticlockwise, as a fraction of a turn in [0, 1).
double longitude(const Vec3& p) {
  const double turn = std::atan2(p.y(), p.x()) / (2.0 * std::numbers::pi);
  return turn < 0.0 ? turn + 1.0 : turn;
}

}  // namespace

Rgba sample_texture(const Texture& texture, const TexCoord& uv) {
  if (texture.width <= 0 || texture.height <= 0) return {1.0f, 1.0f, 1.0f, 1.0f};
  // Into [0, 1) first (a file's coordinates may be anything; NaN is taken as 0). Texel (i, j)'s
  // centre is at ((i + 0.5) / width, (j + 0.5) / height).
  const auto unit = [](float t) {
    const double f = std::isfinite(t) ? double(t) - std::floor(double(t)) : 0.0;
    return f < 1.0 ? f : 0.0;
  };
  const double x = unit(uv[0]) * texture.width - 0.5, y = unit(uv[1]) * texture.height - 0.5;
  const double fx = std::floor(x), fy = std::floor(y);
  const double ax = x - fx, ay = y - fy;
  const int i0 = wrap(static_cast<int>(fx), texture.width),
            j0 = wrap(static_cast<int>(fy), texture.height);
  const int i1 = wrap(i0 + 1, texture.width), j1 = wrap(j0 + 1, texture.height);
  const auto texel = [&](int i, int j, int c) {
    return double(texture.rgba[4 * (std::size_t(j) * std::size_t(texture.width) + std::size_t(i)) +
                               std::size_t(c)]);
  };
  std::array<float, 4> out{};
  for (int c = 0; c < 4; ++c) {
    const double top = (1.0 - ax) * texel(i0, j0, c) + ax * texel(i1, j0, c);
    const double bottom = (1.0 - ax) * texel(i0, j1, c) + ax * texel(i1, j1, c);
    out[std::size_t(c)] = static_cast<float>(((1.0 - ay) * top + ay * bottom) / 255.0);
  }
  return {out[0], out[1], out[2], out[3]};
}

TexCoord texture_uv(const ConvexShape& shape, const Vec3& p_P, const Vec3& n_P) {
  if (const auto* box = std::get_if<Box>(&shape)) return box_uv(p_P, n_P, box->half_size);
  if (const auto* c = std::get_if<Cylinder>(&shape)) {
    if (std::abs(n_P.z()) > 0.5) {
      const Vec3 h(c->radius, c->radius, c->half_length);
      return box_uv(p_P, n_P, h);
    }
    // gz-common: the vertex at angle a is (r sin a, r cos a), u = a / 2 pi.
    double u = std::atan2(p_P.x(), p_P.y()) / (2.0 * std::numbers::pi);
    if (u < 0.0) u += 1.0;
    return {static_cast<float>(u), static_cast<float>(0.5 + 0.5 * p_P.z() / c->half_length)};
  }
  // Latitude from the direction of the point from the centre (for an ellipsoid, of the point
  // on the unit sphere it is stretched from; for a capsule and cone, from their centre).
  Vec3 d = p_P;
  if (const auto* e = std::get_if<Ellipsoid>(&shape)) d = p_P.cwiseQuotient(e->semi_axes);
  const double r = d.norm();
  const double polar = r > 0.0 ? std::acos(std::clamp(d.z() / r, -1.0, 1.0)) : 0.0;
  return {static_cast<float>(longitude(d)), static_cast<float>(polar / std::numbers::pi)};
}

}  // namespace leeway
