// WebSocket frames (RFC 6455 §5): the header a server reads before it decides whether to take
// a frame's payload at all, and the header it puts before its own (final, unmasked) frames.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace leeway::web {

namespace opcode {
inline constexpr std::uint8_t kContinuation = 0x0, kText = 0x1, kBinary = 0x2, kClose = 0x8,
                              kPing = 0x9, kPong = 0xA;
}

/// Close codes (RFC 6455 §7.4.1) this server sends.
namespace close_code {
inline constexpr std::uint16_t kNormal = 1000, kGoingAway = 1001, kProtocolError = 1002,
                               kPolicyViolation = 1008, kTryAgainLater = 1013;
}

struct FrameHeader {
  bool fin = false;
  std::uint8_t opcode = 0;
  bool masked = false;
  std::array<std::uint8_t, 4> mask{};
  std::uint64_t payload_bytes = 0;
  std::size_t header_bytes = 0;  ///< 2 to 14
};

/// The header at the start of `bytes`, or nullopt while more bytes are needed. Throws
/// std::invalid_argument, saying why, for a header RFC 6455 forbids: reserved bits set (no
/// extension is negotiated), an opcode it does not define, a control frame fragmented or over
/// 125 bytes, a 64-bit length with its top bit set.
std::optional<FrameHeader> read_frame_header(std::string_view bytes);

/// The header of a final, unmasked frame (a server's) of `payload_bytes`.
std::string frame_header(std::uint8_t opcode, std::uint64_t payload_bytes);

/// XORs `payload` (the bytes of a masked frame from `offset` into its payload) with the mask.
void unmask(char* payload, std::size_t size, const std::array<std::uint8_t, 4>& mask,
            std::uint64_t offset);

/// A close frame's payload: the code (big-endian) and a reason cut to the 123 bytes allowed.
std::string close_payload(std::uint16_t code, std::string_view reason);

}  // namespace leeway::web
