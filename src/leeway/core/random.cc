#include "leeway/core/random.h"

#include <array>
#include <cmath>
#include <cstdlib>
#include <numbers>

namespace leeway {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// The ziggurat's base layer ends in the tail beyond r; each layer has area v.
constexpr double kZigguratR = 3.442619855899;
constexpr double kZigguratV = 9.91256303526217e-3;

}  // namespace

ZigguratTable::ZigguratTable() {
  const double m = 2147483648.0;  // 2^31
  double d = kZigguratR, t = d;
  const double q = kZigguratV / std::exp(-0.5 * d * d);
  k[0] = static_cast<std::uint32_t>(d / q * m);
  k[1] = 0;
  w[0] = q / m;
  w[127] = d / m;
  f[0] = 1.0;
  f[127] = std::exp(-0.5 * d * d);
  for (int i = 126; i >= 1; --i) {
    d = std::sqrt(-2.0 * std::log(kZigguratV / d + std::exp(-0.5 * d * d)));
    k[static_cast<std::size_t>(i) + 1] = static_cast<std::uint32_t>(d / t * m);
    t = d;
    f[static_cast<std::size_t>(i)] = std::exp(-0.5 * d * d);
    w[static_cast<std::size_t>(i)] = d / m;
  }
}

std::uint64_t hash_name(std::string_view name) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : name) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

RandomStream::RandomStream(std::uint64_t world_seed, std::string_view entity) {
  // Mixing through splitmix64 first keeps seed 1/"a" and seed 0/"a'" far apart.
  std::uint64_t x = world_seed;
  x = splitmix64(x) ^ hash_name(entity);
  for (auto& word : s_)
    word = splitmix64(x);
}

double RandomStream::uniform() {
  return static_cast<double>(next_u64() >> 11) * 0x1.0p-53;
}

double RandomStream::fast_normal_outside(std::uint64_t bits) {
  const ZigguratTable& z = ziggurat_table();
  for (;;) {
    const auto hz = static_cast<std::int32_t>(bits >> 32);
    const std::size_t i = bits & 127;
    const std::uint32_t magnitude =
        hz < 0 ? 0u - static_cast<std::uint32_t>(hz) : static_cast<std::uint32_t>(hz);
    const double x = hz * z.w[i];
    if (magnitude < z.k[i]) return x;
    if (i == 0) {
      // The tail beyond r, by Marsaglia's method (1964).
      double tail, y;
      do {
        tail = -std::log(1.0 - uniform()) / kZigguratR;
        y = -std::log(1.0 - uniform());
      } while (y + y < tail * tail);
      return hz > 0 ? kZigguratR + tail : -kZigguratR - tail;
    }
    if (z.f[i] + uniform() * (z.f[i - 1] - z.f[i]) < std::exp(-0.5 * x * x)) return x;
    bits = next_u64();
  }
}

double RandomStream::normal() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_normal_;
  }
  // 1 - uniform() is in (0, 1], so the log is finite.
  const double radius = std::sqrt(-2.0 * std::log(1.0 - uniform()));
  const double angle = 2.0 * std::numbers::pi * uniform();
  spare_normal_ = radius * std::sin(angle);
  has_spare_ = true;
  return radius * std::cos(angle);
}

}  // namespace leeway
