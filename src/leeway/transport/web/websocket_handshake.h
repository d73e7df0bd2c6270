// The two digests a WebSocket handshake needs (RFC 6455 §4.2.2): a server proves it read the
// client's Sec-WebSocket-Key by answering base64(SHA-1(key + the protocol's GUID)). SHA-1 here
// is FIPS 180-4's, for this and nothing that needs it to resist collisions.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace leeway::web {

/// FIPS 180-4 SHA-1 of `bytes`.
std::array<std::uint8_t, 20> sha1(std::string_view bytes);

/// RFC 4648 base64 (with padding) of `bytes`.
std::string base64(std::string_view bytes);

/// Sec-WebSocket-Accept for a client's Sec-WebSocket-Key.
std::string websocket_accept(std::string_view key);

}  // namespace leeway::web
