#include "leeway/geometry/mesh_shapes.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace leeway {
namespace {

using Triangle = std::array<std::uint32_t, 3>;

std::uint32_t index(std::size_t i) {
  return static_cast<std::uint32_t>(i);
}

/// Builds the mesh and turns it outward if the generator wound it inward.
HullMesh finish(std::vector<Vec3> vertices, std::vector<Triangle> faces) {
  if (enclosed_volume(vertices, faces).volume < 0.0) {
    for (Triangle& f : faces)
      std::swap(f[1], f[2]);
  }
  HullMeshBuild b = make_hull_mesh(std::move(vertices), std::move(faces));
  if (!b.check.closed() || !b.check.oriented() || b.check.degenerate_dropped != 0) {
    throw std::logic_error("a generated mesh is not closed and oriented");
  }
  return std::move(b.mesh);
}

/// Quads between consecutive rings of `n` vertices starting at `first`, then fans closing the
/// first and last rings around the vertices `start_cap` and `end_cap`.
void stitch_rings(std::vector<Triangle>& faces, std::size_t first, std::size_t rings, std::size_t n,
                  std::size_t start_cap, std::size_t end_cap) {
  for (std::size_t r = 0; r + 1 < rings; ++r) {
    for (std::size_t j = 0; j < n; ++j) {
      const std::size_t a = first + r * n + j, b = first + r * n + (j + 1) % n;
      faces.push_back({index(a), index(b), index(b + n)});
      faces.push_back({index(a), index(b + n), index(a + n)});
    }
  }
  const std::size_t last = first + (rings - 1) * n;
  for (std::size_t j = 0; j < n; ++j) {
    faces.push_back({index(start_cap), index(first + (j + 1) % n), index(first + j)});
    faces.push_back({index(end_cap), index(last + j), index(last + (j + 1) % n)});
  }
}

}  // namespace

HullMesh box_mesh(const Vec3& size, const Eigen::Array3i& divisions) {
  if ((divisions < 1).any()) throw std::invalid_argument("box_mesh: divisions must be >= 1");
  std::vector<Vec3> vertices;
  std::vector<Triangle> faces;
  // Each face: a grid on the plane axis = +-1 (in units of the half size), shared edges welded
  // afterwards by position.
  for (int axis = 0; axis < 3; ++axis) {
    for (int side : {-1, 1}) {
      const int u = (axis + 1) % 3, v = (axis + 2) % 3;
      const auto nu = static_cast<std::size_t>(divisions[u]);
      const auto nv = static_cast<std::size_t>(divisions[v]);
      const std::size_t base = vertices.size();
      for (std::size_t i = 0; i <= nu; ++i) {
        for (std::size_t j = 0; j <= nv; ++j) {
          Vec3 p;
          p[axis] = side;
          p[u] = -1.0 + 2.0 * static_cast<double>(i) / static_cast<double>(nu);
          p[v] = -1.0 + 2.0 * static_cast<double>(j) / static_cast<double>(nv);
          vertices.push_back(0.5 * p.cwiseProduct(size));
        }
      }
      for (std::size_t i = 0; i < nu; ++i) {
        for (std::size_t j = 0; j < nv; ++j) {
          const std::size_t a = base + i * (nv + 1) + j, b = a + (nv + 1);
          // u x v = +axis: counter-clockwise in (u, v) faces outward on the + side.
          if (side > 0) {
            faces.push_back({index(a), index(b), index(b + 1)});
            faces.push_back({index(a), index(b + 1), index(a + 1)});
          } else {
            faces.push_back({index(a), index(b + 1), index(b)});
            faces.push_back({index(a), index(a + 1), index(b + 1)});
          }
        }
      }
    }
  }
  weld_vertices(vertices, faces, 1e-9 * size.norm());
  return finish(std::move(vertices), std::move(faces));
}

