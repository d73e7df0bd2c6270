// The PNG writer (formats/png_file.h) read back by zlib and the PNG format's own checks: the
// signature, each chunk's CRC, the header's size and colour type, and every row's bytes.
#include "leeway/formats/png_file.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace leeway {
namespace {

std::uint32_t get32(const std::vector<std::uint8_t>& b, std::size_t at) {
  return std::uint32_t(b[at]) << 24 | std::uint32_t(b[at + 1]) << 16 |
         std::uint32_t(b[at + 2]) << 8 | std::uint32_t(b[at + 3]);
}

TEST(PngFile, ReadsBackAsTheImage) {
  const int w = 7, h = 5;
  std::vector<std::uint8_t> rgb(3 * w * h);
  for (std::size_t i = 0; i < rgb.size(); ++i)
    rgb[i] = static_cast<std::uint8_t>(i * 37 % 256);
  const std::vector<std::uint8_t> png = encode_png(w, h, rgb);
  const std::vector<std::uint8_t> signature = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  ASSERT_TRUE(std::equal(signature.begin(), signature.end(), png.begin()));
  std::size_t at = 8;
  std::vector<std::string> types;
  std::vector<std::uint8_t> idat;
  while (at < png.size()) {
    const std::uint32_t length = get32(png, at);
    const std::string type(png.begin() + std::ptrdiff_t(at + 4),
                           png.begin() + std::ptrdiff_t(at + 8));
    const std::uint32_t crc = get32(png, at + 8 + length);
    EXPECT_EQ(crc, crc32(0, png.data() + at + 4, length + 4)) << type;
    if (type == "IHDR") {
      EXPECT_EQ(get32(png, at + 8), std::uint32_t(w));
      EXPECT_EQ(get32(png, at + 12), std::uint32_t(h));
      EXPECT_EQ(png[at + 16], 8);  // bit depth
      EXPECT_EQ(png[at + 17], 2);  // truecolour
    }
    if (type == "IDAT")
      idat.insert(idat.end(), png.begin() + std::ptrdiff_t(at + 8),
                  png.begin() + std::ptrdiff_t(at + 8 + length));
    types.push_back(type);
    at += 12 + length;
  }
  EXPECT_EQ(types, (std::vector<std::string>{"IHDR", "IDAT", "IEND"}));
  std::vector<std::uint8_t> raw(std::size_t(h) * (1 + 3 * w));
  uLongf size = raw.size();
  ASSERT_EQ(uncompress(raw.data(), &size, idat.data(), uLong(idat.size())), Z_OK);
  ASSERT_EQ(size, raw.size());
  for (int y = 0; y < h; ++y) {
    EXPECT_EQ(raw[std::size_t(y) * (1 + 3 * w)], 0);  // no filter
    for (int x = 0; x < 3 * w; ++x)
      EXPECT_EQ(raw[std::size_t(y) * (1 + 3 * w) + 1 + std::size_t(x)],
                rgb[std::size_t(y * 3 * w + x)]);
  }
  EXPECT_THROW(encode_png(w, h, std::vector<std::uint8_t>(5)), std::invalid_argument);
  EXPECT_THROW(write_png("/nonexistent/dir/x.png", w, h, rgb), std::runtime_error);
}

}  // namespace
}  // namespace leeway
