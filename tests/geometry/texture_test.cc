// Textures: bilinear sampling between texel centres with the image repeating, and the texture
// coordinates of the primitives' faces against gz-common's box, whose corners
// (MeshManager::CreateBox) are listed here as it writes them.
#include "leeway/geometry/texture.h"

#include <gtest/gtest.h>

#include <cmath>

namespace leeway {
namespace {

/// A 2 x 2 texture: red, green on the top row; blue, white below; opaque.
Texture four_texels() {
  return {2, 2, {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255}};
}

void expect_rgba(const Rgba& got, float r, float g, float b, float a = 1.0f) {
  EXPECT_NEAR(got.r, r, 1e-6);
  EXPECT_NEAR(got.g, g, 1e-6);
  EXPECT_NEAR(got.b, b, 1e-6);
  EXPECT_NEAR(got.a, a, 1e-6);
}

TEST(Texture, ATexelsCentreIsItsColourAndBetweenCentresTheColoursBlendLinearly) {
  const Texture t = four_texels();
  expect_rgba(sample_texture(t, {0.25f, 0.25f}), 1, 0, 0);  // top left: red
  expect_rgba(sample_texture(t, {0.75f, 0.25f}), 0, 1, 0);
  expect_rgba(sample_texture(t, {0.25f, 0.75f}), 0, 0, 1);
  expect_rgba(sample_texture(t, {0.75f, 0.75f}), 1, 1, 1);
  // Half way between red and green; a quarter of the way from red towards blue.
  expect_rgba(sample_texture(t, {0.5f, 0.25f}), 0.5f, 0.5f, 0);
  expect_rgba(sample_texture(t, {0.25f, 0.375f}), 0.75f, 0, 0.25f);
  // The middle: the mean of all four.
  expect_rgba(sample_texture(t, {0.5f, 0.5f}), 0.5f, 0.5f, 0.5f);
}

TEST(Texture, OutsideTheUnitSquareTheImageRepeats) {
  const Texture t = four_texels();
  for (const float shift : {-3.0f, -1.0f, 1.0f, 2.0f}) {
    const Rgba a = sample_texture(t, {0.3f + shift, 0.6f}), b = sample_texture(t, {0.3f, 0.6f});
    expect_rgba(a, b.r, b.g, b.b);
    const Rgba c = sample_texture(t, {0.3f, 0.6f + shift});
    expect_rgba(c, b.r, b.g, b.b);
  }
  // At the edge the right column blends with the left one, as GL_REPEAT does.
  expect_rgba(sample_texture(t, {0.0f, 0.25f}), 0.5f, 0.5f, 0);
  // Coordinates far out repeat too; a NaN is taken as 0.
  const Rgba far = sample_texture(t, {1e9f + 0.25f, 0.25f}),
             near = sample_texture(t, {0.0f, 0.25f});
  expect_rgba(far, near.r, near.g, near.b);
  expect_rgba(sample_texture(t, {std::nanf(""), 0.25f}), 0.5f, 0.5f, 0);
}

TEST(Texture, AnEmptyTextureIsWhite) {
  expect_rgba(sample_texture(Texture{}, {0.4f, 0.2f}), 1, 1, 1);
}

TEST(Texture, ABoxsFacesHaveGzCommonsCoordinates) {
  // gz-common's CreateBox: corners v[8] of the unit cube, faces as corner indices with normals,
  // and the coordinates t[4] of a face's four corners in order.
  const int v[8][3] = {{-1, -1, -1}, {-1, -1, 1}, {1, -1, 1}, {1, -1, -1},
                       {-1, 1, -1},  {-1, 1, 1},  {1, 1, 1},  {1, 1, -1}};
  const int n[6][3] = {{0, -1, 0}, {0, 1, 0}, {0, 0, 1}, {-1, 0, 0}, {0, 0, -1}, {1, 0, 0}};
  const int faces[6][4] = {{2, 1, 0, 3}, {5, 6, 7, 4}, {2, 6, 5, 1},
                           {1, 5, 4, 0}, {0, 4, 7, 3}, {6, 2, 3, 7}};
  const float t[4][2] = {{1, 0}, {0, 0}, {0, 1}, {1, 1}};
  const Vec3 half(0.5, 1.5, 0.25);
  const ConvexShape box = Box{half};
  for (int f = 0; f < 6; ++f) {
    const Vec3 normal(n[f][0], n[f][1], n[f][2]);
    for (int k = 0; k < 4; ++k) {
      const int* c = v[faces[f][k]];
      // The corner pulled a little into its face, so that it is on the face alone.
      const Vec3 corner = Vec3(c[0], c[1], c[2]).cwiseProduct(half);
      const Vec3 inside = corner - 1e-9 * (Vec3(c[0], c[1], c[2]) - normal).cwiseProduct(half);
      const TexCoord uv = texture_uv(box, inside, normal);
      EXPECT_NEAR(uv[0], t[k][0], 1e-6) << "face " << f << " corner " << k;
      EXPECT_NEAR(uv[1], t[k][1], 1e-6) << "face " << f << " corner " << k;
    }
  }
}

TEST(Texture, ACylindersSideWrapsOnceAroundAsGzCommonsAndItsCapsAreSquares) {
  const ConvexShape cylinder = Cylinder{2.0, 3.0};
  // gz-common: the vertex at angle a is (r sin a, r cos a, z), at (a / 2 pi, (z + h/2) / h).
  for (const double a : {0.1, 1.0, 2.5, 4.0, 6.0}) {
    for (const double z : {-2.9, 0.0, 1.5}) {
      const Vec3 p(2.0 * std::sin(a), 2.0 * std::cos(a), z);
      const TexCoord uv = texture_uv(cylinder, p, Vec3(p.x(), p.y(), 0).normalized());
      EXPECT_NEAR(uv[0], a / (2.0 * M_PI), 1e-6);
      EXPECT_NEAR(uv[1], (z + 3.0) / 6.0, 1e-6);
    }
  }
  // The top cap as a 4 x 4 box's top: +x up, -y right.
  const TexCoord top = texture_uv(cylinder, Vec3(1.0, -1.0, 3.0), Vec3::UnitZ());
  EXPECT_NEAR(top[0], 0.75, 1e-6);
  EXPECT_NEAR(top[1], 0.25, 1e-6);
}

TEST(Texture, ASpheresCoordinatesAreLongitudeAndLatitude) {
  const ConvexShape sphere = Sphere{2.0};
  const auto uv = [&](const Vec3& d) { return texture_uv(sphere, 2.0 * d, d); };
  EXPECT_NEAR(uv(Vec3::UnitY())[0], 0.25, 1e-6);  // a quarter turn anticlockwise from +x
  EXPECT_NEAR(uv(Vec3::UnitY())[1], 0.5, 1e-6);   // on the equator
  EXPECT_NEAR(uv(-Vec3::UnitX())[0], 0.5, 1e-6);
  EXPECT_NEAR(uv(Vec3::UnitZ())[1], 0.0, 1e-6);  // the north pole on the top row
  EXPECT_NEAR(uv(Vec3(0, 1, 1).normalized())[1], 0.25, 1e-6);
  // An ellipsoid's point is taken back to the unit sphere it is stretched from.
  const ConvexShape ellipsoid = Ellipsoid{Vec3(1, 2, 4)};
  const Vec3 d = Vec3(1, 1, 1).normalized();
  const TexCoord e = texture_uv(ellipsoid, d.cwiseProduct(Vec3(1, 2, 4)), d);
  EXPECT_NEAR(e[0], 0.125, 1e-6);
  EXPECT_NEAR(e[1], std::acos(d.z()) / M_PI, 1e-6);
}

}  // namespace
}  // namespace leeway
