#include "leeway/formats/png_file.h"

#include <zlib.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace leeway {
namespace {

void put32(std::vector<std::uint8_t>& out, std::uint32_t x) {
  for (int shift = 24; shift >= 0; shift -= 8)
    out.push_back(static_cast<std::uint8_t>(x >> shift));
}

/// A chunk: its length, type, data and the CRC of type and data.
void chunk(std::vector<std::uint8_t>& out, const char* type,
           const std::vector<std::uint8_t>& data) {
  put32(out, static_cast<std::uint32_t>(data.size()));
  const std::size_t start = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), data.begin(), data.end());
  put32(out, static_cast<std::uint32_t>(
                 crc32(0, out.data() + start, static_cast<uInt>(out.size() - start))));
}

}  // namespace

std::vector<std::uint8_t> encode_png(int width, int height, const std::vector<std::uint8_t>& rgb) {
  if (width < 1 || height < 1 || rgb.size() != 3 * std::size_t(width) * std::size_t(height))
    throw std::invalid_argument("PNG: the pixels are not 3 bytes each of width x height");
  std::vector<std::uint8_t> raw;
  raw.reserve(rgb.size() + std::size_t(height));
  const std::size_t stride = 3 * std::size_t(width);
  for (int y = 0; y < height; ++y) {
    raw.push_back(0);  // filter: none
    raw.insert(raw.end(), rgb.begin() + std::ptrdiff_t(y * stride),
               rgb.begin() + std::ptrdiff_t((y + 1) * stride));
  }
  uLongf size = compressBound(static_cast<uLong>(raw.size()));
  std::vector<std::uint8_t> compressed(size);
  if (compress2(compressed.data(), &size, raw.data(), static_cast<uLong>(raw.size()), 6) != Z_OK)
    throw std::runtime_error("PNG: zlib could not compress the image");
  compressed.resize(size);

  std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  std::vector<std::uint8_t> header;
  put32(header, static_cast<std::uint32_t>(width));
  put32(header, static_cast<std::uint32_t>(height));
  header.insert(header.end(), {8, 2, 0, 0, 0});  // 8 bits, truecolour, deflate, filters, none
  chunk(png, "IHDR", header);
  chunk(png, "IDAT", compressed);
  chunk(png, "IEND", {});
  return png;
}

void write_png(const std::string& path, int width, int height,
               const std::vector<std::uint8_t>& rgb) {
  const std::vector<std::uint8_t> png = encode_png(width, height, rgb);
  std::ofstream file(path, std::ios::binary);
  if (file) file.write(reinterpret_cast<const char*>(png.data()), std::streamsize(png.size()));
  if (!file)
    throw std::runtime_error(path + ": cannot write the PNG (" + std::strerror(errno) + ")");
}

}  // namespace leeway
