#include "leeway/transport/web/websocket_handshake.h"

#include <bit>

namespace leeway::web {

std::array<std::uint8_t, 20> sha1(std::string_view bytes) {
  std::uint32_t h[5] = {0x67452301u, 0xEFCDAB89u, 0x98BADCFEu, 0x10325476u, 0xC3D2E1F0u};
  // The message, a 1 bit, zeros to 56 mod 64 bytes, its length in bits (big-endian).
  std::string padded(bytes);
  padded += '\x80';
  while (padded.size() % 64 != 56)
    padded += '\0';
  const std::uint64_t bits = static_cast<std::uint64_t>(bytes.size()) * 8;
  for (int i = 7; i >= 0; --i)
    padded += static_cast<char>((bits >> (8 * i)) & 0xFF);
  for (std::size_t block = 0; block < padded.size(); block += 64) {
    std::uint32_t w[80];
    for (int t = 0; t < 16; ++t) {
      w[t] = 0;
      for (int b = 0; b < 4; ++b)
        w[t] = (w[t] << 8) | static_cast<std::uint8_t>(padded[block + 4 * t + b]);
    }
    for (int t = 16; t < 80; ++t)
      w[t] = std::rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
    std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (int t = 0; t < 80; ++t) {
      std::uint32_t f, k;
      if (t < 20) {
        f = (b & c) | (~b & d);
        k = 0x5A827999u;
      } else if (t < 40) {
        f = b ^ c ^ d;
        k = 0x6ED9EBA1u;
      } else if (t < 60) {
        f = (b & c) | (b & d) | (c & d);
        k = 0x8F1BBCDCu;
      } else {
        f = b ^ c ^ d;
        k = 0xCA62C1D6u;
      }
      const std::uint32_t next = std::rotl(a, 5) + f + e + k + w[t];
      e = d;
      d = c;
      c = std::rotl(b, 30);
      b = a;
      a = next;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
  }
  std::array<std::uint8_t, 20> digest{};
  for (int i = 0; i < 20; ++i)
    digest[i] = static_cast<std::uint8_t>(h[i / 4] >> (24 - 8 * (i % 4)));
  return digest;
}

std::string base64(std::string_view bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    std::uint32_t group = 0;
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    for (std::size_t j = 0; j < 3; ++j)
      group = (group << 8) | (j < n ? static_cast<std::uint8_t>(bytes[i + j]) : 0u);
    for (std::size_t j = 0; j < 4; ++j)
      out += j <= n ? kAlphabet[(group >> (18 - 6 * j)) & 0x3F] : '=';
  }
  return out;
}

std::string websocket_accept(std::string_view key) {
  const std::string keyed = std::string(key) + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
  const std::array<std::uint8_t, 20> digest = sha1(keyed);
  return base64(std::string_view(reinterpret_cast<const char*>(digest.data()), digest.size()));
}

}  // namespace leeway::web
