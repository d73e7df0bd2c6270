// The head of an HTTP/1.1 request (RFC 9112 §2-5): what a server needs to serve a file or to
// upgrade the connection to a WebSocket. Bodies are not read: this server takes GET and HEAD.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace leeway::web {

struct HttpRequest {
  std::string method, target, version;
  std::vector<std::pair<std::string, std::string>> headers;  ///< names in lower case

  /// The first header of that (lower-case) name, or nullptr.
  const std::string* header(std::string_view name) const;
  /// Whether the header lists `token` among its comma-separated values, in any case.
  bool header_lists(std::string_view name, std::string_view token) const;
};

struct ReadRequest {
  HttpRequest request;
  std::size_t head_bytes = 0;  ///< through the blank line that ends the head
};

/// The request whose head starts `bytes`, or nullopt until its blank line has come. Throws
/// std::invalid_argument, saying why, for a head that is not HTTP/1.x's (a request line
/// without three parts, a header line without a colon or with a name of spaces).
std::optional<ReadRequest> read_http_request(std::string_view bytes);

}  // namespace leeway::web
