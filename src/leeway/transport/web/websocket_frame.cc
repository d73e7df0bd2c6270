#include "leeway/transport/web/websocket_frame.h"

#include <fmt/format.h>

#include <stdexcept>

namespace leeway::web {

std::optional<FrameHeader> read_frame_header(std::string_view bytes) {
  if (bytes.size() < 2) return std::nullopt;
  const auto byte = [&](std::size_t i) { return static_cast<std::uint8_t>(bytes[i]); };
  FrameHeader h;
  h.fin = (byte(0) & 0x80) != 0;
  h.opcode = byte(0) & 0x0F;
  if ((byte(0) & 0x70) != 0)
    throw std::invalid_argument("a frame with reserved bits set, and no extension agreed");
  const bool control = (h.opcode & 0x08) != 0;
  if (h.opcode > opcode::kBinary && !control)
    throw std::invalid_argument(
        fmt::format("a frame of opcode {}, which RFC 6455 reserves", h.opcode));
  if (control && h.opcode > opcode::kPong)
    throw std::invalid_argument(
        fmt::format("a frame of opcode {}, which RFC 6455 reserves", h.opcode));
  h.masked = (byte(1) & 0x80) != 0;
  const std::uint8_t length7 = byte(1) & 0x7F;
  std::size_t at = 2;
  if (length7 == 126) {
    if (bytes.size() < 4) return std::nullopt;
    h.payload_bytes = (std::uint64_t{byte(2)} << 8) | byte(3);
    at = 4;
  } else if (length7 == 127) {
    if (bytes.size() < 10) return std::nullopt;
    for (std::size_t i = 2; i < 10; ++i)
      h.payload_bytes = (h.payload_bytes << 8) | byte(i);
    if ((h.payload_bytes >> 63) != 0)
      throw std::invalid_argument("a frame length with its most significant bit set");
    at = 10;
  } else {
    h.payload_bytes = length7;
  }
  if (control && (!h.fin || h.payload_bytes > 125))
    throw std::invalid_argument(fmt::format(
        "a control frame (opcode {}) {}", h.opcode,
        h.fin ? fmt::format("of {} bytes, over the 125 allowed", h.payload_bytes) : "fragmented"));
  if (h.masked) {
    if (bytes.size() < at + 4) return std::nullopt;
    for (std::size_t i = 0; i < 4; ++i)
      h.mask[i] = byte(at + i);
    at += 4;
  }
  h.header_bytes = at;
  return h;
}

std::string frame_header(std::uint8_t code, std::uint64_t payload_bytes) {
  std::string header(1, static_cast<char>(0x80 | code));
  if (payload_bytes < 126) {
    header += static_cast<char>(payload_bytes);
  } else if (payload_bytes <= 0xFFFF) {
    header += static_cast<char>(126);
    header += static_cast<char>(payload_bytes >> 8);
    header += static_cast<char>(payload_bytes & 0xFF);
  } else {
    header += static_cast<char>(127);
    for (int i = 7; i >= 0; --i)
      header += static_cast<char>((payload_bytes >> (8 * i)) & 0xFF);
  }
  return header;
}

void unmask(char* payload, std::size_t size, const std::array<std::uint8_t, 4>& mask,
            std::uint64_t offset) {
  for (std::size_t i = 0; i < size; ++i)
    payload[i] = static_cast<char>(payload[i] ^ mask[(offset + i) % 4]);
}

std::string close_payload(std::uint16_t code, std::string_view reason) {
  std::string payload;
  payload += static_cast<char>(code >> 8);
  payload += static_cast<char>(code & 0xFF);
  payload += reason.substr(0, 123);
  return payload;
}

}  // namespace leeway::web
