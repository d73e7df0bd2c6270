// Reading an image file for a texture: PNG and JPEG (and the other formats Debian's stb_image
// decodes: BMP, TGA, GIF's first frame), any bit depth and channel count, as 8-bit RGBA.
#pragma once

#include <string>

#include "leeway/geometry/texture.h"

namespace leeway {

/// The image in `path`; throws std::runtime_error naming the path and the decoder's reason
/// when it cannot be read or decoded.
Texture read_image_file(const std::string& path);

}  // namespace leeway
