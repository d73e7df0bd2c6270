#include "leeway/transport/web/http_request.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "leeway/core/text.h"

namespace leeway::web {

namespace {

/// A header's value without its optional whitespace (RFC 9110: spaces and tabs).
std::string_view trimmed(std::string_view text) {
  return trim_whitespace(text, " \t");
}

}  // namespace

const std::string* HttpRequest::header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (key == name) return &value;
  }
  return nullptr;
}

bool HttpRequest::header_lists(std::string_view name, std::string_view token) const {
  const std::string wanted = ascii_lowercase(token);
  for (const auto& [key, value] : headers) {
    if (key != name) continue;
    std::string_view rest = value;
    while (!rest.empty()) {
      const std::size_t comma = rest.find(',');
      if (ascii_lowercase(trimmed(rest.substr(0, comma))) == wanted) return true;
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
  }
  return false;
}

std::optional<ReadRequest> read_http_request(std::string_view bytes) {
  // Blank lines before a request line are allowed (RFC 9112 §2.2); lines end in CRLF or LF.
  std::size_t start = 0;
  while (start < bytes.size() && (bytes[start] == '\r' || bytes[start] == '\n'))
    ++start;
  ReadRequest read;
  bool request_line = true;
  for (std::size_t at = start;;) {
    const std::size_t end = bytes.find('\n', at);
    if (end == std::string_view::npos) return std::nullopt;
    std::string_view line = bytes.substr(at, end - at);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    at = end + 1;
    if (line.empty()) {
      read.head_bytes = at;
      return read;
    }
    if (request_line) {
      request_line = false;
      const std::size_t a = line.find(' ');
      const std::size_t b = a == std::string_view::npos ? a : line.find(' ', a + 1);
      if (b == std::string_view::npos || line.find(' ', b + 1) != std::string_view::npos ||
          a == 0 || b == a + 1 || b + 1 == line.size())
        throw std::invalid_argument(fmt::format(
            "a request line '{}' that is not 'METHOD target HTTP/1.x'", line.substr(0, 80)));
      read.request.method = line.substr(0, a);
      read.request.target = line.substr(a + 1, b - a - 1);
      read.request.version = line.substr(b + 1);
      if (!read.request.version.starts_with("HTTP/1."))
        throw std::invalid_argument(
            fmt::format("a request of version '{}': this server speaks HTTP/1.x",
                        read.request.version.substr(0, 20)));
      continue;
    }
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0 ||
        line.substr(0, colon).find_first_of(" \t") != std::string_view::npos)
      throw std::invalid_argument(
          fmt::format("a header line '{}' that is not 'Name: value'", line.substr(0, 80)));
    read.request.headers.emplace_back(ascii_lowercase(line.substr(0, colon)),
                                      std::string(trimmed(line.substr(colon + 1))));
  }
}

}  // namespace leeway::web