HullMesh sphere_mesh(double radius, int rings, int segments) {
  if (rings < 2 || segments < 3) throw std::invalid_argument("sphere_mesh: too few rings");
  std::vector<Vec3> vertices;
  std::vector<Triangle> faces;
  for (int r = 1; r < rings; ++r) {
    const double polar = kPi * r / rings;
    for (int s = 0; s < segments; ++s) {
      const double azimuth = 2.0 * kPi * s / segments;
      vertices.emplace_back(radius * std::sin(polar) * std::cos(azimuth),
                            radius * std::sin(polar) * std::sin(azimuth), radius * std::cos(polar));
    }
  }
  const std::size_t top = vertices.size();
  vertices.emplace_back(0.0, 0.0, radius);
  vertices.emplace_back(0.0, 0.0, -radius);
  stitch_rings(faces, 0, static_cast<std::size_t>(rings - 1), static_cast<std::size_t>(segments),
               top, top + 1);
  return finish(std::move(vertices), std::move(faces));
}

HullMesh cylinder_mesh(double radius, double length, int segments) {
  if (segments < 3) throw std::invalid_argument("cylinder_mesh: too few segments");
  std::vector<Vec3> vertices;
  std::vector<Triangle> faces;
  for (double z : {-0.5 * length, 0.5 * length}) {
    for (int s = 0; s < segments; ++s) {
      const double azimuth = 2.0 * kPi * s / segments;
      vertices.emplace_back(radius * std::cos(azimuth), radius * std::sin(azimuth), z);
    }
  }
  const std::size_t caps = vertices.size();
  vertices.emplace_back(0.0, 0.0, -0.5 * length);
  vertices.emplace_back(0.0, 0.0, 0.5 * length);
  stitch_rings(faces, 0, 2, static_cast<std::size_t>(segments), caps, caps + 1);
  return finish(std::move(vertices), std::move(faces));
}

HullMesh sectioned_hull_mesh(const SectionedHullShape& h) {
  if (h.stations < 2 || h.section_points < 3 || !(h.length > 0.0) || !(h.half_beam > 0.0) ||
      !(h.half_depth > 0.0) || !(h.exponent > 0.0) || !(h.end_scale > 0.0) ||
      !(h.bow_fraction >= 0.0) || !(h.stern_fraction >= 0.0) ||
      h.bow_fraction + h.stern_fraction > 1.0 || !std::isfinite(h.bow_rise)) {
    throw std::invalid_argument("sectioned_hull_mesh: invalid shape");
  }
  // xi in [0, 1] from stern to bow; the taper runs from 0 amidships to 1 at an end.
  auto bow_taper = [&](double xi) {
    return h.bow_fraction > 0.0 ? std::max(0.0, (xi - (1.0 - h.bow_fraction)) / h.bow_fraction)
                                : 0.0;
  };
  auto stern_taper = [&](double xi) {
    return h.stern_fraction > 0.0 ? std::max(0.0, (h.stern_fraction - xi) / h.stern_fraction) : 0.0;
  };
  // max(): (xi - (1 - f)) / f can round to just above 1 at the stem (f = 0.3 does).
  auto ellipse = [](double taper) { return std::sqrt(std::max(0.0, 1.0 - taper * taper)); };
  std::vector<Vec3> vertices;
  std::vector<Triangle> faces;
  const double e = 2.0 / h.exponent;
  for (int i = 0; i < h.stations; ++i) {
    const double xi = static_cast<double>(i) / (h.stations - 1);
    const double taper = std::max(bow_taper(xi), stern_taper(xi));
    const double x = (xi - 0.5) * h.length, s = h.end_scale + (1.0 - h.end_scale) * ellipse(taper);
    const double z = h.bow_rise * (1.0 - ellipse(bow_taper(xi)));
    for (int j = 0; j < h.section_points; ++j) {
      const double a = 2.0 * kPi * j / h.section_points;
      const double c = std::cos(a), sn = std::sin(a);
      vertices.emplace_back(x, s * h.half_beam * std::copysign(std::pow(std::abs(c), e), c),
                            z + s * h.half_depth * std::copysign(std::pow(std::abs(sn), e), sn));
    }
  }
  const std::size_t caps = vertices.size();
  vertices.emplace_back(-0.5 * h.length, 0.0, 0.0);
  vertices.emplace_back(0.5 * h.length, 0.0, h.bow_fraction > 0.0 ? h.bow_rise : 0.0);
  stitch_rings(faces, 0, static_cast<std::size_t>(h.stations),
               static_cast<std::size_t>(h.section_points), caps, caps + 1);
  return finish(std::move(vertices), std::move(faces));
}

}  // namespace leeway
