// Writing an 8-bit RGB image as a PNG file (ISO/IEC 15948): one IDAT of zlib-compressed rows,
// each with filter type 0 (none). For a camera's frames in recordings and documentation.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace leeway {

/// The PNG file's bytes of a width x height image, rgb8 rows from the top. Throws
/// std::invalid_argument if `rgb` is not 3 width height bytes.
std::vector<std::uint8_t> encode_png(int width, int height, const std::vector<std::uint8_t>& rgb);

/// encode_png() into `path`; throws std::runtime_error naming the path if it cannot be written.
void write_png(const std::string& path, int width, int height,
               const std::vector<std::uint8_t>& rgb);

}  // namespace leeway
