#include "leeway/transport/web/static_files.h"

#include <array>
#include <system_error>
#include <utility>

namespace leeway::web {

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::optional<std::filesystem::path> served_file(const std::filesystem::path& root,
                                                 std::string_view target) {
  target = target.substr(0, target.find_first_of("?#"));
  if (!target.starts_with('/')) return std::nullopt;
  std::string decoded;
  for (std::size_t i = 0; i < target.size(); ++i) {
    if (target[i] != '%') {
      decoded += target[i];
      continue;
    }
    if (i + 2 >= target.size()) return std::nullopt;
    const int high = hex_digit(target[i + 1]), low = hex_digit(target[i + 2]);
    if (high < 0 || low < 0) return std::nullopt;
    decoded += static_cast<char>(high * 16 + low);
    i += 2;
  }
  std::filesystem::path file = root;
  std::size_t at = 1;
  while (at <= decoded.size()) {
    const std::size_t slash = std::min(decoded.find('/', at), decoded.size());
    const std::string_view segment = std::string_view(decoded).substr(at, slash - at);
    at = slash + 1;
    if (segment.empty()) continue;
    if (segment.starts_with('.') || segment.find('\0') != std::string_view::npos ||
        segment.find('\\') != std::string_view::npos)
      return std::nullopt;
    file /= std::filesystem::path(segment);
  }
  std::error_code error;
  if (std::filesystem::is_directory(file, error)) file /= "index.html";
  if (!std::filesystem::is_regular_file(file, error)) return std::nullopt;
  return file;
}

std::string_view media_type(const std::filesystem::path& file) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 12> kTypes = {{
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},
      {".wasm", "application/wasm"},
      {".png", "image/png"},
      {".svg", "image/svg+xml"},
      {".ico", "image/x-icon"},
      {".txt", "text/plain; charset=utf-8"},
      {".map", "application/json"},
      {".woff2", "font/woff2"},
  }};
  const std::string extension = file.extension().string();
  for (const auto& [ext, type] : kTypes) {
    if (ext == extension) return type;
  }
  return "application/octet-stream";
}

}  // namespace leeway::web
