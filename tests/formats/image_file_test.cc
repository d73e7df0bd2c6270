// Textures' image files (formats/image_file.h) decoded by Debian's stb_image: a PNG that
// Leeway's own writer made comes back texel for texel; UUV Simulator's JPEG sky decodes to the
// size its frame header gives; a file that is not an image is refused by name.
#include "leeway/formats/image_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "leeway/formats/png_file.h"
#include "temp_file.h"

namespace leeway {
namespace {

TEST(ImageFile, APngComesBackTexelForTexelOpaque) {
  const int w = 5, h = 3;
  std::vector<std::uint8_t> rgb(3 * w * h);
  for (std::size_t i = 0; i < rgb.size(); ++i)
    rgb[i] = static_cast<std::uint8_t>(i * 53 % 256);
  const std::string path = testing::write_temp("image_file.png", "");
  write_png(path, w, h, rgb);
  const Texture t = read_image_file(path);
  ASSERT_EQ(t.width, w);
  ASSERT_EQ(t.height, h);
  ASSERT_EQ(t.rgba.size(), std::size_t(4 * w * h));
  for (std::size_t p = 0; p < std::size_t(w * h); ++p) {
    for (std::size_t c = 0; c < 3; ++c)
      EXPECT_EQ(t.rgba[4 * p + c], rgb[3 * p + c]) << "texel " << p;
    EXPECT_EQ(t.rgba[4 * p + 3], 255);
  }
}

/// A baseline or progressive JPEG's height and width, from its SOF0/SOF2 segment.
std::pair<int, int> jpeg_size(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::vector<unsigned char> b{std::istreambuf_iterator<char>(in), {}};
  for (std::size_t i = 2; i + 9 < b.size();) {
    if (b[i] != 0xFF) return {0, 0};
    const int marker = b[i + 1];
    const std::size_t length = std::size_t(b[i + 2]) << 8 | b[i + 3];
    if (marker == 0xC0 || marker == 0xC2)
      return {int(b[i + 5]) << 8 | b[i + 6], int(b[i + 7]) << 8 | b[i + 8]};
    i += 2 + length;
  }
  return {0, 0};
}

TEST(ImageFile, AJpegDecodesToTheSizeItsFrameHeaderGives) {
  const std::filesystem::path jpeg = std::filesystem::path(LEEWAY_SOURCE_DIR) / ".." / "shared" /
                                     "foreign" / "uuv" / "uuv_gazebo_worlds" / "Media" /
                                     "materials" / "textures" / "clouds.jpg";
  if (!std::filesystem::exists(jpeg)) GTEST_SKIP() << "no foreign corpus at " << jpeg;
  const auto [height, width] = jpeg_size(jpeg.string());
  ASSERT_GT(height, 0);
  const Texture t = read_image_file(jpeg.string());
  EXPECT_EQ(t.width, width);
  EXPECT_EQ(t.height, height);
  ASSERT_EQ(t.rgba.size(), std::size_t(4 * width * height));
  // A sky: on average bluer than it is red.
  double red = 0, blue = 0;
  for (std::size_t p = 0; p < t.rgba.size(); p += 4)
    red += t.rgba[p], blue += t.rgba[p + 2];
  EXPECT_GT(blue, red);
}

TEST(ImageFile, AFileThatIsNoImageIsRefusedByName) {
  const std::string path = testing::write_temp("image_file_not.png", "not an image at all");
  try {
    read_image_file(path);
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
  EXPECT_THROW(read_image_file(path + ".missing"), std::runtime_error);
}

}  // namespace
}  // namespace leeway
