#include "leeway/formats/image_file.h"

#include <fmt/format.h>
#include <stb_image.h>

#include <filesystem>
#include <memory>
#include <stdexcept>

namespace leeway {

Texture read_image_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    throw std::runtime_error(fmt::format("no such file '{}'", path));
  int width = 0, height = 0, channels = 0;
  const std::unique_ptr<stbi_uc, void (*)(void*)> pixels(
      stbi_load(path.c_str(), &width, &height, &channels, 4), stbi_image_free);
  if (!pixels)
    throw std::runtime_error(
        fmt::format("cannot read the image '{}': {}", path, stbi_failure_reason()));
  Texture texture;
  texture.width = width;
  texture.height = height;
  texture.rgba.assign(pixels.get(), pixels.get() + std::size_t(width) * std::size_t(height) * 4);
  return texture;
}

}  // namespace leeway
