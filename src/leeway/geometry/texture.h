// A surface's picture: an image laid on a mesh by its texture coordinates, or on a primitive by
// the coordinates gz-common gives the primitive's mesh (texture_uv). Where a surface has a
// texture, its texel is the surface's colour, times the SDF's <diffuse> if the visual gives one
// (gz-rendering multiplies a PBR material's albedo map by its diffuse colour).
//
// Coordinates (u, v) are OGRE's and gz-common's: (0, 0) is the image's top-left corner, u grows
// to the right and v downwards; outside [0, 1] the image repeats (GL_REPEAT). A mesh file's
// coordinates, which assimp gives with v upwards, are turned to these as gz-common turns them
// (formats/mesh_file.h). A texel is used as it is stored, as the SDF's colours are: neither is
// taken from sRGB to linear, and the camera writes its image without a transfer curve.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "leeway/core/spatial.h"
#include "leeway/geometry/convex_shape.h"
#include "leeway/geometry/visual.h"

namespace leeway {

/// Texture coordinates (u, v).
using TexCoord = std::array<float, 2>;

struct Texture {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  ///< row after row from the top, 4 bytes a texel
};

/// The colour at `uv`, bilinearly interpolated between the four nearest texels' centres
/// (GL_LINEAR with GL_REPEAT), each channel in [0, 1]. An empty texture is white.
Rgba sample_texture(const Texture& texture, const TexCoord& uv);

/// The texture coordinates of the point p_P on the surface of `shape`, whose outward normal
/// there is n_P (both in the shape's frame P):
///   - a box's faces as gz-common's box (MeshManager::CreateBox): each face holds the whole
///     image, upright when seen from outside with z up (the side faces); the top face seen from
///     above reads upright with +x up, the bottom face seen from below with -x up;
///   - a cylinder's side as gz-common's cylinder: u = 0 on +y growing towards +x (clockwise seen
///     from above), v = 0 at the bottom and 1 at the top (gz draws its image upside down). Its
///     caps, which gz-common maps degenerately, as the box's top and bottom over the circle's
///     square;
///   - a sphere, ellipsoid, capsule and cone (Leeway's own; gz-common's sphere has its pole on
///     y): longitude and latitude about z, u = 0 on +x growing anticlockwise seen from above,
///     v = 0 at the top and 1 at the bottom.
TexCoord texture_uv(const ConvexShape& shape, const Vec3& p_P, const Vec3& n_P);

}  // namespace leeway
